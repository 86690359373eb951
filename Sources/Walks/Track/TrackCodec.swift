import LifeCore

/// The stored form of a walk's points (SPEC WALK-4): compact, versioned and
/// lossless at its stated precision.
///
/// Version 1, byte by byte (varint = unsigned LEB128, zig-zag for signed):
///
///     version            1 byte (1)
///     segment count      varint
///     per segment:
///       point count      varint
///       if points > 0:
///         presence       1 byte: bits 0–1 time, bits 2–3 elevation;
///                        0 = no point has it, 1 = every point has it,
///                        2 = a bitmap follows (one bit per point, LSB first)
///         [time bitmap]  ⌈points / 8⌉ bytes, when time presence is 2
///         [ele bitmap]   ⌈points / 8⌉ bytes, when elevation presence is 2
///         per point:     zig-zag varint deltas of latitude and longitude in
///                        1e-7° units, then of time in ms (if the point has
///                        one), then of elevation in cm (if it has one)
///
/// Deltas run from the previous value of the same kind, across segments, from
/// 0 at the start. Precision: 1e-7° (about 1 cm), 1 ms, 1 cm of elevation.
/// A walk of 1–2 m steps a second apart takes about 7 bytes a point.
///
/// The encoder never traps: a non-finite coordinate is stored as 0, latitudes
/// and longitudes are clamped to ±90° and ±180°, elevations to ±1,000 km, and
/// time deltas wrap (losslessly). `quantized(_:)` applies the same rules.
public enum TrackCodec {
    public static let currentVersion: UInt8 = 1

    private static let coordinateScale = 1e7
    private static let elevationScale = 100.0
    private static let elevationLimitCentimeters: Int64 = 100_000_000
    private static let latitudeLimit: Int64 = 900_000_000
    private static let longitudeLimit: Int64 = 1_800_000_000

