// The statistics page's picture is pinned by a golden file. After a
// deliberate change, refresh it with:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter StatisticsRulesTests
//
// and look at it as a PNG (`rsvg-convert`) before committing it.

import Foundation
import LifeCore
@testable import LifeKernel
import LifePages
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The kernel's part of `lifectl stats` (SPEC STAT-1): active days, return
/// rates, the weeks and months of a window, the words and the picture.
@Suite struct StatisticsRulesTests {
    static func day(_ iso: String) -> CivilDate {
        guard let date = CivilDate(iso: iso) else { fatalError("bad test date \(iso)") }
        return date
    }

    static func request(today: String = "2026-11-22", since: String? = nil) -> StatisticsRequest {
        StatisticsRequest(
            since: since.map(day), today: day(today), now: Date(timeIntervalSince1970: 0),
            zone: TimeZone(identifier: "UTC") ?? .current, units: .metric)
    }

    /// Return rates worked out by hand. Active days 10-01, 10-05, 10-20,
    /// 11-15, 11-20 (and 10-05 twice), today 11-22:
    /// - 7 days: judged are the days ≤ 11-15 (4); the next active day within
    ///   7 days: 10-01 → 10-05 (4 days) yes; 10-05 → 10-20 (15) no; 10-20 →
    ///   11-15 (26) no; 11-15 → 11-20 (5) yes: 2 of 4.
    /// - 30 days: judged are the days ≤ 10-23 (3): 10-01 yes, 10-05 yes
    ///   (15), 10-20 yes (26): 3 of 3.
    /// - 90 days: none is 90 days old: no rate.
    @Test func returnRatesByHand() {
        let days = ["2026-10-05", "2026-10-01", "2026-10-20", "2026-10-05", "2026-11-15", "2026-11-20"].map(Self.day)
        let summary = ActivitySummary(days: days, request: Self.request())
        #expect(summary.activeDays == 5)
        #expect(summary.firstActiveDay == Self.day("2026-10-01"))
        #expect(summary.lastActiveDay == Self.day("2026-11-20"))
        #expect(summary.returnRates.map(\.days) == [7, 30, 90])
        #expect(summary.returnRates.map(\.judged) == [4, 3, 0])
        #expect(summary.returnRates.map(\.returned) == [2, 3, 0])
        #expect(summary.returnRates.map(\.rate) == [0.5, 1, nil])
        #expect(
            summary.line
                == "active on 5 days; came back within 7 days: 2 of 4 (50%), 30 days: 3 of 3 (100%), 90 days: no day old enough"
        )
    }

    /// A day exactly N days later counts; N + 1 does not. A day N days
    /// before today is judged; N − 1 days before is not.
    @Test(arguments: [7, 30, 90])
    func theEdgesOfAWindow(window: Int) {
        let today = Self.day("2026-11-22")
        let first = today.adding(days: -window - 1)
        let exactly = ActivitySummary(days: [first, first.adding(days: window)], request: Self.request())
        let rate = exactly.returnRates.first { $0.days == window }
        #expect(rate?.judged == 1)  // first + window = today − 1; first.adding(window) is not judged
        #expect(rate?.returned == 1)
        let late = ActivitySummary(days: [first, first.adding(days: window + 1)], request: Self.request())
        #expect(late.returnRates.first { $0.days == window }?.returned == 0)
        let young = ActivitySummary(days: [today.adding(days: -window + 1)], request: Self.request())
        #expect(young.returnRates.first { $0.days == window }?.judged == 0)
    }

    /// Days outside the window (before `since`, after today) are not counted.
    @Test func theWindowBoundsTheDays() {
        let days = ["2026-09-30", "2026-10-01", "2026-11-22", "2026-11-23"].map(Self.day)
        let summary = ActivitySummary(days: days, request: Self.request(since: "2026-10-01"))
        #expect(summary.activeDays == 2)
        #expect(summary.firstActiveDay == Self.day("2026-10-01"))
        #expect(summary.lastActiveDay == Self.day("2026-11-22"))
        #expect(ActivitySummary(days: [], request: Self.request()).line == "no active day")
    }

    @Test func weeksAndMonthsOfAWindow() {
        let request = Self.request(today: "2026-11-22")  // a Sunday
        // 2026-10-28 is a Wednesday: its Monday is 10-26.
        #expect(
            request.mondays(from: Self.day("2026-10-28")).map(\.iso) == [
                "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16",
            ])
        #expect(request.mondays(from: Self.day("2026-11-22")).map(\.iso) == ["2026-11-16"])
        #expect(
            request.months(from: Self.day("2025-12-31")).map(\.iso) == [
                "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01",
                "2026-07-01", "2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01",
            ])
        #expect(request.start(first: Self.day("2026-01-01")) == Self.day("2026-01-01"))
        #expect(Self.request(since: "2026-06-01").start(first: Self.day("2026-01-01")) == Self.day("2026-06-01"))
        #expect(request.start(first: nil) == Self.day("2026-11-22"))
    }

    @Test func wordsForFigures() {
        #expect(StatisticsText.percent(2.0 / 3.0) == "67%")
        #expect(StatisticsText.percent(0.005) == "1%")
        #expect(StatisticsText.share(4, of: 7) == "4 of 7 (57%)")
        #expect(StatisticsText.share(0, of: 0) == "0 of 0")
        #expect(StatisticsText.share(1_234, of: 2_000) == "1,234 of 2,000 (62%)")
        #expect(StatisticsPicture.tenths(12.34) == "12.3")
        #expect(StatisticsPicture.tenths(3) == "3")
        #expect(StatisticsPicture.tenths(-0.04) == "0")
        #expect(StatisticsPicture.tenths(-1.25) == "-1.3")
    }

    /// A section of a made-up product, as a product would hand it over.
    struct Sample: StatisticsSection {
        let key = "sample"
        let title = "Sample"
        let color = "#1565c0"
        let activeDays: [CivilDate]
        let lines = ["3 things, 2 of them <good> & kind", "a second line"]
        let charts: [StatisticsChart] = [
            StatisticsChart(
                title: "Things per week", kind: .bars, labels: ["2026-11-02", "2026-11-09", "2026-11-16"],
                series: [StatisticsChart.Series(name: "things", color: "#1565c0", values: [1, 0, 2])]),
            StatisticsChart(
                title: "Shares", kind: .lines, labels: ["2026-11-02", "2026-11-09", "2026-11-16"],
                series: [
                    StatisticsChart.Series(name: "one", color: "#1565c0", values: [0.5, nil, 1]),
                    StatisticsChart.Series(name: "two", color: "#9e9e9e", values: [0, 0.25, 0.75]),
                ], maximum: 1, unit: "%"),
        ]
        let things = 3

        enum CodingKeys: String, CodingKey { case things }
    }

    static func page() -> StatisticsPage {
        let request = request()
        let section = Sample(activeDays: ["2026-11-03", "2026-11-05", "2026-11-18"].map(day))
        return StatisticsPage(
            since: day("2026-11-01"), through: day("2026-11-22"), timeZone: "UTC", units: .metric,
            parts: [
                StatisticsPage.Part(
                    section: section, activity: ActivitySummary(days: section.activeDays, request: request))
            ],
            empty: ["other"])
    }

    @Test func theTextPage() {
        #expect(
            Self.page().text == """
                Life statistics, 2026-11-01 to 2026-11-22 (UTC): from this file only, never sent anywhere.

                Sample
                  3 things, 2 of them <good> & kind
                  a second line
                  active on 3 days; came back within 7 days: 1 of 2 (50%), 30 days: no day old enough, 90 days: no day old enough

                Nothing to count yet: other

                """)
    }

    /// The JSON: the window, then each product under its key with the
    /// kernel's `activity` beside the product's own keys.
    @Test func theJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(Self.page()), as: UTF8.self)
        #expect(
            json
                == #"{"sample":{"activity":{"activeDays":3,"firstActiveDay":"2026-11-03","lastActiveDay":"2026-11-18","returnRates":[{"days":7,"judged":2,"rate":0.5,"returned":1},{"days":30,"judged":0,"returned":0},{"days":90,"judged":0,"returned":0}]},"things":3},"since":"2026-11-01","through":"2026-11-22","timeZone":"UTC","units":"metric"}"#
        )
    }

    @Test func thePictureMatchesItsGolden() throws {
        let svg = StatisticsPicture.svg(Self.page())
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/statistics.svg")
        if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
            try Data(svg.utf8).write(to: url)
            return
        }
        #expect(Data(svg.utf8) == (try Data(contentsOf: url)), "statistics.svg differs; refresh it if deliberate")
        #expect(svg == StatisticsPicture.svg(Self.page()))
    }

    /// The picture is well-formed XML with the escaped words, one strip
    /// cell per week of the window (11-01 is a Sunday: weeks of 10-26 to
    /// 11-16, 4) and a bar per non-zero value.
    @Test func thePictureDrawsWhatThePageHolds() throws {
        let svg = StatisticsPicture.svg(Self.page())
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
        #expect(svg.contains("3 things, 2 of them &lt;good&gt; &amp; kind"))
        #expect(svg.contains("3 days \u{00B7} back within 7 d 50% \u{00B7} 30 d \u{2013} \u{00B7} 90 d \u{2013}"))
        // Weeks of 10-26 (none), 11-02 (2 days), 11-09 (none), 11-16 (1 day).
        #expect(svg.components(separatedBy: "fill=\"none\" stroke=\"#e0e0e0\"").count - 1 == 2)
        #expect(svg.contains("fill=\"#1565c0\" fill-opacity=\"0.5\""))
        #expect(svg.contains("fill=\"#1565c0\" fill-opacity=\"0.4\""))
        // Two bars (1 and 2; the 0 is not drawn); the line of "one" broken at its gap: no polyline of 2 points.
        #expect(svg.components(separatedBy: "<rect x=\"").count - 1 == 4 + 2 + 2)  // cells, bars, legend swatches
        #expect(svg.contains("Nothing to count yet: other"))
    }
}
