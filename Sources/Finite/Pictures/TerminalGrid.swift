import LifeCore

/// The grid in a terminal (SPEC FIN-9, FIN-11): one character per week, 52 per row,
/// a year label every 5 rows.
///
/// Without colour every state has its own glyph, so the picture survives a
/// pipe or a file: future `·`, lived `■`, lived past the expectancy `▪`, a
/// marked week its rating digit `1`–`5`, the current week `◉`. With colour a
/// marked week is `●` in its rating colour (24-bit ANSI from `FinitePalette`;
/// greys in B&W mode) and the current week is in reverse video. Whether to
/// colour is the caller's decision (CORE-8: a terminal and no `NO_COLOR`).
///
/// Life phases (FIN-11) are bands to the right of the rows: one column per
/// lane, holding the phase's key letter on every row it covers (on a row
/// where one phase ends and the next in its lane begins, the one beginning);
/// with colour the letter takes the phase's colour (ink in B&W mode). Under
/// the legend, one line per phase: key, name, weeks and dates.
public enum TerminalGrid {
    static let yearLabelEvery = 5
    /// The columns of the week ruler (1-based week of the year).
    static let rulerTicks = [1, 10, 20, 30, 40, 50]

    static let escape = "\u{1B}["
    static let reset = "\u{1B}[0m"
    static let dim = "\u{1B}[2m"
    static let reverse = "\u{1B}[7m"

    public static func render(_ picture: GridPicture, ansiColor: Bool) -> String {
        let weeksPerRow = FiniteRules.weeksPerRow
        let labelWidth = max(3, String(picture.rows - 1).count)
        let margin = String(repeating: " ", count: labelWidth + 1)

        var out = picture.summary + "\n"
        out += margin + ruler(width: weeksPerRow) + "\n"
        for year in 0..<picture.rows {
            var line =
                year % yearLabelEvery == 0
                ? String(repeating: " ", count: labelWidth - String(year).count) + String(year) + " " : margin
            var active = ""
            for week in 0..<weeksPerRow {
                let (style, glyph) = glyph(
                    picture.cell(at: year * weeksPerRow + week), mode: picture.mode, ansiColor: ansiColor)
                // One escape per run of equal style keeps the output short.
                if style != active {
                    if !active.isEmpty { line += reset }
                    line += style
                    active = style
                }
                line.append(glyph)
            }
            if !active.isEmpty { line += reset }
            if !picture.phases.isEmpty { line += bands(picture, row: year, ansiColor: ansiColor) }
            out += line + "\n"
        }
        out += legend(picture, ansiColor: ansiColor) + "\n"
        for band in picture.phases {
            out +=
                key(band, mode: picture.mode, ansiColor: ansiColor)
                + " \(TerminalText.oneLine(band.phase.name)) \u{2014} \(band.phase.span)\n"
        }
        return out
    }

    /// The lane columns of row `row`, after one space; nothing when no
    /// phase covers the row (no trailing spaces).
    static func bands(_ picture: GridPicture, row: Int, ansiColor: Bool) -> String {
        let weeksPerRow = FiniteRules.weeksPerRow
        let rowWeeks = row * weeksPerRow...(row * weeksPerRow + weeksPerRow - 1)
        var lanes = [PhaseBand?](repeating: nil, count: picture.phaseLanes)
        // In start order, so a phase beginning on the row replaces one ending on it.
        for band in picture.phases where band.weeks.overlaps(rowWeeks) {
            lanes[band.lane] = band
        }
        guard let last = lanes.lastIndex(where: { $0 != nil }) else { return "" }
        return " "
            + lanes[...last].map { band in
                band.map { key($0, mode: picture.mode, ansiColor: ansiColor) } ?? " "
            }.joined()
    }

    /// A phase's key letter, in its colour when colouring in colour mode.
    static func key(_ band: PhaseBand, mode: ViewMode, ansiColor: Bool) -> String {
        guard ansiColor, mode == .color else { return String(band.key) }
        return foreground(FinitePalette.phaseHex(band.phase.colour)) + String(band.key) + reset
    }

    /// The escape sequence (empty without colour) and the character for one week.
    static func glyph(_ cell: GridPicture.Cell, mode: ViewMode, ansiColor: Bool) -> (String, Character) {
        switch cell {
        case .future:
            return (ansiColor ? dim : "", "·")
        case .lived:
            return ("", "■")
        case .livedBeyondExpectancy:
            // In B&W the smaller glyph alone tells these weeks apart.
            let style = ansiColor && mode == .color ? foreground(FinitePalette.beyondExpectancy) : ""
            return (style, "▪")
        case .marked(let rating):
            guard ansiColor else { return ("", digit(rating)) }
            return (foreground(FinitePalette.fill(for: rating, mode: mode)), "●")
        case .current(let rating):
            guard ansiColor else { return ("", "◉") }
            let colour = rating.map { foreground(FinitePalette.fill(for: $0, mode: mode)) } ?? ""
            return (reverse + colour, "◉")
        }
    }

    /// 24-bit foreground colour from a palette hex value.
    static func foreground(_ hex: String) -> String {
        guard let rgb = FinitePalette.rgb(hex) else { return "" }
        return escape + "38;2;\(rgb.red);\(rgb.green);\(rgb.blue)m"
    }

    static func digit(_ rating: WeekRating) -> Character {
        Character(String(rating.rawValue))
    }

    /// Week numbers over their columns: 1, 10, 20 … 50.
    static func ruler(width: Int) -> String {
        var columns = [Character](repeating: " ", count: width)
        for tick in rulerTicks {
            for (offset, character) in String(tick).enumerated() where tick - 1 + offset < width {
                columns[tick - 1 + offset] = character
            }
        }
        return String(String(columns).reversed().drop(while: { $0 == " " }).reversed())
    }

    static func legend(_ picture: GridPicture, ansiColor: Bool) -> String {
        var items: [String] = []
        for rating in WeekRating.allCases {
            if ansiColor {
                items.append(
                    foreground(FinitePalette.fill(for: rating, mode: picture.mode)) + "●" + reset + " \(rating.label)")
            } else {
                items.append("\(rating.rawValue) \(rating.label)")
            }
        }
        items.append("■ lived")
        items.append((ansiColor ? dim + "·" + reset : "·") + " to come")
        items.append((ansiColor ? reverse + "◉" + reset : "◉") + " this week")
        if picture.rows > picture.status.lifeExpectancyYears {
            let (style, glyph) = glyph(.livedBeyondExpectancy, mode: picture.mode, ansiColor: ansiColor)
            let mark = style.isEmpty ? String(glyph) : style + String(glyph) + reset
            items.append(mark + " beyond \(GridPicture.years(picture.status.lifeExpectancyYears))")
        }
        return items.joined(separator: "  ")
    }
}
