import LifeCore

/// Aligned columns for human output: the first column left-aligned, the rest
/// left or right as asked, separated by two spaces.
///
/// A cell is one line: a newline or tab in a value (a goal title typed with
/// one) is shown as `\u{A}` / `\u{9}`, like every other control character,
/// so stored text can neither start a row of its own nor shift the columns
/// (CORE-8).
struct TextTable {
    enum Alignment { case left, right }

    var rows: [[String]] = []
    var alignments: [Alignment]

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    mutating func add(_ cells: String...) {
        rows.append(cells.map(TerminalText.oneLine))
    }

    func render(indent: String = "") -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                let alignment = i < alignments.count ? alignments[i] : .left
                let isLast = i == row.count - 1
                line += alignment == .right ? pad + cell : cell + (isLast ? "" : pad)
                if !isLast { line += "  " }
            }
            return indent + line
        }.joined(separator: "\n")
    }
}