    public static func encode(_ track: Track) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 + track.pointCount * 8)
        out.append(currentVersion)
        appendVarint(UInt64(track.segments.count), to: &out)
        var previousLatitude: Int64 = 0
        var previousLongitude: Int64 = 0
        var previousTime: Int64 = 0
        var previousElevation: Int64 = 0
        for segment in track.segments {
            appendVarint(UInt64(segment.count), to: &out)
            if segment.isEmpty { continue }
            let timed = segment.reduce(0) { $0 + ($1.timeMilliseconds == nil ? 0 : 1) }
            let elevated = segment.reduce(0) { $0 + ($1.elevationMeters == nil ? 0 : 1) }
            let timeMode = presenceMode(count: timed, of: segment.count)
            let elevationMode = presenceMode(count: elevated, of: segment.count)
            out.append(timeMode | elevationMode << 2)
            if timeMode == 2 { appendBitmap(segment.map { $0.timeMilliseconds != nil }, to: &out) }
            if elevationMode == 2 { appendBitmap(segment.map { $0.elevationMeters != nil }, to: &out) }
            for point in segment {
                let latitude = latitudeUnits(point.latitude)
                let longitude = longitudeUnits(point.longitude)
                appendVarint(zigZag(latitude - previousLatitude), to: &out)
                appendVarint(zigZag(longitude - previousLongitude), to: &out)
                previousLatitude = latitude
                previousLongitude = longitude
                if let time = point.timeMilliseconds {
                    appendVarint(zigZag(time &- previousTime), to: &out)
                    previousTime = time
                }
                if let elevation = point.elevationMeters {
                    let centimeters = elevationUnits(elevation)
                    appendVarint(zigZag(centimeters - previousElevation), to: &out)
                    previousElevation = centimeters
                }
            }
        }
        return out
    }

    public static func decode(_ bytes: [UInt8]) throws -> Track {
        var reader = ByteReader(bytes: bytes)
        let version = try reader.byte()
        guard version == currentVersion else {
            throw LifeError.malformed(
                "track encoding version \(version) is unknown; this build reads \(currentVersion)")
        }
        let segmentCount = try reader.count(minimumBytesEach: 1)
        var segments: [[TrackPoint]] = []
        segments.reserveCapacity(segmentCount)
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var time: Int64 = 0
        var elevation: Int64 = 0
        for _ in 0..<segmentCount {
            let pointCount = try reader.count(minimumBytesEach: 2)
            var points: [TrackPoint] = []
            if pointCount > 0 {
                points.reserveCapacity(pointCount)
                let presence = try reader.byte()
                let timeMode = presence & 3
                let elevationMode = presence >> 2 & 3
                guard presence >> 4 == 0, timeMode != 3, elevationMode != 3 else {
                    throw LifeError.malformed("track encoding: presence byte \(presence) is invalid")
                }
                let timeBitmap = timeMode == 2 ? try reader.bytes(count: (pointCount + 7) / 8) : []
                let elevationBitmap = elevationMode == 2 ? try reader.bytes(count: (pointCount + 7) / 8) : []
                for index in 0..<pointCount {
                    latitude = latitude &+ unZigZag(try reader.varint())
                    longitude = longitude &+ unZigZag(try reader.varint())
                    guard (-latitudeLimit...latitudeLimit).contains(latitude),
                        (-longitudeLimit...longitudeLimit).contains(longitude)
                    else {
                        throw LifeError.malformed("track encoding: a coordinate is out of range")
                    }
                    var point = TrackPoint(
                        latitude: Double(latitude) / coordinateScale, longitude: Double(longitude) / coordinateScale)
                    if has(mode: timeMode, bitmap: timeBitmap, index: index) {
                        time = time &+ unZigZag(try reader.varint())
                        // Within the years 1–9999, so that no difference of
                        // two times overflows.
                        guard WalksRules.timeRangeMilliseconds.contains(time) else {
                            throw LifeError.malformed("track encoding: a time is outside the years 1–9999")
                        }
                        point.timeMilliseconds = time
                    }
                    if has(mode: elevationMode, bitmap: elevationBitmap, index: index) {
                        elevation = elevation &+ unZigZag(try reader.varint())
                        guard (-elevationLimitCentimeters...elevationLimitCentimeters).contains(elevation) else {
                            throw LifeError.malformed("track encoding: an elevation is out of range")
                        }
                        point.elevationMeters = Double(elevation) / elevationScale
                    }
                    points.append(point)
                }
            }
            segments.append(points)
        }
        guard reader.isAtEnd else {
            throw LifeError.malformed("track encoding: \(reader.remaining) bytes after the last point")
        }
        return Track(segments: segments)
    }

    /// The track exactly as `decode(encode(track))` gives it back.
    public static func quantized(_ track: Track) -> Track {
        Track(
            segments: track.segments.map { segment in
                segment.map { point in
                    TrackPoint(
                        latitude: Double(latitudeUnits(point.latitude)) / coordinateScale,
                        longitude: Double(longitudeUnits(point.longitude)) / coordinateScale,
                        elevationMeters: point.elevationMeters.map { Double(elevationUnits($0)) / elevationScale },
                        timeMilliseconds: point.timeMilliseconds)
                }
            })
    }

    // MARK: - Units

    /// `value.rounded()` (to the nearest, half away from zero), without
    /// the C library's `round` call that every coordinate and elevation of
    /// an import made (PERF-2): truncation, then the remainder (exact below
    /// 2^52) decides. Equal to `rounded()` for every finite value, but for
    /// the sign of a zero.
    @inline(__always)
    static func roundedHalfAwayFromZero(_ value: Double) -> Double {
        guard value.magnitude < 4_503_599_627_370_496 else { return value.rounded() }
        let truncated = Double(Int64(value))
        let remainder = value - truncated
        if remainder >= 0.5 { return truncated + 1 }
        if remainder <= -0.5 { return truncated - 1 }
        return truncated
    }

    private static func units(_ value: Double, scale: Double, limit: Int64) -> Int64 {
        guard value.isFinite else { return 0 }
        let scaled = roundedHalfAwayFromZero(value * scale)
        return min(max(Int64(max(min(scaled, 9e18), -9e18)), -limit), limit)
    }

    private static func latitudeUnits(_ degrees: Double) -> Int64 {
        units(degrees, scale: coordinateScale, limit: latitudeLimit)
    }

    private static func longitudeUnits(_ degrees: Double) -> Int64 {
        units(degrees, scale: coordinateScale, limit: longitudeLimit)
    }

    private static func elevationUnits(_ meters: Double) -> Int64 {
        units(meters, scale: elevationScale, limit: elevationLimitCentimeters)
    }

    // MARK: - Bytes

    private static func presenceMode(count: Int, of total: Int) -> UInt8 {
        count == 0 ? 0 : count == total ? 1 : 2
    }

    private static func has(mode: UInt8, bitmap: [UInt8], index: Int) -> Bool {
        switch mode {
        case 0: false
        case 1: true
        default: bitmap[index >> 3] & (1 << UInt8(index & 7)) != 0
        }
    }

    private static func appendBitmap(_ flags: [Bool], to out: inout [UInt8]) {
        var byte: UInt8 = 0
        for (index, flag) in flags.enumerated() {
            if flag { byte |= 1 << UInt8(index & 7) }
            if index & 7 == 7 {
                out.append(byte)
                byte = 0
            }
        }
        if flags.count & 7 != 0 { out.append(byte) }
    }

    private static func zigZag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    private static func unZigZag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    /// Reads the encoding with every length and varint checked, so corrupt
    /// bytes end in `LifeError.malformed`, never in a trap or a huge allocation.
    private struct ByteReader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }
        var remaining: Int { bytes.count - index }

        mutating func byte() throws -> UInt8 {
            guard index < bytes.count else { throw truncated() }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func bytes(count: Int) throws -> [UInt8] {
            guard count <= remaining else { throw truncated() }
            defer { index += count }
            return Array(bytes[index..<index + count])
        }

        mutating func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try self.byte()
                if shift == 63 && byte > 1 {
                    throw LifeError.malformed("track encoding: a varint is longer than 64 bits")
                }
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
        }

        /// A count that the remaining bytes could hold, at the given minimum size each.
        mutating func count(minimumBytesEach: Int) throws -> Int {
            let value = try varint()
            guard value <= UInt64(remaining / minimumBytesEach) else {
                throw LifeError.malformed("track encoding: a count of \(value) is more than the remaining bytes hold")
            }
            return Int(value)
        }

        private func truncated() -> LifeError {
            LifeError.malformed("track encoding: truncated after \(bytes.count) bytes")
        }
    }
}
