// Golden files for the doodles (SPEC WALK-6). After a deliberate change to
// the drawing, refresh them with:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter DoodleSVGTests
//
// and look at them (`rsvg-convert -o /tmp/x.png FILE`) and review the diff of
// Tests/WalksDoodleTests/Golden/ before committing it.

import Foundation
import Testing
import Walks

@Suite struct DoodleSVGTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// The fitted square: 512 units, padding 8 % = 40.96 on each side, so the
    /// longer side of a path spans 40.96…471.04; the main pass wanders at most
    /// 0.6 % of 512 = 3.072 from the true path (plus 0.05 of rounding).
    static let size = 512.0
    static let padding = 40.96
    static let jitter = 3.072 + 0.05

    @Test(arguments: [
        ("loop", "doodle-loop.svg"), ("out-and-back", "doodle-out-and-back.svg"),
        ("multi-segment", "doodle-multi-segment.svg"),
    ])
    func matchesGolden(shape: String, file: String) throws {
        let svg = DoodleSVG.render(Self.track(shape), seed: "walk-\(shape)")
        let url = Self.goldenDirectory.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
            try Data(svg.utf8).write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(Data(svg.utf8) == golden, "\(file) differs; if the change is deliberate, refresh the golden files")
    }

    static func track(_ shape: String) -> Track {
        switch shape {
        case "loop": Shapes.loop
        case "out-and-back": Shapes.outAndBack
        default: Shapes.multiSegment
        }
    }

    @Test func sameSeedGivesSameBytes() {
        let first = DoodleSVG.render(Shapes.loop, seed: "2f1c9a57-0d7e-4c55-9a3e-6b1f0f4c2d11")
        let second = DoodleSVG.render(Shapes.loop, seed: "2f1c9a57-0d7e-4c55-9a3e-6b1f0f4c2d11")
        #expect(first == second)
    }

    @Test func differentSeedGivesDifferentBytes() {
        let first = DoodleSVG.render(Shapes.loop, seed: "2f1c9a57-0d7e-4c55-9a3e-6b1f0f4c2d11")
        let second = DoodleSVG.render(Shapes.loop, seed: "2f1c9a57-0d7e-4c55-9a3e-6b1f0f4c2d12")
        #expect(first != second)
    }

    /// SPEC WALK-6: charcoal #36454F, every stroke width within 2–4 pt and
    /// every opacity within 0.7–0.9, and both really vary along the path.
    @Test(arguments: ["loop", "out-and-back", "multi-segment"])
    func widthsOpacitiesAndInkFollowTheSpec(shape: String) throws {
        let scan = try SVGScan.parse(DoodleSVG.render(Self.track(shape), seed: "walk-\(shape)"))
        let widths = scan.numbers("stroke-width")
        let opacities = scan.numbers("opacity")
        #expect(widths.count == scan.named("path").count)
        #expect(!widths.isEmpty && !opacities.isEmpty)
        #expect(widths.allSatisfy { (2.0...4.0).contains($0) })
        #expect(opacities.allSatisfy { (0.7...0.9).contains($0) })
        #expect(Set(widths).count > 5, "the width should vary along the path")
        #expect(Set(opacities).count > 1, "the opacity should vary")
        let inks = Set(scan.elements.flatMap { [$0.attributes["stroke"], $0.attributes["fill"]] }.compactMap { $0 })
        #expect(inks.subtracting(["none", "#FFFFFF"]) == ["#36454F"])
        // Every drawn element is painted with the grain filter.
        let filters = scan.elements.compactMap { $0.attributes["filter"] }
        #expect(filters == ["url(#doodle-grain)"])
        #expect(scan.named("feTurbulence").count == 1)
    }

    @Test func isAStandaloneSquareDocument() throws {
        let svg = DoodleSVG.render(Shapes.loop, seed: "walk-loop", size: 300)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let root = try #require(try SVGScan.parse(svg).elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "300.0")
        #expect(root.attributes["height"] == "300.0")
        #expect(root.attributes["viewBox"] == "0 0 300.0 300.0")
    }

    /// The loop spans 0.0086° of longitude and 0.0036° of latitude about
    /// 51.508° N: 0.0086 × 111,195.08 × cos 51.508° = 595.19 m east–west and
    /// 0.0036 × 111,195.08 = 400.30 m north–south (mean radius 6,371,008.8 m).
    /// The width fills 430.08 units, x 40.96…471.04; the height is
    /// 430.08 × 400.30 / 595.19 = 289.25, centred: y 111.37…400.63.
    @Test func fitsTheLongerSideAndKeepsTheAspect() throws {
        let points = try Self.pathPoints(DoodleSVG.render(Shapes.loop, seed: "walk-loop"))
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        #expect(abs((xs.min() ?? 0) - 40.96) <= Self.jitter)
        #expect(abs((xs.max() ?? 0) - 471.04) <= Self.jitter)
        #expect(abs((ys.min() ?? 0) - 111.37) <= Self.jitter)
        #expect(abs((ys.max() ?? 0) - 400.63) <= Self.jitter)
    }

    /// A walk due north starts at the bottom of the picture and ends at the
    /// top (y grows downwards in SVG), in the middle across.
    @Test func northIsUp() throws {
        let north = Track(points: (0...4).map { TrackPoint(latitude: 10 + 0.001 * Double($0), longitude: 20) })
        let points = try Self.pathPoints(DoodleSVG.render(north, seed: "north"))
        let first = try #require(points.first)
        #expect(abs(first.x - 256) <= Self.jitter)
        #expect(abs(first.y - 471.04) <= Self.jitter)
        #expect(points.allSatisfy { abs($0.x - 256) <= Self.jitter })
        #expect(abs((points.map(\.y).min() ?? 0) - 40.96) <= Self.jitter)
    }

    /// No line across the gap between two segments. In the multi-segment walk
    /// the first segment ends at (194.56, 165.77) and the second starts at
    /// (286.72, 286.08) (worked out with the projection by hand: mean
    /// latitude 40.0016875°, scale 0.36066 units per metre); a line between
    /// them would pass (240.64, 225.92), 75.8 units from anything drawn.
    @Test func segmentsAreNotJoinedAcrossGaps() throws {
        let svg = DoodleSVG.render(Shapes.multiSegment, seed: "walk-multi-segment")
        let points = try Self.pathPoints(svg)
        let nearest = points.map {
            (($0.x - 240.64) * ($0.x - 240.64) + ($0.y - 225.92) * ($0.y - 225.92)).squareRoot()
        }
        .min()
        #expect((nearest ?? 0) > 60)
        // The lone fix of the third segment is a dot at (440.32, 346.23).
        let dots = try SVGScan.parse(svg).named("circle")
        #expect(dots.count == 1)
        #expect(dots.first?.attributes["cx"] == "440.3")
        #expect(dots.first?.attributes["cy"] == "346.2")
    }

    /// Decided (docs/walks-doodles.md): an empty path is an empty sheet.
    @Test(arguments: [Track(segments: []), Track(points: []), Track(segments: [[], []])])
    func emptyPathIsAnEmptySheet(track: Track) throws {
        let scan = try SVGScan.parse(DoodleSVG.render(track, seed: "empty"))
        #expect(scan.named("svg").count == 1)
        #expect(scan.named("path").isEmpty)
        #expect(scan.named("circle").isEmpty)
    }

    /// Decided: a single point, or points that are all equal, is a dot of
    /// diameter 4 in the middle of the sheet.
    @Test(arguments: [1, 5])
    func pathOfNoExtentIsADotInTheMiddle(count: Int) throws {
        let track = Track(points: Array(repeating: TrackPoint(latitude: -33.86, longitude: 151.21), count: count))
        let scan = try SVGScan.parse(DoodleSVG.render(track, seed: "still"))
        #expect(scan.named("path").isEmpty)
        let dots = scan.named("circle")
        #expect(dots.count == 1)
        #expect(dots.first?.attributes["cx"] == "256.0")
        #expect(dots.first?.attributes["cy"] == "256.0")
        #expect(dots.first?.attributes["r"] == "2.00")
    }

    /// A walk over the 180° meridian is drawn like the same walk 10° to the
    /// west (the longitudes are unwrapped), not stretched round the globe.
    @Test func crossesTheAntimeridian() {
        func walk(shift: Double) -> Track {
            let longitudes = [179.996, 179.998, 180.0, 180.002, 180.004, 180.003]
            return Track(
                points: longitudes.enumerated().map { index, longitude in
                    var wrapped = longitude - shift
                    if wrapped > 180 { wrapped -= 360 }
                    return TrackPoint(latitude: -16.5 + 0.001 * Double(index % 3), longitude: wrapped)
                })
        }
        #expect(walk(shift: 0).segments[0].map(\.longitude).contains { $0 < 0 })
        #expect(DoodleSVG.render(walk(shift: 0), seed: "fiji") == DoodleSVG.render(walk(shift: 10), seed: "fiji"))
    }

    /// A fix with no finite position is left out, as if it were not there.
    @Test func nonFinitePointsAreLeftOut() {
        var points = Shapes.loop.segments[0]
        let clean = Track(points: points)
        points.insert(TrackPoint(latitude: .nan, longitude: -0.165), at: 10)
        points.insert(TrackPoint(latitude: 51.5, longitude: .infinity), at: 20)
        let dirty = Track(points: points)
        #expect(DoodleSVG.render(dirty, seed: "walk-loop") == DoodleSVG.render(clean, seed: "walk-loop"))
        #expect(BrailleMap.render(dirty) == BrailleMap.render(clean))
    }

    /// A 300-point walk stays small (SPEC WALK-6 via the brief: tens of KB at
    /// most) and fits its padded square.
    @Test func threeHundredPointsGiveASmallSVG() throws {
        var latitude = 45.0
        var longitude = 7.0
        var points: [TrackPoint] = []
        for index in 0..<300 {
            // A staircase with a kink every 7 points: about 6 km.
            if index % 7 < 4 { latitude += 0.00018 } else { longitude += 0.00025 * (index % 2 == 0 ? 1 : -0.3) }
            points.append(TrackPoint(latitude: latitude, longitude: longitude))
        }
        let svg = DoodleSVG.render(Track(points: points), seed: "staircase")
        #expect(svg.utf8.count < 64_000)
        let coordinates = try Self.pathPoints(svg)
        #expect(coordinates.allSatisfy { (40.96 - Self.jitter...471.04 + Self.jitter).contains($0.x) })
        #expect(coordinates.allSatisfy { (40.96 - Self.jitter...471.04 + Self.jitter).contains($0.y) })
    }

    /// Every vertex of every `path` element's `d` ("M x y L x y …").
    static func pathPoints(_ svg: String) throws -> [(x: Double, y: Double)] {
        let scan = try SVGScan.parse(svg)
        var points: [(x: Double, y: Double)] = []
        for path in scan.named("path") {
            let d = path.attributes["d"] ?? ""
            let numbers = d.split(whereSeparator: { $0 == "M" || $0 == "L" || $0 == " " }).compactMap { Double($0) }
            for index in stride(from: 0, to: numbers.count - 1, by: 2) {
                points.append((numbers[index], numbers[index + 1]))
            }
        }
        return points
    }
}
