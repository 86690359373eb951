import Foundation
import LifeKitTestSupport
import Testing

/// Untimed walks in `walks list` sort by their file's own time
/// (`<metadata><time>`, GPX 1.0's `<gpx><time>`) when it has one (migration
/// 0008, `walks.file_time`), not by when they were imported (WALK-4).
@Suite(.tags(.endToEnd)) struct WalksFileTimeTests {
    /// An untimed one-track file named `name`, its metadata time `time` (none when nil).
    static func untimed(_ name: String, time: String?, version: String = "1.1") -> String {
        let stamp = time.map { version == "1.0" ? "<time>\($0)</time>" : "<metadata><time>\($0)</time></metadata>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="\(version)" creator="test">
              \(stamp ?? "")
              <trk><name>\(name)</name><trkseg>
                <trkpt lat="0" lon="0"></trkpt>
                <trkpt lat="0" lon="0.001"></trkpt>
              </trkseg></trk>
            </gpx>
            """
    }

    static func names(_ cli: Lifectl) throws -> [String] {
        let list = try cli.run("walks", "list", "--json")
        #expect(list.status == 0, "\(list.stderr)")
        let walks = try #require(try WalksCommandTests.json(list.stdout)["walks"] as? [[String: Any]])
        return walks.compactMap { $0["name"] as? String }
    }

    @Test func metadataTimesInvertTheImportOrder() throws {
        let cli = try Lifectl()
        // Imported first, made last; imported last, made first.
        let summer = try WalksCommandTests.write(
            Self.untimed("Summer", time: "2026-06-01T09:00:00Z"), "summer.gpx", in: cli)
        let spring = try WalksCommandTests.write(
            Self.untimed("Spring", time: "2026-03-01T09:00:00+02:00", version: "1.0"), "spring.gpx", in: cli)
        let undated = try WalksCommandTests.write(Self.untimed("Undated", time: nil), "undated.gpx", in: cli)
        for (file, now) in [
            (summer, "2026-11-20T12:00:00Z"), (spring, "2026-11-21T12:00:00Z"), (undated, "2026-11-22T12:00:00Z"),
        ] {
            let result = try cli.run(["walks", "import", file], extraEnvironment: ["LIFECTL_NOW": now])
            #expect(result.status == 0, "\(result.stderr)")
        }
        // Undated falls back to its import (2026-11-22), the newest; then the
        // files' own times: June before March, against their import order.
        #expect(try Self.names(cli) == ["Undated", "Summer", "Spring"])
        #expect(
            try cli.sqlite("SELECT name || '=' || coalesce(file_time, '-') FROM walks ORDER BY name")
                == "Spring=2026-03-01 07:00:00.000\nSummer=2026-06-01 09:00:00.000\nUndated=-")
        #expect(try cli.run("db", "check").status == 0)
    }

    @Test func aTimedWalkKeepsItsOwnStart() throws {
        let cli = try Lifectl()
        // The file says 2026-12-31, but its points say 2026-01-01 08:00.
        let timed = WalksCommandTests.morning.replacingOccurrences(
            of: "<wpt ", with: "<metadata><time>2026-12-31T00:00:00Z</time></metadata><wpt ")
        let file = try WalksCommandTests.write(timed, "morning.gpx", in: cli)
        let later = try WalksCommandTests.write(
            Self.untimed("Later", time: "2026-02-01T00:00:00Z"), "later.gpx", in: cli)
        #expect(try cli.run("walks", "import", file, later).status == 0)
        #expect(try Self.names(cli) == ["Later", "Morning"])
    }

    /// The list's date column is the date it is ordered by, and says what
    /// it is: the file's own time `(file)`, the import `(added)`, or the
    /// first point; `show` and `--json` agree, and `prune` dates walks so.
    @Test func theListShowsTheDateItIsOrderedBy() throws {
        let cli = try Lifectl()
        let summer = try WalksCommandTests.write(
            Self.untimed("Summer", time: "2026-06-01T09:00:00Z"), "summer.gpx", in: cli)
        let undated = try WalksCommandTests.write(Self.untimed("Undated", time: nil), "undated.gpx", in: cli)
        let morning = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", summer, undated, morning).status == 0)

        let list = try cli.run("walks", "list")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(list.stdout)")
        // Newest first: 2026-11-22 (the import, LIFECTL_NOW), June (the
        // file's time), 2026-01-01 (the first point).
        #expect(lines[1].hasPrefix("2026-11-22 12:00 (added)  Undated "), "\(list.stdout)")
        #expect(lines[2].hasPrefix("2026-06-01 09:00 (file)   Summer "), "\(list.stdout)")
        #expect(lines[3].hasPrefix("2026-01-01 08:00          Morning "), "\(list.stdout)")

        let json = try cli.run("walks", "list", "--json")
        let walks = try #require(try WalksCommandTests.json(json.stdout)["walks"] as? [[String: Any]])
        #expect(
            walks.compactMap { $0["date"] as? String } == [
                "2026-11-22T12:00:00Z", "2026-06-01T09:00:00Z", "2026-01-01T08:00:00Z",
            ])
        #expect(walks.compactMap { $0["dateSource"] as? String } == ["added", "file", "start"])
        #expect(walks[1]["fileTime"] as? String == "2026-06-01T09:00:00Z")

        let id = try #require(walks[1]["id"] as? String)
        let shown = try cli.run("walks", "show", id, "--sketch", "off")
        #expect(shown.stdout.contains("date      2026-06-01 09:00 (its file's time; the walk has no times)\n"))

        // Before July: Morning (January) and Summer (its file's June), not
        // Undated (added in November).
        let pruned = try cli.run("walks", "prune", "--before", "2026-07-01", "--yes", "--json")
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(
            try cli.sqlite("SELECT name FROM walks WHERE pruned_at IS NOT NULL ORDER BY name") == "Morning\nSummer")
    }
}
