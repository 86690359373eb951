import Testing
import Walks

/// The braille preview (SPEC WALK-6). Expected strings are worked out by
/// hand: a cell's dots are numbered 1-2-3-7 down its left column (bits 0x01,
/// 0x02, 0x04, 0x40) and 4-5-6-8 down its right (0x08, 0x10, 0x20, 0x80), the
/// character is U+2800 plus the bits. `columns`×`rows` characters are a grid of
/// 2·columns × 4·rows dots; the path's longer side spans dot 0 to the last.
@Suite struct BrailleMapTests {
    static let blank = "\u{2800}"

    static func track(_ points: [(latitude: Double, longitude: Double)]) -> Track {
        Track(points: points.map { TrackPoint(latitude: $0.latitude, longitude: $0.longitude) })
    }

    /// A square of 0.001° at the equator in 4×2 characters (8×8 dots) is the
    /// border of the grid: x or y is 0 or 7.
    /// Top row: left char x0 all four (0x47) + x1 top (0x08) = 0x4F; middle
    /// chars top dots only (0x01 + 0x08 = 0x09); right char x6 top (0x01) + x7
    /// all four (0xB8) = 0xB9. Bottom row: 0x47 + 0x80 = 0xC7; 0x40 + 0x80 =
    /// 0xC0; 0x40 + 0xB8 = 0xF8.
    @Test func squareIsTheBorderOfTheGrid() {
        let square = Self.track([(0, 0), (0.001, 0), (0.001, 0.001), (0, 0.001), (0, 0)])
        #expect(
            BrailleMap.render(square, columns: 4, rows: 2)
                == "\u{284F}\u{2809}\u{2809}\u{28B9}\n\u{28C7}\u{28C0}\u{28C0}\u{28F8}")
    }

    /// South-west to north-east: dots (0,7) (1,6) … (7,0), y down.
    /// Top row: (4,3) left dot 7 = 0x40 and (5,2) right dot 6 = 0x20 → 0x60;
    /// (6,1) left dot 2 = 0x02 and (7,0) right dot 4 = 0x08 → 0x0A. Bottom row
    /// the same pattern in its first two characters.
    @Test func diagonalIsABresenhamLine() {
        let diagonal = Self.track([(0, 0), (0.001, 0.001)])
        #expect(
            BrailleMap.render(diagonal, columns: 4, rows: 2)
                == "\(Self.blank)\(Self.blank)\u{2860}\u{280A}\n\u{2860}\u{280A}\(Self.blank)\(Self.blank)")
    }

    /// An east–west line has no height: it is centred, y = 3.5 rounded to 4,
    /// the top dots (1 and 4, 0x09) of the bottom row.
    @Test func flatLineIsCentred() {
        let line = Self.track([(0, 0), (0, 0.002)])
        #expect(
            BrailleMap.render(line, columns: 4, rows: 2)
                == String(repeating: Self.blank, count: 4) + "\n" + String(repeating: "\u{2809}", count: 4))
    }

    /// Two north–south segments 0.001° apart in 6×1 characters (12×4 dots):
    /// the height limits the scale (3 dots for 0.001°), so the width is 3 dots
    /// too, centred: x = 4 and x = 7. Left column of char 2 (0x47) and right
    /// column of char 3 (0xB8); no diagonal from the top of the first segment
    /// to the bottom of the second.
    @Test func segmentsAreNotJoinedAndAspectIsKept() {
        let track = Track(segments: [
            [TrackPoint(latitude: 0, longitude: 0), TrackPoint(latitude: 0.001, longitude: 0)],
            [TrackPoint(latitude: 0, longitude: 0.001), TrackPoint(latitude: 0.001, longitude: 0.001)],
        ])
        let b = Self.blank
        #expect(BrailleMap.render(track, columns: 6, rows: 1) == "\(b)\(b)\u{2847}\u{28B8}\(b)\(b)")
    }

    /// One point: dot (3.5, 3.5) rounded to (4, 4), the first dot of char 2
    /// of the bottom row.
    @Test func singlePointIsOneDotInTheMiddle() {
        let b = Self.blank
        #expect(
            BrailleMap.render(Self.track([(51.5, -0.1)]), columns: 4, rows: 2)
                == "\(b)\(b)\(b)\(b)\n\(b)\(b)\u{2801}\(b)")
    }

    @Test func emptyPathIsABlankGridOfFixedWidth() {
        let expected = Array(repeating: String(repeating: Self.blank, count: 5), count: 3).joined(separator: "\n")
        #expect(BrailleMap.render(Track(segments: []), columns: 5, rows: 3) == expected)
    }

    @Test func defaultIsFortyByTwelveBrailleCharacters() {
        let map = BrailleMap.render(Shapes.loop)
        let lines = map.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.unicodeScalars.count == 40 })
        #expect(map.unicodeScalars.allSatisfy { $0 == "\n" || (0x2800...0x28FF).contains($0.value) })
        #expect(!map.hasSuffix("\n"))
        // The loop is 595.19 m by 400.30 m on a grid of 80 by 48 dots (79 by
        // 47 between the first and last dot): the height limits the scale,
        // 47 / 400.30, so it touches the top and bottom rows, and its width is
        // 595.19 × 47 / 400.30 = 69.88 dots, centred: x 4.56…74.44, rounded
        // 5…74, in characters 2…37.
        let scalars = lines.map { Array($0.unicodeScalars) }
        #expect(scalars.first?.contains { $0 != "\u{2800}" } == true)
        #expect(scalars.last?.contains { $0 != "\u{2800}" } == true)
        #expect(scalars.allSatisfy { $0[0] == "\u{2800}" && $0[1] == "\u{2800}" })
        #expect(scalars.allSatisfy { $0[38] == "\u{2800}" && $0[39] == "\u{2800}" })
        #expect(scalars.contains { $0[2] != "\u{2800}" })
        #expect(scalars.contains { $0[37] != "\u{2800}" })
    }
}
