// The sync benchmark (`scripts/bench sync`, issue 18, docs/sync.md): each
// part prints one `SYNC part=… key=value …` line that scripts/bench checks
// and sets beside its goal. Release build, one process per part.
//
//   sync-bench capture [ROWS]  PERF-1's insert of ROWS rows (default 1,000,000) into
//                              t(id INTEGER PRIMARY KEY, a, b, c), capture off and on,
//                              interleaved, then read back; and the same into a table
//                              keyed by UUID text, as the products' tables are
//   sync-bench metadata        a realistic database (1,000 walks, 80 years of marks,
//                              10,000 completions, 1,000 notes): sync metadata per
//                              never-updated row and its share of the file (dbstat)
//   sync-bench apply [ROWS]    a bundle of ROWS rows × 10 changed cells applied (default
//                              10,000: 100,000 cells), through SyncStore
//   sync-bench delta [ROWS]    a delta bundle of ROWS changed rows written for a peer
//                              that has everything else (default 10,000)
//   sync-bench size            the realistic database's full bundle beside its `export --json`
//   sync-bench import          the realistic database's `export --json` imported into a new
//                              database (as `lifectl import` does) with capture on, and
//                              into one whose capture triggers were dropped, interleaved

import Foundation
import LifeCore
import LifeDB
import LifeExchange
import LifeKernel
import LifeKit
import LifeSync
import Walks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String, code: Int32 = 70) -> Never {
    FileHandle.standardError.write(Data("sync-bench: \(message)\n".utf8))
    exit(code)
}

func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double) -> String { String(format: "%.6f", value) }

/// Seconds of CPU this process has used (with wall time it tells waiting from work).
func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

let folder = NSTemporaryDirectory() + "sync-bench-" + UUID().uuidString.lowercased()
do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
} catch { fail("cannot make \(folder): \(error)") }
defer { try? FileManager.default.removeItem(atPath: folder) }
let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22T10:00:00Z

// MARK: A synced table of the benchmark's own

/// The benchmark's product: one synced table of ten last-writer-wins columns.
struct BenchProduct: Product {
    var name: String { "bench" }
    var tables: [TableSpec] {
        var columns: [String: MergePolicy] = ["id": .key]
        for name in BenchProduct.columns { columns[name] = .lastWriterWins() }
        return [TableSpec("bench_rows", columns: columns)]
    }
    static let columns = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
}

let benchRegistry = ProductRegistry([BenchProduct()])

/// The SQL of migration `name`, or of its part before the generated section.
func migrationSQL(_ name: String, staticPart: Bool = false) -> String {
    guard let sql = LifeSchema.migrations.first(where: { $0.name == name })?.sql else { fail("no migration \(name)") }
    guard staticPart, let range = sql.range(of: "-- BEGIN GENERATED") else { return sql }
    return String(sql[..<range.lowerBound])
}

/// A database with the owner, the sync tables and `extra` (a CREATE TABLE);
/// with `capture`, the triggers generated for `registry`'s synced tables.
func benchDatabase(_ name: String, extra: String, registry: ProductRegistry, capture: Bool) throws -> DatabaseQueue {
    let path = folder + "/" + name + ".db"
    let db = try Database(path: path)
    try db.configureJournal()
    try db.executeScript(migrationSQL("core"))
    try db.executeScript(migrationSQL("sync", staticPart: true))
    try db.executeScript(migrationSQL("sync_by_time", staticPart: true))
    try db.executeScript(extra)
    if capture {
        // Numbered here as a migration's generated block numbers them.
        let catalog = try SyncCatalog(registry: registry, db: db, generating: true)
        try db.executeScript(SyncTriggers.sql(catalog))
    }
    return DatabaseQueue(db)
}

// MARK: capture

/// PERF-1's insert phase: one transaction (stamped, as lifectl stamps its
/// own), one cached statement, typed binds per row.
func insert(_ queue: DatabaseQueue, texts: [String], ids: [String]?) throws -> Double {
    let start = seconds()
    try queue.write { db in
        try SyncCapture.stamped(db, now: now) { db in
            if let ids {
                let statement = try db.cachedStatement("INSERT INTO u (id, a, b, c) VALUES (?, ?, ?, ?)")
                for i in 0..<texts.count {
                    try statement.bind(ids[i], at: 1)
                    try statement.bind(Int64(i), at: 2)
                    try statement.bind(Double(i) * 0.5, at: 3)
                    try statement.bind(texts[i], at: 4)
                    _ = try statement.step()
                    statement.resetKeepingBindings()
                }
            } else {
                let statement = try db.cachedStatement("INSERT INTO t (a, b, c) VALUES (?, ?, ?)")
                for i in 0..<texts.count {
                    try statement.bind(Int64(i), at: 1)
                    try statement.bind(Double(i) * 0.5, at: 2)
                    try statement.bind(texts[i], at: 3)
                    _ = try statement.step()
                    statement.resetKeepingBindings()
                }
            }
        }
    }
    return seconds() - start
}

