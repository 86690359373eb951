import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing
import Walks

/// SPEC WALK-9: a walk being recorded can be read at any moment, through the
/// store, with the figures of its points so far (WALK-3's rules), and is
/// listed, marked as recording. Points on the equator, where distances are
/// worked out by hand (`EquatorWalk`).
@Suite struct WalksLiveTests {
    /// A live point `meters` east of (0°, 0°) at `seconds` after 2026-01-01T00:00:00Z.
    static func live(_ meters: Double, _ seconds: Double, elevation: Double? = nil) -> LivePoint {
        var point = WalksStoreTests.live(meters, seconds)
        point.elevationMeters = elevation
        return point
    }

    /// 2026-01-01T00:00:00Z plus `seconds`.
    static func instant(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_767_225_600 + seconds) }

    @Test func aWalkBeingRecordedIsReadBetweenPoints() throws {
        let (store, _, _) = try WalksStoreTests.makeStore()
        var recording = try store.startRecording(name: "Evening")

        // One point: a start, no distance, no duration yet.
        try store.append(Self.live(0, 0, elevation: 10), to: &recording)
        var walk = try store.walk(recording.walkID)
        #expect(walk.state == .recording)
        #expect(walk.isRecording)
        #expect(walk.name == "Evening")
        #expect(walk.pointCount == 1)
        #expect(walk.distanceMeters == 0)
        #expect(walk.startedAt == Self.instant(0))
        #expect(walk.elapsedSeconds == nil)
        #expect(walk.paceSecondsPerKilometer == nil)

        // 100 m in 60 s: moving all the time, 600 s a kilometre.
        try store.append(Self.live(100, 60, elevation: 10), to: &recording)
        walk = try store.walk(String(recording.walkID.prefix(8)))
        #expect(abs(walk.distanceMeters - 100) < 0.02)
        #expect(walk.elapsedSeconds == 60)
        #expect(walk.movingSeconds == 60)
        #expect(abs((walk.paceSecondsPerKilometer ?? 0) - 600) < 0.2)
        #expect(walk.endedAt == Self.instant(60))
        #expect(walk.ascentMeters == 0)

        // Standing 180 s (a pause: slow for 120 s or more), then 150 m in
        // 60 s: 300 s elapsed, 120 s moving, 250 m, 480 s a kilometre;
        // climbing 10 → 13 → 16 m counts 6 m (the dead band is 2 m).
        try store.append(Self.live(100, 240, elevation: 13), to: &recording)
        try store.append(Self.live(250, 300, elevation: 16), to: &recording)
        walk = try store.walk(recording.walkID)
        #expect(abs(walk.distanceMeters - 250) < 0.02)
        #expect(walk.elapsedSeconds == 300)
        #expect(walk.movingSeconds == 120)
        #expect(abs((walk.paceSecondsPerKilometer ?? 0) - 480) < 0.1)
        #expect(walk.ascentMeters == 6)
        #expect(walk.descentMeters == 0)
        #expect(walk.pointCount == 4)
        #expect(walk.timedPointCount == 4)
        #expect(walk.bounds?.minLongitude == 0)
        #expect(abs((walk.bounds?.maxLongitude ?? 0) - 250 / EquatorWalk.metersPerDegree) < 1e-7)

        // The path so far, and the doodle's: the points lie on one line
        // (the equator), so the doodle keeps its two ends.
        let points = try #require(try store.points(recording.walkID))
        #expect(points.pointCount == 4)
        #expect(
            points.segments.first?.map(\.timeMilliseconds)
                == [0, 60, 240, 300].map { Int64?(1_767_225_600_000 + $0 * 1000) })
        let path = try store.simplifiedPath(recording.walkID)
        #expect(path.segments.first?.map(\.timeMilliseconds) == [Int64?(1_767_225_600_000), 1_767_225_900_000])

        // Finishing saves the figures the last read showed.
        let finished = try #require(try store.finishRecording(recording))
        #expect(finished.state == .finished)
        var asRead = walk
        asRead.state = .finished
        #expect(finished == asRead)
        #expect(try store.simplifiedPath(recording.walkID) == path)
        #expect(try store.invariantViolations() == [])
    }

    /// The list holds the walk being recorded at its start among the others,
    /// marked by its state, within `--limit`.
    @Test func theListHoldsTheWalkBeingRecordedInItsPlace() throws {
        let (store, _, _) = try WalksStoreTests.makeStore()
        // Finished walks on 2025-12-31 and on 2026-01-02; the live one starts 2026-01-01.
        let day = 86_400.0
        try store.save(Track(points: [EquatorWalk.point(0, -day), EquatorWalk.point(50, -day + 60)]), name: "Before")
        try store.save(Track(points: [EquatorWalk.point(0, day), EquatorWalk.point(50, day + 60)]), name: "After")
        var recording = try store.startRecording(name: "Now")
        try store.append(Self.live(0, 0), to: &recording)
        try store.append(Self.live(30, 30), to: &recording)

        let walks = try store.list()
        #expect(walks.map(\.displayName) == ["After", "Now", "Before"])
        #expect(walks.map(\.state) == [.finished, .recording, .finished])
        #expect(walks[1].elapsedSeconds == 30)
        #expect(try store.list(limit: 2).map(\.displayName) == ["After", "Now"])
        #expect(try store.list(limit: 1).map(\.displayName) == ["After"])
    }

    /// JSON says which walk is being recorded, and what dates each walk.
    @Test func jsonMarksTheRecordingAndTheDate() throws {
        let (store, _, _) = try WalksStoreTests.makeStore()
        var recording = try store.startRecording(name: nil)
        try store.append(Self.live(0, 0), to: &recording)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let json = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(try store.walk(recording.walkID))) as? [String: Any])
        #expect(json["state"] as? String == "recording")
        #expect(json["date"] as? String == "2026-01-01T00:00:00Z")
        #expect(json["dateSource"] as? String == "start")
    }
}
