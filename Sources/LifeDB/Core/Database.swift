import CSQLite
import Foundation

/// One connection to a SQLite database file.
///
/// Opened with extended result codes, `foreign_keys=ON`, a busy timeout and,
/// for files, the WAL journal with `synchronous=NORMAL` (SPEC CORE-2).
///
/// Not thread-safe and not `Sendable`: one thread uses it at a time, as the
/// CLI does. To share one connection between threads or tasks, wrap it in a
/// `DatabaseQueue`; for concurrent readers beside a writer, use a
/// `DatabasePool`.
///
/// After `close()` every call throws `DatabaseError.closed`: the handle is
/// never used once SQLite has freed it.
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
    /// Valid while `isClosed` is false; every entry point checks that first.
    let handle: OpaquePointer
    let busyTimeoutMilliseconds: Int32
    /// True when the connection was opened read-only: `query_only` is then
    /// moot and never toggled.
    public let isReadOnly: Bool
    private var statementCache: [String: Statement] = [:]
    /// Every statement prepared on this connection and not yet finalized,
    /// held without a retain so that a statement's owner decides its life;
    /// each statement removes itself when it is finalized. `close()`
    /// finalizes those still here.
    private var liveStatements: [ObjectIdentifier: Unmanaged<Statement>] = [:]
    var savepointDepth = 0
    /// How many `writeTransaction`/`readTransaction`/`savepoint` frames are
    /// running: while one is, SQLite leaving the transaction on its own is an
    /// abort. Behind a pointer that every statement shares, so that a step
    /// can ask without an exclusivity check or a reference to the database
    /// (PERF-1); freed in `deinit`, after `close()` has finalized every
    /// statement (a finalized statement never reads it).
    let framesCounter: UnsafeMutablePointer<Int>
    var transactionFrames: Int {
        get { framesCounter.pointee }
        set { framesCounter.pointee = newValue }
    }
    public private(set) var isClosed = false
    /// Lets another thread interrupt this connection (`interrupt()`).
    let interrupter: Interrupter
    /// The cancellation of the job a `DatabaseQueue`/`DatabasePool` runs now.
    private var cancellation: Cancellation?

    /// SQLite's process-wide settings, made once before the first
    /// connection: memory statistics off (`lifectl_sqlite3_memstatus_off` in
    /// CSQLite's shim), which took a fifth of the instructions of the schema
    /// parse every process pays (PERF-5). SQLite's answer is kept only to be
    /// ignored: in a process where something else opened SQLite first the
    /// setting cannot change, and nothing depends on it.
    private static let libraryConfigured: Int32 = lifectl_sqlite3_memstatus_off()

    /// SQLite's SQLITE_TRANSIENT: copy bound text and blobs.
    static let transient = unsafeBitCast(Int(-1), to: sqlite3_destructor_type.self)

    /// Opens `path` (`":memory:"` for a private in-memory database).
    ///
    /// The configuration that writes (the WAL switch) is left to
    /// `configureJournal()`, so a caller can inspect a file it may refuse
    /// without changing a byte of it.
    public init(path: String, options: OpenOptions = OpenOptions()) throws {
        _ = Database.libraryConfigured
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
        self.isReadOnly = options.readOnly
        self.busyTimeoutMilliseconds = options.busyTimeoutMilliseconds
        self.interrupter = Interrupter(handle: handle)
        framesCounter = .allocate(capacity: 1)
        framesCounter.initialize(to: 0)
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        close()
        framesCounter.deallocate()
    }

    /// Finalizes every statement of the connection (cached or owned by a
    /// caller: those become unusable and throw), then closes it. Calling it
    /// again does nothing; any other call afterwards throws `DatabaseError.closed`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        // First, so that no other thread can interrupt a handle being freed.
        interrupter.invalidate()
        // Finalized before the cache lets go of them: a statement that dies
        // during this deinit cannot reach its (then nil) weak database to
        // unregister, so none must be left registered and unfinalized.
        for statement in liveStatements.values {
            statement.takeUnretainedValue().finalize()
        }
        liveStatements.removeAll()
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Throws `DatabaseError.closed` once the connection is closed.
    @inline(__always)
    func checkOpen() throws {
        if isClosed { throw DatabaseError.closed(path: path) }
    }

    /// Stops the statement running on this connection, if any, which then
    /// throws a `DatabaseError` whose `isInterrupted` is true. Only from the
    /// thread that uses the connection; another thread goes through the
    /// `DatabaseQueue`/`DatabasePool` `cancel()`.
    public func interrupt() {
        interrupter.interrupt()
    }

    /// Runs `body` as a job that `cancellation` may stop: checked before
    /// each statement, and every 1,000 SQLite instructions inside one by a
    /// progress handler (which turns a cancelled job's step into
    /// SQLITE_INTERRUPT).
    func run<T>(cancellation: Cancellation, _ body: () throws -> T) throws -> T {
        try checkOpen()
        self.cancellation = cancellation
        installProgressHandler()
        defer {
            self.cancellation = nil
            installProgressHandler()
        }
        return try body()
    }

    /// The progress handler for the current `cancellation`, or none.
    private func installProgressHandler() {
        guard !isClosed else { return }
        guard let cancellation else {
            sqlite3_progress_handler(handle, 0, nil, nil)
            return
        }
        let context = Unmanaged.passUnretained(cancellation).toOpaque()
        sqlite3_progress_handler(
            handle, 1_000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<Cancellation>.fromOpaque(context).takeUnretainedValue().isCancelledNow ? 1 : 0
            }, context)
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
        var pause = 0.002  // seconds, doubling up to 50 ms
        while true {
            do {
                return try setWAL()
            } catch let error as DatabaseError where error.isBusy && Date() < deadline {
                // Foundation's sleep: usleep is not on every platform.
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.05)
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
    ///
    /// While the cached statement is being stepped by `forEachRow`,
    /// `fetchAll`, `fetchOne` or `execute` (a nested query with the same SQL
    /// inside a `forEachRow` body), a new statement of its own is answered
    /// instead: resetting the running one would cut the outer loop short.
    public func cachedStatement(_ sql: String) throws -> Statement {
        try checkUsable()
        if let statement = statementCache[sql] {
            if statement.isRunning {
                return try Statement(database: self, sql: sql, persistent: false)
            }
            statement.reset()
            return statement
        }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        statementCache[sql] = statement
        return statement
    }

    /// A new statement that the caller owns.
    public func makeStatement(_ sql: String) throws -> Statement {
        try checkUsable()
        return try Statement(database: self, sql: sql, persistent: false)
    }

    /// Open, and not inside a transaction that SQLite rolled back on its own
    /// (SQLITE_FULL, an interrupt, a `ROLLBACK` in the body): a statement run
    /// then would run in autocommit mode, outside the transaction its caller
    /// believes in, and be saved on its own.
    @inline(__always)
    func checkUsable() throws {
        try checkOpen()
        if let cancellation, cancellation.isCancelledNow { throw DatabaseError.interrupted(sql: nil) }
        if transactionFrames > 0 && sqlite3_get_autocommit(handle) != 0 {
            throw DatabaseError.transactionAborted(sql: nil)
        }
    }

    func register(_ statement: Statement) {
        liveStatements[ObjectIdentifier(statement)] = Unmanaged.passUnretained(statement)
    }

    func unregister(_ statement: Statement) {
        liveStatements[ObjectIdentifier(statement)] = nil
    }

    func evictFromCache(_ statement: Statement) {
        if statementCache[statement.sql] === statement {
            statementCache[statement.sql] = nil
        }
    }

    var cachedStatementCount: Int { statementCache.count }

    /// The SQL of every statement on the connection that was stepped and
    /// not yet reset or run to its end: empty between two jobs. One left
    /// behind keeps an interrupt pending (SQLite forgets an interrupt only
    /// when no statement runs), so every later statement would fail as
    /// cancelled; the storm tests and REL-7 check it after each job.
    package var statementsInProgress: [String] {
        guard !isClosed else { return [] }
        var found: [String] = []
        var next = sqlite3_next_stmt(handle, nil)
        while let statement = next {
            if sqlite3_stmt_busy(statement) != 0 {
                found.append(sqlite3_sql(statement).map { String(cString: $0) } ?? "?")
            }
            next = sqlite3_next_stmt(handle, statement)
        }
        return found
    }

    /// Runs one statement with `arguments`. SQL holding more than one
    /// statement is refused: that is `executeScript`'s job, which takes no
    /// arguments (a value is never spliced into SQL text).
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        let statement = try cachedStatement(sql)
        try statement.running { try $0.execute(arguments) }
    }

    /// Runs every statement of `sql` (separated by `;`) in order, without
    /// arguments: a migration's file, a test's fixture. Stops at the first
    /// failure; what ran before it stays unless a transaction is around.
    public func executeScript(_ sql: String) throws {
        try checkUsable()
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) }
            sqlite3_free(errorMessage)
            throw DatabaseError(extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// A transaction control statement (`BEGIN`, `COMMIT`, `ROLLBACK`,
    /// savepoints, pragmas around them), run even when the transaction was
    /// aborted, since ending it is what they are for.
    func executeControl(_ sql: String) throws {
        try checkOpen()
        // A cancelled job must still be able to end its transaction.
        if cancellation != nil { sqlite3_progress_handler(handle, 0, nil, nil) }
        defer { if cancellation != nil { installProgressHandler() } }
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        if code != SQLITE_OK { throw error(code, sql: sql) }
    }

    /// A control statement that puts the connection back after a failure or
    /// at the end of a job (`ROLLBACK`, `RELEASE`, a setting switched back),
    /// run with interrupts from other threads held back until it finishes:
    /// an interrupt landing on it would leave a transaction open, foreign
    /// keys off or writes refused for every later job on the connection.
    ///
    /// An interrupt may still be pending from before, kept so by a statement
    /// an extension left stepping (`resetStatementsLeftByExtensions`): then
    /// those are reset and the statement runs again.
    func executeCleanup(_ sql: String) throws {
        try interrupter.holdingInterrupts {
            do {
                try executeControl(sql)
            } catch let error as DatabaseError where error.isInterrupted {
                resetStatementsLeftByExtensions()
                try executeControl(sql)
            }
        }
    }

    /// Rolls back the open transaction, if any, trying again when the
    /// ROLLBACK itself fails: a transaction left open would swallow every
    /// later write. Interrupts wait for it (`executeCleanup`).
    func rollbackOpenTransaction() {
        for _ in 0..<3 where isInsideTransaction {
            try? executeCleanup("ROLLBACK")
        }
        // With no transaction left, no extension has a reason to keep a
        // statement stepping.
        if !isInsideTransaction { resetStatementsLeftByExtensions() }
    }

    /// Resets the statements an extension left stepping when a transaction
    /// failed under it. SQLite 3.40's R*Tree, interrupted inside a
    /// savepoint, leaves its node blob handle open on a statement of its own
    /// (its SQL is null); while any statement steps, SQLite keeps an
    /// interrupt pending, so every later statement on the connection failed
    /// as cancelled, for good (REL-7; `InterruptStormTests`). The extension
    /// re-seeks a reset blob before reading it, as it does a new one. Only
    /// statements LifeDB did not make are touched: the caller's stay as they are.
    private func resetStatementsLeftByExtensions() {
        guard !isClosed else { return }
        var ours: Set<OpaquePointer>?
        var next = sqlite3_next_stmt(handle, nil)
        while let statement = next {
            next = sqlite3_next_stmt(handle, statement)
            guard sqlite3_stmt_busy(statement) != 0 else { continue }
            if ours == nil { ours = Set(liveStatements.values.map { $0.takeUnretainedValue().handle }) }
            if ours?.contains(statement) == false { sqlite3_reset(statement) }
        }
    }

    /// Every row of a query, copied out.
    public func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try cachedStatement(sql).running { statement in
            try statement.bind(arguments)
            let names = statement.columnNames
            var rows: [Row] = []
            while try statement.step() {
                rows.append(Row(statement: statement, columnNames: names))
            }
            return rows
        }
    }

    /// The first row of a query, or nil.
    public func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        try cachedStatement(sql).running { statement in
            try statement.bind(arguments)
            guard try statement.step() else { return nil }
            return Row(statement: statement, columnNames: statement.columnNames)
        }
    }

    /// The first column of the first row as `T`, or nil when there is no row or it is NULL.
    public func fetchOne<T: DatabaseValueDecodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = [])
        throws -> T?
    {
        guard let row = try fetchOne(sql, arguments), !row[0].isNull else { return nil }
        return try row.get(T.self, at: 0)
    }

    /// Calls `body` for each row with the statement positioned on it: the
    /// fast path, which copies nothing the body does not read. The body may
    /// run any query, the same SQL included.
    public func forEachRow(_ sql: String, _ arguments: StatementArguments = [], _ body: (Statement) throws -> Void)
        throws
    {
        try cachedStatement(sql).running { statement in
            try statement.bind(arguments)
            while try statement.step() {
                try body(statement)
            }
        }
    }

    /// `forEachRow` for the rows of one table, read by column name through
    /// `TableRow`, whose errors name the table, the column and the value. A
    /// value that cannot be read becomes a malformed-input error naming the
    /// row by the query's first column, its key (`StoredRow`).
    public func forEachRow(
        table: String, _ sql: String, _ arguments: StatementArguments = [], _ body: (TableRow) throws -> Void
    ) throws {
        try forEachRow(sql, arguments) { statement in
            try StoredRow.read(table, statement) { try body(TableRow(table: table, statement: $0)) }
        }
    }

    /// The first row of a query on `table`, decoded by `decode`, or nil.
    public func fetchOne<T>(
        table: String, _ sql: String, _ arguments: StatementArguments = [], _ decode: (TableRow) throws -> T
    ) throws -> T? {
        try cachedStatement(sql).running { statement in
            try statement.bind(arguments)
            guard try statement.step() else { return nil }
            return try StoredRow.read(table, statement) { try decode(TableRow(table: table, statement: $0)) }
        }
    }

    // MARK: Facts

    public var changes: Int { isClosed ? 0 : Int(sqlite3_changes64(handle)) }
    public var lastInsertRowID: Int64 { isClosed ? 0 : sqlite3_last_insert_rowid(handle) }
    public var isInsideTransaction: Bool { !isClosed && sqlite3_get_autocommit(handle) == 0 }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        // sqlite3_extended_errcode answers for the latest call; prefer it when it
        // refines the primary code we were handed.
        let chosen = (extended & 0xFF) == (code & 0xFF) ? extended : code
        if chosen & 0xFF == SQLITE_INTERRUPT { return DatabaseError.interrupted(sql: sql) }
        return DatabaseError(extendedCode: chosen, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// The SQLite library's version, e.g. `3.40.1`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
