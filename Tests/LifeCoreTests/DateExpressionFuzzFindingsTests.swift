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

    /// Amounts stay bounded to 100,000; months and years clamp (CivilDate.adding).
    @Test func largestAmountsStillRead() throws {
        #expect(try DateExpression.date("-5d", field: "--date", today: today).iso == "2026-11-18")
        #expect(throws: LifeError.self) { try DateExpression.date("+100001d", field: "--date", today: today) }
        #expect(try DateExpression.date("+100000y", field: "--date", today: today).iso == "9999-11-23")
    }
}
