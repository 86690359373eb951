import Foundation

/// A walk being recorded (WALK-2): its id and where the feed has got to.
public struct Recording: Sendable, Equatable {
    public let walkID: String
    public let name: String?
    /// When the recording was started (the row's creation).
    public let createdAt: Date
    /// Points stored so far.
    public internal(set) var pointCount: Int
    /// Time of the last stored point; a new point may not be earlier.
    public internal(set) var lastTimeMilliseconds: Int64?
    /// Points dropped in this session for poor accuracy.
    public internal(set) var droppedCount: Int = 0
    /// Whether the walk's row exists: a new recording is written with its
    /// first stored point, so one that never gets a point changes nothing.
    public internal(set) var isStored: Bool = true

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        walkID: String, name: String?, createdAt: Date, pointCount: Int, lastTimeMilliseconds: Int64?,
        droppedCount: Int = 0,
        isStored: Bool = true
    ) {
        self.walkID = walkID
        self.name = name
        self.createdAt = createdAt
        self.pointCount = pointCount
        self.lastTimeMilliseconds = lastTimeMilliseconds
        self.droppedCount = droppedCount
        self.isStored = isStored
    }
}
