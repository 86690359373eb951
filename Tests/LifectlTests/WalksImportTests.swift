import Foundation
import LifeKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `lifectl import` of Only Walks' rows, end to end (issue 17, SPEC CORE-12,
/// SYNC-4, WALK-1 … WALK-4): whatever saving or recording refuses, an import
/// refuses (exit 65 naming the table, the row and the column, the database
/// unchanged); a stored row beyond the limits is unreadable (65), never a
/// trap; an older export moves nothing back; a second import changes nothing.
@Suite(.tags(.endToEnd)) struct WalksImportTests {
    typealias Object = [String: Any]

    /// 2^63 − 1, the largest integer SQLite stores.
    static let largest = Int64.max
    /// 2^63 − 1 read as a REAL column does: 2^63, as Swift prints a Double.
    static let largestAsReal = "9.223372036854776e+18"
    /// The seconds from 0001-01-01 to 9999-12-31T23:59:59.999 UTC, grouped:
    /// (253,402,300,799.999 + 62,135,596,800) rounded down.
    static let yearsInSeconds = "315,537,897,599"

    /// A sandbox holding the Morning walk (WALK-1), and that walk's id.
    static func withWalk() throws -> (Lifectl, String) {
        let cli = try Lifectl()
        let file = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        let imported = try cli.run("walks", "import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        return (cli, try cli.sqlite("SELECT id FROM walks"))
    }

    /// A sandbox with a database and nothing in it.
    static func empty() throws -> Lifectl {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        return cli
    }

    /// Starts `walks record`, feeds it `lines` and kills it (SIGKILL) once
    /// `total` live points are stored: an interrupted recording, as a crash
    /// leaves it (WALK-2).
    static func killedRecording(_ cli: Lifectl, lines: [String], total: Int) throws {
        let process = Process()
        process.executableURL = try Lifectl.binary()
        process.arguments = ["walks", "record"]
        process.environment = cli.environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for line in lines {
            Lifectl.writeAll(Data((line + "\n").utf8), to: input.fileHandleForWriting.fileDescriptor)
        }
        try waitForLivePoints(cli, total)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits (up to 30 s) until the walk being recorded has `count` live points.
    static func waitForLivePoints(_ cli: Lifectl, _ count: Int) throws {
        var stored = ""
        for _ in 0..<1_200 {
            stored = try cli.sqlite("SELECT count(*) FROM walks_live_points")
            if stored == "\(count)" { break }
            usleep(25_000)
        }
        #expect(stored == "\(count)")
    }

    /// Three live points on the equator, 5 s apart, from 2026-11-22T08:00:00Z (1,795,334,400).
    static let threePoints = (0..<3).map { "0,\(Double($0) / 10_000),\(1_795_334_400 + $0 * 5)" }

    /// The rows of `product`.`table` in an export document.
    static func rows(_ document: Object, _ product: String, _ table: String) throws -> [Object] {
        let products = try #require(document["products"] as? Object)
        let tables = try #require(products[product] as? Object)
        return try #require(tables[table] as? [Object])
    }

    /// `document` with `product`.`table` holding `rows`, written to `name`.
    static func write(
        _ document: Object, _ product: String, _ table: String, rows: [Object], to name: String, in cli: Lifectl
    ) throws -> String {
        var document = document
        var products = try #require(document["products"] as? Object)
        var tables = try #require(products[product] as? Object)
        tables[table] = rows
        products[product] = tables
        document["products"] = products
        let path = cli.path(name)
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every row of the file, counted.
    static func rowCount(_ document: Object) throws -> Int {
        try #require(document["products"] as? Object).values.compactMap { $0 as? Object }
            .flatMap(\.values).compactMap { $0 as? [Any] }.reduce(0) { $0 + $1.count }
    }

    /// `import PATH --json` into `cli`, expected to succeed: its count of
    /// rows added or changed.
    static func changed(importing path: String, into cli: Lifectl) throws -> Int? {
        let result = try cli.run("import", path, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? Object)
        return report["changed"] as? Int
    }

    /// Imports `path` into `cli` and expects exit 65 with exactly `message`,
    /// nothing on stdout and the database unchanged.
    static func expectRefused(_ cli: Lifectl, _ path: String, _ message: String, _ name: String) throws {
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65, "\(name): \(result.stderr)")
        #expect(result.stderr == "error: \(message); nothing was imported\n", "\(name)")
        #expect(result.stdout.isEmpty, "\(name)")
        #expect(try cli.dump() == before, "\(name)")
    }

    // MARK: Summary figures (WALK-3, WALK-4)

    /// A walk whose summary says 1e308 metres or 2^63 − 1 seconds is no
    /// walk: refused, whether its points are there to disagree or pruned.
    @Test func summaryFiguresBeyondTheirLimitsAreRefused() throws {
        let (source, id) = try Self.withWalk()
        let document = try ExchangeImportCheckTests.exported(source)
        let walk = try #require(try Self.rows(document, "walks", "walks").first)
        let target = try Self.empty()
        let elapsed =
            "walks row '\(id)' is refused: elapsed_s is \(Self.largestAsReal); it must be a finite number of seconds from 0 to \(Self.yearsInSeconds)"
        let cases: [(String, (inout Object) -> Void, String)] = [
            (
                "distance", { $0["distance_m"] = 1e308 },
                "walks row '\(id)' is refused: distance_m is 1e+308; it must be a finite number of metres from 0 to 1,000,000,000"
            ),
            ("elapsed", { $0["elapsed_s"] = Self.largest }, elapsed),
            (
                "pruned",
                {
                    $0["elapsed_s"] = Self.largest
                    $0["moving_s"] = Self.largest
                    $0["points"] = NSNull()
                    $0["pruned_at"] = "2026-11-21 00:00:00.000"
                }, elapsed
            ),
            (
                "ascent", { $0["ascent_m"] = 2e9 },
                "walks row '\(id)' is refused: ascent_m is 2000000000.0; it must be a finite number of metres from 0 to 1,000,000,000"
            ),
        ]
        for (name, change, message) in cases {
            var row = walk
            change(&row)
            let path = try Self.write(document, "walks", "walks", rows: [row], to: "\(name).json", in: target)
            try Self.expectRefused(target, path, "the file's \(message)", name)
            // Over the walk already here, too: the file's row is refused on its own.
            try Self.expectRefused(source, path, "the file's \(message)", "\(name) over the walk")
        }
    }

    /// A stored walk beyond the limits (written by hand: `sqlite3` keeps no
    /// such rule) is unreadable: every command that reads it exits 65 naming
    /// the row and the column (it died with SIGILL, exit 132), and `db check`
    /// lists it.
    @Test(arguments: [
        (
            "elapsed_s = 9223372036854775807.0, moving_s = 9223372036854775807.0, points = NULL, pruned_at = '2026-11-21 00:00:00.000'",
            "elapsed_s is 9.223372036854776e+18; it must be a finite number of seconds from 0 to 315,537,897,599"
        ),
        ("distance_m = 1e308", "distance_m is 1e+308; it must be a finite number of metres from 0 to 1,000,000,000"),
    ])
    func aStoredFigureBeyondItsLimitIsUnreadableNeverATrap(change: String, problem: String) throws {
        let (cli, id) = try Self.withWalk()
        _ = try cli.sqlite("UPDATE walks SET \(change)")
        let before = try cli.dump()
        let commands: [[String]] = [
            ["walks", "list"], ["walks", "show", id], ["walks", "gallery", "--svg", cli.path("g.svg")],
            ["week", "--date", "2026-01-01"], ["walks", "doodle", id, "--svg", cli.path("d.svg")],
        ]
        for command in commands {
            let result = try cli.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(
                result.stderr
                    == "error: walks row '\(id)' cannot be read: \(problem); the file was changed outside lifectl or is damaged (`lifectl db check` lists every such row)\n",
                "\(command)")
        }
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stdout.contains("FAIL  walks invariants"), "\(check.stdout)")
        #expect(check.stdout.contains("walk \(id): \(problem)\n"), "\(check.stdout)")
        #expect(try cli.dump() == before)
    }

    // MARK: Live points (WALK-2)

    /// A live point at 2^63 − 1 ms is no time: refused on import; stored by
    /// hand, `walks record --finish` and `--resume` exit 65 naming it (they
    /// exited 70), and `db check` lists it.
    @Test func aLivePointOutsideTheYearsIsRefusedAndUnreadable() throws {
        let source = try Lifectl()
        try Self.killedRecording(source, lines: Self.threePoints, total: 3)
        let walk = try source.sqlite("SELECT id FROM walks")
        let document = try ExchangeImportCheckTests.exported(source)
        let points = try Self.rows(document, "walks", "walks_live_points")
        #expect(points.count == 3)
        let target = try Self.empty()
        var late = points
        late[2]["time_ms"] = Self.largest
        try Self.expectRefused(
            target, try Self.write(document, "walks", "walks_live_points", rows: late, to: "late.json", in: target),
            "the file's walks_live_points row (walk_id '\(walk)', seq 2) is refused: time_ms of point 2 is 9223372036854775807 ms since 1970; it must be within the years 1–9999 (-62135596800000 to 253402300799999)",
            "late")
        var backwards = points
        backwards[1]["time_ms"] = 1_795_334_399_000
        try Self.expectRefused(
            target,
            try Self.write(document, "walks", "walks_live_points", rows: backwards, to: "back.json", in: target),
            "the file's walks_live_points row (walk_id '\(walk)', seq 1) is refused: time_ms of point 1 is 1795334399000, earlier than the point before it (1795334400000); time may not go backwards in a walk",
            "backwards")
        // In the year 9999: a time, but no fix is measured so far ahead of the clock.
        var ahead = points
        ahead[2]["time_ms"] = 253_370_764_800_000
        try Self.expectRefused(
            target, try Self.write(document, "walks", "walks_live_points", rows: ahead, to: "ahead.json", in: target),
            "the file's walks_live_points row (walk_id '\(walk)', seq 2) is refused: time_ms of point 2 is 9999-01-01T00:00:00Z, more than a day after now (2026-11-22T12:00:00Z); a point's time is when it was measured, which cannot lie ahead of the clock",
            "ahead")

        _ = try source.sqlite("UPDATE walks_live_points SET time_ms = 9223372036854775807 WHERE seq = 2")
        let before = try source.dump()
        let unreadable =
            "error: walks row '\(walk)' cannot be read: walks_live_points.time_ms of point 2 is 9223372036854775807 ms since 1970; it must be within the years 1–9999 (-62135596800000 to 253402300799999); the file was changed outside lifectl or is damaged (`lifectl db check` lists every such row)\n"
        let finish = try source.run("walks", "record", "--finish")
        #expect(finish.status == 65, "\(finish.stderr)")
        #expect(finish.stderr == unreadable)
        let resume = try source.run("walks", "record", "--resume", stdin: "0,0.001,1795334500\n")
        #expect(resume.status == 65, "\(resume.stderr)")
        #expect(resume.stderr == unreadable)
        #expect(try source.dump() == before)
        let check = try source.run("db", "check")
        #expect(check.status == 65)
        #expect(
            check.stdout.contains(
                "walk \(walk): time_ms of point 2 is 9223372036854775807 ms since 1970; it must be within the years 1–9999"
            ), "\(check.stdout)")
    }

    // MARK: Names (CORE-9)

    /// A walk's name is at most 200 characters, trimmed: a 5,000-character
    /// name is refused as `walks import` refuses it from a GPX file.
    @Test func aNameOverItsLimitIsRefused() throws {
        let (source, id) = try Self.withWalk()
        let document = try ExchangeImportCheckTests.exported(source)
        let walk = try #require(try Self.rows(document, "walks", "walks").first)
        let target = try Self.empty()
        let cases: [(String, String)] = [
            (String(repeating: "w", count: 5_000), "is refused: name is 5,000 characters; the limit is 200"),
            // The same rule as a typed name: saved trimmed.
            (" Morning ", "is refused: name has white space around it, which a saved name never has"),
        ]
        for (name, rule) in cases {
            var row = walk
            row["name"] = name
            let path = try Self.write(document, "walks", "walks", rows: [row], to: "name.json", in: target)
            try Self.expectRefused(target, path, "the file's walks row '\(id)' \(rule)", rule)
            try Self.expectRefused(source, path, "the file's walks row '\(id)' \(rule)", "here: \(rule)")
        }
        // 200 characters are a name.
        var row = walk
        row["name"] = String(repeating: "w", count: 200)
        let fine = try Self.write(document, "walks", "walks", rows: [row], to: "fine.json", in: target)
        #expect(try target.run("import", fine).status == 0)
        #expect(try target.sqlite("SELECT length(name) FROM walks") == "200")
    }

    // MARK: Merging (SYNC-2, SYNC-4)

    /// An export taken while a recording was interrupted, imported after
    /// the walk was finished and another pruned: nothing moves back (the
    /// pruned walk keeps no points, the finished walk takes no live points:
    /// they are left out and said so), and a second import changes nothing.
    /// Before, the live points came back beside the finished walk and the
    /// import was refused. The newer export brings the pruning forward.
    @Test func anOlderExportMovesNothingBackAndASecondImportChangesNothing() throws {
        let (cli, morning) = try Self.withWalk()
        try Self.killedRecording(cli, lines: Self.threePoints, total: 3)
        let recorded = try cli.sqlite("SELECT id FROM walks WHERE state = 'recording'")
        #expect(try cli.run("export", "--json", cli.path("old.json")).status == 0)
        let old = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.path("old.json"))))
                as? Object)
        #expect(try cli.run("walks", "record", "--finish").status == 0)
        #expect(try cli.run("walks", "prune", "--before", "2026-06-01", "--yes").status == 0)
        #expect(try cli.run("export", "--json", cli.path("new.json")).status == 0)

        let before = try cli.dump()
        let rows = try Self.rowCount(old)
        let skipped = (0..<3).map {
            "  skipped walks walks_live_points row \(recorded) \($0): its walk \(recorded) is finished here; its points are in its track\n"
        }.joined()
        for _ in 0..<2 {
            let result = try cli.run("import", cli.path("old.json"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout
                    == "Imported \(rows - 3) rows from \(cli.path("old.json")) (0 added or changed); skipped 3 rows:\n"
                    + skipped)
            #expect(try cli.dump() == before)
        }
        #expect(
            try cli.sqlite("SELECT pruned_at IS NOT NULL, points IS NULL FROM walks WHERE id = '\(morning)'") == "1|1")
        #expect(try cli.sqlite("SELECT state FROM walks WHERE id = '\(recorded)'") == "finished")

        // The other way: a copy made from the old export takes the pruning
        // forward; its own recording stays its own until it is finished there.
        var copy = try Lifectl()
        copy.environment["LIFECTL_NOW"] = "2026-11-23T12:00:00Z"
        #expect(try copy.run("import", cli.path("old.json")).status == 0)
        #expect(try Self.changed(importing: cli.path("new.json"), into: copy) == 1)
        #expect(
            try copy.sqlite("SELECT pruned_at IS NOT NULL, points IS NULL FROM walks WHERE id = '\(morning)'") == "1|1")
        #expect(try copy.sqlite("SELECT state FROM walks WHERE id = '\(recorded)'") == "recording")
        let settled = try copy.dump()
        #expect(try Self.changed(importing: cli.path("new.json"), into: copy) == 0)
        #expect(try copy.dump() == settled)
        #expect(try copy.run("db", "check").status == 0)
    }

    // MARK: Two writers (CORE-2, REL-2)

    /// Two `walks record --resume` processes append to one interrupted walk
    /// at once: each point's number and the last time are read under the
    /// write lock, so every point of both is stored (each numbered its own
    /// way before, they collided and one process died with exit 70).
    @Test func twoProcessesResumingOneWalkLoseNoPoint() throws {
        let cli = try Lifectl()
        try Self.killedRecording(cli, lines: Self.threePoints, total: 3)
        let perProcess = 40
        // Every new point at the same instant, after the first three: any
        // interleaving keeps time from going back.
        let a = (0..<perProcess).map { "0.001,\(0.01 + Double($0) / 100_000),1795334500" }
        let b = (0..<perProcess).map { "0.002,\(0.02 + Double($0) / 100_000),1795334500" }
        var processes: [Process] = []
        var inputs: [Pipe] = []
        for _ in 0..<2 {
            let process = Process()
            process.executableURL = try Lifectl.binary()
            process.arguments = ["walks", "record", "--resume"]
            process.environment = cli.environment
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
            inputs.append(input)
        }
        // Fed a line at a time, alternately, so the writes interleave.
        for index in 0..<perProcess {
            for (input, lines) in zip(inputs, [a, b]) {
                Lifectl.writeAll(Data((lines[index] + "\n").utf8), to: input.fileHandleForWriting.fileDescriptor)
            }
        }
        try Self.waitForLivePoints(cli, 3 + 2 * perProcess)
        for process in processes {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let finished = try cli.run("walks", "record", "--finish", "--json")
        #expect(finished.status == 0, "\(finished.stderr)")
        let walk = try #require(try WalksCommandTests.json(finished.stdout)["walk"] as? Object)
        #expect(walk["pointCount"] as? Int == 3 + 2 * perProcess)
        let id = try #require(walk["id"] as? String)
        let geojson = try cli.run("walks", "export", id, "--geojson", "-")
        let object = try #require(try JSONSerialization.jsonObject(with: geojson.stdoutData) as? Object)
        let geometry = try #require(object["geometry"] as? Object)
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        let latitudes = coordinates.map { $0[1] }
        #expect(latitudes.filter { $0 == 0.001 }.count == perProcess)
        #expect(latitudes.filter { $0 == 0.002 }.count == perProcess)
        #expect(try cli.run("db", "check").status == 0)
    }
}
