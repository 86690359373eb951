import CPostgres
import Foundation
import LifeCore

/// One connection to PostgreSQL through libpq (SPEC SRV-2): statements with
/// bound parameters (never spliced into SQL text), results as values,
/// transactions, and COPY for bulk loads.
///
/// Values cross in libpq's text format: parameters are written by
/// `PostgresEncodable` and rows read by `PostgresRow`. The session runs in
/// UTC with ISO dates, so an instant reads back the same on every machine.
///
/// Not thread-safe, like the libpq connection it wraps: one task at a time.
public final class PostgresConnection {
    private let connection: OpaquePointer
    /// What the connection was opened with, without its password.
    public let displayURL: String

    /// Opens `url`: a `postgresql://` URL or a libpq `key=value` string
    /// (a Unix socket: `postgresql:///postgres?host=/tmp/dir&user=postgres`).
    public init(url: String) throws {
        displayURL = Self.redacted(url)
        guard let handle = PQconnectdb(url) else {
            throw PostgresError.connection(message: "libpq could not allocate a connection", url: displayURL)
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.firstLine(String(cString: PQerrorMessage(handle)))
            PQfinish(handle)
            throw PostgresError.connection(message: message, url: displayURL)
        }
        connection = handle
        // NOTICEs ("schema already exists, skipping") would go to stderr.
        try execute(
            "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET client_encoding = 'UTF8'; SET client_min_messages = warning"
        )
    }

    deinit {
        PQfinish(connection)
    }

    /// True inside a transaction (after BEGIN, before COMMIT or ROLLBACK).
    public var inTransaction: Bool { PQtransactionStatus(connection) != PQTRANS_IDLE }

    /// Runs one or more statements without parameters (a migration, SET …);
    /// the rows of the last one, if it returns rows.
    @discardableResult
    public func execute(_ sql: String) throws -> PostgresResult {
        try result(PQexec(connection, sql), sql: sql)
    }

