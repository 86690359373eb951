import Foundation
import LifeCore
import Testing
import Walks

@Suite struct TrackCodecTests {
    /// The layout of docs in TrackCodec, worked by hand for one point:
    /// version 1, 1 segment, 1 point, presence 0b0101 (time and elevation on
    /// every point), zig-zag(1) = 2, zig-zag(−2) = 3, zig-zag(1000) = 2000 =
    /// 0xD0 0x0F, zig-zag(150 cm) = 300 = 0xAC 0x02; then an empty segment.
    @Test func knownBytes() throws {
        let track = Track(segments: [
            [TrackPoint(latitude: 1e-7, longitude: -2e-7, elevationMeters: 1.5, timeMilliseconds: 1_000)], [],
        ])
        let bytes = TrackCodec.encode(track)
        #expect(bytes == [1, 2, 1, 0b0101, 2, 3, 0xD0, 0x0F, 0xAC, 0x02, 0])
        #expect(try TrackCodec.decode(bytes) == track)
    }

    /// Partly timed and partly elevated points use bitmaps: points 0 and 2 of
    /// 3 timed (0b101), only point 1 elevated (0b010).
    @Test func presenceBitmaps() throws {
        let track = Track(points: [
            TrackPoint(latitude: 0, longitude: 0, timeMilliseconds: 5),
            TrackPoint(latitude: 0, longitude: 0, elevationMeters: -0.01),
            TrackPoint(latitude: 0, longitude: 0, timeMilliseconds: 4),
        ])
        let bytes = TrackCodec.encode(track)
        // presence: time 2 | elevation 2 << 2 = 10; time deltas 5, −1 → 10, 1; elevation −1 cm → 1.
        #expect(bytes == [1, 1, 3, 10, 0b101, 0b010, 0, 0, 10, 0, 0, 1, 0, 0, 1])
        #expect(try TrackCodec.decode(bytes) == track)
    }

    @Test func emptyTracks() throws {
        #expect(TrackCodec.encode(Track(segments: [])) == [1, 0])
        #expect(try TrackCodec.decode([1, 0]) == Track(segments: []))
        #expect(try TrackCodec.decode([1, 3, 0, 0, 0]) == Track(segments: [[], [], []]))
    }

    /// 500 random tracks: 0–4 segments of 0–300 points, each field present or
    /// not, coordinates anywhere, times and elevations anywhere within range.
    @Test func roundTripOfRandomTracks() throws {
        var random = SplitMix64(state: 0x57A1_C0DE)
        for _ in 0..<500 {
            let track = Self.randomTrack(&random)
            let bytes = TrackCodec.encode(track)
            let decoded = try TrackCodec.decode(bytes)
            let quantized = TrackCodec.quantized(track)
            #expect(decoded == quantized)
            #expect(TrackCodec.quantized(quantized) == quantized)
            #expect(TrackCodec.encode(decoded) == bytes)
            // Lossless at the stated precision: within half a unit of each.
            for (a, b) in zip(track.segments.joined(), decoded.segments.joined()) {
                #expect(abs(a.latitude - b.latitude) <= 0.5e-7 + 1e-12)
                #expect(abs(a.longitude - b.longitude) <= 0.5e-7 + 1e-12)
                #expect(a.timeMilliseconds == b.timeMilliseconds)
                #expect(abs((a.elevationMeters ?? 0) - (b.elevationMeters ?? 0)) <= 0.005 + 1e-9)
                #expect((a.elevationMeters == nil) == (b.elevationMeters == nil))
            }
        }
    }

    /// A generated walk of 1–2 m steps each second with elevation: at most
    /// 8 bytes a point (SPEC WALK-4's aim).
    @Test func aRealisticWalkTakesAtMostEightBytesAPoint() {
        var random = SplitMix64(state: 42)
        var points: [TrackPoint] = []
        var latitude = 48.137
        var longitude = 11.575
        var heading = 0.0
        var elevation = 520.0
        for second in 0..<10_000 {
            heading += Double.random(in: -0.3...0.3, using: &random)
            let step = Double.random(in: 1...2, using: &random)
            latitude += step * cos(heading) / 111_200
            longitude += step * sin(heading) / 74_200
            elevation += Double.random(in: -0.2...0.2, using: &random)
            points.append(
                TrackPoint(
                    latitude: latitude, longitude: longitude, elevationMeters: elevation,
                    timeMilliseconds: 1_767_225_600_000 + Int64(second) * 1000))
        }
        let bytes = TrackCodec.encode(Track(points: points))
        #expect(Double(bytes.count) / Double(points.count) <= 8)
    }

    @Test func everyTruncationIsMalformed() throws {
        var random = SplitMix64(state: 7)
        let bytes = TrackCodec.encode(Self.randomTrack(&random, minimumPoints: 5))
        for length in 0..<bytes.count {
            #expect(throws: LifeError.self) { try TrackCodec.decode(Array(bytes[0..<length])) }
            do {
                _ = try TrackCodec.decode(Array(bytes[0..<length]))
            } catch let error as LifeError {
                #expect(error.kind == .malformedInput)
            }
        }
    }

    @Test func corruptInputIsMalformed() {
        let cases: [(String, [UInt8])] = [
            ("unknown version", [2, 0]),
            ("version 0", [0, 0]),
            ("varint over 64 bits", [1] + [UInt8](repeating: 0xFF, count: 10) + [1]),
            ("segment count beyond the bytes", [1, 0xFF, 0xFF, 0xFF, 0x7F]),
            ("point count beyond the bytes", [1, 1, 100, 0, 0, 0]),
            ("bad presence byte", [1, 1, 1, 0x30, 0, 0]),
            ("latitude out of range (1e9 units, zig-zag 2e9)", [1, 1, 1, 0, 0x80, 0xA8, 0xD6, 0xB9, 0x07, 0]),
            ("trailing bytes", [1, 0, 0]),
            ("empty", []),
        ]
        for (name, bytes) in cases {
            do {
                _ = try TrackCodec.decode(bytes)
                Issue.record("\(name): decoded")
            } catch let error as LifeError {
                #expect(error.kind == .malformedInput, "\(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    /// Random bytes after a valid version byte never trap.
    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(state: 99)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0..<40, using: &random)
            let bytes = [UInt8(1)] + (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = try? TrackCodec.decode(bytes)
        }
    }

    static func randomTrack(_ random: inout SplitMix64, minimumPoints: Int = 0) -> Track {
        let segmentCount = Int.random(in: (minimumPoints > 0 ? 1 : 0)...4, using: &random)
        var segments: [[TrackPoint]] = []
        for _ in 0..<segmentCount {
            let style = Int.random(in: 0..<4, using: &random)
            let count = Int.random(in: minimumPoints...300, using: &random)
            var time = Int64.random(in: -62_135_596_800_000...253_402_300_799_000, using: &random)
            segments.append(
                (0..<count).map { _ in
                    time += Int64.random(in: -5_000...100_000, using: &random)
                    let timed = style == 1 || (style == 3 && Bool.random(using: &random))
                    let elevated = style == 2 || (style == 3 && Bool.random(using: &random))
                    return TrackPoint(
                        latitude: Double.random(in: -90...90, using: &random),
                        longitude: Double.random(in: -180...180, using: &random),
                        elevationMeters: elevated ? Double.random(in: -500...9_000, using: &random) : nil,
                        timeMilliseconds: timed ? time : nil)
                })
        }
        return Track(segments: segments)
    }
}
