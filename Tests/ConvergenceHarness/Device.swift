import Foundation
import LifeCore
import LifeDB
import LifeExchange
import LifeKernel
import LifeKit
import LifeSync

/// A clock the harness sets before each operation (pinned per operation,
/// skewed per device, sometimes stepping back).
final class ClockBox: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date) { self.instant = instant }

    var now: Date {
        get { lock.withLock { instant } }
        set { lock.withLock { instant = newValue } }
    }

    var clock: Clock { Clock { [self] in now } }

    var milliseconds: Int64 { Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) }
}

/// The local transactions a device committed, as its temporary triggers saw them.
final class EventSink: @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [[ReferenceModel.RowEvent]] = []

    func append(_ batch: [ReferenceModel.RowEvent]) { lock.withLock { batches.append(batch) } }

    func take() -> [[ReferenceModel.RowEvent]] {
        lock.withLock {
            defer { batches = [] }
            return batches
        }
    }
}

/// The harness's own record of what a local transaction did to the synced
/// tables: TEMP triggers on this connection, switched on only around the
/// stores' transactions, that copy the old and new values of the identity
/// and travelling columns. They are not the engine's capture: they only
/// feed the reference model what the stores did.
struct ChangeLog: Sendable {
    let tables: [(name: String, columns: [String])]

    static func quoted(_ name: String) -> String {
        // Foundation's replacingOccurrences costs more than the rest of a
        // row read; a name without a quote (every one here) is kept as it is.
        name.utf8.contains(UInt8(ascii: "\"")) ? "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : "\"" + name + "\""
    }

    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    var installScript: String {
        var sql = """
            CREATE TEMP TABLE rel7_switch (on_ INTEGER NOT NULL);
            INSERT INTO temp.rel7_switch VALUES (0);
            CREATE TEMP TABLE rel7_events (e INTEGER PRIMARY KEY, t TEXT NOT NULL, op TEXT NOT NULL);
            CREATE TEMP TABLE rel7_values (e INTEGER NOT NULL, side TEXT NOT NULL, col TEXT NOT NULL, val);

            """
        for (offset, table) in tables.enumerated() {
            func values(_ side: String, _ row: String) -> String {
                table.columns.map {
                    "((SELECT max(e) FROM temp.rel7_events), '\(side)', \(Self.literal($0)), \(row).\(Self.quoted($0)))"
                }.joined(separator: ", ")
            }
            let on = "ON main.\(Self.quoted(table.name)) WHEN (SELECT on_ FROM temp.rel7_switch) = 1"
            let event = { (op: String) in
                "INSERT INTO rel7_events (t, op) VALUES (\(Self.literal(table.name)), '\(op)');"
            }
            sql += """
                CREATE TEMP TRIGGER rel7_i\(offset) AFTER INSERT \(on) BEGIN
                  \(event("I")) INSERT INTO rel7_values VALUES \(values("n", "NEW")); END;
                CREATE TEMP TRIGGER rel7_u\(offset) AFTER UPDATE \(on) BEGIN
                  \(event("U")) INSERT INTO rel7_values VALUES \(values("o", "OLD")), \(values("n", "NEW")); END;
                CREATE TEMP TRIGGER rel7_d\(offset) AFTER DELETE \(on) BEGIN
                  \(event("D")) INSERT INTO rel7_values VALUES \(values("o", "OLD")); END;

                """
        }
        return sql
    }

    func begin(_ db: Database) throws {
        try db.execute("DELETE FROM temp.rel7_events")
        try db.execute("DELETE FROM temp.rel7_values")
        try db.execute("UPDATE temp.rel7_switch SET on_ = 1")
    }

