import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Only Walks' declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0003_walks.sql`, `0008_walks_file_time.sql`) with a merge
/// policy for every column, its invariants, the rules an imported walk
/// obeys, its search source and its part of the timeline.
public struct WalksProduct: Product {
    public init() {}

    public var name: String { "walks" }

    public var tables: [TableSpec] {
        // A walk is what its GPX file or its recording made: its track, the
        // summary computed from it and its path travel as one unit, set when
        // the walk is saved. A walk pruned anywhere stays pruned.
        let track: MergePolicy = .createdOnce
        return [
            TableSpec(
                "walks",
                codecs: ["points": Self.trackCodec, "simplified": Self.trackCodec],
                columns: [
                    "id": .key, "name": .lastWriterWins(), "source": .createdOnce, "source_file": .createdOnce,
                    "source_sha256": .createdOnce, "source_track": .createdOnce, "state": track,
                    "started_at": track, "ended_at": track, "distance_m": track, "elapsed_s": track,
                    "moving_s": track, "ascent_m": track, "descent_m": track, "point_count": track,
                    "timed_point_count": track, "segment_count": track, "min_latitude": track,
                    "min_longitude": track, "max_latitude": track, "max_longitude": track, "points": track,
                    "simplified": track, "pruned_at": .earliest, "created_at": .createdOnce,
                    "file_time": .createdOnce,
                ]),
            // The points of a walk being recorded stay on the device that records it.
            TableSpec(
                "walks_live_points", role: .localOnly,
                columns: [
                    "walk_id": .key, "seq": .key, "latitude": .localOnly, "longitude": .localOnly,
                    "time_ms": .localOnly, "elevation_m": .localOnly, "accuracy_m": .localOnly,
                ]),
        ]
    }

    public var searchSources: [SearchSource] { [SearchSource(kind: "walk_name", label: "walk")] }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try WalksStore(db: db, clock: clock).invariantViolations()
    }

    /// WALK-1 across devices: a walk whose GPX file and track this database
    /// already holds under another id is the same walk imported twice; it is
    /// left out and reported, never merged into the other or dropped
    /// silently. A walk pruned in the file or here keeps no points.
    public func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        guard row.table == "walks" else { return }
        if row.isNew, let sha256 = try row.optionalText("source_sha256"),
            let track = try row.optionalInteger("source_track"),
            let existing = try context.db.fetchOne(
                String.self, "SELECT id FROM walks WHERE source_sha256 = ? AND source_track = ?", [sha256, track])
        {
            let file = try row.optionalText("source_file").map { " (\(TerminalText.echoed($0)))" } ?? ""
            throw ImportSkip(
                existingId: existing, reason: "its GPX file\(file) is already imported here as walk \(existing)")
        }
        if !row["pruned_at"].isNull { row.values["points"] = .null }
    }

    /// A walk's track as point arrays, one per segment: `[latitude,
    /// longitude, elevation, timeMilliseconds]`, null for a missing value.
    static let trackCodec = ColumnCodec(
        export: { value in
            guard case .blob(let data) = value else { return try ExportValue(value) }
            let track = try TrackCodec.decode(Array(data))
            return .track(
                track.segments.map { segment in
                    segment.map { point in
                        [
                            point.latitude, point.longitude, point.elevationMeters,
                            point.timeMilliseconds.map(Double.init),
                        ]
                    }
                })
        },
        import: { value, column in
            guard case .track(let segments) = value else {
                throw LifeError.malformed("\(column) must be a track of points", field: column)
            }
            var track: [[TrackPoint]] = []
            for segment in segments {
                var points: [TrackPoint] = []
                for point in segment {
                    guard point.count == 4, let latitude = point[0], let longitude = point[1] else {
                        throw LifeError.malformed(
                            "\(column): a point is [latitude, longitude, elevation, time]", field: column)
                    }
                    // TrackCodec stores integers (1e-7 degree, cm, ms): a value
                    // outside these ranges cannot be stored (and must not trap).
                    guard (-90...90).contains(latitude), (-180...180).contains(longitude),
                        point[2].map({ (-1_000_000...1_000_000).contains($0) }) ?? true,
                        point[3].map({ (-9e15...9e15).contains($0) && $0 == $0.rounded() }) ?? true
                    else {
                        throw LifeError.malformed(
                            "\(column): a point has latitude \(latitude), longitude \(longitude); latitude must be from -90 to 90, longitude from -180 to 180, elevation within ±1,000,000 m and time a whole number of milliseconds",
                            field: column)
                    }
                    points.append(
                        TrackPoint(
                            latitude: latitude, longitude: longitude, elevationMeters: point[2],
                            timeMilliseconds: point[3].map { Int64($0) }))
                }
                track.append(points)
            }
            return .blob(Data(TrackCodec.encode(Track(segments: track))))
        })
}
