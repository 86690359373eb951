// Golden files for DailyMenu's pictures (DM-7, DM-8, the insights). After a
// deliberate change to a picture, refresh them with:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter PictureGoldenTests
//
// and review the diff of Tests/DailyMenuTests/Golden/ before committing it.

import DailyMenu
import Foundation
import LifeCore
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct PictureGoldenTests {
    /// The fortnight of the demo (2026-11-08 … 2026-11-21, 2026-11-14
    /// skipped), made by hand: a ritual or two a day with moods.
    static func fortnight() throws -> [Completion] {
        let plan: [(String, String, String, Energy, BeforeMood?, AfterMood?)] = [
            ("2026-11-08", "08:10", "breathe", .low, .low, .better),
            ("2026-11-09", "12:30", "move", .medium, .okay, .same),
            ("2026-11-10", "19:00", "create", .low, nil, .better),
            ("2026-11-10", "21:00", "learn", .low, .okay, .same),
            ("2026-11-11", "07:45", "outdoors", .low, .good, .better),
            ("2026-11-12", "13:00", "nourish", .low, nil, nil),
            ("2026-11-13", "18:20", "connect", .low, .low, .better),
            ("2026-11-15", "10:30", "tidy", .medium, .okay, .lower),
            ("2026-11-16", "08:00", "breathe", .low, .low, .better),
            ("2026-11-17", "12:00", "move", .high, .good, .same),
            ("2026-11-18", "20:00", "create", .medium, .okay, .better),
            ("2026-11-19", "09:30", "outdoors", .medium, .okay, .better),
            ("2026-11-20", "17:00", "learn", .low, nil, .same),
            ("2026-11-21", "08:30", "breathe", .low, .low, .better),
            ("2026-11-21", "16:00", "connect", .medium, .okay, .better),
        ]
        return try plan.map { day, time, category, energy, before, after in
            try History.completion(
                try History.date(day), time, category: category, energy: energy, before: before, after: after)
        }
    }

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func pictures() throws -> [(String, String)] {
        let history = try fortnight()
        let today = try History.date("2026-11-22")
        let month = CalendarMonth(year: 2026, month: 11, completions: history, today: today, theme: nil)
        let themed = CalendarMonth(year: 2026, month: 11, completions: history, today: today, theme: .morningCafe)
        // DM-11: only Breathe rituals that lifted the mood: the 8th, 16th and 21st.
        let filtered = CalendarMonth(
            year: 2026, month: 11, completions: history, today: today, theme: nil,
            filter: CalendarFilter(category: "breathe", moodLifted: true), categoryName: "Breathe")
        let stamps = Stamps.awards(history, categories: History.categories)
        let categories = History.categories.sorted().map { ActivityCategory(id: $0, name: $0.capitalized) }
        let insights = Insights(history: history, categories: categories, today: today)
        return [
            ("calendar-2026-11.svg", CalendarSVG.render(month)),
            ("calendar-2026-11-morning-cafe.svg", CalendarSVG.render(themed)),
            ("calendar-2026-11-breathe-lifted.svg", CalendarSVG.render(filtered)),
            ("stamps.svg", StampsSVG.render(stamps, theme: nil)),
            ("stamps-empty.svg", StampsSVG.render([], theme: .gardenParty)),
            ("insights.svg", InsightsSVG.render(insights, theme: nil)),
        ]
    }

    @Test func matchGolden() throws {
        for (file, svg) in try Self.pictures() {
            let url = Self.goldenDirectory.appendingPathComponent(file)
            if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
                try Data(svg.utf8).write(to: url)
                continue
            }
            let golden = try Data(contentsOf: url)
            #expect(Data(svg.utf8) == golden, "\(file) differs; if the change is deliberate, refresh the golden files")
        }
    }

    @Test func parseAsXML() throws {
        for (file, svg) in try Self.pictures() {
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(file): \(String(describing: parser.parserError))")
        }
    }

    /// The month sheet has one mark per day with rituals, of the right kind:
    /// 13 days; several on the 10th and 21st; mood lifted (one ritual, Better)
    /// on the 8th, 11th, 13th, 16th, 18th, 19th; completed on the 9th, 12th,
    /// 15th, 17th, 20th.
    /// The filtered sheet marks only the 8th, 16th and 21st (each one
    /// Breathe ritual that lifted the mood; the 21st's second ritual is
    /// Connect), says the filter under the title and counts only those.
    @Test func theFilteredSheetMarksOnlyWhatTheFilterAdmits() throws {
        let svg = try #require(try Self.pictures().first { $0.0 == "calendar-2026-11-breathe-lifted.svg" }?.1)
        #expect(svg.components(separatedBy: "<circle class=\"moodImproved\"").count - 1 == 3)
        #expect(svg.components(separatedBy: "<circle class=").count - 1 == 3)
        #expect(svg.contains(">Only Breathe rituals that lifted your mood.</text>"))
        #expect(svg.contains(">3 rituals on 3 days this month.</text>"))
    }

    @Test func theMonthSheetMarksEachDay() throws {
        let svg = try #require(try Self.pictures().first?.1)
        #expect(svg.components(separatedBy: "<circle class=\"several\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "<circle class=\"moodImproved\"").count - 1 == 6)
        #expect(svg.components(separatedBy: "<circle class=\"completed\"").count - 1 == 5)
    }

    /// Each stamp is turned by its own small angle, the same every time, and
    /// inked through a filter of its own.
    @Test func stampsAreRotatedAndInked() throws {
        let history = try Self.fortnight()
        let stamps = Stamps.awards(history, categories: History.categories)
        let svg = StampsSVG.render(stamps, theme: nil)
        #expect(svg == StampsSVG.render(stamps, theme: nil))
        let groups = svg.components(separatedBy: "<g class=\"stamp\" transform=\"rotate(").dropFirst()
        #expect(groups.count == stamps.count)
        let angles = groups.compactMap { Double($0.prefix { $0 != " " }) }
        #expect(angles.count == stamps.count)
        #expect(angles.allSatisfy { abs($0) <= 7 })
        #expect(Set(angles).count > 1)
        #expect(svg.components(separatedBy: "<feTurbulence").count - 1 == stamps.count)
    }
}