    func end(_ db: Database) throws -> [ReferenceModel.RowEvent] {
        try db.execute("UPDATE temp.rel7_switch SET on_ = 0")
        var old: [Int64: [String: DatabaseValue]] = [:]
        var new: [Int64: [String: DatabaseValue]] = [:]
        for row in try db.fetchAll("SELECT e, side, col, val FROM temp.rel7_values") {
            guard case .integer(let e) = row[0], case .text(let side) = row[1], case .text(let column) = row[2] else {
                continue
            }
            if side == "o" { old[e, default: [:]][column] = row[3] } else { new[e, default: [:]][column] = row[3] }
        }
        return try db.fetchAll("SELECT e, t, op FROM temp.rel7_events ORDER BY e").compactMap { row in
            guard case .integer(let e) = row[0], case .text(let table) = row[1], case .text(let op) = row[2] else {
                return nil
            }
            let kind: ReferenceModel.RowEvent.Kind = op == "I" ? .insert : op == "U" ? .update : .delete
            return ReferenceModel.RowEvent(table: table, kind: kind, old: old[e], new: new[e])
        }
    }
}

/// The writer every store of a device writes through: the engine's
/// `SyncClockWriter` (so the device's pinned clock stamps its changes),
/// with the harness's change log switched on around each transaction.
struct CapturingWriter: DatabaseWriter {
    let base: any DatabaseWriter
    let log: ChangeLog
    let sink: EventSink

    func read<T>(_ body: (Database) throws -> T) throws -> T { try base.read(body) }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await base.read(body)
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        var events: [ReferenceModel.RowEvent] = []
        let result = try base.write { db in
            try log.begin(db)
            let result = try body(db)
            events = try log.end(db)
            return result
        }
        sink.append(events)
        return result
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let log = log
        let (result, events) = try await base.write { db in
            try log.begin(db)
            let result = try body(db)
            return (result, try log.end(db))
        }
        sink.append(events)
        return result
    }

    func inDatabase<T>(_ body: (Database) throws -> T) throws -> T { try base.inDatabase(body) }
}

/// One device of a REL-7 history: a database file of its own, its clock,
/// its stores and its sync store.
final class Device {
    let index: Int
    let path: String
    let queue: DatabaseQueue
    let clock: ClockBox
    let sink = EventSink()
    let writer: CapturingWriter
    let sync: SyncStore
    let contract: SyncContract
    /// Its id now (a device whose clock ran ahead takes a new one).
    var site: ReferenceModel.SiteKey
    let isServer: Bool

    /// A copy of the fixture's file for the device's role (a file that has
    /// taken a site id of that role, section 6), opened as an app opens
    /// its database, with the id then set from the seed: ties between
    /// equal clocks, broken by site id, replay the same way.
    init(
        index: Int, template: String, directory: String, siteBytes: [UInt8], isServer: Bool, key: SyncKey,
        contract: SyncContract, log: ChangeLog, start: Date
    ) throws {
        self.index = index
        self.contract = contract
        self.isServer = isServer
        path = directory + "/device\(index).db"
        try FileManager.default.copyItem(atPath: template, toPath: path)
        clock = ClockBox(start)
        queue = try LifeDatabase.open(path: path, now: start, create: false, registry: LifeKit.registry)
        let stamped = SyncClockWriter(queue, clock: clock.clock)
        writer = CapturingWriter(base: stamped, log: log, sink: sink)
        sync = SyncStore(stamped, registry: LifeKit.registry, key: key, clock: clock.clock)
        try queue.write { db in try db.execute("UPDATE sync_site SET site = ?", [Data(siteBytes)]) }
        let status = try sync.status()
        guard let reported = SiteID(hex: status.id), [UInt8](reported.bytes) == siteBytes,
            status.role == (isServer ? "server" : "device")
        else {
            throw SyncContract.ContractError(
                description: "device \(index): sync status reports \(status.id) (\(status.role))")
        }
        site = ReferenceModel.SiteKey(bytes: siteBytes)
        try queue.inDatabase { db in try db.executeScript(log.installScript) }
    }

    func close() { try? queue.close() }

