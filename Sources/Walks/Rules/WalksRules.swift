import Foundation
import LifeCore

/// The Walks product's numeric decisions in one place (documented in
/// `docs/design.md`, "Walks core").
public enum WalksRules {
    /// SPEC WALK-3: a step slower than this is slow, in metres per second.
    public static let slowSpeedMetersPerSecond = 0.5
    /// SPEC WALK-3: a run of slow steps lasting at least this long is a pause, in milliseconds.
    public static let pauseMinimumMilliseconds: Int64 = 120_000
    /// Ascent and descent count an elevation change only once it reaches this
    /// many metres from the last counted level (a dead band that ignores GPS
    /// elevation noise of a metre or two; see docs/design.md).
    public static let elevationThresholdMeters = 2.0
    /// WALK-1: elevations a GPX file may give, in metres: below the Dead
    /// Sea shore (−430 m) to above Everest (8,849 m). Anything beyond is a
    /// broken logger or unit, refused with file and line rather than stored.
    public static let minimumElevationMeters = -500.0
    public static let maximumElevationMeters = 9_000.0

    /// Whether a measured elevation (a GPX `<ele>`, a live point's `ele`)
    /// lies within `minimumElevationMeters` … `maximumElevationMeters`: the
    /// one rule both the GPX reader and `walks record` apply (WALK-1, WALK-2).
    public static func isMeasuredElevation(_ meters: Double) -> Bool {
        meters >= minimumElevationMeters && meters <= maximumElevationMeters
    }

    /// The rule in words, for a refusal: "an elevation is from -500 to 9,000 metres".
    public static let measuredElevationRule =
        "an elevation is from \(Int(minimumElevationMeters)) to \(Format.grouped(Int(maximumElevationMeters))) metres"
    /// Steps shorter than this use the local-curvature (cheap-ruler) distance;
    /// longer ones the true geodesic. At 1 km the approximation is within
    /// 1e-7 relative of the geodesic (docs/design.md).
    public static let flatDistanceLimitMeters = 1_000.0

    /// WALK-2: a live point with horizontal accuracy worse than this is dropped.
    public static let maximumAccuracyMeters = 50.0
    /// WALK-6: the doodle draws the simplified path, "a few hundred points".
    public static let doodleMaximumPoints = 400
    /// WALK-5: the smallest Douglas–Peucker tolerance tried for the doodle path;
    /// it doubles until the path has at most `doodleMaximumPoints` points.
    public static let doodleMinimumToleranceMeters = 1.0
    /// A walk's name, in characters (CORE-9).
    public static let nameLimit = 200
    /// `walks import DIR`: files whose names end so (any case) are imported,
    /// GPX and gzip-compressed GPX (WALK-9).
    public static let gpxFileSuffixes = [".gpx", ".gpx.gz"]
    /// Metres in a statute mile, for imperial units.
    public static let metersPerMile = Units.metersPerMile
}

// MARK: - The rules a command, an import and `db check` all apply
//
// One function per rule, taking values (SPEC CORE-12: one write path): the
// store applies them to what a person gives, the import to a file's rows,
// and `db check` to the stored rows, so whatever one refuses the others do.

extension WalksRules {
    /// The first and last millisecond of the years 1–9999 (UTC): the instants
    /// lifectl stores (CORE-4). A point time outside them cannot be written
    /// as a timestamp, and its differences would overflow.
    public static let timeRangeMilliseconds: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    /// The longest a walk can last: the years 1–9999, in seconds.
    public static let maximumSeconds =
        Double(timeRangeMilliseconds.upperBound - timeRangeMilliseconds.lowerBound) / 1000

    /// The largest distance a stored walk may claim: 1,000,000 km, 25 times
    /// round the Earth. Anything larger is no walk (a damaged or edited
    /// file), and shown as a number it would overflow.
    public static let maximumDistanceMeters = 1_000_000_000.0

    /// The largest ascent or descent a stored walk may claim, in metres (as
    /// the distance: no walk climbs a million kilometres).
    public static let maximumClimbMeters = 1_000_000_000.0

    /// A GPX file's name as a walk keeps it: one path component, at most 255
    /// characters (a file system's longest name).
    public static let sourceFileLimit = 255

