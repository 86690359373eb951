import Foundation
import LifeKitTestSupport
import Testing

/// SPEC WALK-9 end to end: a walk that `walks record` is recording is read
/// by other `lifectl` processes between its points (`show`, `list`,
/// `doodle`), and gzip-compressed GPX and values no walk can have are
/// imported as WALK-9 says.
@Suite(.tags(.endToEnd)) struct WalksLiveCommandTests {
    /// `walks record` fed through a FIFO, one point at a time; after each
    /// point is acknowledged (`--ack`), other processes read the walk.
    @Test func aWalkIsReadWhileItIsBeingRecorded() throws {
        let cli = try Lifectl(now: "2026-01-01T00:05:00Z")
        // 0.000898315° of longitude on the equator is 100.0000 m (a = 6,378,137 m).
        let script = """
            set -e
            mkfifo feed
            ( "$L" walks record --name Evening --ack <feed 2>acks.txt; echo $? >record-status ) &
            exec 3>feed
            wait_for() { i=0; until grep -q "$1" "$2" 2>/dev/null; do i=$((i+1)); [ $i -gt 600 ] && exit 9; sleep 0.05; done; }
            echo "0,0,2026-01-01T00:00:00Z" >&3
            wait_for "^ack 1 1$" acks.txt
            "$L" walks list --json >list1.json
            "$L" walks list >list1.txt
            id=$(sed -n 's/^ *"id" : "\\(.*\\)",$/\\1/p' list1.json)
            "$L" walks show "$id" --json >show1.json
            echo "0,0.000898315,2026-01-01T00:01:00Z" >&3
            wait_for "^ack 2 2$" acks.txt
            "$L" walks show "$id" --json >show2.json
            "$L" walks show "$id" --no-sketch >show2.txt
            "$L" walks list >list2.txt
            "$L" walks doodle "$id" --svg live.svg
            exec 3>&-
            wait_for . record-status
            "$L" walks show "$id" --json >show3.json
            """
        let result = try cli.run([], timeoutSeconds: 120, shellScript: script)
        #expect(result.status == 0, "\(result.stderr)")
        func walk(_ file: String) throws -> [String: Any] {
            let text = try String(contentsOfFile: cli.path(file), encoding: .utf8)
            return try #require(try WalksCommandTests.json(text)["walk"] as? [String: Any])
        }
        // After the first point: recording, a start, nothing walked yet.
        let first = try walk("show1.json")
        #expect(first["state"] as? String == "recording")
        #expect(first["pointCount"] as? Int == 1)
        #expect(first["distanceMeters"] as? Double == 0)
        #expect(first["startedAt"] as? String == "2026-01-01T00:00:00Z")
        let list1 = try String(contentsOfFile: cli.path("list1.txt"), encoding: .utf8)
        #expect(list1.contains("2026-01-01 00:00  Evening    0.0 km  0:00:00 recording     –  "), "\(list1)")

        // After the second: 100 m in a minute, 10:00 a kilometre.
        let second = try walk("show2.json")
        #expect(second["state"] as? String == "recording")
        #expect(second["pointCount"] as? Int == 2)
        #expect(abs((second["distanceMeters"] as? Double ?? 0) - 100) < 0.01)
        #expect(second["elapsedSeconds"] as? Double == 60)
        #expect(second["movingSeconds"] as? Double == 60)
        #expect(abs((second["paceSecondsPerKilometer"] as? Double ?? 0) - 600) < 0.1)
        let shown = try String(contentsOfFile: cli.path("show2.txt"), encoding: .utf8)
        #expect(
            shown.contains(
                "state     recording: started 2026-01-01 00:05, last point 2026-01-01 00:01; the figures so far"),
            "\(shown)")
        #expect(shown.contains("duration  0:01:00 (moving 0:01:00)"))
        #expect(shown.contains("pace      10:00 /km"))
        let list2 = try String(contentsOfFile: cli.path("list2.txt"), encoding: .utf8)
        #expect(list2.contains("Evening    0.1 km  0:01:00 recording  10:00 /km"), "\(list2)")
        let svg = try String(contentsOfFile: cli.path("live.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("<path"))

        // Finished when the feed closed, with the figures read last.
        #expect(try String(contentsOfFile: cli.path("record-status"), encoding: .utf8) == "0\n")
        let finished = try walk("show3.json")
        #expect(finished["state"] as? String == "finished")
        #expect(finished["distanceMeters"] as? Double == second["distanceMeters"] as? Double)
        #expect(finished["movingSeconds"] as? Double == 60)
    }

    static let fixture: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/gpx/mtk_logger_m241_multiple_tracks.gpx.gz").path
    }()

    /// GPSBabel's MTK file: 6 walks, the impossible elevation dropped with a
    /// warning naming file and line, on stderr and in `--json`.
    @Test func theMTKFileImportsWithAWarning() throws {
        let cli = try Lifectl()
        let file = cli.path("m241.gpx.gz")
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: file)
        let result = try cli.run("walks", "import", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("imported \(file): 6 walks\n"), "\(result.stdout)")
        #expect(
            result.stderr
                == "warning: \(file):3928: ele -672.156 is out of range (an elevation is from -500 to 9,000 metres); "
                + "the point is kept without an elevation\n")
        #expect(try cli.sqlite("SELECT count(*), sum(point_count) FROM walks") == "6|14263")

        let other = try Lifectl()
        let json = try other.run("walks", "import", file, "--json")
        #expect(json.status == 0)
        #expect(json.stderr == "")
        let report = try #require((try WalksCommandTests.json(json.stdout)["files"] as? [[String: Any]])?.first)
        #expect(report["droppedElevations"] as? Int == 1)
        #expect(report["droppedTimes"] as? Int == 0)
        let warnings = try #require(report["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["line"] as? Int == 3928)
        #expect(warnings.first?["element"] as? String == "ele")
        #expect(warnings.first?["value"] as? String == "-672.156")
    }

    /// A folder's .gpx.gz files are imported in name order with its .gpx
    /// ones; a damaged one is refused by name (65) and the others kept; the
    /// same text compressed or not is one file.
    @Test func aFolderOfCompressedFilesIsImported() throws {
        let cli = try Lifectl()
        let folder = cli.path("exports")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let walk = { (name: String, lon: String) in
            WalksFidelityTests.gpx(
                name: name, points: "<trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1\" lon=\"\(lon)\"/>\n")
        }
        let script = """
            set -e
            cd exports
            printf '%s' '\(walk("A", "2.001"))' >a.gpx
            printf '%s' '\(walk("B", "2.002"))' | gzip -9n >b.gpx.gz
            printf '%s' '\(walk("C", "2.003"))' | gzip -9n >C.GPX.GZ
            printf '%s' '\(walk("A", "2.001"))' | gzip -9n >d-same-as-a.gpx.gz
            printf '%s' '\(walk("E", "2.004"))' | gzip -9n | head -c 30 >e-cut.gpx.gz
            printf 'not a walk' | gzip -9n >notes.txt.gz
            """
        #expect(try cli.shell(script).status == 0)
        let result = try cli.run("walks", "import", folder)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: \(folder)/e-cut.gpx.gz: the gzip data ends early (truncated?); nothing was imported"),
            "\(result.stderr)")
        #expect(result.stdout.contains("skipped \(folder)/d-same-as-a.gpx.gz: already imported"), "\(result.stdout)")
        #expect(result.stdout.contains("5 files: 3 imported (3 walks), 1 already imported, 1 failed"))
        #expect(
            try cli.sqlite(
                "SELECT group_concat(name || ':' || source_file, ' ') FROM (SELECT * FROM walks ORDER BY name)")
                == "A:a.gpx B:b.gpx.gz C:C.GPX.GZ")
    }
}
