import LifeCore

/// The month grid in the terminal (DM-8, FR37): Monday first, a mark beside
/// each day with rituals. The marks differ in shape as well as colour, so
/// the grid reads the same without colour (NO_COLOR, a pipe).
public enum TerminalCalendar {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"

    /// The glyph of a mark: ● completed, ✿ mood lifted, ✦ several.
    public static func glyph(_ mark: CalendarMark) -> String {
        switch mark {
        case .completed: "●"
        case .moodImproved: "✿"
        case .several: "✦"
        }
    }

    public static func render(_ month: CalendarMonth, ansiColor: Bool) -> String {
        let palette = DailyMenuPalette.of(month.theme)
        func paint(_ text: String, _ hex: String) -> String {
            ansiColor ? foreground(hex) + text + reset : text
        }
        func colour(of mark: CalendarMark) -> String {
            switch mark {
            case .completed: palette.terracotta
            case .moodImproved: palette.forest
            case .several: palette.mustard
            }
        }
        var lines: [String] = []
        let width = 7 * 4 - 1
        let title = month.title
        let pad = String(repeating: " ", count: max(0, (width - title.count) / 2))
        lines.append(pad + (ansiColor ? bold + title + reset : title))
        lines.append(Weekday.allCases.map { String($0.name.prefix(2)) }.joined(separator: "  "))
        guard let first = month.days.first else { return lines.joined(separator: "\n") + "\n" }
        var cells = Array(repeating: "   ", count: first.date.weekday.rawValue - 1)
        for day in month.days {
            let number = day.date.day < 10 ? " \(day.date.day)" : "\(day.date.day)"
            let shown = day.date == month.today && ansiColor ? "\u{1B}[4m" + number + reset : number
            let mark = day.mark.map { paint(glyph($0), colour(of: $0)) } ?? " "
            cells.append(shown + mark)
        }
        for week in stride(from: 0, to: cells.count, by: 7) {
            let row = cells[week..<min(week + 7, cells.count)].joined(separator: " ")
            lines.append(row.trimmingTrailingSpaces())
        }
        lines.append("")
        let legend = [CalendarMark.completed, .moodImproved, .several].map {
            paint(glyph($0), colour(of: $0)) + " " + DailyMenuVoice.markName($0)
        }
        lines.append(legend.joined(separator: "   "))
        let rituals = month.days.reduce(0) { $0 + $1.rituals }
        let days = month.days.filter { $0.rituals > 0 }.count
        if let filter = month.filterLine { lines.append(filter) }
        lines.append(DailyMenuVoice.monthSummary(rituals: rituals, days: days, filtered: month.filterLine != nil))
        return lines.joined(separator: "\n") + "\n"
    }

    /// 24-bit colour for `#RRGGBB`.
    static func foreground(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        func channel(_ i: Int) -> Int { Int(String(digits[i..<(i + 2)]), radix: 16) ?? 0 }
        return "\u{1B}[38;2;\(channel(0));\(channel(2));\(channel(4))m"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
