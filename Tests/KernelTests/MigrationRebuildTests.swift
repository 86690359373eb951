import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import LifeKernel
import LifeKitTestSupport
import Testing

/// SQLite's "twelve steps" through the Migrator: a migration rebuilds a table
/// (a new CHECK word) while other tables point at it, and loses nothing,
/// because the migrator turns foreign keys off around it and checks them
/// before the commit. The migrations here are the test's own, not files of
/// Schema/.
@Suite struct MigrationRebuildTests {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28
    static let recordingWalk = "0b8f7c1e-1111-4a6e-9d7e-000000000001"
    static let finishedWalk = "0b8f7c1e-2222-4a6e-9d7e-000000000002"
    static let thread1 = "7a1e0000-0000-4000-8000-000000000001"
    static let thread2 = "7a1e0000-0000-4000-8000-000000000002"
    static let message1 = "3c0f0000-0000-4000-8000-000000000001"
    static let reply = "3c0f0000-0000-4000-8000-000000000002"
    static let message3 = "3c0f0000-0000-4000-8000-000000000003"
    /// The Hereafter profile's creator id (HA-8, 0020), on its messages too.
    static let creator = "c7ea7000-0000-4000-8000-000000000001"

    /// Every product's tables with rows: a walk being recorded with its live
    /// points, a finished walk, two Hereafter threads with messages, a reply
    /// and a photo, Finite's profile and a mark, the owner.
    static let rows = """
        INSERT INTO owner (id, time_zone, units, created_at, updated_at)
        VALUES (1, 'Europe/Berlin', 'imperial', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
        INSERT INTO finite_profile (id, birthday, created_at, updated_at)
        VALUES (1, '1990-02-28', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
        INSERT INTO finite_marks (id, week_index, rating, category, phrase, marked_at, updated_at)
        VALUES ('5e000000-0000-4000-8000-000000000001', 100, 4, 'rest', 'Quiet week', '2026-01-02 10:00:00.000',
                '2026-01-02 10:00:00.000');
        INSERT INTO walks (id, source, state, created_at) VALUES ('\(recordingWalk)', 'recorded', 'recording',
                '2026-05-28 07:00:00.000');
        INSERT INTO walks_live_points (walk_id, seq, latitude, longitude, time_ms, elevation_m, accuracy_m) VALUES
            ('\(recordingWalk)', 0, 52.5, 13.4, 1780000000000, 34.5, 5),
            ('\(recordingWalk)', 1, 52.5001, 13.4002, 1780000005000, NULL, 7.5),
            ('\(recordingWalk)', 2, 52.5003, 13.4004, 1780000010000, 35, NULL);
        INSERT INTO walks (id, name, source, source_file, source_sha256, source_track, state, started_at, ended_at,
                           distance_m, elapsed_s, moving_s, point_count, timed_point_count, segment_count,
                           points, simplified, created_at)
        VALUES ('\(finishedWalk)', 'Canal', 'gpx', 'canal.gpx', '\(String(repeating: "ab", count: 32))', 0,
                'finished', '2026-05-01 08:00:00.000', '2026-05-01 09:00:00.000', 4210.5, 3600, 3300, 3, 3, 1,
                X'01020304', X'0102', '2026-05-02 12:00:00.000');
        INSERT INTO hereafter_profile (id, first_name, created_at, updated_at, creator_id)
        VALUES (1, 'Ada', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', '\(creator)');
        INSERT INTO hereafter_threads (id, location_key, latitude, longitude, place_name, created_at) VALUES
            ('\(thread1)', 1, 52.52, 13.405, 'Alexanderplatz', '2026-02-01 10:00:00.000'),
            ('\(thread2)', 2, 48.137, 11.575, NULL, '2026-02-02 10:00:00.000');
        INSERT INTO hereafter_messages (id, thread_id, parent_id, latitude, longitude, text, planted_on, unlock_date,
                                        unlock_at, created_at, discovered_at, read_at, creator_id) VALUES
            ('\(message1)', '\(thread1)', NULL, 52.52, 13.405, 'Remember the tower', '2026-02-01', '2026-03-01',
             '2026-02-28 23:00:00.000', '2026-02-01 10:00:00.000', '2026-03-05 09:00:00.000', NULL, '\(creator)'),
            ('\(reply)', '\(thread1)', '\(message1)', 52.52, 13.405, 'I did', '2026-03-05', NULL, NULL,
             '2026-03-05 09:10:00.000', '2026-03-05 09:10:00.000', NULL, '\(creator)'),
            ('\(message3)', '\(thread2)', NULL, 48.137, 11.575, 'Beer garden', '2026-02-02', '2027-02-02',
             '2027-02-01 23:00:00.000', '2026-02-02 10:00:00.000', NULL, NULL, '\(creator)');
        INSERT INTO hereafter_photos (message_id, media_type, byte_count, bytes)
        VALUES ('\(message1)', 'image/jpeg', 4, X'FFD8FFE0');
        """

