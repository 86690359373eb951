import Foundation
import LifeCore
import LifeDB

/// WALK-2: start → append points as they come → stop → saved. Each point is
/// committed on its own as it arrives, so a crash loses none; the next start
/// finds the interrupted walk and offers to resume or finish it.
extension WalksStore {
    /// The walk whose recording was started and not finished, if any.
    public func interruptedRecording() throws -> Recording? { try read { try $0.interruptedRecording() } }

    /// Starts a new recording. Refused while another is interrupted: it holds
    /// points the owner walked, so it must be resumed or finished first
    /// (decided again when the first point is stored). Nothing is written
    /// until the first point is stored (`append`), so a recording that ends
    /// without a point leaves the database as it was.
    public func startRecording(name: String? = nil) throws -> Recording {
        let name = try WalksRules.name(name)
        try read { try $0.refuseWhileInterrupted() }
        return Recording(
            walkID: UUID().uuidString.lowercased(), name: name, createdAt: clock.now(), pointCount: 0,
            lastTimeMilliseconds: nil, isStored: false)
    }

    /// The interrupted recording, to append to again.
    public func resumeRecording() throws -> Recording { try read { try $0.resumeRecording() } }

    /// Stores one point, committed at once. A point less accurate than 50 m
    /// is dropped (WALK-2); a point more than a day ahead of the clock, or
    /// earlier than the last one stored, is refused (time never goes backwards within a walk) and nothing is
    /// stored. The last point and the point's number are read under the
    /// write lock, so another process appending to the same walk meanwhile
    /// loses nothing.
    @discardableResult
    public func append(_ point: LivePoint, to recording: inout Recording) throws -> LivePointOutcome {
        try WalksRules.checkLivePoint(point)
        try WalksRules.checkLiveTime(point.timeMilliseconds, now: clock.now(), field: "time")
        if let accuracy = point.accuracyMeters, accuracy > WalksRules.maximumAccuracyMeters {
            recording.droppedCount += 1
            return .droppedForAccuracy
        }
        let current = recording
        let (_, stored) = try write { try $0.append(point, to: current) }
        recording.isStored = true
        recording.pointCount = stored
        recording.lastTimeMilliseconds = point.timeMilliseconds
        return .stored
    }

    /// Stops the recording and saves the walk (see the walk ID form below);
    /// a recording that never stored a point was never written and answers
    /// nil without touching the database.
    public func finishRecording(_ recording: Recording) throws -> WalkSummary? {
        guard recording.isStored else { return nil }
        return try finishRecording(recording.walkID)
    }

    /// Stops the recording and saves the walk: its points become the compact
    /// encoding with a summary, in one transaction. A recording without a
    /// single point leaves nothing behind and answers nil.
    public func finishRecording(_ walkID: String) throws -> WalkSummary? {
        try write { try $0.finishRecording(walkID) }
    }
}