    /// Runs one statement with `arguments` bound to `$1`, `$2`, ….
    @discardableResult
    public func execute(_ sql: String, _ arguments: [(any PostgresEncodable)?]) throws -> PostgresResult {
        let texts = arguments.map { $0?.postgresText }
        // strdup would cut a value at a NUL; PostgreSQL's text cannot hold one anyway.
        if let index = texts.firstIndex(where: { $0?.contains("\0") == true }) {
            throw LifeError.invalid(
                field: "value", "value $\(index + 1) holds a NUL character, which PostgreSQL text cannot hold")
        }
        // libpq wants C strings that live through the call: strdup'd, freed after.
        let pointers = texts.map { $0.flatMap { strdup($0) } }
        defer { pointers.forEach { free($0) } }
        let values = pointers.map { UnsafePointer($0) }
        let handle = values.withUnsafeBufferPointer { buffer in
            PQexecParams(connection, sql, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        return try result(handle, sql: sql)
    }

    /// The rows of `sql`.
    public func rows(_ sql: String, _ arguments: [(any PostgresEncodable)?] = []) throws -> [PostgresRow] {
        try execute(sql, arguments).rows
    }

    /// The first row of `sql`, if any.
    public func row(_ sql: String, _ arguments: [(any PostgresEncodable)?] = []) throws -> PostgresRow? {
        try execute(sql, arguments).rows.first
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back
    /// when it throws (also when the server failed the transaction).
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body(self)
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// `COPY table (columns) FROM STDIN` with one line per row, values in
    /// COPY's text format (`\N` for NULL; tabs, newlines and backslashes
    /// escaped here). For bulk loads: the benchmark's 2,000,000 follows.
    public func copy(into table: String, columns: [String], rows: some Sequence<[String?]>) throws {
        let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        let start = try result(PQexec(connection, sql), sql: sql, expecting: PGRES_COPY_IN)
        _ = start
        var buffer = ""
        buffer.reserveCapacity(1 << 16)
        func flush() throws {
            guard !buffer.isEmpty else { return }
            let sent = buffer.withCString { PQputCopyData(connection, $0, Int32(strlen($0))) }
            guard sent == 1 else { throw error(sql: sql) }
            buffer.removeAll(keepingCapacity: true)
        }
        for row in rows {
            buffer += row.map { $0.map(Self.copyEscaped) ?? "\\N" }.joined(separator: "\t")
            buffer += "\n"
            if buffer.utf8.count > 60_000 { try flush() }
        }
        try flush()
        guard PQputCopyEnd(connection, nil) == 1 else { throw error(sql: sql) }
        try result(PQgetResult(connection), sql: sql)
        while let extra = PQgetResult(connection) { PQclear(extra) }
    }

    static func copyEscaped(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Runs `statements` in one round trip (libpq's pipeline mode) as one
    /// implicit transaction: PostgreSQL runs the statements up to the
    /// pipeline's sync point in one transaction, committed at the sync, or
    /// rolled back as a whole when one fails (then the first error is thrown
    /// and the rest are skipped). Settings made with `set_config(…, true)` by
    /// one statement hold for those after it. Answers each statement's rows.
    public func pipeline(_ statements: [(sql: String, arguments: [(any PostgresEncodable)?])]) throws
        -> [PostgresResult]
    {
        guard !inTransaction else {
            throw LifeError.bug("a pipeline is its own transaction; one is open on this connection")
        }
        // Every value is checked before anything is sent: a statement sent
        // would run (and commit at the sync) even if a later one is refused.
        let allTexts = statements.map { $0.arguments.map { $0?.postgresText } }
        for texts in allTexts {
            if let index = texts.firstIndex(where: { $0?.contains("\0") == true }) {
                throw LifeError.invalid(
                    field: "value", "value $\(index + 1) holds a NUL character, which PostgreSQL text cannot hold")
            }
        }
        guard PQenterPipelineMode(connection) == 1 else { throw error(sql: "pipeline") }
        defer { PQexitPipelineMode(connection) }
        for ((sql, _), texts) in zip(statements, allTexts) {
            let pointers = texts.map { $0.flatMap { strdup($0) } }
            defer { pointers.forEach { free($0) } }
            let values = pointers.map { UnsafePointer($0) }
            let sent = values.withUnsafeBufferPointer { buffer in
                PQsendQueryParams(connection, sql, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
            }
            guard sent == 1 else {
                let failure = error(sql: sql)
                _ = PQpipelineSync(connection)
                drainPipeline(statements: statements.count)
                throw failure
            }
        }
        guard PQpipelineSync(connection) == 1 else { throw error(sql: "pipeline sync") }
        var results: [PostgresResult] = []
        var failure: PostgresError?
        for (sql, _) in statements {
            guard let handle = PQgetResult(connection) else { throw error(sql: sql) }
            switch PQresultStatus(handle) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                results.append(PostgresResult(handle))
            case PGRES_PIPELINE_ABORTED:
                results.append(PostgresResult(rows: [], affected: 0))
            default:
                if failure == nil { failure = PostgresError(result: handle, sql: sql) }
                results.append(PostgresResult(rows: [], affected: 0))
            }
            PQclear(handle)
            // The end of this statement's results.
            while let extra = PQgetResult(connection) { PQclear(extra) }
        }
        drainPipeline(statements: 0)
        if let failure { throw failure }
        return results
    }

    /// Reads what is left of a pipeline up to and including its sync point
    /// (a statement's results end with a NULL; a lost connection gives only
    /// NULLs, so their number is bounded).
    private func drainPipeline(statements: Int = 64) {
        var ends = 0
        while ends <= statements + 1 {
            guard let handle = PQgetResult(connection) else {
                ends += 1
                continue
            }
            let status = PQresultStatus(handle)
            PQclear(handle)
            if status == PGRES_PIPELINE_SYNC { return }
        }
    }

    /// The notices `collectingNotices` gathers.
    private final class NoticeBox {
        var messages: [String] = []
    }

    /// `body`, with the server's notices and log messages sent to this
    /// client during it (`client_min_messages`) collected instead of printed:
    /// what `auto_explain` writes about each statement, the statements inside
    /// functions included (the benchmark's plans).
    public func collectingNotices<T>(_ body: () throws -> T) throws -> (T, [String]) {
        let box = NoticeBox()
        let context = Unmanaged.passRetained(box).toOpaque()
        let previous = PQsetNoticeReceiver(
            connection,
            { context, result in
                guard let context, let result else { return }
                let box = Unmanaged<NoticeBox>.fromOpaque(context).takeUnretainedValue()
                box.messages.append(String(cString: PQresultErrorMessage(result)))
            }, context)
        defer {
            PQsetNoticeReceiver(connection, previous, nil)
            Unmanaged<NoticeBox>.fromOpaque(context).release()
        }
        let value = try body()
        return (value, box.messages)
    }

    // MARK: Results and errors

    @discardableResult
    private func result(_ handle: OpaquePointer?, sql: String, expecting: ExecStatusType? = nil) throws
        -> PostgresResult
    {
        guard let handle else { throw error(sql: sql) }
        let status = PQresultStatus(handle)
        if let expecting {
            guard status == expecting else {
                defer { PQclear(handle) }
                throw PostgresError(result: handle, sql: sql)
            }
            PQclear(handle)
            return PostgresResult(rows: [], affected: 0)
        }
        defer { PQclear(handle) }
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresResult(handle)
        default:
            // A multi-statement text leaves later results behind an error.
            while let extra = PQgetResult(connection) { PQclear(extra) }
            throw PostgresError(result: handle, sql: sql)
        }
    }

    private func error(sql: String) -> PostgresError {
        if PQstatus(connection) != CONNECTION_OK {
            return PostgresError.connection(
                message: Self.firstLine(String(cString: PQerrorMessage(connection))), url: displayURL)
        }
        return PostgresError(
            sqlState: "XX000", message: Self.firstLine(String(cString: PQerrorMessage(connection))), detail: nil,
            hint: nil, sql: sql)
    }

    static func firstLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }

    /// `url` with any password replaced by `***`: a URL's `user:password@`
    /// and a `password=` parameter or key.
    public static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") {
            let userInfo = text[scheme.upperBound..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        guard let pattern = try? NSRegularExpression(pattern: "(password=)[^&\\s]*", options: [.caseInsensitive])
        else { return text }
        return pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1***")
    }
}

extension PostgresError {
    init(result: OpaquePointer, sql: String) {
        func field(_ code: Int32) -> String? {
            guard let pointer = PQresultErrorField(result, code) else { return nil }
            return String(cString: pointer)
        }
        self.init(
            sqlState: field(Int32(UInt8(ascii: "C"))) ?? "XX000",
            message: field(Int32(UInt8(ascii: "M")))
                ?? PostgresConnection.firstLine(String(cString: PQresultErrorMessage(result))),
            detail: field(Int32(UInt8(ascii: "D"))), hint: field(Int32(UInt8(ascii: "H"))), sql: sql)
    }
}
