import LifeCore
import LifeKernel
import LifePages
import Testing

/// The week `lifectl week --date D` shows: Monday to Sunday holding D.
@Suite struct TimelineWeekTests {
    @Test(arguments: [
        ("2026-11-18", "2026-11-16", "2026-11-22"),  // a Wednesday
        ("2026-11-16", "2026-11-16", "2026-11-22"),  // Monday is the first day
        ("2026-11-22", "2026-11-16", "2026-11-22"),  // Sunday is the last
        ("2027-01-01", "2026-12-28", "2027-01-03"),  // across a new year
        ("2028-02-29", "2028-02-28", "2028-03-05"),  // a leap day
        ("1970-01-01", "1969-12-29", "1970-01-04"),  // the epoch was a Thursday
    ])
    func week(_ day: String, _ monday: String, _ sunday: String) throws {
        let range = TimelinePage.week(containing: try #require(CivilDate(iso: day)))
        #expect(range.lowerBound.iso == monday)
        #expect(range.upperBound.iso == sunday)
    }
}