    /// Every row of every table and view except the migrator's own record,
    /// each table's rows sorted: what must be equal before and after.
    static func contents(_ db: Database) throws -> [String: [String]] {
        let names = try db.fetchAll(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name <> 'schema_migrations'"
        ).map { try $0.get(String.self, at: 0) }
        var contents: [String: [String]] = [:]
        for name in names {
            contents[name] = try db.fetchAll("SELECT * FROM \(Database.quoteIdentifier(name))")
                .map { $0.values.map(\.description).joined(separator: " | ") }.sorted()
        }
        return contents
    }

    /// The twelve steps for `table`, written out from the schema SQLite holds:
    /// views dropped first (a rename checks them) and recreated last; the new
    /// table under a temporary name with `change` applied to its SQL; the
    /// rows copied; the old table dropped; the new one renamed; its indexes
    /// and triggers recreated.
    static func rebuild(_ db: Database, _ tables: [String], change: (String, String) -> String) throws -> String {
        func sql(_ query: String, _ arguments: StatementArguments = []) throws -> [String] {
            try db.fetchAll(query, arguments).map { try $0.get(String.self, at: 0) }
        }
        let views = try sql("SELECT sql FROM sqlite_schema WHERE type = 'view' ORDER BY rowid")
        var script = try sql("SELECT name FROM sqlite_schema WHERE type = 'view'").map { "DROP VIEW \($0);" }
        for table in tables {
            let create = try #require(try sql("SELECT sql FROM sqlite_schema WHERE name = ?", [table]).first)
            let renamed = create.replacingOccurrences(
                of: "CREATE TABLE \(table) (", with: "CREATE TABLE \(table)_new (")
            let changed = change(table, renamed)
            #expect(changed != renamed, "the migration of \(table) changes its SQL")
            script += [
                changed + ";",
                "INSERT INTO \(table)_new SELECT * FROM \(table);",
                "DROP TABLE \(table);",
                "ALTER TABLE \(table)_new RENAME TO \(table);",
            ]
            script += try sql(
                "SELECT sql FROM sqlite_schema WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL",
                [table]
            ).map { $0 + ";" }
        }
        return (script + views.map { $0 + ";" }).joined(separator: "\n")
    }

    static func migration(_ version: Int, _ name: String, _ sql: String) -> Migration {
        Migration(version: version, name: name, sql: sql, sha256: SHA256.hex(Array(sql.utf8)))
    }

