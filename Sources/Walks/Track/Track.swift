/// A walk's points, in segments (SPEC WALK-1: a `<trk>`'s `<trkseg>`s are
/// kept; the gap between two segments counts neither as distance nor as
/// moving time). Segments may be empty.
public struct Track: Hashable, Sendable {
    public var segments: [[TrackPoint]]

    public init(segments: [[TrackPoint]]) {
        self.segments = segments
    }

    public init(points: [TrackPoint]) {
        self.segments = [points]
    }

    /// Every point of every segment, in order.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    public var isEmpty: Bool { pointCount == 0 }
}
