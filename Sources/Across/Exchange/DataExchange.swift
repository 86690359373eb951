import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeTimer
import Walks

/// Export and import of every product's saved rows in one versioned JSON
/// format (docs/json.md, "export"). Lossless: each column of each saved
/// table, BLOBs as base64, walks' tracks as point arrays; derived tables
/// (indexes kept as tables, the search index) are rebuilt by the triggers.
///
/// Import merges by key: a row whose id (or other key) is already in the
/// database is replaced by the file's; others are added; running it twice
/// changes nothing more. Two LifeTimer rules need care: a goal's number is
/// always `goals_created + 1` when inserted, and a countdown never changes.
public struct DataExchange {
    public let db: Database
    /// "Now" for the products' rules an import checks.
    public let clock: Clock

    public init(db: Database, clock: Clock = .system) {
        self.db = db
        self.clock = clock
    }

    /// The products in the file, in the order they are written and imported
    /// (parents before children); `core` (the owner's settings) always.
    public static let domains: [ProductDomain] = [
        .core, FiniteDomain.domain, LifeTimerDomain.domain, WalksDomain.domain, HereafterDomain.domain,
        DailyMenuDomain.domain,
    ]

    /// DM-10 and local-only preferences: left out with --for-sync.
    static let localOnlyTables: Set<String> = ["dailymenu_hidden_activities", "dailymenu_excluded_categories"]
    static let moodColumns: [String: [String]] = [
        "dailymenu_starts": ["before_mood"], "dailymenu_completions": ["before_mood", "after_mood", "feedback"],
    ]
    /// TrackCodec columns, written as point arrays.
    static let trackColumns: Set<String> = ["walks.points", "walks.simplified"]

    public static var productNames: [String] { domains.map(\.name) }

    public func export(only: String? = nil, forSync: Bool = false) throws -> ExportDocument {
        if let only, !Self.productNames.contains(only) || only == ProductDomain.core.name {
            throw LifeError.invalid(
                field: "--only",
                "--only is '\(only)'; it must be one of \(Self.productNames.dropFirst().joined(separator: ", "))")
        }
        return try db.readTransaction { db in
            let shareMood =
                try db.fetchOne(Int.self, "SELECT share_mood FROM dailymenu_profile WHERE id = 1") ?? 1
            var products: [String: [String: [[String: ExportValue]]]] = [:]
            for domain in Self.domains where only == nil || domain.name == only || domain == .core {
                var tables: [String: [[String: ExportValue]]] = [:]
                for table in domain.tables where !(forSync && Self.localOnlyTables.contains(table)) {
                    let keys = try Self.primaryKey(table, db: db)
                    let hidden = forSync && shareMood == 0 ? Set(Self.moodColumns[table] ?? []) : []
                    tables[table] = try db.fetchAll(
                        "SELECT * FROM \(Database.quoteIdentifier(table)) ORDER BY "
                            + keys.map(Database.quoteIdentifier).joined(separator: ", ")
                    ).map { row in
                        var object: [String: ExportValue] = [:]
                        for (index, column) in row.columnNames.enumerated() {
                            object[column] =
                                hidden.contains(column)
                                ? .null
                                : try Self.value(
                                    row[index], trackColumn: Self.trackColumns.contains("\(table).\(column)"))
                        }
                        return object
                    }
                }
                products[domain.name] = tables
            }
            return ExportDocument(products: products, forSync: forSync)
        }
    }