func readBack(_ queue: DatabaseQueue, table: String) throws -> (Double, Int) {
    let start = seconds()
    var count = 0
    var sum: Int64 = 0
    try queue.read { db in
        try db.forEachRow("SELECT a, b, c FROM \(table)") { statement in
            sum &+= try statement.column(Int64.self, at: 0)
            _ = try statement.column(Double.self, at: 1)
            _ = try statement.column(String.self, at: 2)
            count += 1
        }
    }
    return (seconds() - start, count)
}

struct CaptureTable: Product {
    let tableName: String
    let keyed: Bool
    var name: String { "perf" }
    var tables: [TableSpec] {
        [
            TableSpec(
                tableName,
                columns: [
                    "id": .key, "a": .lastWriterWins(), "b": .lastWriterWins(), "c": .lastWriterWins(),
                ])
        ]
    }
}

func capture(rows: Int) throws {
    let texts = (0..<rows).map { "row-" + String($0) + "-" + String(repeating: "x", count: $0 % 23) }
    let ids = (0..<rows).map { _ in UUID().uuidString.lowercased() }
    var figures: [String: [Double]] = [:]
    for run in 0..<3 {
        for (name, table, keyed) in [("t", "t", false), ("u", "u", true)] {
            let create =
                keyed
                ? "CREATE TABLE u (id TEXT PRIMARY KEY, a INTEGER, b REAL, c TEXT) STRICT;"
                : "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT) STRICT;"
            let registry = ProductRegistry([CaptureTable(tableName: table, keyed: keyed)])
            // Alternate which goes first, so neither always meets a warmer cache.
            for capture in run % 2 == 0 ? [false, true] : [true, false] {
                let queue = try benchDatabase(
                    "\(name)-\(capture)-\(run)", extra: create, registry: registry, capture: capture)
                let insertSeconds = try insert(queue, texts: texts, ids: keyed ? ids : nil)
                let (readSeconds, count) = try readBack(queue, table: table)
                guard count == rows else { fail("read \(count) rows of \(table), wrote \(rows)") }
                let metadata = try queue.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM sync_row") } ?? 0
                guard metadata == (capture ? rows : 0) else { fail("\(metadata) rows of metadata for \(rows) rows") }
                figures["\(name)_insert_\(capture ? "on" : "off")", default: []].append(insertSeconds)
                figures["\(name)_read_\(capture ? "on" : "off")", default: []].append(readSeconds)
                try queue.close()
            }
        }
    }
    let line = figures.keys.sorted().map { "\($0)_s=\(format(median(figures[$0] ?? [])))" }.joined(separator: " ")
    print("SYNC part=capture rows=\(rows) \(line)")
}

// MARK: A realistic database

