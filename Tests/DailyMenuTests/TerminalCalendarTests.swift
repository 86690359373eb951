import DailyMenu
import LifeCore
import Testing

/// DM-8 in the terminal: colour only when asked (a terminal with NO_COLOR
/// unset, decided by the CLI), the marks' shapes always.
@Suite struct TerminalCalendarTests {
    static func month() throws -> CalendarMonth {
        let history = [
            try History.completion(try History.date("2026-02-02")),
            try History.completion(try History.date("2026-02-03"), after: .better),
            try History.completion(try History.date("2026-02-04"), "08:00"),
            try History.completion(try History.date("2026-02-04"), "09:00", category: "learn"),
        ]
        return CalendarMonth(
            year: 2026, month: 2, completions: history, today: try History.date("2026-02-28"), theme: nil)
    }

    @Test func plainTextHasShapesAndNoEscapes() throws {
        let text = TerminalCalendar.render(try Self.month(), ansiColor: false)
        #expect(!text.contains("\u{1B}"))
        // February 2026 starts on a Sunday and has 28 days: exactly four rows after the first.
        #expect(
            text == """
                       February 2026
                Mo  Tu  We  Th  Fr  Sa  Su
                                         1
                 2●  3✿  4✦  5   6   7   8
                 9  10  11  12  13  14  15
                16  17  18  19  20  21  22
                23  24  25  26  27  28

                ● completed   ✿ mood lifted   ✦ several
                4 rituals on 3 days this month.

                """)
    }

    @Test func colourUsesThePalette() throws {
        let text = TerminalCalendar.render(try Self.month(), ansiColor: true)
        // Terracotta #C8623E, forest #3E6B48, mustard #D9A62E as 24-bit colour.
        #expect(text.contains("\u{1B}[38;2;200;98;62m●\u{1B}[0m"))
        #expect(text.contains("\u{1B}[38;2;62;107;72m✿\u{1B}[0m"))
        #expect(text.contains("\u{1B}[38;2;217;166;46m✦\u{1B}[0m"))
    }
}
