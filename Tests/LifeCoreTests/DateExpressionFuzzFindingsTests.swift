import LifeCore
import Testing

/// Inputs scripts/fuzz date found (REL-4), kept as regressions.
@Suite struct DateExpressionFuzzFindingsTests {
    let today = CivilDate(year: 2026, month: 11, day: 23)!

    /// "--0…2453790021082153045w": the amount parsed as a negative Int slipped
    /// past the `<= 100_000` bound and `7 * n` overflowed (a trap, not an error).
    @Test(arguments: ["--000000000000002453790021082153045w", "+-5d", "--5d", "-+5d", "+ 5d", "+٥d"])
    func signedOrNonDigitAmountsAreRefused(text: String) {
        let error = #expect(throws: LifeError.self) { try DateExpression.date(text, field: "--date", today: today) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.field == "--date")
    }

    /// Amounts are bounded (10,000,000, beyond every date) before any
    /// arithmetic; a date outside the years 1–9999 is refused, never clamped
    /// (boundaries in DateRangeTests).
    @Test func largestAmountsStillRead() throws {
        #expect(try DateExpression.date("-5d", field: "--date", today: today).iso == "2026-11-18")
        // 100,001 days from 2026-11-23 (Python's datetime): 2300-09-09.
        #expect(try DateExpression.date("+100001d", field: "--date", today: today).iso == "2300-09-09")
        #expect(throws: LifeError.self) { try DateExpression.date("+100000y", field: "--date", today: today) }
        #expect(throws: LifeError.self) { try DateExpression.date("-10000000w", field: "--date", today: today) }
        #expect(throws: LifeError.self) { try DateExpression.date("+10000001m", field: "--date", today: today) }
    }
}
