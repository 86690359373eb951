import Finite
import Foundation
import LifeCore
import Testing

/// SPEC FIN-8: the widgets' number, text and refresh timeline.
@Suite struct WidgetSnapshotTests {
    typealias F = PureFixture

    func snapshot(
        _ birthday: String = "1990-05-14", years: Int = 80, now: String, zone: String = "UTC", entries: Int = 8
    ) -> WidgetSnapshot {
        WidgetSnapshot(grid: F.grid(birthday, years), now: F.instant(now), timeZone: F.zone(zone), entries: entries)
    }

    @Test func workedExample() {
        let widget = snapshot(now: "2026-11-22T12:00:00Z")
        #expect(widget.weeksRemaining == 2260)
        #expect(widget.smallText == "2,260")
        // 1,899 / 4,160 = 45.649 % → one decimal: 45.6.
        #expect(widget.mediumText == "2,260 weeks remaining\nWeek 1,900 of 4,160 · 45.6% lived")
    }

    /// The current week runs 2026-11-19 … 11-25, so the number next changes
    /// at the start of 11-26, then every 7 days: 2,259, 2,258, …
    @Test(arguments: [
        ("UTC", "T00:00:00Z"),
        ("America/New_York", "T05:00:00Z"),  // local midnight under EST (UTC−5)
        ("Pacific/Auckland", "T11:00:00Z"),  // local midnight of the previous UTC day under NZDT (UTC+13)
    ])
    func timelineAtLocalMidnights(zone: String, utcTime: String) {
        let widget = snapshot(now: "2026-11-22T12:00:00Z", zone: zone)
        let weekStarts = [
            "2026-11-26", "2026-12-03", "2026-12-10", "2026-12-17", "2026-12-24", "2026-12-31", "2027-01-07",
            "2027-01-14",
        ]
        let instants = weekStarts.map { start -> Date in
            guard zone == "Pacific/Auckland" else { return F.instant(start + utcTime) }
            // Auckland's midnight is 11:00Z on the day before.
            return F.instant(F.date(start).adding(days: -1).iso + utcTime)
        }
        #expect(widget.timeline.map(\.at) == instants)
        #expect(widget.timeline.map(\.weeksRemaining) == Array((2252...2259).reversed()))
    }

    @Test func timelineCrossesTheSpringChange() {
        // 12:00 EST on 2026-02-26 is in week 41 of row 35 (2026-02-25 … 03-03; 287 days
        // after 2025-05-14): index 1861, remaining 4,160 − 1,862 = 2,298.
        let widget = snapshot(now: "2026-02-26T17:00:00Z", zone: "America/New_York", entries: 2)
        #expect(widget.weeksRemaining == 2298)
        // 2026-03-04 00:00 EST = 05:00Z; 2026-03-11 00:00 EDT = 04:00Z.
        #expect(widget.timeline.map(\.at) == [F.instant("2026-03-04T05:00:00Z"), F.instant("2026-03-11T04:00:00Z")])
        #expect(widget.timeline.map(\.weeksRemaining) == [2297, 2296])
        // Seven calendar days that are 167 hours long.
        #expect(widget.timeline[1].at.timeIntervalSince(widget.timeline[0].at) == 7 * 86_400 - 3_600)
    }

    @Test func timelineStopsAtZero() {
        // L = 1, born 2020-01-01: 2020-12-01 is day 335 → week 47, number 48, remaining 4.
        // Weeks 48–51 start 2020-01-01 + 336, 343, 350, 357 = 12-02, 12-09, 12-16, 12-23.
        let widget = snapshot("2020-01-01", years: 1, now: "2020-12-01T12:00:00Z")
        #expect(widget.weeksRemaining == 4)
        // 47 / 52 = 90.38 % → 90.4.
        #expect(widget.mediumText == "4 weeks remaining\nWeek 48 of 52 · 90.4% lived")
        #expect(
            widget.timeline.map(\.at) == [
                F.instant("2020-12-02T00:00:00Z"), F.instant("2020-12-09T00:00:00Z"),
                F.instant("2020-12-16T00:00:00Z"), F.instant("2020-12-23T00:00:00Z"),
            ])
        #expect(widget.timeline.map(\.weeksRemaining) == [3, 2, 1, 0])
    }

    @Test func oneWeekLeftIsSingular() {
        // 2020-12-16 starts week 50 (day 350 = 50·7): number 51, remaining 1; 50/52 = 96.15 % → 96.2.
        let widget = snapshot("2020-01-01", years: 1, now: "2020-12-16T12:00:00Z")
        #expect(widget.mediumText == "1 week remaining\nWeek 51 of 52 · 96.2% lived")
        #expect(widget.timeline.map(\.weeksRemaining) == [0])
    }

    @Test func pastTheExpectancy() {
        // L = 1, born 2020-01-01, now 2023-01-01: number 157, beyond 157 − 52 = 105.
        let widget = snapshot("2020-01-01", years: 1, now: "2023-01-01T12:00:00Z")
        #expect(widget.weeksRemaining == 0)
        #expect(widget.smallText == "0")
        #expect(widget.mediumText == "0 weeks remaining\n105 weeks beyond 1 year")
        #expect(widget.timeline.isEmpty)
        // L = 80 reads "80 years": born 1900-01-01, 2000-01-01 is row 100 → index 5,200,
        // number 5,201, beyond 5,201 − 4,160 = 1,041.
        let old = snapshot("1900-01-01", years: 80, now: "2000-01-01T12:00:00Z")
        #expect(old.mediumText == "0 weeks remaining\n1,041 weeks beyond 80 years")
    }
}
