import Foundation
import LifeKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// End-to-end: `lifectl db check` is the doctor (SPEC CORE-7, CORE-11). On a
/// file damaged by hand it reports FAIL lines and exits 65, never 70; each
/// rule SQLite cannot hold is checked; every other command meets an
/// unreadable row with 65 and a sentence naming it.
@Suite(.tags(.endToEnd)) struct DBDoctorTests {
    static let gate = "52.5163,13.3777"

    /// A walk: two points 0.001° apart on the equator, timed, with elevations.
    static let walk = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>Line</name><trkseg>
            <trkpt lat="0" lon="0"><ele>10</ele><time>2026-01-01T08:00:00Z</time></trkpt>
            <trkpt lat="0" lon="0.001"><ele>15</ele><time>2026-01-01T08:01:30Z</time></trkpt>
          </trkseg></trk>
        </gpx>

        """

    /// The 8-byte PNG signature and an IHDR chunk start: enough for PhotoKind.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

    /// A sandbox holding a row in every product, and `db check` passing on it.
    static func populated() throws -> Lifectl {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("finite", "mark", "--rating", "4", "--phrase", "A good week.").status == 0)
        let gpx = cli.path("line.gpx")
        try Data(walk.utf8).write(to: URL(fileURLWithPath: gpx))
        #expect(try cli.run("walks", "import", gpx).status == 0)
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        let photo = cli.path("photo.png")
        try png.write(to: URL(fileURLWithPath: photo))
        let plant = try cli.run(
            "hereafter", "plant", "--text", "Hello.", "--at", gate, "--unlock", "2026-12-01", "--photo", photo)
        #expect(plant.status == 0, "\(plant.stderr)")
        let check = try cli.run("db", "check")
        #expect(check.status == 0, "\(check.stdout)")
        return cli
    }

    /// `db check` after `sql`: exit 65, the FAIL line of `check`, and `problem` in its report.
    static func expectFailure(_ cli: Lifectl, after sql: String, check: String, problem: String) throws {
        _ = try cli.sqlite(sql)
        let result = try cli.run("db", "check")
        #expect(result.status == 65, "\(sql): \(result.stdout)\(result.stderr)")
        #expect(result.stderr == "", "\(sql)")
        #expect(result.stdout.contains("FAIL  \(check)\n"), "\(sql): \(result.stdout)")
        #expect(result.stdout.contains(problem), "\(sql): \(result.stdout)")
    }

    // MARK: Damage that used to give exit 70

    /// One bit flipped in the file, inside a finite_marks row: the month of its
    /// marked_at turns from 11 to 19 ('1' 0x31 → '9' 0x39), which still
    /// passes the column's GLOB but is no instant.
    @Test func aFlippedByteInFiniteMarks() throws {
        let cli = try Self.populated()
        let id = try cli.sqlite("SELECT id FROM finite_marks")
        let page = try #require(
            Int(
                try cli.sqlite(
                    "PRAGMA wal_checkpoint(TRUNCATE); SELECT rootpage FROM sqlite_schema WHERE name = 'finite_marks'"
                ).split(separator: "\n").last ?? ""))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let pageRange = (page - 1) * 4096..<page * 4096
        let stamp = Data("2026-11-22 12:00:00.000".utf8)
        let found = try #require(bytes.range(of: stamp, in: pageRange))
        bytes[found.lowerBound + 6] ^= 0x08
        try bytes.write(to: URL(fileURLWithPath: cli.databasePath))

        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stderr == "")
        #expect(check.stdout.contains("FAIL  finite invariants\n"), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "finite_marks row '\(id)' cannot be read: finite_marks.marked_at: column marked_at holds TEXT that cannot be read as Date"
            ),
            "\(check.stdout)")
        for command in [["finite", "grid"], ["finite", "show"], ["finite", "mark", "--rating", "2"]] {
            let result = try cli.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "error: finite_marks row '\(id)' cannot be read: finite_marks.marked_at: column marked_at"),
                "\(command): \(result.stderr)")
        }
    }

    @Test func aDroppedLivePointsTable() throws {
        let cli = try Self.populated()
        try Self.expectFailure(
            cli, after: "DROP TABLE walks_live_points", check: "schema",
            problem: "table walks_live_points is missing; the migrations create it")
        let check = try cli.run("db", "check")
        #expect(
            check.stdout.contains("FAIL  walks invariants\n        could not finish: no such table: walks_live_points"))
        #expect(try cli.run("db", "status").status == 0)
    }

    @Test func aMissingMigrationRow() throws {
        let cli = try Self.populated()
        try Self.expectFailure(
            cli, after: "DELETE FROM schema_migrations WHERE version = 3", check: "migrations",
            problem:
                "migration 0003_walks is not recorded in schema_migrations, but later ones are: its row was removed")
        let before = try cli.dump()
        // Any other command would re-apply 0003 over the tables it made: refused, 65, nothing written.
        let status = try cli.run("finite", "status")
        #expect(status.status == 65, "\(status.stderr)")
        #expect(
            status.stderr.contains("could not be brought up to date: table walks already exists"), "\(status.stderr)")
        #expect(try cli.dump() == before)
    }

    /// A refused migration leaves the file byte for byte as it was: the
    /// switch to WAL (which rewrites the header) comes after the migrations,
    /// so a file in rollback mode stays so.
    @Test func aRefusedMigrationLeavesTheFileByteIdentical() throws {
        let cli = try Self.populated()
        _ = try cli.sqlite("PRAGMA journal_mode = DELETE; DELETE FROM schema_migrations WHERE version = 3")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let migrate = try cli.run("db", "migrate")
        #expect(migrate.status == 65, "\(migrate.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        #expect(try cli.sqlite("PRAGMA journal_mode") == "delete")
    }

    /// A column renamed by hand (seen as a flipped byte in the schema's own
    /// text): the commands that read it say the schema was changed, 65.
    @Test func aRenamedColumn() throws {
        let cli = try Self.populated()
        try Self.expectFailure(
            cli, after: "ALTER TABLE hereafter_photos RENAME COLUMN message_id TO msg", check: "schema",
            problem: "table hereafter_photos differs from what the migrations create")
        let list = try cli.run("hereafter", "list")
        #expect(list.status == 65)
        #expect(
            list.stderr
                == "error: the database's schema is not what lifectl's migrations made (no such column: p.message_id); `lifectl db check` tells more\n"
        )
    }

    /// The header's page size (bytes 16–17) set to 3, which no SQLite file
    /// has: the magic string is there, so it is a damaged database, reported
    /// as the `open` check's FAIL.
    @Test func aDamagedHeader() throws {
        let cli = try Self.populated()
        _ = try cli.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        bytes[16] = 0
        bytes[17] = 3
        try bytes.write(to: URL(fileURLWithPath: cli.databasePath))
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stdout == "FAIL  open\n        could not finish: file is not a database (SQLite code 26)\n")
        let status = try cli.run("db", "status")
        #expect(status.status == 65)
        #expect(status.stderr == "error: the database file is damaged or not a database: file is not a database\n")
    }

    /// A migration record this build does not know (a newer lifectl, or a
    /// damaged row): every other command refuses the file; the doctor
    /// reports it as its `migrations` FAIL and judges nothing it cannot.
    @Test func anUnknownMigrationIsTheDoctorsFinding() throws {
        let cli = try Self.populated()
        _ = try cli.sqlite(
            "INSERT INTO schema_migrations VALUES (99, 'future', '\(String(repeating: "a", count: 64))', '2030-01-01 00:00:00.000')"
        )
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stderr == "")
        #expect(
            check.stdout.contains(
                "FAIL  migrations\n        \(cli.databasePath) holds migration 0099_future, which this build does not know"
            ), "\(check.stdout)")
        #expect(check.stdout.contains("skip  schema\n"))
        #expect(check.stdout.contains("skip  hereafter invariants\n"))
    }

    // MARK: Rules a person can break by hand

    /// Each bad row once, however many there are (the pragma repeats its
    /// line per row).
    @Test func eachRowBreakingACheckIsNamedOnce() throws {
        let cli = try Self.populated()
        #expect(try cli.run("finite", "mark", "1000", "--rating", "3").status == 0)
        #expect(try cli.run("finite", "mark", "1001", "--rating", "3").status == 0)
        _ = try cli.sqlite("PRAGMA ignore_check_constraints = 1; UPDATE finite_marks SET rating = 9")
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        let lines = check.stdout.split(separator: "\n").filter { $0.contains("CHECK constraint failed") }
        #expect(lines.count == 3, "\(check.stdout)")
        #expect(Set(lines).count == 3)
    }

    /// A CHECK constraint broken by hand (sqlite3's ignore_check_constraints):
    /// SQLite does not compile CHECKs for a read-only connection, so the
    /// doctor's integrity_check used to pass such rows; it names each row.
    @Test(arguments: [
        (
            "UPDATE hereafter_messages SET read_at = '2026-11-22 12:00:00.000'",
            "CHECK constraint failed: read_at IS NULL OR discovered_at IS NOT NULL"
        ),
        (
            "UPDATE finite_profile SET life_expectancy_years = 0",
            "finite_profile row id 1: CHECK constraint failed: life_expectancy_years BETWEEN 1 AND 120"
        ),
        (
            "UPDATE finite_profile SET view_mode = 'x'",
            "finite_profile row id 1: CHECK constraint failed: view_mode IN ('color', 'bw')"
        ),
        (
            "UPDATE finite_profile SET daily_notification_time = '99:99'",
            "finite_profile row id 1: CHECK constraint failed: daily_notification_time GLOB '[0-2][0-9]:[0-5][0-9]' AND daily_notification_time <= '23:59'"
        ),
    ])
    func aCheckConstraintBrokenByHand(sql: String, problem: String) throws {
        let cli = try Self.populated()
        try Self.expectFailure(
            cli, after: "PRAGMA ignore_check_constraints = 1; \(sql)", check: "integrity_check", problem: problem)
        let damaged = try cli.sqlite(".dump")
        let again = try cli.run("db", "check")
        if sql.hasPrefix("UPDATE hereafter_messages") {
            let id = try cli.sqlite("SELECT id FROM hereafter_messages")
            #expect(again.stdout.contains("hereafter_messages row id '\(id)': CHECK"), "\(again.stdout)")
        }
        // The rows are found on a private copy in memory; the file is untouched.
        #expect(try cli.sqlite(".dump") == damaged)
    }

    @Test func finiteMarksOnFutureWeeksAndPastTheGrid() throws {
        let cli = try Self.populated()
        // 2026-11-22 is in week 1,900 (index 1,899) of a life born 1990-05-14.
        try Self.expectFailure(
            cli,
            after:
                "INSERT INTO finite_marks (id, week_index, rating, marked_at, updated_at) VALUES ('00000000-0000-0000-0000-000000000001', 1900, 3, '2026-11-22 12:00:00.000', '2026-11-22 12:00:00.000')",
            check: "finite invariants", problem: "week 1,901 is in the future; the current week is 1,900")
        try Self.expectFailure(
            cli, after: "UPDATE finite_marks SET week_index = 7805 WHERE week_index = 1900", check: "finite invariants",
            problem: "week 7,806 is past the grid, which ends at week 7,800")
    }

    @Test(arguments: [
        ("2026-11-23", "birthday 2026-11-23 is not in the past (today is 2026-11-22)"),
        ("1876-11-21", "birthday 1876-11-21 is more than 150 years ago (before 1876-11-22)"),
    ])
    func aBirthdayOutOfRange(birthday: String, problem: String) throws {
        let cli = try Self.populated()
        try Self.expectFailure(
            cli, after: "UPDATE finite_profile SET birthday = '\(birthday)'", check: "finite invariants",
            problem: problem)
    }

    @Test(arguments: [
        ("distance_m = distance_m + 0.01", "distance is stored as"),
        (
            "started_at = '2026-01-01 08:00:01.000'",
            "start time is stored as 1767254401.0 s since 1970 but its points give 1767254400.0 s since 1970"
        ),
        ("ended_at = '2026-01-01 08:01:31.000', elapsed_s = 91", "end time is stored as"),
        ("moving_s = 80", "moving time is stored as 80.0 s but its points give 90.0 s"),
        ("ascent_m = 4", "ascent is stored as 4.0 m but its points give 5.0 m"),
        ("max_longitude = 0.002", "eastern bound is stored as 0.002 ° but its points give 0.001 °"),
        (
            "point_count = 3, timed_point_count = 3",
            "the summary says 3 points (3 timed) in 1 segments but the stored points are 2 (2 timed) in 1"
        ),
    ])
    func aWalkSummaryThatDisagreesWithItsPoints(change: String, problem: String) throws {
        let cli = try Self.populated()
        let id = try cli.sqlite("SELECT id FROM walks")
        try Self.expectFailure(
            cli, after: "UPDATE walks SET \(change)", check: "walks invariants", problem: "walk \(id): \(problem)")
    }

    @Test func hereafterRowsOutOfShape() throws {
        let cli = try Self.populated()
        let id = try cli.sqlite("SELECT id FROM hereafter_messages")
        let thread = try cli.sqlite("SELECT thread_id FROM hereafter_messages")
        // 0.002° of latitude near 52.5° N is about 222.7 m.
        try Self.expectFailure(
            cli, after: "UPDATE hereafter_messages SET latitude = latitude + 0.002", check: "hereafter invariants",
            problem: "message \(id): 222.")
        _ = try cli.sqlite("UPDATE hereafter_messages SET latitude = latitude - 0.002")
        try Self.expectFailure(
            cli, after: "UPDATE hereafter_messages SET parent_id = id", check: "hereafter invariants",
            problem: "message \(id): is a reply to itself")
        _ = try cli.sqlite("UPDATE hereafter_messages SET parent_id = NULL")
        try Self.expectFailure(
            cli, after: "UPDATE hereafter_photos SET media_type = 'image/jpeg'", check: "hereafter invariants",
            problem: "photo of message \(id): declared image/jpeg but its bytes are image/png")
        _ = try cli.sqlite("UPDATE hereafter_photos SET media_type = 'image/png'")
        try Self.expectFailure(
            cli,
            after:
                "UPDATE hereafter_thread_locations SET min_latitude = min_latitude + 0.01, max_latitude = max_latitude + 0.01",
            check: "hereafter invariants", problem: "thread \(thread): its spatial index box")
    }

    @Test func anOwnerZoneThatIsNoZone() throws {
        let cli = try Self.populated()
        try Self.expectFailure(
            cli,
            after:
                "INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (1, 'Mars/Olympus_Mons', 'metric', '2026-11-22 12:00:00.000', '2026-11-22 12:00:00.000')",
            check: "core invariants",
            problem: "the owner's time zone 'Mars/Olympus_Mons' is not a known IANA time zone name")
        // Every other command: 65 naming the row, not 64 as if the user had typed it.
        let status = try cli.run("finite", "status")
        #expect(status.status == 65)
        #expect(status.stderr.hasPrefix("error: owner row 1 cannot be read: time zone is 'Mars/Olympus_Mons'"))
    }

    @Test(arguments: [
        (
            "DROP TRIGGER hereafter_threads_located",
            "trigger hereafter_threads_located is missing; the migrations create it"
        ),
        ("DROP INDEX walks_by_date", "index walks_by_date is missing; the migrations create it"),
        ("DROP VIEW finite_weeks", "view finite_weeks is missing; the migrations create it"),
        (
            "DROP INDEX hereafter_messages_pending; CREATE INDEX hereafter_messages_pending ON hereafter_messages (thread_id)",
            "index hereafter_messages_pending differs from what the migrations create"
        ),
    ])
    func aSchemaObjectMissingOrChanged(sql: String, problem: String) throws {
        let cli = try Self.populated()
        try Self.expectFailure(cli, after: sql, check: "schema", problem: problem)
    }

    // MARK: Read-only commands

    /// status, check, schema, path and backup never migrate or write: on a
    /// database one migration behind, the file's bytes stay the same and the
    /// pending migration is reported.
    @Test func readOnlyCommandsNeverMigrateOrWrite() throws {
        let cli = try Self.populated()
        let latest = Lifectl.latestVersion
        let last = try #require(Lifectl.schemaMigrations.last)
        // Pretend the last migration was never applied: forget its record
        // (and undo nothing else: the point is that nobody re-applies it).
        _ = try cli.sqlite(
            "DELETE FROM schema_migrations WHERE version = \(latest); PRAGMA user_version = \(latest - 1); PRAGMA wal_checkpoint(TRUNCATE);"
        )
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let status = try cli.run("db", "status")
        #expect(status.status == 0)
        let pendingLine = status.stdout.split(separator: "\n").first { $0.contains("migration \(latest) pending") }
        #expect(
            pendingLine?.hasSuffix(" \(last.file); `lifectl db migrate` applies it") == true, "\(status.stdout)")
        let json = try cli.run("db", "status", "--json")
        #expect(json.stdout.contains("\"pendingMigrations\" : [\n    \"\(last.file)\"\n  ]"), "\(json.stdout)")
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stdout.contains("migration \(last.file) pending; `lifectl db migrate` applies it"))
        #expect(
            check.stdout.contains(
                "skip  finite invariants\n        not checked until the schema is this build's (see migrations)"))
        #expect(try cli.run("db", "schema").status == 0)
        #expect(try cli.run("db", "path").status == 0)
        let backup = try cli.run("db", "backup", cli.path("copy.db"))
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        let wal = try? Data(contentsOf: URL(fileURLWithPath: cli.databasePath + "-wal"))
        #expect(wal == nil || wal?.isEmpty == true)
    }

    /// A database whose file cannot be written (root ignores modes, so the
    /// read-only open is what keeps every read-only command from writing):
    /// a rollback-journal file in a folder, opened by each read-only command
    /// without switching it to WAL.
    @Test func readOnlyCommandsLeaveTheJournalAlone() throws {
        let cli = try Self.populated()
        _ = try cli.sqlite("PRAGMA journal_mode = DELETE")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        for command in [["db", "status"], ["db", "schema"], ["db", "path"], ["db", "backup", cli.path("b.db")]] {
            let result = try cli.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let check = try cli.run("db", "check")
        #expect(check.stdout.contains("FAIL  journal_mode\n        journal_mode is delete, not wal"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        #expect(try cli.sqlite("PRAGMA journal_mode") == "delete")
    }

    /// A database in a folder its user cannot write (0555; the file 0444):
    /// SQLite cannot create the WAL's -shm there, and every read-only command
    /// still reads it. Tests run as root, whom modes do not stop, so the
    /// commands run as `nobody` through setpriv(1) when it is there.
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs root and setpriv to run as another user"))
    func aDatabaseInAReadOnlyFolder() throws {
        let cli = try Self.populated()
        let folder = cli.path("readonly")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/life.db"
        try FileManager.default.copyItem(atPath: cli.databasePath, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        let binary = try Lifectl.binary().path
        // `nobody` must be able to reach the build folder; where it cannot
        // (a private checkout), there is nothing honest to test here.
        guard try Self.runAsNobody(cli, [binary, "--version"]).status == 0 else { return }
        let asNobody = cli
        for command in [["db", "status"], ["db", "check"], ["db", "schema"], ["db", "path"]] {
            let result = try Self.runAsNobody(asNobody, [binary] + command + ["--db", path])
            #expect(result.status == 0, "\(command): \(result.stdout) \(result.stderr)")
        }
        let status = try Self.runAsNobody(asNobody, [binary, "db", "status", "--json", "--db", path])
        #expect(status.stdout.contains("\"walks\" : 1"), "\(status.stdout)")
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    static func runAsNobody(_ cli: Lifectl, _ arguments: [String]) throws -> Lifectl.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
        process.environment = cli.environment
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Lifectl.Result(
            stdoutData: outData, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    // MARK: Row counts per product

    /// `db status` counts each product's own tables: a walk under walks (not
    /// "other"), the R*Tree's shadow tables nowhere, and every table of a new
    /// database belongs to a product (no "other").
    @Test func statusCountsEachProductsOwnTables() throws {
        let cli = try Self.populated()
        let status = try cli.run("db", "status", "--json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["rowsByDomain"] as? [String: Int])
        // Worked out by hand from populated(): no owner row (no setting changed);
        // Finite: profile + 1 mark; Walks: 1 walk; Hereafter: profile, thread, message, photo.
        #expect(rows["core"] == 0)
        #expect(rows["finite"] == 2)
        #expect(rows["walks"] == 1)
        #expect(rows["hereafter"] == 4)
        #expect(rows["other"] == nil, "\(rows)")
    }
}