    /// The file's bytes: pretty-printed, keys sorted, a final newline.
    public static func encode(_ document: ExportDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document) + Data("\n".utf8)
    }

    /// Reads a file's bytes: malformed JSON, another format or a newer
    /// version are malformed input (exit 65).
    public static func decode(_ data: Data) throws -> ExportDocument {
        struct Header: Decodable {
            let format: String?
            let version: Int?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw LifeError.malformed("the file is not a JSON object", field: "file")
        }
        guard header.format == ExportDocument.formatName, let version = header.version else {
            throw LifeError.malformed(
                "the file is not a lifectl export (its \"format\" is not \"\(ExportDocument.formatName)\")",
                field: "file")
        }
        guard version <= ExportDocument.currentVersion else {
            throw LifeError(
                kind: .malformedInput, field: "version",
                message:
                    "the file's format version is \(version), newer than this build's \(ExportDocument.currentVersion)",
                remedy: .newerVersion)
        }
        do {
            return try JSONDecoder().decode(ExportDocument.self, from: data)
        } catch let error as DecodingError {
            throw LifeError.malformed("the file's rows cannot be read: \(Self.sentence(for: error))", field: "file")
        }
    }

    /// Merges `document` into the database in one transaction. Before it
    /// commits, the rules `lifectl db check` holds of each product in the
    /// file are run on the merged rows: a walk whose points do not decode or
    /// disagree with its stored summary, a photo whose bytes are not of its
    /// type, a message too far from its thread's centre… refuses the whole
    /// file (exit 65) and nothing is imported. A problem the database had
    /// before the import is not the file's: it is told apart by looking
    /// again, before the rows, in a second transaction (only when the first
    /// found any, so a clean import checks once).
    @discardableResult
    public func importDocument(_ document: ExportDocument) throws -> ImportReport {
        do {
            return try merge(document, baseline: false)
        } catch is ProblemsFound {
            return try merge(document, baseline: true)
        }
    }

    /// The first try found problems that may have been there before.
    private struct ProblemsFound: Error {}

    private func merge(_ document: ExportDocument, baseline: Bool) throws -> ImportReport {
        let checkClock = Self.checkClock(for: document, now: clock.now())
        return try db.withForeignKeysOff {
            try db.writeTransaction { db in
                let before = baseline ? Set(try Self.violations(of: document, db: db, clock: checkClock)) : []
                var report = ImportReport(rowsRead: 0, skippedWalks: [])
                for domain in Self.domains {
                    guard let tables = document.products[domain.name] else { continue }
                    for table in tables.keys where !domain.tables.contains(table) {
                        throw LifeError.malformed(
                            "the file names a table '\(table)' that \(domain.name) does not have", field: "products")
                    }
                    for table in domain.tables {
                        guard let rows = tables[table] else { continue }
                        report.rowsRead += rows.count
                        try importRows(Self.ordered(rows, table: table), into: table, db: db, report: &report)
                    }
                    if let accounts = tables["lifetimer_accounts"] { try restoreGoalCounts(accounts, db: db) }
                }
                let problems = try db.foreignKeyViolations()
                if let first = problems.first {
                    throw LifeError.malformed("the file's rows do not fit together: \(first)", field: "products")
                }
                let added = try Self.violations(of: document, db: db, clock: checkClock).filter {
                    !before.contains($0)
                }
                if !added.isEmpty {
                    if !baseline { throw ProblemsFound() }
                    throw Self.refusal(added)
                }
                return report
            }
        }
    }

    /// Replies after the messages they answer (a message refers to its
    /// parent); an account's goals in the order of their numbers (LT-2: a
    /// new goal's number is the account's count of goals made + 1, so goal 1
    /// must go in before goal 2 whatever order the file lists them in).
    static func ordered(_ rows: [[String: ExportValue]], table: String) -> [[String: ExportValue]] {
        func text(_ row: [String: ExportValue], _ key: String) -> String {
            if case .text(let value)? = row[key] { return value }
            return ""
        }
        func number(_ row: [String: ExportValue], _ key: String) -> Int64 {
            if case .integer(let value)? = row[key] { return value }
            return 0
        }
        switch table {
        case "hereafter_messages":
            return rows.sorted {
                (text($0, "created_at"), text($0, "id")) < (text($1, "created_at"), text($1, "id"))
            }
        case "lifetimer_goals":
            return rows.sorted {
                (text($0, "account_id"), number($0, "number"), text($0, "id"))
                    < (text($1, "account_id"), number($1, "number"), text($1, "id"))
            }
        default:
            return rows
        }
    }

    /// Columns a `--for-sync` export may write as null to withhold them.
    static let withheldInSync: [String: Set<String>] = [
        "dailymenu_starts": ["before_mood"],
        "dailymenu_completions": ["before_mood", "after_mood", "feedback"],
    ]

    /// Tables whose rows merge by id only (see `importRow`).
    static let mergedByIDOnly: Set<String> = [
        "walks", "lifetimer_accounts", "lifetimer_milestones", "hereafter_threads",
    ]

    /// Text limits in characters that no CHECK holds (CORE-9): a file's text
    /// over one is refused as a typed one is.
    static let storedTextLimits = LifeTimerRules.storedTextLimits.merging(DailyMenuRules.storedTextLimits) { $1 }

    func importRows(
        _ rows: [[String: ExportValue]], into table: String, db: Database, report: inout ImportReport
    ) throws {
        let columns = try db.fetchAll("SELECT name FROM pragma_table_info(?)", [table]).map {
            try $0.get(String.self, at: 0)
        }
        let keys = try Self.primaryKey(table, db: db)
        let limits = Self.storedTextLimits[table] ?? [:]
        for (index, row) in rows.enumerated() {
            for name in row.keys where !columns.contains(name) {
                throw LifeError.malformed(
                    "the file names a column '\(name)' that \(table) does not have", field: "products")
            }
            // CORE-9: no NUL or other control character but newline and tab,
            // in any text of any table, as every store refuses them.
            for (column, value) in row.sorted(by: { $0.key < $1.key }) {
                guard case .text(let text) = value, let scalar = TextRule.forbiddenScalar(in: text) else { continue }
                throw LifeError.malformed(
                    "the file's \(Self.rowLabel(table: table, row: row, keys: keys, index: index)) has \(column) with the control character \(TextRule.codePoint(scalar)); only newline and tab are allowed in text; nothing was imported",
                    field: table)
            }
            for (column, limit) in limits.sorted(by: { $0.key < $1.key }) {
                if case .text(let text)? = row[column], text.count > limit {
                    throw LifeError.malformed(
                        "the file's \(table).\(column) is \(Format.grouped(text.count)) characters; the limit is \(Format.grouped(limit))",
                        field: "products")
                }
            }
            do {
                try importRow(row, into: table, columns: columns, keys: keys, db: db)
                report.rowsChanged += db.changes
            } catch let error as DatabaseError
                where table == "walks" && error.message.hasPrefix("UNIQUE constraint failed: walks.source_sha256")
            {
                // The row's own values passed every CHECK (SQLite tests them
                // before uniqueness); its GPX file is another walk's here.
                guard let skipped = try alreadyImported(row, db: db) else { throw error }
                report.skippedWalks.append(skipped)
            } catch let error as DatabaseError where error.isConstraintViolation {
                // A value the table's rules refuse (a CHECK, NOT NULL, a
                // type): the file is malformed, told by table, row and column.
                throw Self.rowRefused(error, table: table, row: row, keys: keys, index: index, columns: columns)
            }
        }
    }

    /// WALK-1 across devices: a walk whose GPX file and track the database
    /// already holds under another id is the same walk imported twice; it
    /// is skipped and reported, never merged into the other or dropped
    /// silently (the unique index `walks_by_source` allows one). Called
    /// when that index refused the row: the walk holding the file now.
    func alreadyImported(_ row: [String: ExportValue], db: Database) throws -> SkippedWalk? {
        guard case .text(let sha256)? = row["source_sha256"], case .integer(let track)? = row["source_track"],
            case .text(let id)? = row["id"]
        else { return nil }
        guard
            let existing = try db.fetchOne(
                String.self, "SELECT id FROM walks WHERE source_sha256 = ? AND source_track = ? AND id <> ?",
                [sha256, track, id])
        else { return nil }
        var file: String?
        if case .text(let name)? = row["source_file"] { file = name }
        return SkippedWalk(id: id, existingId: existing, sourceFile: file, sourceTrack: track)
    }

    func importRow(_ row: [String: ExportValue], into table: String, columns: [String], keys: [String], db: Database)
        throws
    {
        let quoted = Database.quoteIdentifier(table)
        let present = columns.filter { row[$0] != nil }
        var values = try present.map { try Self.databaseValue(row[$0] ?? .null, column: "\(table).\($0)") }
        switch table {
        case "lifetimer_goals":
            if try goalExists(row, db: db) {
                let settable = present.filter { !["id", "account_id", "number"].contains($0) }
                let settableValues = settable.compactMap { name in present.firstIndex(of: name).map { values[$0] } }
                try db.execute(
                    "UPDATE lifetimer_goals SET "
                        + settable.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: ", ")
                        + " WHERE id = ? AND ("
                        + settable.map { "\(Database.quoteIdentifier($0)) IS NOT ?" }.joined(separator: " OR ")
                        + ")",
                    StatementArguments(
                        settableValues + [Self.databaseValue(row["id"] ?? .null, column: "id")] + settableValues))
                return
            }
            try checkNewGoal(row, db: db)
            // LT-2: a goal's number is goals_created + 1 when inserted.
            try db.execute(
                "UPDATE lifetimer_accounts SET goals_created = ? - 1 WHERE id = ? AND goals_created < ? - 1",
                [
                    Self.databaseValue(row["number"] ?? .null, column: "number"),
                    Self.databaseValue(row["account_id"] ?? .null, column: "account_id"),
                    Self.databaseValue(row["number"] ?? .null, column: "number"),
                ])
        case "hereafter_threads":
            // The R*Tree key is this database's own numbering: a thread new
            // here whose key another thread holds gets the next free one (the
            // triggers place it in the R*Tree); a thread already here keeps
            // its key (not in the settable columns below).
            if let index = present.firstIndex(of: "location_key"),
                try db.fetchOne(
                    Int.self, "SELECT count(*) FROM hereafter_threads WHERE id = ?",
                    [Self.databaseValue(row["id"] ?? .null, column: "id")]) == 0,
                try db.fetchOne(
                    Int.self, "SELECT count(*) FROM hereafter_threads WHERE location_key = ?", [values[index]]) ?? 0 > 0
            {
                values[index] = .integer(
                    Int64(try db.fetchOne(Int.self, "SELECT max(location_key) + 1 FROM hereafter_threads") ?? 1))
            }
        case "lifetimer_accounts":
            // LT-8: one owner's account per database. Another device's owner
            // joins as an account of its own (its id is its key), and this
            // database's owner stays the owner: the one-owner index is not a
            // key to merge on (an upsert on it overwrote this owner's row).
            if let index = present.firstIndex(of: "is_owner"), values[index] == .integer(1),
                try db.fetchOne(
                    Int.self, "SELECT count(*) FROM lifetimer_accounts WHERE is_owner = 1 AND id <> ?",
                    [Self.databaseValue(row["id"] ?? .null, column: "id")]) ?? 0 > 0
            {
                values[index] = .integer(0)
            }
            // Raised to the file's count once the goals are in (it never decreases).
            if let index = present.firstIndex(of: "goals_created") {
                let exists =
                    try db.fetchOne(
                        Int.self, "SELECT count(*) FROM lifetimer_accounts WHERE id = ?",
                        [Self.databaseValue(row["id"] ?? .null, column: "id")]) ?? 0
                if exists == 0 { values[index] = .integer(0) }
            }
        default: break
        }
        let settable = present.filter {
            !keys.contains($0) && !(table == "lifetimer_accounts" && $0 == "goals_created")
                && !(table == "hereafter_threads" && $0 == "location_key")
        }
        // Rows with an identity of their own merge by id only (CORE-10): a
        // walk whose GPX file is here under another id fails `walks_by_source`
        // and the caller skips it; an account whose username another account
        // holds here, a milestone at a position another milestone of its goal
        // holds, are refused by their unique index (exit 65, named), never
        // merged into that other row. Other tables merge on their natural
        // keys too (a Finite mark on the same week, a ritual on the same day).
        let target = Self.mergedByIDOnly.contains(table) ? "(id) " : ""
        // The file's value of each column, except where a sync file withholds
        // one (DM-10: moods and feedback are null in a `--for-sync` export
        // when mood sharing is off): a null there never erases a stored value.
        let withheld = Self.withheldInSync[table] ?? []
        func incoming(_ column: String) -> String {
            let name = Database.quoteIdentifier(column)
            return withheld.contains(column) ? "coalesce(excluded.\(name), \(name))" : "excluded.\(name)"
        }
        let conflict =
            settable.isEmpty || table == "lifetimer_countdowns"
            ? "DO NOTHING"
            : "DO UPDATE SET "
                + settable.map { "\(Database.quoteIdentifier($0)) = \(incoming($0))" }.joined(separator: ", ")
                // A row already as in the file is not written at all (no trigger runs).
                + " WHERE "
                + settable.map { "\(Database.quoteIdentifier($0)) IS NOT \(incoming($0))" }.joined(separator: " OR ")
        try db.execute(
            "INSERT INTO \(quoted) (\(present.map(Database.quoteIdentifier).joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: present.count).joined(separator: ", ")
                + ") ON CONFLICT \(target)\(conflict)",
            StatementArguments(values))
    }

    /// After the goals: each account's count of goals ever created, the
    /// file's when it is higher (it never decreases).
    func restoreGoalCounts(_ rows: [[String: ExportValue]], db: Database) throws {
        let columns = try db.fetchAll("SELECT name FROM pragma_table_info('lifetimer_accounts')").map {
            try $0.get(String.self, at: 0)
        }
        for (index, row) in rows.enumerated() {
            let count = try Self.databaseValue(row["goals_created"] ?? .null, column: "goals_created")
            do {
                try db.execute(
                    "UPDATE lifetimer_accounts SET goals_created = ? WHERE id = ? AND goals_created < ?",
                    [count, try Self.databaseValue(row["id"] ?? .null, column: "id"), count])
            } catch let error as DatabaseError where error.isConstraintViolation {
                throw Self.rowRefused(
                    error, table: "lifetimer_accounts", row: row, keys: ["id"], index: index, columns: columns)
            }
        }
    }

    /// A goal the database does not have yet must still be allowed by
    /// LifeTimer's rules here: its account's countdown has not started (LT-3:
    /// the list is locked from then on) and its number is not taken (LT-2:
    /// goals are numbered in the order they were created, never reused).
    /// Otherwise the import stops with the rule, and nothing is imported.
    func checkNewGoal(_ row: [String: ExportValue], db: Database) throws {
        let account = try Self.databaseValue(row["account_id"] ?? .null, column: "lifetimer_goals.account_id")
        let number = try Self.databaseValue(row["number"] ?? .null, column: "lifetimer_goals.number")
        var title = "goal"
        if case .text(let text) = row["title"] ?? .null { title = "goal '\(TerminalText.echoed(text))'" }
        guard try db.fetchOne(Int.self, "SELECT count(*) FROM lifetimer_accounts WHERE id = ?", [account]) == 1 else {
            throw LifeError.malformed(
                "the file's \(title) belongs to account \(account), which is neither in the file nor in this database; nothing was imported",
                field: "lifetimer_goals")
        }
        if let started = try db.fetchOne(
            String.self, "SELECT started_at FROM lifetimer_countdowns WHERE account_id = ?", [account])
        {
            throw LifeError.invalid(
                field: "file",
                "the file's \(title) is new here, but its account's countdown started at \(started) UTC and "
                    + "its list of goals is locked from then on; nothing was imported")
        }
        if let taken = try db.fetchOne(
            String.self, "SELECT title FROM lifetimer_goals WHERE account_id = ? AND number = ?", [account, number])
        {
            throw LifeError.invalid(
                field: "file",
                "the file's \(title) has number \(number), which this database gives to another goal, "
                    + "'\(TerminalText.echoed(taken))' (goals are numbered in the order they were made, "
                    + "never reused); nothing was imported")
        }
    }

    func goalExists(_ row: [String: ExportValue], db: Database) throws -> Bool {
        try
            (db.fetchOne(
                Int.self, "SELECT count(*) FROM lifetimer_goals WHERE id = ?",
                [Self.databaseValue(row["id"] ?? .null, column: "id")]) ?? 0) > 0
    }

    static func primaryKey(_ table: String, db: Database) throws -> [String] {
        let rows = try db.fetchAll("SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [table])
        let keys = try rows.map { try $0.get(String.self, at: 0) }
        if keys.isEmpty {
            return try db.fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", [table]).map {
                try $0.get(String.self, at: 0)
            }
        }
        return keys
    }

    static func value(_ value: DatabaseValue, trackColumn: Bool) throws -> ExportValue {
        switch value {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .blob(let data):
            guard trackColumn else { return .base64(data) }
            let track = try TrackCodec.decode(Array(data))
            return .track(
                track.segments.map { segment in
                    segment.map { point in
                        [
                            point.latitude, point.longitude, point.elevationMeters,
                            point.timeMilliseconds.map(Double.init),
                        ]
                    }
                })
        }
    }

    static func databaseValue(_ value: ExportValue, column: String) throws -> DatabaseValue {
        switch value {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .base64(let data): return .blob(data)
        case .track(let segments):
            var track: [[TrackPoint]] = []
            for segment in segments {
                var points: [TrackPoint] = []
                for point in segment {
                    guard point.count == 4, let latitude = point[0], let longitude = point[1] else {
                        throw LifeError.malformed(
                            "\(column): a point is [latitude, longitude, elevation, time]", field: column)
                    }
                    // TrackCodec stores integers (1e-7 degree, cm, ms): a value
                    // outside these ranges cannot be stored (and must not trap).
                    guard (-90...90).contains(latitude), (-180...180).contains(longitude),
                        point[2].map({ (-1_000_000...1_000_000).contains($0) }) ?? true,
                        point[3].map({ (-9e15...9e15).contains($0) && $0 == $0.rounded() }) ?? true
                    else {
                        throw LifeError.malformed(
                            "\(column): a point has latitude \(latitude), longitude \(longitude); latitude must be from -90 to 90, longitude from -180 to 180, elevation within ±1,000,000 m and time a whole number of milliseconds",
                            field: column)
                    }
                    points.append(
                        TrackPoint(
                            latitude: latitude, longitude: longitude, elevationMeters: point[2],
                            timeMilliseconds: point[3].map { Int64($0) }))
                }
                track.append(points)
            }
            return .blob(Data(TrackCodec.encode(Track(segments: track))))
        }
    }
}
