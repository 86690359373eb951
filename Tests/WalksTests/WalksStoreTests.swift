import Foundation
import LifeCore
import LifeDB
import LifeKernel
import LifeKitTestSupport
import Testing
import Walks

/// WalksStore on a fresh temporary database each (SPEC WALK-1, WALK-2, WALK-4,
/// WALK-7, WALK-8), asserting on rows read back.
@Suite struct WalksStoreTests {
    static let now = "2026-11-22T12:00:00Z"

    static func makeStore(zone: String = "UTC", inMemory: Bool = false) throws -> (WalksStore, DatabaseQueue, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let instant = try #require(Timestamp.parseISO8601(now))
        let db = try TestDatabase.queue(
            path: inMemory ? ":memory:" : folder.appendingPathComponent("life.db").path, now: instant)
        let clock = Clock.fixed(instant)
        try TestDatabase.setTimeZone(zone, in: db)
        return (WalksStore(db, clock: clock), db, folder)
    }

    /// A live point `meters` east of (0°, 0°) at `seconds` after 2026-01-01T00:00:00Z.
    static func live(_ meters: Double, _ seconds: Double, accuracy: Double? = 5) -> LivePoint {
        let point = EquatorWalk.point(meters, seconds)
        return LivePoint(
            latitude: point.latitude, longitude: point.longitude, timeMilliseconds: point.timeMilliseconds ?? 0,
            accuracyMeters: accuracy)
    }

    static func content(_ db: DatabaseQueue) throws -> [Row] {
        try db.fetchAll("SELECT * FROM walks ORDER BY id") + db.fetchAll("SELECT * FROM walks_live_points")
    }

    // MARK: Recording (WALK-2)

    @Test func eachLivePointIsCommittedAsItArrives() throws {
        let (store, db, _) = try Self.makeStore()
        var recording = try store.startRecording(name: "Loop")
        for i in 0..<5 {
            try store.append(Self.live(Double(i) * 10, Double(i) * 10), to: &recording)
            // Read back outside any transaction: the point is already there.
            #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks_live_points") == i + 1)
        }
        let walk = try #require(try store.finishRecording(recording))
        // 4 steps of 10 m in 10 s each (moving: 1 m/s); quantizing to 1e-7° moves a point ≤ 0.6 cm.
        #expect(abs(walk.distanceMeters - 40) < 0.05)
        #expect(walk.elapsedSeconds == 40)
        #expect(walk.movingSeconds == 40)
        #expect(walk.pointCount == 5)
        #expect(walk.name == "Loop")
        #expect(walk.source == .recorded)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks_live_points") == 0)
        #expect(try db.fetchOne(String.self, "SELECT state FROM walks") == "finished")
        #expect(try store.invariantViolations() == [])
    }

    @Test func anInterruptedRecordingIsResumedOrFinishedNeverLost() throws {
        let (store, db, _) = try Self.makeStore()
        var first = try store.startRecording()
        try store.append(Self.live(0, 0), to: &first)
        try store.append(Self.live(10, 10), to: &first)
        // "Crash": the process is gone; a new start finds the interrupted walk.
        let interrupted = try #require(try store.interruptedRecording())
        #expect(interrupted.walkID == first.walkID)
        #expect(interrupted.pointCount == 2)
        #expect(interrupted.lastTimeMilliseconds == Self.live(10, 10).timeMilliseconds)
        let before = try Self.content(db)
        #expect(throws: LifeError.self) { try store.startRecording() }
        #expect(try Self.content(db) == before)
        var resumed = try store.resumeRecording()
        try store.append(Self.live(20, 20), to: &resumed)
        let walk = try #require(try store.finishRecording(resumed))
        #expect(walk.pointCount == 3)
        #expect(abs(walk.distanceMeters - 20) < 0.05)
        #expect(try store.interruptedRecording() == nil)
    }

    @Test func inaccuratePointsAreDroppedAndTimeMayNotGoBack() throws {
        let (store, db, _) = try Self.makeStore()
        var recording = try store.startRecording()
        #expect(try store.append(Self.live(0, 0, accuracy: 50), to: &recording) == .stored)
        #expect(try store.append(Self.live(5, 5, accuracy: 50.1), to: &recording) == .droppedForAccuracy)
        #expect(try store.append(Self.live(10, 10, accuracy: nil), to: &recording) == .stored)
        #expect(throws: LifeError.self) { try store.append(Self.live(20, 9), to: &recording) }
        // Equal timestamps are allowed (fast loggers).
        #expect(try store.append(Self.live(11, 10), to: &recording) == .stored)
        #expect(recording.droppedCount == 1)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks_live_points") == 3)
    }

