import CSQLite
import Foundation

/// A prepared statement. Obtained from `Database.cachedStatement(_:)` (reused,
/// reset and unbound before each use) or `Database.makeStatement(_:)`.
///
/// Binding is by 1-based parameter index or by name; reading is by 0-based
/// column index or by name. Typed reads go straight to `sqlite3_column_*`.
public final class Statement {
    public let sql: String
    /// Valid while `isFinalized` is false: every use checks that first.
    @usableFromInline let handle: OpaquePointer
    /// Weak: a statement may outlive its connection, which then finalizes it.
    private weak var database: Database?
    /// Set when the connection closed and finalized the statement. Kept
    /// behind a pointer allocated with the statement, like `textCopies`:
    /// reading a class's `var` from inlined code costs a dynamic exclusivity
    /// check, and every bind, step and column read asks (PERF-1).
    @usableFromInline let finalizedFlag: UnsafeMutablePointer<Bool>
    @usableFromInline var isFinalized: Bool {
        @inline(__always) get { finalizedFlag.pointee }
    }
    /// The connection, and its count of running transaction frames
    /// (`Database.framesCounter`): a statement that starts while a frame runs
    /// but SQLite is in autocommit mode would run outside the transaction its
    /// caller believes in, so `step()` refuses it.
    @usableFromInline let connection: OpaquePointer
    @usableFromInline let transactionFrames: UnsafePointer<Int>
    /// True while `forEachRow`, `fetchAll`, `fetchOne` or `execute` steps it.
    private(set) var isRunning = false
    /// The column names callers look up, behind a pointer like
    /// `finalizedFlag` (no exclusivity check per read): see `columnIndex`.
    private let nameLookups: UnsafeMutablePointer<NameLookups>
    /// The statement's own copies of bound text, one buffer per parameter,
    /// reused from one binding to the next and bound with SQLITE_STATIC
    /// (PERF-1). SQLite's own copy (SQLITE_TRANSIENT) cost a malloc and a free
    /// per bound text, the largest part of LifeDB's overhead on an insert.
    /// SQLite reads a buffer until its parameter is bound again or cleared, or
    /// the statement is finalized; the buffer outlives all three.
    /// Indexed by parameter (1-based), allocated with the statement: a plain
    /// pointer, so reaching a buffer costs no exclusivity check.
    private let textCopies: UnsafeMutablePointer<UnsafeMutableRawBufferPointer?>
    private let textCopySlots: Int
    /// Longer text is left to SQLite to copy: the copy then costs more than
    /// the allocation, and a statement should not keep a large buffer alive.
    static let reusableTextBytes = 4_096

    init(database: Database, sql: String, persistent: Bool) throws {
        var handle: OpaquePointer?
        var holdsMore = false
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(database.handle, text, -1, flags, &handle, &tail)
            if code == SQLITE_OK, let tail { holdsMore = Statement.holdsAStatement(database.handle, tail) }
            return code
        }
        guard code == SQLITE_OK, let handle else {
            if code == SQLITE_OK {
                throw DatabaseError(extendedCode: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
            }
            throw database.error(code, sql: sql)
        }
        if holdsMore {
            sqlite3_finalize(handle)
            throw DatabaseError(
                extendedCode: SQLITE_MISUSE,
                message: "the SQL holds more than one statement; several statements run only through executeScript",
                sql: sql)
        }
        self.sql = sql
        self.handle = handle
        self.database = database
        connection = database.handle
        transactionFrames = UnsafePointer(database.framesCounter)
        textCopySlots = Int(sqlite3_bind_parameter_count(handle)) + 1
        textCopies = .allocate(capacity: textCopySlots)
        textCopies.initialize(repeating: nil, count: textCopySlots)
        finalizedFlag = .allocate(capacity: 1)
        finalizedFlag.initialize(to: false)
        nameLookups = .allocate(capacity: 1)
        nameLookups.initialize(to: NameLookups())
        database.register(self)
    }

