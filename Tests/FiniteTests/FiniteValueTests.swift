import Finite
import Foundation
import LifeCore
import Testing

/// The small values of Finite: ratings, categories, rules and the palette.
@Suite struct FiniteValueTests {
    @Test func ratings() {
        // SPEC FIN-4: 1 Awful, 2 Hard, 3 Okay, 4 Good, 5 Great.
        #expect(WeekRating.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(WeekRating.allCases.map(\.label) == ["Awful", "Hard", "Okay", "Good", "Great"])
        #expect(WeekRating.awful < WeekRating.great)
        #expect(WeekRating(rawValue: 0) == nil)
        #expect(WeekRating(rawValue: 6) == nil)
    }

    @Test func categories() {
        #expect(
            WeekCategory.allCases.map(\.rawValue) == ["work", "health", "growth", "relationships", "rest", "adventure"])
    }

    @Test func rules() {
        #expect(FiniteRules.weeksPerRow == 52)
        #expect(FiniteRules.lifeExpectancyRange == 1...120)
        #expect(FiniteRules.defaultLifeExpectancy == 80)
        #expect(FiniteRules.maximumAgeYears == 150)
        #expect(FiniteRules.phraseLimit == 140)
        #expect(FiniteRules.streakMilestones == [4, 12, 26, 52])
        #expect(FiniteRules.defaultNotificationTime.description == "08:00")
    }

    @Test func paletteColoursAreDistinct() {
        let colours = WeekRating.allCases.map(FinitePalette.hex(for:))
        let greys = WeekRating.allCases.map(FinitePalette.grey(for:))
        let others = [
            FinitePalette.background, FinitePalette.ink, FinitePalette.lived, FinitePalette.future,
            FinitePalette.current, FinitePalette.beyondExpectancy,
        ]
        let all = colours + greys + others
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { FinitePalette.rgb($0) != nil })
    }

    @Test func greysDarkenAsWeeksGetBetter() throws {
        // Greys have equal components; a better rating has a smaller (darker) one,
        // and all are lighter than the lived charcoal #262626 = 38.
        var previous = 256
        for rating in WeekRating.allCases {
            let rgb = try #require(FinitePalette.rgb(FinitePalette.grey(for: rating)))
            #expect(rgb.red == rgb.green && rgb.green == rgb.blue)
            #expect(rgb.red < previous)
            #expect(rgb.red > 38)
            previous = rgb.red
        }
    }

    @Test(arguments: [
        ("#8E1B1B", 142, 27, 27),  // 8·16 + 14 = 142; 16 + 11 = 27
        ("#7fb069", 127, 176, 105),  // 7·16 + 15 = 127; 11·16 = 176; 6·16 + 9 = 105
        ("#FFFFFF", 255, 255, 255),
    ])
    func hexComponents(hex: String, red: Int, green: Int, blue: Int) throws {
        let rgb = try #require(FinitePalette.rgb(hex))
        #expect(rgb.red == red && rgb.green == green && rgb.blue == blue)
    }

    @Test(arguments: ["", "8E1B1B", "#8E1B1", "#8E1B1G", "#8E1B1B0"])
    func malformedHexIsRefused(hex: String) {
        #expect(FinitePalette.rgb(hex) == nil)
    }

    @Test func standardNotificationPreferences() {
        #expect(NotificationPreferences.standard.dailyEnabled)
        #expect(NotificationPreferences.standard.dailyTime == FiniteRules.defaultNotificationTime)
    }
}