    /// Two feeds resuming one recording (two processes, each with its copy
    /// of the `Recording`): each point is numbered and checked against what
    /// is stored when it is written, so all of both are kept, in the order
    /// they were stored; one earlier than the last stored point, from
    /// either, is refused.
    @Test func twoFeedsAppendingToOneRecordingKeepEveryPoint() throws {
        let (store, db, folder) = try Self.makeStore()
        var first = try store.startRecording()
        try store.append(Self.live(0, 0), to: &first)
        let other = WalksStore(
            try TestDatabase.queue(path: folder.appendingPathComponent("life.db").path, now: Date()),
            clock: store.clock)
        var a = try store.resumeRecording()
        var b = try other.resumeRecording()
        for i in 1...5 {
            try store.append(Self.live(Double(i) * 10, Double(i) * 10), to: &a)
            try other.append(Self.live(Double(i) * 10 + 5, Double(i) * 10), to: &b)
        }
        #expect(a.pointCount == 10)
        #expect(b.pointCount == 11)
        #expect(throws: LifeError.self) { try store.append(Self.live(0, 49), to: &a) }
        #expect(
            try db.fetchAll("SELECT seq FROM walks_live_points ORDER BY seq").map { try $0.get(Int.self, at: 0) }
                == Array(0...10))
        let walk = try #require(try other.finishRecording(b))
        #expect(walk.pointCount == 11)
        // The other copy's walk is finished: its next point is refused, not lost silently.
        #expect(throws: LifeError.self) { try store.append(Self.live(60, 60), to: &a) }
        #expect(try store.invariantViolations() == [])
    }

    @Test func aRecordingWithoutPointsLeavesNothing() throws {
        let (store, db, _) = try Self.makeStore()
        let recording = try store.startRecording()
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks") == 0)
        #expect(try store.finishRecording(recording) == nil)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks") == 0)
        // An interrupted row without points (written before the first point
        // by older versions) is still removed by finishing it.
        try db.execute(
            "INSERT INTO walks (id, source, state, created_at) VALUES ('00000000-0000-4000-8000-000000000001', 'recorded', 'recording', '2026-01-01 00:00:00.000')"
        )
        let old = try #require(try store.interruptedRecording())
        #expect(try store.finishRecording(old) == nil)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks") == 0)
    }

    @Test func liveLinesParseIsoAndUnixTimesAndRefuseNonsense() throws {
        let iso = try LivePoint.parse(csv: "45.5, 14.25, 2026-11-22T08:00:01.5Z, 120.5, 4", lineNumber: 1)
        #expect(iso.timeMilliseconds == 1_795_334_401_500)
        #expect(iso.elevationMeters == 120.5)
        #expect(iso.accuracyMeters == 4)
        let unix = try LivePoint.parse(csv: "45.5,14.25,1795334401.5", lineNumber: 2)
        #expect(unix.timeMilliseconds == 1_795_334_401_500)
        #expect(unix.elevationMeters == nil)
        for bad in ["91,0,1795334401", "0,181,1795334401", "nan,0,1795334401", "0,0,yesterday", "0,0", "0,0,1,2,3,4"] {
            #expect(throws: LifeError.self, "\(bad)") { try LivePoint.parse(csv: Substring(bad), lineNumber: 3) }
        }
    }

    /// Numbers in a line are decimal only (`DecimalInput`): hexadecimal,
    /// exponents and infinities were read by `Double(String)` before.
    @Test(arguments: [
        ("0x10,0,1795334401", "latitude is '0x10'"), ("0,1e2,1795334401", "longitude is '1e2'"),
        ("0,0,0x6B020601", "time is '0x6B020601'"), ("0,0,1.7953344e9", "time is '1.7953344e9'"),
        ("0,0,1795334401,inf", "elevation is 'inf'"), ("0,0,1795334401,,0x4", "accuracy is '0x4'"),
        ("0,0,1795334401,1E3", "elevation is '1E3'"),
    ])
    func liveLineNumbersAreDecimalOnly(line: String, message: String) throws {
        let error = #expect(throws: LifeError.self) { try LivePoint.parse(csv: Substring(line), lineNumber: 9) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message.hasPrefix("line 9: \(message)") == true, "\(error?.message ?? "")")
    }

    @Test func liveLineDecimalsStillRead() throws {
        let point = try LivePoint.parse(csv: "-33.9,+151.2,-1.5,.5,4.", lineNumber: 1)
        #expect(point.latitude == -33.9)
        #expect(point.longitude == 151.2)
        #expect(point.timeMilliseconds == -1_500)
        #expect(point.elevationMeters == 0.5)
        #expect(point.accuracyMeters == 4)
    }

    // MARK: Listing, prune, delete (WALK-4, WALK-7)

    /// Saves a recorded walk of `meters` east, 1 m/s, starting at `start` seconds after 2026-01-01.
    @discardableResult
    static func saveWalk(_ store: WalksStore, start: Double, meters: Int = 100) throws -> WalkSummary {
        var recording = try store.startRecording()
        for i in stride(from: 0, through: meters, by: 10) {
            try store.append(live(Double(i), start + Double(i)), to: &recording)
        }
        return try #require(try store.finishRecording(recording))
    }

    @Test func listIsNewestFirstAndPruneKeepsSummaryAndDoodle() throws {
        let (store, db, _) = try Self.makeStore()
        let january = try Self.saveWalk(store, start: 0)  // 2026-01-01
        let march = try Self.saveWalk(store, start: 86_400 * 70)  // 2026-03-12
        #expect(try store.list().map(\.id) == [march.id, january.id])
        let pruned = try store.prune(before: try #require(CivilDate(iso: "2026-02-01")))
        #expect(pruned.map(\.id) == [january.id])
        let after = try store.walk(january.id)
        #expect(after.prunedAt != nil)
        #expect(after.distanceMeters == january.distanceMeters)
        #expect(after.pointCount == january.pointCount)
        #expect(try store.points(january.id) == nil)
        #expect(try store.simplifiedPath(january.id).pointCount >= 2)
        #expect(try store.points(march.id)?.pointCount == 11)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks WHERE points IS NULL") == 1)
        // Pruning again changes nothing.
        #expect(try store.prune(before: try #require(CivilDate(iso: "2026-02-01"))).isEmpty)
        #expect(try store.invariantViolations() == [])
    }

    @Test func idsResolveByUniquePrefixAndDeleteRemovesEverything() throws {
        let (store, db, _) = try Self.makeStore()
        let walk = try Self.saveWalk(store, start: 0)
        #expect(try store.walk(String(walk.id.prefix(6))).id == walk.id)
        #expect(try store.walk(walk.id.uppercased()).id == walk.id)
        #expect(throws: LifeError.self) { try store.walk("abc") }  // too short
        #expect(throws: LifeError.self) { try store.walk("'; DROP TABLE walks; --") }
        #expect(throws: LifeError.self) { try store.walk("ffffffff-ffff") }
        try store.delete(String(walk.id.prefix(8)))
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks") == 0)
    }

    @Test func saveChecksPointsLikeAnImport() throws {
        let (store, db, _) = try Self.makeStore()
        let good = EquatorWalk.steps([(10, 10), (10, 10)])
        let saved = try store.save(Track(points: good), name: "  Lunch  ")
        #expect(saved.name == "Lunch")
        #expect(abs(saved.distanceMeters - 20) < 0.05)
        let before = try Self.content(db)
        let offGlobe = [TrackPoint(latitude: 91, longitude: 0)]
        #expect(throws: LifeError.self) { try store.save(Track(points: offGlobe)) }
        let backwards = [EquatorWalk.point(0, 10), EquatorWalk.point(10, 5)]
        #expect(throws: LifeError.self) { try store.save(Track(points: backwards)) }
        #expect(throws: LifeError.self) { try store.save(Track(segments: [[], []])) }
        #expect(throws: LifeError.self) { try store.save(Track(points: good), name: "\u{0}") }
        #expect(try Self.content(db) == before)
    }

    // MARK: Import and export (WALK-1, WALK-8)

    static let sampleGPX = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="45.0" lon="14.0"><name>start</name></wpt>
          <trk><name>Morning</name><trkseg>
            <trkpt lat="0" lon="0"><ele>10</ele><time>2026-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="0" lon="0.0001"><ele>12</ele><time>2026-01-01T00:00:10Z</time></trkpt>
          </trkseg><trkseg>
            <trkpt lat="0" lon="0.0002"><ele>11</ele><time>2026-01-01T00:01:00Z</time></trkpt>
            <trkpt lat="0" lon="0.0003"><ele>15</ele><time>2026-01-01T00:01:10Z</time></trkpt>
          </trkseg></trk>
          <trk><name>Empty</name><trkseg></trkseg></trk>
        </gpx>

        """

    @Test func importSavesEachTrackOnceAndSkipsTheSameFile() throws {
        let (store, db, folder) = try Self.makeStore()
        let file = folder.appendingPathComponent("morning.gpx")
        try Data(Self.sampleGPX.utf8).write(to: file)
        let result = try store.importGPX(path: file.path)
        #expect(result.outcome == .imported)
        #expect(result.walks.count == 1)
        #expect(result.emptyTracks == 1)
        #expect(result.ignoredWaypoints == 1)
        let walk = try #require(result.walks.first)
        // Two segments of 0.0001° each on the equator; the gap between them is not walked.
        #expect(abs(walk.distanceMeters - 2 * 0.0001 * EquatorWalk.metersPerDegree) < 0.01)
        #expect(walk.segmentCount == 2)
        #expect(walk.sourceFile == "morning.gpx")
        #expect(walk.name == "Morning")
        let again = try store.importGPX(path: file.path)
        #expect(again.outcome == .alreadyImported)
        #expect(again.walks.map(\.id) == [walk.id])
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM walks") == 1)
    }

    @Test func aMalformedFileSavesNothing() throws {
        let (store, db, folder) = try Self.makeStore()
        let file = folder.appendingPathComponent("bad.gpx")
        let broken = Self.sampleGPX.replacingOccurrences(of: "lon=\"0.0003\"", with: "lon=\"200\"")
        try Data(broken.utf8).write(to: file)
        let before = try Self.content(db)
        let error = try #require(throws: LifeError.self) { try store.importGPX(path: file.path) }
        #expect(error.exitCode == 65)
        #expect(error.message.contains("bad.gpx"))
        #expect(try Self.content(db) == before)
        let missing = try #require(throws: LifeError.self) {
            try store.importGPX(path: folder.appendingPathComponent("nope.gpx").path)
        }
        #expect(missing.exitCode == 66)
    }

    @Test func theGPXExportImportsBackAsTheSameWalk() throws {
        let (store, _, folder) = try Self.makeStore()
        let source = folder.appendingPathComponent("morning.gpx")
        try Data(Self.sampleGPX.utf8).write(to: source)
        let original = try #require(try store.importGPX(path: source.path).walks.first)
        let exported = folder.appendingPathComponent("export.gpx")
        try Data(GPXWriter.render(try #require(try store.points(original.id)), name: original.name).utf8)
            .write(to: exported)
        let (other, _, _) = try Self.makeStore()
        let copy = try #require(try other.importGPX(path: exported.path).walks.first)
        #expect(try other.points(copy.id) == (try store.points(original.id)))
        #expect(copy.distanceMeters == original.distanceMeters)
        #expect(copy.elapsedSeconds == original.elapsedSeconds)
        #expect(copy.movingSeconds == original.movingSeconds)
        #expect(copy.ascentMeters == original.ascentMeters)
        #expect(copy.startedAt == original.startedAt)
        #expect(copy.name == original.name)
    }

    @Test func geoJSONIsAMultiLineStringForTwoSegments() throws {
        let (store, _, folder) = try Self.makeStore()
        let source = folder.appendingPathComponent("morning.gpx")
        try Data(Self.sampleGPX.utf8).write(to: source)
        let walk = try #require(try store.importGPX(path: source.path).walks.first)
        let text = GeoJSONWriter.render(try #require(try store.points(walk.id)), summary: walk)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let geometry = try #require(object["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        let lines = try #require(geometry["coordinates"] as? [[[Double]]])
        #expect(lines.count == 2)
        #expect(lines[1][1] == [0.0003, 0, 15])
        let properties = try #require(object["properties"] as? [String: Any])
        #expect(properties["name"] as? String == "Morning")
    }
}