    /// The harness's own reads, outside a read transaction: LifeDB's `read`
    /// switches `PRAGMA query_only` on and off, and every switch of a flag
    /// pragma makes SQLite expire all the connection's prepared statements
    /// (the engine's included), which then compile again. Nothing else
    /// writes this file meanwhile, so each read sees what the last
    /// transaction left.
    func quietly<T>(_ body: (Database) throws -> T) throws -> T { try queue.inDatabase(body) }

    /// Its id as `sync status` reports it.
    func currentSite() throws -> ReferenceModel.SiteKey {
        guard let id = SiteID(hex: try sync.status().id) else {
            throw SyncContract.ContractError(description: "device \(index): sync status reports no id")
        }
        return ReferenceModel.SiteKey(bytes: [UInt8](id.bytes))
    }

    /// Each shown LifeTimer goal's number, by identity.
    func goalNumbers() throws -> [ReferenceModel.Key: Int] {
        try quietly { db in
            var numbers: [ReferenceModel.Key: Int] = [:]
            for row in try db.fetchAll("SELECT id, number FROM main.lifetimer_goals") {
                guard case .integer(let number) = row[1] else { continue }
                numbers[[row[0]]] = Int(number)
            }
            return numbers
        }
    }

    /// The rows of every synced table, identity and travelling columns.
    func rows() throws -> ReferenceModel.Shown {
        try quietly { db in
            var shown: ReferenceModel.Shown = [:]
            for table in contract.tables {
                let columns = table.columns
                let sql =
                    "SELECT " + columns.map(ChangeLog.quoted).joined(separator: ", ") + " FROM main."
                    + ChangeLog.quoted(table.name)
                var rows: [ReferenceModel.Key: [String: DatabaseValue]] = [:]
                for row in try db.fetchAll(sql) {
                    var values: [String: DatabaseValue] = [:]
                    for (offset, column) in columns.enumerated() { values[column] = row[offset] }
                    rows[table.identity.map { values[$0] ?? .null }] = values
                }
                shown[table.name] = rows
            }
            return shown
        }
    }

    /// Every product that withholds on this device now.
    func withholding() throws -> Set<String> {
        try quietly { db in
            Set(try LifeKit.registry.products.filter { try $0.isWithholding(db) }.map(\.name))
        }
    }

    /// `export --for-sync`, as lifectl writes it.
    func exportForSync(at instant: Date) throws -> Data {
        let exchange = Exchange(queue, registry: LifeKit.registry, clock: .fixed(instant))
        return try Exchange.encode(try exchange.export(forSync: true))
    }

    /// `db check`'s checks that concern the data: integrity, foreign keys,
    /// every product's invariants, judged as `db check` judges them.
    func check(at instant: Date) throws -> [String] {
        try queue.read { db in
            var problems = try db.integrityCheck().filter { $0 != "ok" }
            problems += try db.foreignKeyViolations().map { "foreign key: " + $0 }
            for product in LifeKit.registry.products {
                problems += try product.invariantViolations(db, clock: HybridClock.judgingClock(db, now: instant)).map {
                    "\(product.name): " + $0
                }
            }
            return problems
        }
    }

    /// A value's full text (a blob's bytes in hexadecimal).
    static func exact(_ value: DatabaseValue) -> String {
        if case .blob(let bytes) = value { return "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'" }
        return value.description
    }

    /// Every row of every table of the file (sync bookkeeping included), to
    /// tell that an interrupted apply left the file as it was.
    func fingerprint() throws -> [String] {
        try quietly { db in
            let tables = try db.fetchAll(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            var lines: [String] = []
            for table in tables {
                guard case .text(let name) = table[0] else { continue }
                for row in try db.fetchAll("SELECT * FROM main.\(ChangeLog.quoted(name))") {
                    lines.append(name + ":" + row.values.map(Self.exact).joined(separator: "|"))
                }
            }
            return lines.sorted()
        }
    }
}
