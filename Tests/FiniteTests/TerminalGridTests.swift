import Finite
import Foundation
import LifeCore
import Testing

/// SPEC FIN-9: the grid in a terminal.
@Suite struct TerminalGridTests {
    typealias F = PureFixture

    static let ruler = "    1        10        20        30        40        50"
    static let plainLegend = "1 Awful  2 Hard  3 Okay  4 Good  5 Great  ■ lived  · to come  ◉ this week"

    /// L = 1, born 2020-01-01, today 2020-01-22: 21 days → week 3 (number 4),
    /// remaining 52 − 4 = 48. Week 0 marked Great, week 2 Awful.
    static func smallLife(_ mode: ViewMode = .color, marks: [WeekMark]? = nil) -> GridPicture {
        GridPicture(
            status: F.status("2020-01-01", 1, today: "2020-01-22"),
            marks: marks ?? [F.mark(0, .great), F.mark(2, .awful)], mode: mode)
    }

    @Test func plainGlyphs() {
        let expected =
            "Week 4 of 52 · 48 weeks remaining\n" + Self.ruler + "\n"
            + "  0 5■1◉" + String(repeating: "·", count: 48) + "\n" + Self.plainLegend + "\n"
        #expect(TerminalGrid.render(Self.smallLife(), ansiColor: false) == expected)
        // Without colour the mode changes nothing: the digits carry the rating.
        #expect(TerminalGrid.render(Self.smallLife(.bw), ansiColor: false) == expected)
    }

    @Test func pastTheExpectancy() {
        // L = 1, today 2021-01-15: row 1 starts 2021-01-01, 14 days → week 2: index 54,
        // number 55, beyond 55 − 52 = 3. Rows: max(1, 1 + 1) = 2.
        let picture = GridPicture(status: F.status("2020-01-01", 1, today: "2021-01-15"), marks: [], mode: .color)
        let expected =
            "Week 55 of 52 · 3 weeks beyond 1 year\n" + Self.ruler + "\n"
            + "  0 " + String(repeating: "■", count: 52) + "\n"
            + "    ▪▪◉" + String(repeating: "·", count: 49) + "\n"
            + Self.plainLegend + "  ▪ beyond 1 year\n"
        #expect(TerminalGrid.render(picture, ansiColor: false) == expected)
    }

    @Test func yearLabelsEveryFiveRows() {
        let picture = GridPicture(status: F.status("2020-01-01", 12, today: "2020-01-22"), marks: [], mode: .color)
        let lines = TerminalGrid.render(picture, ansiColor: false).split(separator: "\n").map(String.init)
        // Summary, ruler, 12 rows, legend.
        #expect(lines.count == 15)
        #expect(lines[2].hasPrefix("  0 "))
        #expect(lines[3].hasPrefix("    "))
        #expect(lines[7].hasPrefix("  5 "))
        #expect(lines[12].hasPrefix(" 10 "))
        #expect(lines[13].hasPrefix("    "))
        #expect(lines[2...13].allSatisfy { $0.count == 4 + 52 })
    }

    @Test func ansiColours() {
        // #1E6B52 = (30, 107, 82) Great; #8E1B1B = (142, 27, 27) Awful.
        let row =
            "  0 \u{1B}[38;2;30;107;82m●\u{1B}[0m■\u{1B}[38;2;142;27;27m●\u{1B}[0m\u{1B}[7m◉\u{1B}[0m\u{1B}[2m"
            + String(repeating: "·", count: 48) + "\u{1B}[0m"
        let lines = TerminalGrid.render(Self.smallLife(.color), ansiColor: true).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(String(lines[2]) == row)
        #expect(lines[3].contains("\u{1B}[38;2;142;27;27m●\u{1B}[0m Awful"))
    }

    @Test func ansiGreysInBlackAndWhite() {
        // Greys: Great #5E5E5E = (94, 94, 94); Awful #D9D9D9 = (217, 217, 217).
        let lines = TerminalGrid.render(Self.smallLife(.bw), ansiColor: true).split(separator: "\n")
        #expect(lines[2].hasPrefix("  0 \u{1B}[38;2;94;94;94m●\u{1B}[0m■\u{1B}[38;2;217;217;217m●"))
    }

    @Test func markedCurrentWeekIsReversedInItsColour() {
        // Week 3 (the current one) marked Good: #7FB069 = (127, 176, 105).
        let picture = Self.smallLife(marks: [F.mark(3, .good)])
        let render = TerminalGrid.render(picture, ansiColor: true)
        #expect(render.contains("\u{1B}[7m\u{1B}[38;2;127;176;105m◉\u{1B}[0m"))
        #expect(TerminalGrid.render(picture, ansiColor: false).contains("  0 ■■■◉·"))
    }
}
