import Foundation
import LifeKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `lifectl walks` end to end: the built binary, a temp database, a pinned
/// clock (SPEC WALK-1, WALK-2, WALK-7, WALK-8, CORE-7, REL-3).
@Suite(.tags(.endToEnd)) struct WalksCommandTests {
    /// A GPX 1.1 file with one two-segment track, a waypoint and an empty track.
    static let morning = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="45.0" lon="14.0"><name>start</name></wpt>
          <trk><name>Morning</name><trkseg>
            <trkpt lat="0" lon="0"><ele>10</ele><time>2026-01-01T08:00:00Z</time></trkpt>
            <trkpt lat="0" lon="0.001"><ele>12</ele><time>2026-01-01T08:01:30Z</time></trkpt>
          </trkseg><trkseg>
            <trkpt lat="0" lon="0.002"><ele>11</ele><time>2026-01-01T08:05:00Z</time></trkpt>
            <trkpt lat="0" lon="0.003"><ele>15</ele><time>2026-01-01T08:06:30Z</time></trkpt>
          </trkseg></trk>
          <trk><name>Empty</name><trkseg></trkseg></trk>
        </gpx>

        """

    /// 0.001° of longitude on the equator: a·π/180 / 1000 metres (a = 6,378,137 m).
    static let milliDegreeMeters = 6_378_137.0 * Double.pi / 180 / 1000

    static func write(_ text: String, _ name: String, in cli: Lifectl) throws -> String {
        let path = cli.path(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func importListShowAndTheSameFileTwice() throws {
        let cli = try Lifectl()
        let file = try Self.write(Self.morning, "morning.gpx", in: cli)
        let first = try cli.run("walks", "import", file)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("imported \(file): 1 walk; ignored 1 waypoint, 1 empty track"))
        // Two segments of 0.001° each: 2 × 111.3 m = 0.2 km; the gap is not walked.
        #expect(first.stdout.contains("Morning  0.2 km  0:06:30"))
        let again = try cli.run("walks", "import", file)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("skipped \(file): already imported"))
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "1")

        let list = try cli.run("walks", "list", "--json")
        let walks = try #require(try Self.json(list.stdout)["walks"] as? [[String: Any]])
        #expect(walks.count == 1)
        let walk = try #require(walks.first)
        let distance = try #require(walk["distanceMeters"] as? Double)
        #expect(abs(distance - 2 * Self.milliDegreeMeters) < 0.01)
        #expect(walk["elapsedSeconds"] as? Double == 390)
        #expect(walk["startedAt"] as? String == "2026-01-01T08:00:00Z")
        // Moving: two 90 s steps at 1.24 m/s; the 210 s between segments is not moving.
        #expect(walk["movingSeconds"] as? Double == 180)
        #expect(walk["segmentCount"] as? Int == 2)
        let id = try #require(walk["id"] as? String)

        let show = try cli.run("walks", "show", String(id.prefix(8)))
        #expect(show.status == 0)
        #expect(show.stdout.contains("distance  0.2 km"))
        #expect(show.stdout.contains("duration  0:06:30 (moving 0:03:00)"))
        // Pace 180 s / 0.222639 km = 808.48 s/km, shown to the second.
        #expect(show.stdout.contains("pace      13:28 /km"))
        #expect(show.stdout.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })

        let table = try cli.run("walks", "list")
        #expect(table.stdout.contains("2026-01-01 08:00  Morning"))
        #expect(try cli.run("settings", "set", "--units", "imperial").status == 0)
        // 222.6 m = 0.138 mi → 0.1 mi.
        #expect(try cli.run("walks", "list").stdout.contains("0.1 mi"))
    }

    static let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/gpx").path

    /// Issue 4's "done when": every shared fixture imports, or is reported as
    /// having no tracks, and the walks' lengths add up to the GeographicLib sum
    /// (scripts/oracles/gpx_fixture_oracle.py: 25,163.995377 + 56.906208 +
    /// 8,643.667620 + 2,285.049694 + 3,985.565989 + 85.987415 m) within 0.01 %.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: fixtureFolder),
            "../shared/fixtures/gpx is absent: fixture import skipped"))
    func everySharedFixtureImports() throws {
        let cli = try Lifectl()
        let result = try cli.run("walks", "import", Self.fixtureFolder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("6 files: 4 imported (6 walks), 2 without tracks"))
        #expect(result.stdout.contains("gpxpy_route.gpx: nothing imported; ignored 1 route (55 points)"))
        #expect(result.stdout.contains("gpxpy_gpx_with_garmin_extension.gpx: nothing imported; ignored 1 waypoint"))
        let total = try #require(Double(try cli.sqlite("SELECT sum(distance_m) FROM walks")))
        #expect(abs(total - 40_221.172303) / 40_221.172303 < 1e-4)
        #expect(try cli.run("db", "check").status == 0)
    }

    @Test func oneBadFileDoesNotStopTheOthers() throws {
        let cli = try Lifectl()
        let good = try Self.write(Self.morning, "in/a-good.gpx", in: cli)
        _ = good
        let bad = Self.morning.replacingOccurrences(of: "lat=\"0\" lon=\"0.002\"", with: "lat=\"91\" lon=\"0.002\"")
        _ = try Self.write(bad, "in/b-bad.gpx", in: cli)
        _ = try Self.write(String(Self.morning.prefix(400)), "in/c-truncated.gpx", in: cli)
        let route = """
            <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
            <rte><rtept lat="1" lon="1"/><rtept lat="1" lon="2"/></rte></gpx>

            """
        _ = try Self.write(route, "in/d-route.gpx", in: cli)
        _ = try Self.write("not a gpx", "in/notes.txt", in: cli)
        let result = try cli.run("walks", "import", cli.path("in"), cli.path("missing.gpx"))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.contains("imported \(cli.path("in/a-good.gpx"))"))
        #expect(result.stderr.contains("b-bad.gpx:"))
        #expect(result.stderr.contains("b-bad.gpx:8: lat 91"))
        #expect(result.stderr.contains("c-truncated.gpx"))
        #expect(result.stderr.contains("missing.gpx: no such file"))
        #expect(
            result.stdout.contains(
                "no tracks in \(cli.path("in/d-route.gpx")): nothing imported; ignored 1 route (2 points)"))
        #expect(result.stdout.contains("5 files: 1 imported (1 walk), 1 without tracks, 3 failed"))
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "1")
        #expect(try cli.sqlite("SELECT source_file FROM walks") == "a-good.gpx")
    }

    /// Issue 4's broken files, all in one import beside a good one with a BOM
    /// and CRLF line ends: each refused with its file and line, exit 65,
    /// nothing of it saved, the good one still imported. A time going
    /// backwards is no longer among them (WALK-9): that time is dropped
    /// with a warning naming the line, and its file imported.
    @Test func brokenFilesNameFileAndLineAndTheGoodOneStillImports() throws {
        let cli = try Lifectl()
        let crlf = "\u{FEFF}" + Self.morning.replacingOccurrences(of: "\n", with: "\r\n")
        _ = try Self.write(crlf, "in/0-bom-crlf.gpx", in: cli)
        // Each: the file's text, and the line the error must name (the morning file's
        // second segment's first point is on line 8).
        let broken: [(name: String, text: String, line: Int)] = [
            (
                "lat91",
                Self.morning.replacingOccurrences(of: "lat=\"0\" lon=\"0.002\"", with: "lat=\"91\" lon=\"0.002\""), 8
            ),
            (
                "nan",
                Self.morning.replacingOccurrences(of: "lat=\"0\" lon=\"0.002\"", with: "lat=\"NaN\" lon=\"0.002\""), 8
            ),
            ("mismatched", Self.morning.replacingOccurrences(of: "</trkseg><trkseg>", with: "</trk><trkseg>"), 7),
            ("truncated", String(Self.morning.prefix(Self.morning.count - 40)), 11),  // cut inside line 11
        ]
        for file in broken { _ = try Self.write(file.text, "in/\(file.name).gpx", in: cli) }
        _ = try Self.write(
            Self.morning.replacingOccurrences(of: "2026-01-01T08:05:00Z", with: "2026-01-01T07:05:00Z"),
            "in/backwards.gpx", in: cli)
        let result = try cli.run("walks", "import", cli.path("in"))
        #expect(result.status == 65)
        #expect(result.stdout.contains("imported \(cli.path("in/0-bom-crlf.gpx")): 1 walk"))
        #expect(result.stdout.contains("imported \(cli.path("in/backwards.gpx")): 1 walk"))
        #expect(
            result.stderr.contains(
                "warning: \(cli.path("in/backwards.gpx")):8: time 2026-01-01T07:05:00Z is out of order with the "
                    + "track's times around it (2026-01-01T08:01:30Z before it, 2026-01-01T08:06:30Z after it); time "
                    + "never goes backwards within a track; the point is kept without a time\n"), "\(result.stderr)")
        for file in broken {
            let prefix = "error: \(cli.path("in/\(file.name).gpx")):"
            let line = result.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) }
            #expect(line != nil, "\(file.name): \(result.stderr)")
            // The line number: where the fault is, or (for a truncated file) at its end.
            let number = line.flatMap { Int($0.dropFirst(prefix.count).prefix { $0.isNumber }) }
            #expect(number == file.line, "\(file.name): \(line ?? "")")
        }
        #expect(
            try cli.sqlite(
                "SELECT group_concat(source_file || ':' || timed_point_count, ' ') FROM (SELECT * FROM walks ORDER BY source_file)"
            )
                == "0-bom-crlf.gpx:4 backwards.gpx:3")
    }

    /// Four processes importing the same file at once: one imports it, the
    /// others say it was already imported, none fails (WALK-1, CORE-2).
    @Test func theSameFileFromFourProcessesAtOnceIsImportedOnce() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/walks/ridge-loop.gpx").path
        var processes: [(Process, Pipe)] = []
        for _ in 0..<4 {
            let process = Process()
            process.executableURL = try Lifectl.binary()
            process.arguments = ["walks", "import", file]
            process.environment = cli.environment
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            processes.append((process, out))
        }
        for (process, _) in processes { try process.run() }
        var outputs: [String] = []
        for (process, out) in processes {
            outputs.append(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(outputs.filter { $0.hasPrefix("imported ") }.count == 1, "\(outputs)")
        #expect(outputs.filter { $0.hasPrefix("skipped ") }.count == 3, "\(outputs)")
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "1")
    }

    @Test func anEntityDeclarationIsRefusedNamingFileAndLine() throws {
        let cli = try Lifectl()
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
              <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
              <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
              <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
            ]>
            <gpx version="1.1"><trk><name>&c;</name><trkseg><trkpt lat="1" lon="1"/></trkseg></trk></gpx>

            """
        let file = try Self.write(bomb, "bomb.gpx", in: cli)
        let result = try cli.run("walks", "import", file)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: \(file):2:"))
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "0")
    }

    @Test func recordSavesLinesAndReportsBadOnes() throws {
        let cli = try Lifectl()
        let feed = """
            lat,lon,time,ele,accuracy
            0,0,2026-11-22T08:00:00Z,10,5
            0,0.0001,2026-11-22T08:00:10Z,,5
            0,0.0002,2026-11-22T08:00:20Z,,80
            91,0,2026-11-22T08:00:25Z
            0,0.0002,2026-11-22T08:00:30Z,,3

            """
        let result = try cli.run(["walks", "record", "--name", "Evening", "--json"], stdin: feed)
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 5: latitude is 91"))
        let report = try Self.json(result.stdout)
        #expect(report["pointsStored"] as? Int == 3)
        #expect(report["pointsDropped"] as? Int == 1)
        #expect(report["linesRefused"] as? Int == 1)
        let walk = try #require(report["walk"] as? [String: Any])
        #expect(walk["name"] as? String == "Evening")
        #expect(walk["elapsedSeconds"] as? Double == 30)
        #expect(try cli.sqlite("SELECT state, point_count FROM walks") == "finished|3")
        #expect(try cli.sqlite("SELECT count(*) FROM walks_live_points") == "0")
    }

    /// WALK-2: a recording killed with SIGKILL keeps every point it had
    /// stored; the next start refuses until it is resumed or finished.
    @Test func aKilledRecordingIsFinishedWithEveryPoint() throws {
        let cli = try Lifectl()
        // Killed once all 20 are committed (the feed is live: each is saved as it arrives).
        try WalksImportTests.killedRecording(
            cli, lines: (0..<20).map { "0,\(Double($0) / 10_000),\(1_795_334_400 + $0 * 5)" }, total: 20)

        let refused = try cli.run("walks", "record")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("interrupted with 20 points saved"))
        #expect(refused.stderr.contains("--resume"))
        let finished = try cli.run("walks", "record", "--finish", "--json")
        #expect(finished.status == 0, "\(finished.stderr)")
        let walk = try #require(try Self.json(finished.stdout)["walk"] as? [String: Any])
        #expect(walk["pointCount"] as? Int == 20)
        #expect(walk["elapsedSeconds"] as? Double == 95)
        #expect(try cli.run("db", "check").status == 0)
    }

    @Test func doodleGalleryAndExportsWriteFiles() throws {
        let cli = try Lifectl()
        let file = try Self.write(Self.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        let id = try cli.sqlite("SELECT id FROM walks")
        #expect(try cli.run("walks", "doodle", id, "--svg", cli.path("d1.svg")).status == 0)
        #expect(try cli.run("walks", "doodle", id, "--svg", cli.path("d2.svg")).status == 0)
        let d1 = try String(contentsOfFile: cli.path("d1.svg"), encoding: .utf8)
        #expect(d1 == (try String(contentsOfFile: cli.path("d2.svg"), encoding: .utf8)))
        #expect(d1.contains("#36454F"))
        for format in ["svg", "html"] {
            let result = try cli.run("walks", "gallery", "--\(format)", cli.path("gallery.\(format)"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("a gallery of 1 walk"))
        }
        #expect(try cli.run("walks", "export", id, "--gpx", cli.path("out.gpx")).status == 0)
        #expect(try cli.run("walks", "export", id, "--geojson", cli.path("out.geojson")).status == 0)
        let geojson = try Self.json(try String(contentsOfFile: cli.path("out.geojson"), encoding: .utf8))
        #expect((geojson["geometry"] as? [String: Any])?["type"] as? String == "MultiLineString")

        // Importing the export into another database gives back the same walk.
        let other = try Lifectl()
        #expect(try other.run("walks", "import", cli.path("out.gpx")).status == 0)
        let columns = "distance_m, elapsed_s, moving_s, ascent_m, point_count, segment_count, started_at, hex(points)"
        #expect(try other.sqlite("SELECT \(columns) FROM walks") == (try cli.sqlite("SELECT \(columns) FROM walks")))
    }

    @Test func pruneAndDelete() throws {
        let cli = try Lifectl()
        let file = try Self.write(Self.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        let id = try cli.sqlite("SELECT id FROM walks")
        let none = try cli.run("walks", "prune", "--before", "2025-12-31", "--yes")
        #expect(none.stdout.hasPrefix("pruned 0 walks"))
        let pruned = try cli.run("walks", "prune", "--before", "2026-01-02", "--yes")
        #expect(pruned.stdout.hasPrefix("pruned 1 walk before 2026-01-02 (4 points dropped"))
        #expect(try cli.sqlite("SELECT points IS NULL, simplified IS NOT NULL, point_count FROM walks") == "1|1|4")
        #expect(try cli.run("walks", "doodle", id, "--svg", cli.path("d.svg")).status == 0)
        let export = try cli.run("walks", "export", id, "--gpx", "-")
        #expect(export.stderr.contains("pruned"))
        #expect(export.stdout.contains("<trkpt"))
        #expect(try cli.run("db", "check").status == 0)
        let deleted = try cli.run("walks", "delete", String(id.prefix(5)))
        #expect(deleted.status == 0)
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "0")
    }

    /// REL-3: each refused with its exit code and `error: …` naming the field,
    /// the database unchanged.
    @Test(arguments: [
        (["walks", "show", "zzzz"], "walk"),
        (["walks", "show", "abc"], "walk"),
        (["walks", "show", "0000000"], "walk '0000000' does not exist"),
        (["walks", "delete", "'; DROP TABLE walks; --"], "walk"),
        (["walks", "prune", "--before", "2026-02-30"], "--before"),
        (["settings", "set", "--units", "furlongs"], "--units"),
        (["walks", "record", "--finish"], "--finish"),
        (["walks", "record", "--resume"], "--resume"),
        (["walks", "gallery"], "--svg"),
        (["walks", "export", "0000"], "exactly one"),
        (["walks", "list", "--limit", "0"], "--limit"),
    ])
    func refused(arguments: [String], mention: String) throws {
        let cli = try Lifectl()
        let file = try Self.write(Self.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        let before = try cli.dump()
        let result = try cli.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains(mention), "\(result.stderr)")
        #expect(try cli.dump() == before)
    }

    @Test func aNameOverTheLimitRecordsNothing() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let before = try cli.dump()
        let result = try cli.run(
            ["walks", "record", "--name", String(repeating: "x", count: 201)], stdin: "0,0,1795334400\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("name is 201 characters; the limit is 200"))
        #expect(try cli.dump() == before)
    }
}
