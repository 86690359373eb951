import Foundation
import LifeCore

/// A walk as listed (WALK-7): the summary columns, never the points (WALK-4).
public struct WalkSummary: Sendable, Equatable, Encodable {
    public var id: String
    public var name: String?
    public var source: WalkSource
    public var sourceFile: String?
    public var state: WalkState
    /// First and last timed point; nil for a walk without times.
    public var startedAt: Date?
    public var endedAt: Date?
    public var distanceMeters: Double
    public var elapsedSeconds: Double?
    public var movingSeconds: Double?
    public var ascentMeters: Double?
    public var descentMeters: Double?
    public var pointCount: Int
    public var timedPointCount: Int
    public var segmentCount: Int
    public var bounds: WalkBounds?
    /// When `walks prune` dropped the points (the summary and simplified path stay).
    public var prunedAt: Date?
    public var createdAt: Date
    /// The GPX file's own time (`<metadata><time>`), which dates a walk without times.
    public var fileTime: Date?

    /// The name to show: the walk's own, else its file's, else "Walk". A
    /// gzip-compressed file gives the name of the file inside it, as gunzip
    /// names it (`ride.gpx.gz` → `ride.gpx`), so the walk is called as it
    /// is when imported from `ride.gpx`.
    public var displayName: String { name ?? sourceFile.map(Self.nameInside) ?? "Walk" }

    /// `ride.gpx.gz` → `ride.gpx`: a name ending in `.gz` (any case) without
    /// it, as gunzip names the file it inflates; any other name as it is.
    static func nameInside(_ file: String) -> String {
        guard file.count > 3, file.lowercased().hasSuffix(".gz") else { return file }
        return String(file.dropLast(3))
    }

    /// What dates a walk, in the list's order (WALK-7): its first timed
    /// point; for a walk without times its GPX file's own time; else when
    /// it was added.
    public enum DateSource: String, Sendable, Encodable {
        case start, file, added
    }

    public var dateSource: DateSource {
        if startedAt != nil { return .start }
        return fileTime != nil ? .file : .added
    }

    /// The instant the walk is dated and ordered by (`dateSource` says which).
    public var date: Date { startedAt ?? fileTime ?? createdAt }

    /// Whether the walk is still being recorded: its figures are those of the points so far (WALK-9).
    public var isRecording: Bool { state == .recording }

    /// WALK-3: pace from moving time; nil without moving time or distance.
    public var paceSecondsPerKilometer: Double? {
        WalkMetrics.pace(movingSeconds: movingSeconds, distanceMeters: distanceMeters, per: 1000)
    }

    public var paceSecondsPerMile: Double? {
        WalkMetrics.pace(movingSeconds: movingSeconds, distanceMeters: distanceMeters, per: WalksRules.metersPerMile)
    }

    public var isTimed: Bool { elapsedSeconds != nil }

    /// How much of a walk has times.
    public enum Timing: Sendable {
        /// Two or more timed points: a duration and a pace.
        case timed
        /// One timed point: a date, but no duration.
        case onePoint
        /// No timed point: dated by when it was added.
        case untimed
    }

    public var timing: Timing {
        if isTimed { return .timed }
        return startedAt == nil ? .untimed : .onePoint
    }

    enum CodingKeys: String, CodingKey {
        case id, name, source, sourceFile, state, startedAt, endedAt, distanceMeters, elapsedSeconds, movingSeconds
        case ascentMeters, descentMeters, pointCount, timedPointCount, segmentCount, bounds, prunedAt, createdAt
        case paceSecondsPerKilometer, paceSecondsPerMile, displayName, pruned, fileTime, date, dateSource
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(source, forKey: .source)
        try c.encodeIfPresent(sourceFile, forKey: .sourceFile)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(startedAt, forKey: .startedAt)
        try c.encodeIfPresent(endedAt, forKey: .endedAt)
        try c.encode(distanceMeters, forKey: .distanceMeters)
        try c.encodeIfPresent(elapsedSeconds, forKey: .elapsedSeconds)
        try c.encodeIfPresent(movingSeconds, forKey: .movingSeconds)
        try c.encodeIfPresent(paceSecondsPerKilometer, forKey: .paceSecondsPerKilometer)
        try c.encodeIfPresent(paceSecondsPerMile, forKey: .paceSecondsPerMile)
        try c.encodeIfPresent(ascentMeters, forKey: .ascentMeters)
        try c.encodeIfPresent(descentMeters, forKey: .descentMeters)
        try c.encode(pointCount, forKey: .pointCount)
        try c.encode(timedPointCount, forKey: .timedPointCount)
        try c.encode(segmentCount, forKey: .segmentCount)
        try c.encodeIfPresent(bounds, forKey: .bounds)
        try c.encode(prunedAt != nil, forKey: .pruned)
        try c.encodeIfPresent(prunedAt, forKey: .prunedAt)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encodeIfPresent(fileTime, forKey: .fileTime)
        try c.encode(date, forKey: .date)
        try c.encode(dateSource, forKey: .dateSource)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: String, name: String?, source: WalkSource, sourceFile: String?, state: WalkState, startedAt: Date?,
        endedAt: Date?, distanceMeters: Double, elapsedSeconds: Double?, movingSeconds: Double?, ascentMeters: Double?,
        descentMeters: Double?, pointCount: Int, timedPointCount: Int, segmentCount: Int, bounds: WalkBounds?,
        prunedAt: Date?, createdAt: Date, fileTime: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.source = source
        self.sourceFile = sourceFile
        self.state = state
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
        self.pointCount = pointCount
        self.timedPointCount = timedPointCount
        self.segmentCount = segmentCount
        self.bounds = bounds
        self.prunedAt = prunedAt
        self.createdAt = createdAt
        self.fileTime = fileTime
    }

    /// The figures `metrics` works out, in place of these (a walk being
    /// recorded, read as it is so far).
    mutating func setFigures(_ metrics: WalkMetrics) {
        startedAt = metrics.startTimeMilliseconds.map(Timestamp.date(milliseconds:))
        endedAt = metrics.endTimeMilliseconds.map(Timestamp.date(milliseconds:))
        distanceMeters = metrics.distanceMeters
        elapsedSeconds = metrics.elapsedSeconds
        movingSeconds = metrics.movingSeconds
        ascentMeters = metrics.ascentMeters
        descentMeters = metrics.descentMeters
        pointCount = metrics.pointCount
        timedPointCount = metrics.timedPointCount
        segmentCount = metrics.segmentCount
        bounds = metrics.bounds
    }
}
