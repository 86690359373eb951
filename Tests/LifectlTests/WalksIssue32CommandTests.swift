import Foundation
import LifeKitTestSupport
import Testing

/// Only Walks' part of issue 32 through the built `lifectl`: a live point in
/// the year 9999, `--gpx X.gz`, the walk sheet (`--pdf`), `walks stats`.
@Suite(.tags(.endToEnd)) struct WalksIssue32CommandTests {
    /// A point in the year 9999 among points of 2026 (LIFECTL_NOW is
    /// 2026-11-22T12:00:00Z) was stored, and made a walk of 69,890,748
    /// hours while every true point after it was refused as going back in
    /// time. Now that line is refused with its field and rule (exit 65) and
    /// the walk is the true one: 4 points, 3 minutes.
    @Test func aLivePointInTheYear9999IsRefused() throws {
        let cli = try Lifectl()
        let feed = """
            0,0,2026-11-22T10:00:00Z
            0,0.001,2026-11-22T10:01:00Z
            0,0.002,9999-01-01T00:00:00Z
            0,0.002,2026-11-22T10:02:00Z
            0,0.003,2026-11-22T10:03:00Z

            """
        let result = try cli.run(["walks", "record", "--json"], stdin: feed)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "error: stdin line 3: time is 9999-01-01T00:00:00Z, more than a day after now "
                + "(2026-11-22T12:00:00Z); a point's time is when it was measured, which cannot lie ahead of the "
                + "clock; skipped\n")
        #expect(
            try cli.sqlite("SELECT point_count, elapsed_s, ended_at FROM walks") == "4|180.0|2026-11-22 10:03:00.000")
        // A day ahead is clock skew, and allowed.
        let skew = try Lifectl()
        let ahead = try skew.run(["walks", "record"], stdin: "0,0,2026-11-23T11:59:59Z\n")
        #expect(ahead.status == 0, "\(ahead.stderr)")
    }

    /// `--gpx FILE.gz` writes gzip (what `gzip -dc` reads), and importing it
    /// gives back the same walk.
    @Test func aGPXExportNamedGzIsGzip() throws {
        let cli = try Lifectl()
        _ = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", cli.path("morning.gpx")).status == 0)
        let id = try cli.sqlite("SELECT id FROM walks")
        #expect(try cli.run("walks", "export", id, "--gpx", cli.path("out.gpx.gz")).status == 0)
        #expect(try cli.run("walks", "export", id, "--gpx", cli.path("out.gpx")).status == 0)
        let compressed = try Data(contentsOf: URL(fileURLWithPath: cli.path("out.gpx.gz")))
        #expect(Array(compressed.prefix(2)) == [0x1F, 0x8B])
        // The system's gzip reads it back to the plain export, byte for byte.
        #expect(try cli.shell("gzip -dc out.gpx.gz | cmp - out.gpx").status == 0)

        let other = try Lifectl()
        #expect(try other.run("walks", "import", cli.path("out.gpx.gz")).status == 0)
        let columns = "name, started_at, ended_at, distance_m, moving_s, point_count, segment_count, points"
        #expect(try other.sqlite("SELECT \(columns) FROM walks") == (try cli.sqlite("SELECT \(columns) FROM walks")))
    }

    /// `walks doodle --pdf` and `walks export --pdf`: an A4 sheet whose
    /// cross-reference table is exact, with the walk's name and figures.
    @Test func aWalkSheetIsAPDF() throws {
        let cli = try Lifectl()
        _ = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", cli.path("morning.gpx")).status == 0)
        let id = try cli.sqlite("SELECT substr(id, 1, 8) FROM walks")
        let doodle = try cli.run("walks", "doodle", id, "--pdf", cli.path("sheet.pdf"))
        #expect(doodle.status == 0, "\(doodle.stderr)")
        #expect(doodle.stdout == "wrote \(cli.path("sheet.pdf")): Morning, a walk sheet of 0.2 km\n")
        let export = try cli.run("walks", "export", id, "--pdf", cli.path("export.pdf"), "--json")
        #expect(export.status == 0)
        #expect(export.stdout.contains("\"format\" : \"pdf\"") || export.stdout.contains("\"format\":\"pdf\""))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cli.path("sheet.pdf"))))
        #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: cli.path("export.pdf")))))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4"))
        #expect(text.contains("/MediaBox [0 0 595 842]"))
        #expect(text.contains("(Morning) Tj"))
        #expect(text.contains("(0.2 km) Tj"))
        // Every object where the table says.
        let start = try #require(text.range(of: "startxref\n", options: .backwards))
        let table = try #require(Int(text[start.upperBound...].prefix { $0.isNumber }))
        let entries = String(decoding: bytes[table...], as: UTF8.self).split(separator: "\n").dropFirst(3)
        for (number, entry) in entries.prefix { $0.hasSuffix(" n ") }.enumerated() {
            let offset = try #require(Int(entry.prefix(10)))
            #expect(String(decoding: bytes[offset..<offset + 12], as: UTF8.self).hasPrefix("\(number + 1) 0 obj"))
        }
        // An existing file is kept without --force.
        #expect(try cli.run("walks", "doodle", id, "--pdf", cli.path("sheet.pdf")).status == 64)
    }

    /// `walks stats`: the figures, the achievements with their days, and
    /// the save completion of recordings; `lifectl stats` carries the same.
    @Test func statsShowAchievementsSessionsAndSaves() throws {
        let cli = try Lifectl()
        _ = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", cli.path("morning.gpx")).status == 0)
        // A recording saved (3 minutes on 2026-11-20) and one left open.
        let saved = try cli.run(
            ["walks", "record", "--name", "Saved"], stdin: "0,0,2026-11-20T09:00:00Z\n0,0.01,2026-11-20T09:03:00Z\n")
        #expect(saved.status == 0, "\(saved.stderr)")
        // As a crash leaves one: the walk's row and its first point, not finished.
        _ = try cli.sqlite(
            """
            INSERT INTO walks (id, name, source, state, created_at)
            VALUES ('00000000-0000-4000-8000-000000000001', 'Open', 'recorded', 'recording', '2026-11-22 11:00:00.000');
            INSERT INTO walks_live_points (walk_id, seq, latitude, longitude, time_ms)
            VALUES ('00000000-0000-4000-8000-000000000001', 0, 1, 1, 1795345200000);
            """)
        let text = try cli.run("walks", "stats")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("achievements: 1 of 10; latest: First walk, 2026-01-01"), "\(text.stdout)")
        #expect(text.stdout.contains("2026-01-01  First walk"), "\(text.stdout)")
        // The morning walk lasts 6:30, the saved recording 3:00: median 4:45.
        #expect(text.stdout.contains("walk length: median 0:04:45, mean 0:04:45 over 2 walks"), "\(text.stdout)")
        let json = try WalksCommandTests.json(try cli.run("walks", "stats", "--json").stdout)
        let walks = try #require(json["walks"] as? [String: Any])
        let completion = try #require(walks["saveCompletion"] as? [String: Any])
        #expect(completion["started"] as? Int == 2)
        #expect(completion["saved"] as? Int == 1)
        #expect(completion["rate"] as? Double == 0.5)
        #expect(text.stdout.contains("recordings saved: 1 of 2 (50%)"), "\(text.stdout)")
        let achievements = try #require((walks["achievements"] as? [String: Any])?["achievements"] as? [[String: Any]])
        #expect(achievements.first?["id"] as? String == "first-walk")
        #expect(achievements.first?["earnedOn"] as? String == "2026-01-01")
        let all = try cli.run("stats", "--product", "walks")
        #expect(all.stdout.contains("achievements: 1 of 10"), "\(all.stdout)")
    }
}