    /// True when `tail`, the SQL left after the first statement, holds another
    /// statement (not only spaces and comments). Preparing it is the one sure
    /// test; a tail that fails to prepare counts as a statement too.
    private static func holdsAStatement(_ connection: OpaquePointer, _ tail: UnsafePointer<CChar>) -> Bool {
        var cursor = tail
        while cursor.pointee != 0, cursor.pointee == 0x20 || (0x09...0x0D).contains(cursor.pointee) {
            cursor += 1
        }
        if cursor.pointee == 0 { return false }
        var next: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, cursor, -1, &next, nil)
        defer { sqlite3_finalize(next) }
        return code != SQLITE_OK || next != nil
    }

    deinit {
        if !isFinalized {
            sqlite3_finalize(handle)
            database?.unregister(self)
        }
        for slot in 0..<textCopySlots { textCopies[slot]?.deallocate() }
        textCopies.deinitialize(count: textCopySlots)
        textCopies.deallocate()
        finalizedFlag.deallocate()
        nameLookups.deinitialize(count: 1)
        nameLookups.deallocate()
    }

    /// Finalizes the statement as its connection closes: every later use
    /// throws `DatabaseError.closed` instead of touching a freed handle.
    func finalize() {
        guard !isFinalized else { return }
        finalizedFlag.pointee = true
        sqlite3_finalize(handle)
    }

    /// Throws when the statement's connection was closed.
    @inlinable @inline(__always)
    func checkAlive() throws {
        if isFinalized { try failClosed() }
    }

    /// The throw of `checkAlive`, kept out of line: building and throwing an
    /// error inline made every inlined read carry that code and a larger
    /// stack frame (PERF-1).
    @usableFromInline @inline(never)
    func failClosed() throws -> Never {
        throw closedError()
    }

    @usableFromInline
    func closedError() -> DatabaseError {
        DatabaseError.closed(path: database?.path ?? "", sql: sql)
    }

    /// Runs `body` with the statement marked as running, so that
    /// `Database.cachedStatement` does not hand it out (and reset it) to a
    /// nested query of the same SQL; resets it afterwards.
    func running<T>(_ body: (Statement) throws -> T) throws -> T {
        isRunning = true
        defer {
            isRunning = false
            reset()
        }
        return try body(self)
    }

    // MARK: Binding

    public var parameterCount: Int { isFinalized ? 0 : Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds `value` to the 1-based parameter `index`.
    @inline(__always)
    public func bind(_ value: some DatabaseValueEncodable, at index: Int) throws {
        try bind(value.databaseValue, at: Int32(index))
    }

    /// Binds `value` to the parameter named `name` (with its `:`, `@` or `$`,
    /// or without: `:` is assumed).
    public func bind(_ value: some DatabaseValueEncodable, named name: String) throws {
        try bind(value.databaseValue, at: try parameterIndex(name))
    }

    /// Fast paths that skip building a `DatabaseValue`, inlinable so that a
    /// loop in another module calls SQLite directly (PERF-1).
    @inlinable
    public func bind(_ value: Int64, at index: Int) throws {
        try checkAlive()
        try check(sqlite3_bind_int64(handle, Int32(index), value))
    }

    @inlinable
    public func bind(_ value: Int, at index: Int) throws {
        try checkAlive()
        try check(sqlite3_bind_int64(handle, Int32(index), Int64(value)))
    }

    @inlinable
    public func bind(_ value: Double, at index: Int) throws {
        try checkAlive()
        try check(sqlite3_bind_double(handle, Int32(index), value))
    }

    @inlinable
    public func bind(_ value: String, at index: Int) throws {
        try checkAlive()
        // Reading the UTF-8 in place needs no copy of the String (and so no
        // retain and release); only a bridged, non-contiguous one is copied.
        let code =
            value.utf8.withContiguousStorageIfAvailable { bindText($0, at: index) }
            ?? bindTextOfCopy(value, at: index)
        try check(code)
    }

    @usableFromInline
    func bindTextOfCopy(_ value: String, at index: Int) -> Int32 {
        var value = value
        return value.withUTF8 { bindText($0, at: index) }
    }

    /// Binds UTF-8 bytes as text; answers SQLite's result code.
    @usableFromInline
    func bindText(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int32 {
        if let copy = reusableTextCopy(parameter: index, byteCount: buffer.count) {
            if let base = buffer.baseAddress {
                copy.copyMemory(from: UnsafeRawPointer(base), byteCount: buffer.count)
            }
            // nil is SQLITE_STATIC: SQLite reads our copy in place.
            return sqlite3_bind_text(
                handle, Int32(index), copy.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil)
        }
        guard let base = buffer.baseAddress else {
            return sqlite3_bind_text(handle, Int32(index), "", 0, Database.transient)
        }
        return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
            sqlite3_bind_text(handle, Int32(index), $0, Int32(buffer.count), Database.transient)
        }
    }

    /// The reusable buffer for parameter `index`, grown to hold `byteCount`
    /// bytes; nil when SQLite should copy the text itself: long text, an index
    /// SQLite will refuse, or a statement that is running (SQLite refuses to
    /// bind then, and its current binding must stay readable).
    private func reusableTextCopy(parameter index: Int, byteCount: Int) -> UnsafeMutableRawPointer? {
        guard byteCount <= Statement.reusableTextBytes, index >= 1, index < textCopySlots,
            sqlite3_stmt_busy(handle) == 0
        else { return nil }
        if let copy = textCopies[index], copy.count >= byteCount, let base = copy.baseAddress {
            return base
        }
        // Replacing the buffer is safe: the bind that follows is of this same
        // parameter, and SQLite lets go of the old one without reading it.
        textCopies[index]?.deallocate()
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: max(64, byteCount), alignment: 1)
        textCopies[index] = grown
        return grown.baseAddress
    }

    func bind(_ value: DatabaseValue, at index: Int32) throws {
        try checkAlive()
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let v):
            code = sqlite3_bind_int64(handle, index, v)
        case .real(let v):
            code = sqlite3_bind_double(handle, index, v)
        case .text(let v):
            try bind(v, at: Int(index))
            return
        case .blob(let v):
            code = v.withUnsafeBytes { buffer in
                sqlite3_bind_blob(
                    handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                    Database.transient)
            }
        }
        try check(code)
    }

    /// Binds every argument. Positional values alone must match the statement's
    /// parameter count; named values bind by name beside any positional ones,
    /// and then every parameter must have a value: a name left out is an
    /// error, never a silent NULL.
    public func bind(_ arguments: StatementArguments) throws {
        try checkAlive()
        if arguments.named.isEmpty && arguments.positional.count != parameterCount {
            throw DatabaseError(
                extendedCode: SQLITE_RANGE,
                message:
                    "the statement has \(parameterCount) parameters but \(arguments.positional.count) values were given",
                sql: sql)
        }
        for (offset, value) in arguments.positional.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
        if arguments.named.isEmpty { return }
        var bound = Set(arguments.positional.indices.map { $0 + 1 })
        for (name, value) in arguments.named {
            let index = try parameterIndex(name)
            try bind(value, at: index)
            bound.insert(Int(index))
        }
        for index in 1..<(parameterCount + 1) where !bound.contains(index) {
            let name = sqlite3_bind_parameter_name(handle, Int32(index)).map { String(cString: $0) } ?? "?\(index)"
            throw DatabaseError(
                extendedCode: SQLITE_RANGE, message: "no value was given for parameter \(name)", sql: sql)
        }
    }

    private func parameterIndex(_ name: String) throws -> Int32 {
        let candidates =
            [":", "@", "$"].contains(name.first.map(String.init) ?? "") ? [name] : [":" + name, "@" + name, "$" + name]
        for candidate in candidates {
            let index = sqlite3_bind_parameter_index(handle, candidate)
            if index > 0 { return index }
        }
        throw DatabaseError(extendedCode: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
    }

    /// Resets the statement and clears its bindings, ready for reuse.
    public func reset() {
        if isFinalized { return }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Resets the statement to run again, leaving the values bound now in
    /// place: for a loop that binds every parameter on every row (a bulk
    /// insert), where clearing them first is wasted work (PERF-1). A
    /// parameter the loop forgets to bind keeps the previous row's value, so
    /// anything else uses `reset()`.
    @inlinable
    public func resetKeepingBindings() {
        if isFinalized { return }
        sqlite3_reset(handle)
    }

    // MARK: Stepping

    /// Steps once: true when a row is ready to read, false when done.
    @inline(__always)
    public func step() throws -> Bool {
        try checkAlive()
        if transactionFrames.pointee > 0, sqlite3_get_autocommit(connection) != 0, sqlite3_stmt_busy(handle) == 0 {
            throw DatabaseError.transactionAborted(sql: sql)
        }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: try failStep(code)
        }
    }

    /// A step that failed: reset, out of the cache, thrown. Out of line, so
    /// that the loop stepping through rows stays small (PERF-1).
    @inline(never)
    private func failStep(_ code: Int32) throws -> Never {
        let error = failure(code)
        sqlite3_reset(handle)
        database?.evictFromCache(self)
        throw error
    }

    /// Runs the statement to completion with `arguments`, then resets it.
    public func execute(_ arguments: StatementArguments = []) throws {
        defer { reset() }
        try bind(arguments)
        while try step() {}
    }

    // MARK: Reading the current row

    public var columnCount: Int { isFinalized ? 0 : Int(sqlite3_column_count(handle)) }

    public var columnNames: [String] {
        (0..<Int32(columnCount)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// The column's value as one of the five storage classes.
    public func value(at index: Int) -> DatabaseValue {
        if isFinalized { return .null }
        return Statement.value(handle, Int32(index))
    }

    /// A column read as `T`; throws when the stored value cannot be a `T`
    /// (a NULL for a non-optional, text for an integer).
    @inline(__always)
    public func column<T: DatabaseValueDecodable>(_ type: T.Type = T.self, at index: Int) throws -> T {
        try checkAlive()
        let raw = value(at: index)
        guard let decoded = T.fromDatabaseValue(raw) else {
            throw mismatch(T.self, raw, column: columnNames[index])
        }
        return decoded
    }

    /// The fast path for non-optional columns: no intermediate `DatabaseValue`.
    ///
    /// Inlinable (PERF-1) so that callers in other modules get it specialized
    /// for the concrete `T`: unspecialized, every call looked up the generic
    /// metadata of `Optional<T>` and cost more than SQLite's own column read.
    /// Inlined, with its error thrown out of line, so that a read costs little
    /// more than SQLite's own calls.
    @inlinable @inline(__always)
    public func column<T: StatementColumnConvertible & DatabaseValueDecodable>(_ type: T.Type = T.self, at index: Int)
        throws -> T
    {
        try checkAlive()
        guard let decoded = T(sqliteStatement: handle, index: Int32(index)) else {
            try failMismatch(T.self, at: index)
        }
        return decoded
    }

    /// The fast path for optional columns: NULL is nil, anything else goes
    /// through the non-optional fast path. Without it an optional read took the
    /// generic path and instantiated `Optional<T>`'s metadata on every call.
    @inlinable
    public func column<T: StatementColumnConvertible & DatabaseValueDecodable>(_ type: T?.Type = T?.self, at index: Int)
        throws -> T?
    {
        try checkAlive()
        if sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL { return nil }
        return try column(T.self, at: index)
    }

    // MARK: Borrowed text

    /// Calls `body` with a TEXT column's UTF-8 bytes where SQLite holds them,
    /// and answers what `body` answers. For text the caller only compares,
    /// copies, hashes or measures, no `String` is made: no copy, no UTF-8
    /// validation, no allocation for text over 15 bytes (PERF-1: that was
    /// most of what reading a row cost beyond the C API).
    ///
    /// The bytes are valid only during the call, and are what was stored:
    /// SQLite does not check that they are UTF-8. Throws as
    /// `column(String.self, at:)` does when the column is not TEXT (a NULL
    /// included).
    @inlinable @inline(__always)
    public func withUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        try checkAlive()
        guard let bytes = Statement.text(handle, Int32(index)) else {
            try failMismatch(String.self, at: index)
        }
        return try body(bytes)
    }

    /// `withUTF8(at:)` for the column named `name`.
    @inlinable
    public func withUTF8<R>(named name: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        try withUTF8(at: try columnIndex(name), body)
    }

    @usableFromInline @inline(never)
    func failMismatch(_ type: Any.Type, at index: Int) throws -> Never {
        throw columnMismatch(type, at: index)
    }

    func columnMismatch(_ type: Any.Type, at index: Int) -> DatabaseError {
        mismatch(type, value(at: index), column: columnNames[index])
    }

    public func column<T: DatabaseValueDecodable>(_ type: T.Type = T.self, named name: String) throws -> T {
        try column(T.self, at: try columnIndex(name))
    }

    /// The fast path by name: the name's index is looked up once per
    /// statement, then the read is the one by index.
    @inlinable
    public func column<T: StatementColumnConvertible & DatabaseValueDecodable>(
        _ type: T.Type = T.self, named name: String
    ) throws -> T {
        try column(T.self, at: try columnIndex(name))
    }

    @inlinable
    public func column<T: StatementColumnConvertible & DatabaseValueDecodable>(
        _ type: T?.Type = T?.self, named name: String
    ) throws -> T? {
        try column(T?.self, at: try columnIndex(name))
    }

    /// The 0-based index of the result column named `name`: the name as the
    /// query spells it, else compared without case.
    ///
    /// A store reads its columns by name (`TableRow`), the same few names in
    /// the same order on every row, and usually as the same literals. So the
    /// names asked for are kept in the order they were first asked, and the
    /// one after the last answer is tried first: comparing two equal literals
    /// is a comparison of two words, where hashing the name for the dictionary
    /// cost more than reading the value (PERF-6, a sixth of a geofence query).
    public func columnIndex(_ name: String) throws -> Int {
        try checkAlive()
        let lookups = nameLookups
        let asked = lookups.pointee.asked
        if !asked.isEmpty {
            let guess = lookups.pointee.next
            if guess < asked.count, asked[guess].name == name {
                lookups.pointee.next = guess + 1 == asked.count ? 0 : guess + 1
                return Int(asked[guess].index)
            }
            for position in asked.indices where asked[position].name == name {
                lookups.pointee.next = position + 1 == asked.count ? 0 : position + 1
                return Int(asked[position].index)
            }
        }
        if lookups.pointee.byName == nil {
            var map: [String: Int32] = [:]
            for i in (0..<sqlite3_column_count(handle)).reversed() {
                let columnName = String(cString: sqlite3_column_name(handle, i))
                map[columnName.lowercased()] = i
                map[columnName] = i
            }
            lookups.pointee.byName = map
        }
        guard let index = lookups.pointee.byName?[name] ?? lookups.pointee.byName?[name.lowercased()] else {
            throw DatabaseError(extendedCode: SQLITE_RANGE, message: "no column named \(name)", sql: sql)
        }
        if asked.count < NameLookups.capacity {
            lookups.pointee.asked.append((name, index))
            lookups.pointee.next = 0
        }
        return Int(index)
    }

    /// What `columnIndex` keeps: the names asked for with their indexes, the
    /// position to try first, and every column's name (and its lower-case
    /// form) for a name asked the first time.
    struct NameLookups {
        /// More names than a query has columns are only spellings; past this
        /// many, a lookup goes to the dictionary without being kept.
        static let capacity = 64
        var asked: [(name: String, index: Int32)] = []
        var next = 0
        var byName: [String: Int32]?
    }

    private func mismatch(_ type: Any.Type, _ value: DatabaseValue, column: String) -> DatabaseError {
        let storage: String
        switch value {
        case .null: storage = "NULL"
        case .integer: storage = "an INTEGER"
        case .real: storage = "a REAL"
        case .text: storage = "TEXT"
        case .blob: storage = "a BLOB"
        }
        return DatabaseError(
            extendedCode: SQLITE_MISMATCH, message: "column \(column) holds \(storage) that cannot be read as \(type)",
            sql: sql)
    }

    /// Calls `body` with a TEXT column's UTF-8 bytes in SQLite's own buffer
    /// (valid only during the call); nil when the column is not TEXT.
    static func withText<T>(_ handle: OpaquePointer, _ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        text(handle, index).flatMap(body)
    }

    /// A TEXT column's UTF-8 bytes in SQLite's own buffer, or nil when the
    /// column is not TEXT. Valid until the statement steps, resets or reads
    /// the column as another type. The column is looked up once
    /// (`sqlite3_column_value`), as in the typed fast paths.
    @inlinable
    static func text(_ handle: OpaquePointer, _ index: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let value = sqlite3_column_value(handle, index), sqlite3_value_type(value) == SQLITE_TEXT,
            let bytes = sqlite3_value_text(value)
        else { return nil }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value)))
    }

    @usableFromInline
    static func value(_ handle: OpaquePointer, _ index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let bytes = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    @inlinable
    func check(_ code: Int32) throws {
        if code != SQLITE_OK { throw failure(code) }
    }

    @usableFromInline
    func failure(_ code: Int32) -> DatabaseError {
        database?.error(code, sql: sql) ?? DatabaseError(extendedCode: code, sql: sql)
    }
}
