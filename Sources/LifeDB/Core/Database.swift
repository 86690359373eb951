import CSQLite
import Foundation

/// One connection to a SQLite database file.
///
/// Opened with extended result codes, `foreign_keys=ON`, a busy timeout and,
/// for files, the WAL journal with `synchronous=NORMAL` (SPEC CORE-2). Not
/// thread-safe: use one connection per thread or process, as the CLI does.
public final class Database {
    /// How to open the file.
    public struct OpenOptions: Sendable {
        public var readOnly = false
        public var create = true
        /// How long a write waits for another connection's lock before failing.
        public var busyTimeoutMilliseconds: Int32 = 10_000
        /// Switch a file database to WAL (and assert the pragma answers `wal`).
        public var walJournal = true

        public init(
            readOnly: Bool = false, create: Bool = true, busyTimeoutMilliseconds: Int32 = 10_000,
            walJournal: Bool = true
        ) {
            self.readOnly = readOnly
            self.create = create
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.walJournal = walJournal
        }
    }

    public let path: String
    let handle: OpaquePointer
    let busyTimeoutMilliseconds: Int32
    private var statementCache: [String: Statement] = [:]
    var savepointDepth = 0
    private var isClosed = false

    /// SQLite's SQLITE_TRANSIENT: copy bound text and blobs.
    static let transient = unsafeBitCast(Int(-1), to: sqlite3_destructor_type.self)

    /// Opens `path` (`":memory:"` for a private in-memory database).
    ///
    /// The configuration that writes (the WAL switch) is left to
    /// `configureJournal()`, so a caller can inspect a file it may refuse
    /// without changing a byte of it.
    public init(path: String, options: OpenOptions = OpenOptions()) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if options.create && !options.readOnly { flags |= SQLITE_OPEN_CREATE }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_close_v2(handle)
            throw DatabaseError(extendedCode: code, message: message.map { "\($0): \(path)" }, sql: nil)
        }
        self.path = path
        self.handle = handle
        self.busyTimeoutMilliseconds = options.busyTimeoutMilliseconds
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        close()
    }

    /// Finalizes every cached statement, then closes the connection.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Switches to WAL with `synchronous=NORMAL`, and checks SQLite agreed:
    /// `journal_mode` answers the mode it actually set.
    ///
    /// Changing the journal mode answers SQLITE_BUSY at once, without calling
    /// the busy handler, while another process has the file open in rollback
    /// mode (two first runs racing on a new file). So a file already in WAL is
    /// left alone, and the switch is retried until the busy timeout runs out.
    public func configureJournal() throws {
        if try fetchOne(String.self, "PRAGMA journal_mode")?.lowercased() != "wal" {
            try switchToWAL()
        }
        try execute("PRAGMA synchronous = NORMAL")
    }

    private func switchToWAL() throws {
        let deadline = Date().addingTimeInterval(Double(busyTimeoutMilliseconds) / 1000)
        var pause: UInt32 = 2_000  // microseconds, doubling up to 50 ms
        while true {
            do {
                return try setWAL()
            } catch let error as DatabaseError where error.isBusy && Date() < deadline {
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    private func setWAL() throws {
        let mode = try fetchOne(String.self, "PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" || path == ":memory:" || path.isEmpty else {
            throw DatabaseError(
                extendedCode: SQLITE_ERROR, message: "journal_mode answered '\(mode ?? "nothing")' instead of 'wal'",
                sql: "PRAGMA journal_mode = WAL")
        }
    }

    // MARK: Statements

    /// A prepared statement from the cache, keyed by its SQL text, reset and
    /// unbound. A statement that failed is evicted and prepared anew next time.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        statementCache[sql] = statement
        return statement
    }

    /// A new statement that the caller owns.
    public func makeStatement(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql, persistent: false)
    }

    func evictFromCache(_ statement: Statement) {
        if statementCache[statement.sql] === statement {
            statementCache[statement.sql] = nil
        }
    }

    var cachedStatementCount: Int { statementCache.count }

    /// Runs one statement with arguments, or several separated by `;` without.
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        if arguments.isEmpty {
            var errorMessage: UnsafeMutablePointer<CChar>?
            let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
            if code != SQLITE_OK {
                let message = errorMessage.map { String(cString: $0) }
                sqlite3_free(errorMessage)
                throw DatabaseError(extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql)
            }
            return
        }
        try cachedStatement(sql).execute(arguments)
    }

    /// Every row of a query, copied out.
    public func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        let names = statement.columnNames
        var rows: [Row] = []
        while try statement.step() {
            rows.append(Row(statement: statement, columnNames: names))
        }
        return rows
    }

    /// The first row of a query, or nil.
    public func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        return Row(statement: statement, columnNames: statement.columnNames)
    }

    /// The first column of the first row as `T`, or nil when there is no row or it is NULL.
    public func fetchOne<T: DatabaseValueDecodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = [])
        throws -> T?
    {
        guard let row = try fetchOne(sql, arguments), !row[0].isNull else { return nil }
        return try row.get(T.self, at: 0)
    }

    /// Calls `body` for each row with the statement positioned on it: the
    /// fast path, which copies nothing the body does not read.
    public func forEachRow(_ sql: String, _ arguments: StatementArguments = [], _ body: (Statement) throws -> Void)
        throws
    {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {
            try body(statement)
        }
    }

    // MARK: Facts

    public var changes: Int { Int(sqlite3_changes64(handle)) }
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        // sqlite3_extended_errcode answers for the latest call; prefer it when it
        // refines the primary code we were handed.
        let chosen = (extended & 0xFF) == (code & 0xFF) ? extended : code
        return DatabaseError(extendedCode: chosen, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// The SQLite library's version, e.g. `3.40.1`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