    /// Whether `walks import DIR` imports a file of this name: `.gpx` or
    /// `.gpx.gz`, in any case.
    public static func isGPXFileName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return gpxFileSuffixes.contains { lowered.hasSuffix($0) && lowered.count > $0.count }
    }

    /// CORE-9: a walk's name, trimmed, at most `nameLimit` characters; nil
    /// when absent or blank.
    public static func name(_ text: String?) throws -> String? {
        try TextRule.optional(text, field: "name", limit: nameLimit)
    }

    /// The name of a walk's GPX file, as kept: one path component of at
    /// most `sourceFileLimit` characters (white space around it belongs to
    /// the name: a file may be called so).
    public static func checkSourceFile(_ name: String?) throws {
        guard let name else { return }
        guard !name.isEmpty, !name.contains("/"), name.count <= sourceFileLimit else {
            throw LifeError.invalid(
                field: "source_file",
                "source_file is \(Format.grouped(name.count)) characters\(name.contains("/") ? " with a /" : ""); a file's name is 1 to \(sourceFileLimit) characters without a /"
            )
        }
    }

    /// A point's time: within the years 1–9999.
    public static func checkTime(milliseconds: Int64, field: String) throws {
        guard timeRangeMilliseconds.contains(milliseconds) else {
            throw LifeError.invalid(
                field: field,
                "\(field) is \(milliseconds) ms since 1970; it must be within the years 1–9999 (\(timeRangeMilliseconds.lowerBound) to \(timeRangeMilliseconds.upperBound))"
            )
        }
    }

    /// The elevations a stored point may hold, in metres: what the track
    /// encoding keeps (whole centimetres within ±1,000 km). The GPX reader
    /// is stricter (`minimumElevationMeters` … `maximumElevationMeters`);
    /// this bounds every other source, so nothing is clamped silently.
    public static let storedElevationLimitMeters = 1_000_000.0

    /// A stored point's elevation: finite, within ±1,000,000 m.
    public static func checkElevation(_ meters: Double, field: String) throws {
        guard meters.isFinite, abs(meters) <= storedElevationLimitMeters else {
            throw LifeError.invalid(
                field: field,
                "\(field) is \(meters) m; an elevation is within ±\(Format.grouped(Int(storedElevationLimitMeters))) metres"
            )
        }
    }

    /// WALK-2: a live point as the store takes it: a position on the globe,
    /// a time within the years 1–9999, an elevation within −500 … 9,000 m
    /// (the GPX reader's rule, so a recorded walk always exports to a GPX
    /// file that imports again), an accuracy of 0 m or more (one worse than
    /// 50 m is dropped, not refused).
    public static func checkLivePoint(_ point: LivePoint) throws {
        _ = try Coordinate(latitude: point.latitude, longitude: point.longitude, field: "point")
        try checkTime(milliseconds: point.timeMilliseconds, field: "time")
        if let elevation = point.elevationMeters, !isMeasuredElevation(elevation) {
            throw LifeError.invalid(
                field: "elevation", "elevation is \(elevation) m; it is out of range (\(measuredElevationRule))")
        }
        if let accuracy = point.accuracyMeters, !(accuracy.isFinite && accuracy >= 0) {
            throw LifeError.invalid(field: "accuracy", "accuracy is \(accuracy); it must be 0 or more metres")
        }
    }

    /// WALK-2: how far after now a live point's time may lie: a day, the
    /// clock skew sync allows between devices (SYNC-3). A fix is stamped
    /// when it is measured, so a time further ahead is a broken clock or
    /// feed: taken, it would make a walk of thousands of years and refuse
    /// every true point after it.
    public static let liveTimeAheadMilliseconds: Int64 = 86_400_000

    /// A live point's time against the clock: at most
    /// `liveTimeAheadMilliseconds` after `now`.
    public static func checkLiveTime(_ milliseconds: Int64, now: Date, field: String) throws {
        let nowMilliseconds = Timestamp.milliseconds(now)
        guard milliseconds <= nowMilliseconds + liveTimeAheadMilliseconds else {
            throw LifeError.invalid(
                field: field,
                "\(field) is \(Timestamp.iso8601(milliseconds: milliseconds)), more than a day after now (\(Timestamp.iso8601(milliseconds: nowMilliseconds))); a point's time is when it was measured, which cannot lie ahead of the clock"
            )
        }
    }

    /// A live point as it is stored, read back to finish its walk (or
    /// checked by `db check`, or arriving in an import): its elevation
    /// within its limit, its time within the years 1–9999 and not before the
    /// point stored before it. `seq` names the point (its `seq`).
    public static func checkStoredLivePoint(_ point: TrackPoint, seq: Int, after previous: TrackPoint?) throws {
        if let elevation = point.elevationMeters {
            try checkElevation(elevation, field: "elevation_m of point \(seq)")
        }
        guard let time = point.timeMilliseconds else { return }
        try checkTime(milliseconds: time, field: "time_ms of point \(seq)")
        if let before = previous?.timeMilliseconds, time < before {
            throw LifeError.invalid(
                field: "time_ms",
                "time_ms of point \(seq) is \(time), earlier than the point before it (\(before)); time may not go backwards in a walk"
            )
        }
    }

    /// A track the store saves (WALK-1's rules for points that did not come
    /// through the GPX reader, and the reader's own): positions on the
    /// globe, elevations in range, times within the years 1–9999 that never
    /// go backwards.
    public static func checkTrack(_ track: Track) throws {
        var last: Int64?
        var index = 0
        for segment in track.segments {
            for point in segment {
                index += 1
                // The checks first, the words only for a point that fails
                // (PERF-2: a name per point cost more than the checks).
                let timeInOrder = point.timeMilliseconds.map { time in last.map { time >= $0 } ?? true } ?? true
                let valid =
                    point.latitude.isFinite && point.latitude >= -90 && point.latitude <= 90
                    && point.longitude.isFinite && point.longitude >= -180 && point.longitude <= 180
                    && (point.elevationMeters.map { $0.isFinite && abs($0) <= storedElevationLimitMeters } ?? true)
                    && (point.timeMilliseconds.map(timeRangeMilliseconds.contains) ?? true) && timeInOrder
                if let time = point.timeMilliseconds { last = time }
                if valid { continue }
                let field = "point \(index)"
                _ = try Coordinate(latitude: point.latitude, longitude: point.longitude, field: field)
                if let elevation = point.elevationMeters { try checkElevation(elevation, field: "\(field) elevation") }
                if let time = point.timeMilliseconds { try checkTime(milliseconds: time, field: "\(field) time") }
                throw LifeError.invalid(
                    field: field, "\(field) is earlier than the one before; time may not go backwards")
            }
        }
    }

    /// The figures a track gives, within the limits a stored walk keeps (a
    /// walk of a million kilometres is refused rather than stored).
    public static func checkTotals(_ metrics: WalkMetrics) throws {
        try checkFigure(metrics.distanceMeters, column: "distance", limit: maximumDistanceMeters, unit: "metres")
        try checkFigure(metrics.ascentMeters, column: "ascent", limit: maximumClimbMeters, unit: "metres")
        try checkFigure(metrics.descentMeters, column: "descent", limit: maximumClimbMeters, unit: "metres")
    }

    /// An instant as a row stores it (`YYYY-MM-DD HH:MM:SS.SSS`, UTC):
    /// absent, or one within the years 1–9999.
    public static func checkInstant(_ text: String?, column: String) throws {
        guard let text else { return }
        guard Timestamp.parseDatabase(text) != nil, !text.hasPrefix("0000") else {
            throw LifeError.invalid(
                field: column,
                "\(column) is '\(TerminalText.echoed(text))'; it must be an instant written YYYY-MM-DD HH:MM:SS.SSS (UTC) in the years 1–9999"
            )
        }
    }

    /// One summary figure: absent, or a finite number from 0 to `limit`.
    public static func checkFigure(_ value: Double?, column: String, limit: Double, unit: String) throws {
        guard let value else { return }
        guard value.isFinite, value >= 0, value <= limit else {
            throw LifeError.invalid(
                field: column,
                "\(column) is \(value); it must be a finite number of \(unit) from 0 to \(Format.grouped(Int(limit)))")
        }
    }

    /// The figures of a stored summary, each within its limit: what makes a
    /// row readable at all (a figure beyond it would overflow when shown).
    static func checkFigures(_ summary: StoredSummary) throws {
        try checkFigure(summary.distanceMeters, column: "distance_m", limit: maximumDistanceMeters, unit: "metres")
        try checkFigure(summary.elapsedSeconds, column: "elapsed_s", limit: maximumSeconds, unit: "seconds")
        try checkFigure(summary.movingSeconds, column: "moving_s", limit: maximumSeconds, unit: "seconds")
        try checkFigure(summary.ascentMeters, column: "ascent_m", limit: maximumClimbMeters, unit: "metres")
        try checkFigure(summary.descentMeters, column: "descent_m", limit: maximumClimbMeters, unit: "metres")
    }
}

extension WalksRules {
    /// WALK-5, WALK-6: the path a doodle draws, at most `doodleMaximumPoints`
    /// points: Douglas–Peucker with the smallest tolerance (doubling from
    /// 1 m) that gets there.
    public static func doodlePath(_ track: Track) -> Track {
        var tolerance = doodleMinimumToleranceMeters
        var path = DouglasPeucker.simplify(track, toleranceMeters: tolerance)
        while path.pointCount > doodleMaximumPoints {
            tolerance *= 2
            path = DouglasPeucker.simplify(path, toleranceMeters: tolerance)
        }
        return path
    }
}