    @Test func rebuildingWalksAndHereafterParentsLosesNothing() throws {
        try withTemporaryDirectory { directory in
            let db = try TestDatabase.connection(path: directory + "/life.db", now: Self.now)
            try db.writeTransaction { db in try db.executeScript(Self.rows) }
            let before = try Self.contents(db)
            #expect(before["walks_live_points"]?.count == 3)
            #expect(before["hereafter_messages"]?.count == 3)
            #expect(before["hereafter_thread_locations"]?.count == 2)

            // 'paused' is not a state yet.
            let pause = "UPDATE walks SET state = 'paused' WHERE id = ?"
            #expect(databaseError { try db.execute(pause, [Self.recordingWalk]) }?.isConstraintViolation == true)

            let walks = Self.migration(
                1001, "walks_paused",
                try Self.rebuild(db, ["walks"]) { _, sql in
                    sql.replacingOccurrences(
                        of: "CHECK (state IN ('recording', 'finished'))",
                        with: "CHECK (state IN ('recording', 'paused', 'finished'))"
                    ).replacingOccurrences(
                        of: "OR (state = 'recording' AND source = 'recorded'",
                        with: "OR (state IN ('recording', 'paused') AND source = 'recorded'")
                })
            let hereafter = Self.migration(
                1002, "hereafter_limits",
                try Self.rebuild(db, ["hereafter_threads", "hereafter_messages"]) { table, sql in
                    table == "hereafter_threads"
                        ? sql.replacingOccurrences(
                            of: "place_name IS NULL OR (length(place_name) > 0",
                            with: "place_name IS NULL OR (length(place_name) BETWEEN 1 AND 200")
                        : sql.replacingOccurrences(
                            of: "CHECK (length(text) > 0", with: "CHECK (length(text) BETWEEN 1 AND 4000")
                })

            // The contrast: the same walks script with foreign keys ON (in a
            // transaction rolled back here) loses the live points, because
            // dropping walks deletes its rows and the delete cascades.
            struct Undo: Error {}
            #expect(throws: Undo.self) {
                try db.writeTransaction { db in
                    try db.executeScript(walks.sql)
                    #expect(try count(db, "walks_live_points") == 0, "with foreign keys on, the points are gone")
                    throw Undo()
                }
            }
            #expect(try Self.contents(db) == before)

            let applied = try Migrator(migrations: LifeSchema.migrations + [walks, hereafter]).migrate(
                db, now: Self.now)
            #expect(applied.map(\.version) == [1001, 1002])
            #expect(try Self.contents(db) == before, "every row of every table and view is as it was")
            #expect(try db.fetchOne(Int.self, "PRAGMA foreign_keys") == 1, "foreign keys are back on")
            #expect(try db.foreignKeyViolations() == [])
            #expect(try db.integrityCheck() == ["ok"])
            #expect(try db.userVersion() == 1002)

            // The new CHECK words hold, and so do the foreign keys.
            try db.execute(pause, [Self.recordingWalk])
            #expect(
                try db.fetchOne(String.self, "SELECT state FROM walks WHERE id = ?", [Self.recordingWalk]) == "paused")
            let longPlace = String(repeating: "p", count: 201)
            #expect(
                databaseError {
                    try db.execute(
                        "UPDATE hereafter_threads SET place_name = ? WHERE id = ?", [longPlace, Self.thread2])
                }?.isConstraintViolation == true)
            #expect(
                databaseError {
                    try db.execute("DELETE FROM hereafter_threads WHERE id = ?", [Self.thread1])
                }?.isConstraintViolation == true, "messages still hold their thread")
            try db.execute("DELETE FROM walks WHERE id = ?", [Self.recordingWalk])
            #expect(try count(db, "walks_live_points") == 0, "ON DELETE CASCADE survived the rebuild")
            // The R*Tree triggers were recreated with the table.
            try db.execute(
                "INSERT INTO hereafter_threads (id, location_key, latitude, longitude, created_at) VALUES (?, 3, 1, 2, ?)",
                ["7a1e0000-0000-4000-8000-000000000003", "2026-05-28 10:00:00.000"])
            #expect(try count(db, "hereafter_thread_locations") == 3)
        }
    }

    /// A rebuild that would orphan rows (the copy leaves out a parent) is
    /// refused before its commit: nothing of it stays, foreign keys are on.
    @Test func aRebuildThatOrphansRowsIsRolledBack() throws {
        try withTemporaryDirectory { directory in
            let db = try TestDatabase.connection(path: directory + "/life.db", now: Self.now)
            try db.writeTransaction { db in try db.executeScript(Self.rows) }
            let before = try Self.contents(db)
            let script = try Self.rebuild(db, ["hereafter_threads"]) { _, sql in
                sql.replacingOccurrences(
                    of: "location_key INTEGER NOT NULL UNIQUE",
                    with: "location_key INTEGER NOT NULL UNIQUE CHECK (location_key <> 2)")
            }.replacingOccurrences(
                of: "INSERT INTO hereafter_threads_new SELECT * FROM hereafter_threads;",
                with: "INSERT INTO hereafter_threads_new SELECT * FROM hereafter_threads WHERE location_key <> 2;")
            let lossy = Self.migration(1003, "lossy", script)
            let error = lifeError {
                try Migrator(migrations: LifeSchema.migrations + [lossy]).migrate(db, now: Self.now)
            }
            #expect(error?.kind == .internalError)
            #expect(error?.message.contains("migration 1003_lossy would leave 1 foreign key violation") == true)
            #expect(error?.message.contains("hereafter_messages row") == true)
            #expect(try Self.contents(db) == before)
            #expect(try db.userVersion() == LifeDatabase.latestVersion)
            #expect(try db.fetchOne(Int.self, "PRAGMA foreign_keys") == 1)
        }
    }
}