/// 1,000 walks (1,800 points each, saved through the Walks store), 80 years
/// of marks, 10,000 completions, 1,000 notes in 250 places, the rest written
/// through SQL in stamped transactions so the triggers record them as a
/// person's writes.
func realisticDatabase(_ name: String) throws -> (queue: DatabaseQueue, rows: Int) {
    let path = folder + "/" + name + ".db"
    let queue = try LifeDatabase.open(path: path, now: now, registry: LifeKit.registry)
    let writer = SyncClockWriter(queue, clock: .fixed(now))
    var random = SystemRandomNumberGenerator()
    func uuid() -> String { UUID().uuidString.lowercased() }
    func instant(_ days: Int) -> String { Timestamp.database(now.addingTimeInterval(Double(-days) * 86_400)) }
    try writer.write { db in
        try db.execute(
            "INSERT INTO finite_profile (id, birthday, created_at, updated_at) VALUES (1, '1946-05-14', ?, ?)",
            [instant(4000), instant(4000)])
        let mark = try db.cachedStatement(
            "INSERT INTO finite_marks (id, week_index, rating, category, phrase, marked_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        )
        for week in 0..<4_160 {
            try mark.execute([
                uuid(), week, week % 5 + 1, week % 3 == 0 ? "work" : nil,
                week % 4 == 0 ? "A week worth a phrase \(week)" : nil,
                instant(4160 - week), instant(4160 - week),
            ])
        }
    }
    // The walks through the store, as an app saves a recorded walk, so
    // their summaries are what the rules derive from their points (an
    // import checks them): one a day, ending the day before `now`.
    let walks = WalksStore(writer, clock: .fixed(now))
    let firstWalk = Int64(now.timeIntervalSince1970 * 1000) - 1_001 * 86_400_000
    for index in 0..<1_000 {
        var latitude = 52.4 + Double(index % 100) * 0.001
        var longitude = 13.3 + Double(index / 100) * 0.001
        var points: [TrackPoint] = []
        points.reserveCapacity(1_800)
        for step in 0..<1_800 {
            latitude += Double(Int.random(in: -3...4, using: &random)) * 0.000_01
            longitude += Double(Int.random(in: -3...4, using: &random)) * 0.000_01
            points.append(
                TrackPoint(
                    latitude: latitude, longitude: longitude, elevationMeters: 34 + Double(step % 20) * 0.1,
                    timeMilliseconds: firstWalk + Int64(index) * 86_400_000 + Int64(step) * 2_000))
        }
        try walks.save(Track(points: points), name: index % 2 == 0 ? "Walk \(index)" : nil)
    }
    try writer.write { db in
        let activities = try db.fetchAll("SELECT id FROM dailymenu_activities WHERE pack_id IS NULL LIMIT 5").map {
            try $0.get(String.self, at: 0)
        }
        let completion = try db.cachedStatement(
            """
            INSERT INTO dailymenu_completions (id, activity_id, completed_at, local_day, local_time, time_zone, after_mood, feedback)
            VALUES (?, ?, ?, ?, ?, 'UTC', ?, ?)
            """)
        for index in 0..<10_000 {
            let day = index / activities.count
            try completion.execute([
                uuid(), activities[index % activities.count], instant(day), String(instant(day).prefix(10)),
                String(instant(day).dropFirst(11).prefix(5)), index % 3 == 0 ? "Better" : nil,
                index % 7 == 0 ? "Loved it" : nil,
            ])
        }
        try db.execute(
            "INSERT INTO dailymenu_profile (id, member_since, created_at, updated_at) VALUES (1, '2020-01-01', ?, ?)",
            [instant(2100), instant(2100)])
    }
    let creator = uuid()
    try writer.write { db in
        try db.execute(
            "INSERT INTO hereafter_profile (id, first_name, creator_id, created_at, updated_at) VALUES (1, 'Ada', ?, ?, ?)",
            [creator, instant(900), instant(900)])
        var threads: [String] = []
        for index in 0..<250 {
            let id = uuid()
            threads.append(id)
            try db.execute(
                "INSERT INTO hereafter_threads (id, location_key, latitude, longitude, place_name, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [id, index + 1, 48 + Double(index) * 0.01, 11 + Double(index) * 0.01, "Place \(index)", instant(900)])
        }
        let note = try db.cachedStatement(
            """
            INSERT INTO hereafter_messages (id, thread_id, latitude, longitude, text, planted_on, unlock_date, unlock_at,
                created_at, discovered_at, creator_id)
            VALUES (?, ?, ?, ?, ?, ?, '2026-06-01', '2026-06-01 00:00:00.000', ?, ?, ?)
            """)
        for index in 0..<1_000 {
            try note.execute([
                uuid(), threads[index % threads.count], 48 + Double(index % threads.count) * 0.01,
                11 + Double(index % threads.count) * 0.01,
                "A note to the future, number \(index), with a few words in it.", String(instant(300).prefix(10)),
                instant(300),
                index % 2 == 0 ? instant(10) : nil, creator,
            ])
        }
    }
    let rows = try queue.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM sync_row") } ?? 0
    return (queue, rows)
}

func metadata() throws {
    let (queue, rows) = try realisticDatabase("realistic")
    try queue.inDatabase { db in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    let figures = try queue.read { db -> (Int, Int, Int, Int) in
        let pages = try db.fetchOne(
            "SELECT sum(pgsize), sum(payload) + 3 * sum(ncell) FROM dbstat WHERE name IN ('sync_row', 'sync_cell')")
        let file =
            try db.fetchOne(Int.self, "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size") ?? 0
        let cells = try db.fetchOne(Int.self, "SELECT count(*) FROM sync_cell") ?? -1
        return (try pages?.get(Int.self, at: 0) ?? 0, try pages?.get(Int.self, at: 1) ?? 0, file, cells)
    }
    guard figures.3 == 0 else { fail("\(figures.3) cell records in a database where no row was updated") }
    print(
        "SYNC part=metadata rows=\(rows) metadata_bytes=\(figures.0) record_bytes=\(figures.1) file_bytes=\(figures.2) "
            + "bytes_per_row=\(format(Double(figures.0) / Double(rows))) record_bytes_per_row=\(format(Double(figures.1) / Double(rows))) "
            + "share=\(format(Double(figures.0) / Double(figures.2)))")
}

func size() throws {
    let (queue, _) = try realisticDatabase("sized")
    let key = SyncKey.random()
    let store = SyncStore(
        SyncClockWriter(queue, clock: .fixed(now)), registry: LifeKit.registry, key: key, clock: .fixed(now))
    let bundle = try store.bundle(for: .anyone)
    let export = try Exchange.encode(Exchange(queue, registry: LifeKit.registry, clock: .fixed(now)).export())
    print(
        "SYNC part=size bundle_bytes=\(bundle.count) export_bytes=\(export.count) ratio=\(format(Double(bundle.count) / Double(export.count)))"
    )
}

// MARK: import

/// A new database as `lifectl import` opens it (a capturing writer at a
/// pinned clock); without `capture`, its sync triggers dropped first.
func importTarget(_ name: String, capture: Bool) throws -> (DatabaseQueue, any DatabaseWriter) {
    let queue = try LifeDatabase.open(path: folder + "/" + name + ".db", now: now, registry: LifeKit.registry)
    if !capture {
        try queue.inDatabase { db in
            let triggers = try db.fetchAll(
                "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name GLOB 'sync_*'"
            ).map { try $0.get(String.self, at: 0) }
            guard !triggers.isEmpty else { fail("no capture trigger to drop") }
            for trigger in triggers { try db.execute("DROP TRIGGER \"\(trigger)\"") }
        }
    }
    return (queue, SyncClockWriter(queue, clock: .fixed(now)))
}

/// Issue 27's workload: the realistic database's export imported with
/// capture on and off, three times each, interleaved; both imports must
/// bring the same rows, and only the one with capture records them.
func importing() throws {
    let (source, _) = try realisticDatabase("exported")
    let path = folder + "/export.json"
    let bytes = try Exchange.encode(Exchange(source, registry: LifeKit.registry, clock: .fixed(now)).export())
    try bytes.write(to: URL(fileURLWithPath: path))
    var on: [Double] = []
    var off: [Double] = []
    var rows: [Bool: Int] = [:]
    for run in 0..<3 {
        for capture in run % 2 == 0 ? [false, true] : [true, false] {
            let (queue, writer) = try importTarget("import-\(capture)-\(run)", capture: capture)
            let start = seconds()
            let report = try Exchange(writer, registry: LifeKit.registry, clock: .fixed(now)).importFile(
                at: path, name: "export.json")
            let time = seconds() - start
            let recorded = try queue.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM sync_row") } ?? 0
            guard (recorded > 0) == capture else {
                fail("capture \(capture ? "on" : "off") recorded \(recorded) rows")
            }
            let imported =
                try queue.read { db in
                    try db.fetchOne(
                        Int.self,
                        """
                        SELECT (SELECT count(*) FROM walks) + (SELECT count(*) FROM finite_marks)
                            + (SELECT count(*) FROM dailymenu_completions) + (SELECT count(*) FROM hereafter_messages)
                        """)
                } ?? 0
            guard imported == 1_000 + 4_160 + 10_000 + 1_000 else {
                fail("capture \(capture ? "on" : "off"): \(imported) rows imported (report: \(report))")
            }
            rows[capture] = imported
            if capture { on.append(time) } else { off.append(time) }
        }
    }
    print(
        "SYNC part=import bytes=\(bytes.count) rows=\(rows[true] ?? 0) on_s=\(format(median(on))) off_s=\(format(median(off))) "
            + "ratio=\(format(median(on) / median(off)))")
}

// MARK: apply and delta

let benchTable =
    "CREATE TABLE bench_rows (id TEXT PRIMARY KEY, "
    + BenchProduct.columns.map { "\($0) TEXT" }.joined(separator: ", ") + ") STRICT;"

func benchStore(_ name: String, at instant: Date) throws -> (DatabaseQueue, SyncStore) {
    let queue = try benchDatabase(name, extra: benchTable, registry: benchRegistry, capture: true)
    let clock = Clock.fixed(instant)
    return (
        queue, SyncStore(SyncClockWriter(queue, clock: clock), registry: benchRegistry, key: benchKey, clock: clock)
    )
}

let benchKey = SyncKey.random()

/// `rows` rows written on A and seen by B, then every column of `changed` of them changed on A.
func changedPair(rows: Int, changed: Int) throws -> (a: SyncStore, b: SyncStore, bQueue: DatabaseQueue, ids: [String]) {
    let (aQueue, a) = try benchStore("a", at: now)
    let (bQueue, b) = try benchStore("b", at: now.addingTimeInterval(60))
    let ids = (0..<rows).map { _ in UUID().uuidString.lowercased() }
    try a.writer.write { db in
        let statement = try db.cachedStatement(
            "INSERT INTO bench_rows (id, \(BenchProduct.columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: 10)))"
        )
        for id in ids { try statement.execute(StatementArguments([id] + BenchProduct.columns.map { "first \($0)" })) }
    }
    try b.apply(try a.pendingChanges())
    try a.apply(try b.pendingChanges())
    try SyncClockWriter(aQueue, clock: .fixed(now.addingTimeInterval(120))).write { db in
        try db.execute(
            "UPDATE bench_rows SET " + BenchProduct.columns.map { "\($0) = 'second ' || id" }.joined(separator: ", ")
                + " WHERE rowid <= ?", [changed])
    }
    return (a, b, bQueue, ids)
}

func apply(rows: Int) throws {
    let pair = try changedPair(rows: rows, changed: rows)
    let bundle = try pair.a.pendingChanges()
    let start = seconds()
    let cpuStart = cpuSeconds()
    let report = try pair.b.apply(bundle)
    let elapsed = seconds() - start
    let cpu = cpuSeconds() - cpuStart
    let changed =
        try pair.bQueue.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM bench_rows WHERE j LIKE 'second %'") }
        ?? 0
    guard report.rowsChanged == rows, changed == rows else {
        fail("applied \(report.rowsChanged) rows, \(changed) changed")
    }
    print(
        "SYNC part=apply rows=\(rows) cells=\(rows * 10) bundle_bytes=\(bundle.count) apply_s=\(format(elapsed)) apply_cpu_s=\(format(cpu))"
    )
}

func delta(rows: Int) throws {
    // Ten times as many rows here, of which `rows` changed since the peer's last bundle.
    let pair = try changedPair(rows: rows * 10, changed: rows)
    let peers = try pair.a.peers()
    guard peers.count == 1, let peer = peers.first?.id else { fail("expected one peer, found \(peers.count)") }
    var times: [Double] = []
    var cpu: [Double] = []
    var bytes = 0
    for _ in 0..<5 {
        let start = seconds()
        let cpuStart = cpuSeconds()
        let bundle = try pair.a.pendingChanges(for: peer)
        times.append(seconds() - start)
        cpu.append(cpuSeconds() - cpuStart)
        bytes = bundle.count
    }
    let records = try pair.b.open(try pair.a.pendingChanges(for: peer)).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - 1
    guard records == rows else { fail("the delta holds \(records) records, expected \(rows)") }
    print(
        "SYNC part=delta rows=\(rows * 10) records=\(records) bundle_bytes=\(bytes) write_s=\(format(median(times))) write_cpu_s=\(format(median(cpu)))"
    )
}

// MARK: Main

let arguments = CommandLine.arguments
let part = arguments.count > 1 ? arguments[1] : ""
let count = arguments.count > 2 ? Int(arguments[2]) : nil
do {
    switch part {
    case "capture": try capture(rows: count ?? 1_000_000)
    case "metadata": try metadata()
    case "size": try size()
    case "import": try importing()
    case "apply": try apply(rows: count ?? 10_000)
    case "delta": try delta(rows: count ?? 10_000)
    default: fail("usage: sync-bench capture|metadata|size|import|apply|delta [ROWS]", code: 64)
    }
} catch {
    fail("\(error)")
}
