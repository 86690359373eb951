/// A terminal preview of a walk (SPEC WALK-6: "a terminal preview in braille
/// characters"): the path north up in Unicode braille, each character a 2×4
/// grid of dots (U+2800–U+28FF), so `columns`×`rows` characters give a
/// 2·columns × 4·rows grid of dots, taken as square.
///
/// The path is fitted with its aspect kept (local metres, as for the
/// doodles), the longer side spanning the grid from the first dot to the last,
/// and centred along the other. Consecutive points of a segment are joined by
/// Bresenham lines; segments are not joined across their gaps. Every line is
/// exactly `columns` characters (a blank is U+2800, never trimmed), lines are
/// joined by "\n" with none after the last. An empty path gives a blank grid;
/// a path of no extent a single dot in the middle.
public enum BrailleMap {
    /// The bit of each dot in a braille cell, indexed [column][row]: dots 1–3
    /// and 7 down the left, 4–6 and 8 down the right (Unicode's order).
    static let dotBits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    public static func render(_ path: Track, columns: Int = 40, rows: Int = 12) -> String {
        let columns = max(1, columns)
        let rows = max(1, rows)
        let width = 2 * columns
        let height = 4 * rows
        var cells = [UInt32](repeating: 0, count: columns * rows)

        func set(_ x: Int, _ y: Int) {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            cells[(y / 4) * columns + x / 2] |= dotBits[x % 2][y % 4]
        }

        // Dot centres run from 0 to width − 1: fitting into that box with no
        // inset makes the extreme points land on the first and last dots.
        let projected = LocalProjection.project(path)
        let fit = PlaneFit(projected, width: Double(width - 1), height: Double(height - 1), inset: 0)
        for segment in fit.place(projected) {
            var previous: (x: Int, y: Int)?
            for point in segment {
                let dot = (x: Int(point.x.rounded()), y: Int(point.y.rounded()))
                if let previous {
                    line(from: previous, to: dot, set)
                } else {
                    set(dot.x, dot.y)
                }
                previous = dot
            }
        }

        var lines: [String] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var text = String.UnicodeScalarView()
            for column in 0..<columns {
                text.append(Unicode.Scalar(0x2800 + cells[row * columns + column]) ?? " ")
            }
            lines.append(String(text))
        }
        return lines.joined(separator: "\n")
    }

    /// Bresenham's line from `a` to `b`, both ends included.
    static func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int), _ set: (Int, Int) -> Void) {
        let dx = abs(b.x - a.x)
        let dy = -abs(b.y - a.y)
        let stepX = a.x < b.x ? 1 : -1
        let stepY = a.y < b.y ? 1 : -1
        var error = dx + dy
        var x = a.x
        var y = a.y
        while true {
            set(x, y)
            if x == b.x && y == b.y { return }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }
}
