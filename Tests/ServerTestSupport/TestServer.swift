import Foundation
import LifeServer
import LifeTimerServer

/// The PostgreSQL the server tests run against (SPEC SRV-3): a real server,
/// never a mock, started by `scripts/test` (scripts/postgres) and named by
/// `LIFECTL_TEST_POSTGRES_URL`. Each test works in a fresh database of its
/// own, dropped afterwards. Without the variable the tests fail under
/// `CI=true` and are skipped elsewhere, saying how to start the server
/// (the suites' trait is `.enabled(if: TestServer.enabled, …)`; under CI the
/// tests run and `database()` throws the remedy).
public enum TestServer {
    public static let variable = "LIFECTL_TEST_POSTGRES_URL"
    public static let remedy =
        "no PostgreSQL for the server tests: start one with `scripts/postgres start` and export LIFECTL_TEST_POSTGRES_URL=$(scripts/postgres url) (scripts/test does both)"

    public static var adminURL: String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The suites' trait: run when the server is there, and under CI always
    /// (where its absence is a failure, not a skip).
    public static var enabled: Bool { adminURL != nil || isCI }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { TestServer.remedy }
    }

    /// `url` with its database name replaced by `database`.
    static func url(_ url: String, database: String) throws -> String {
        guard var components = URLComponents(string: url) else { throw Missing() }
        components.path = "/" + database
        guard let result = components.string else { throw Missing() }
        return result
    }

    /// A fresh database, migrated unless asked otherwise.
    public static func database(migrated: Bool = true) throws -> TestServerDatabase {
        guard let adminURL else { throw Missing() }
        let name = "lifectl_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(url: adminURL)
        try admin.execute("CREATE DATABASE \(name)")
        let database = TestServerDatabase(name: name, adminURL: adminURL, url: try url(adminURL, database: name))
        if migrated { try LifeTimerServerSchema.migrator.migrate(try database.connect()) }
        return database
    }
}

/// One test's database; `drop()` removes it.
public final class TestServerDatabase {
    public let name: String
    public let adminURL: String
    /// The owner's URL for this database: the operator's path.
    public let url: String

    init(name: String, adminURL: String, url: String) {
        self.name = name
        self.adminURL = adminURL
        self.url = url
    }

    public func connect() throws -> PostgresConnection { try PostgresConnection(url: url) }

    public func drop() {
        _ = try? PostgresConnection(url: adminURL).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
}

extension PostgresConnection {
    /// `body` in a transaction as `role` (`authenticated` or `anon`) with
    /// the claims of account `id` (none for anon), as Supabase's API runs a
    /// request; always rolled back, so the test's probe changes nothing.
    public func probe<T>(as id: UUID?, role: String = "authenticated", _ body: (PostgresConnection) throws -> T) throws
        -> T
    {
        try execute("BEGIN")
        defer { _ = try? execute("ROLLBACK") }
        let claims =
            id.map { #"{"sub":"\#($0.uuidString.lowercased())","role":"\#(role)"}"# } ?? #"{"role":"\#(role)"}"#
        try execute("SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [role, claims])
        return try body(self)
    }

    /// The SQLSTATE `sql` fails with, or nil when it succeeds: inside a
    /// savepoint when a transaction is open (which then goes on), else in a
    /// transaction of its own that is rolled back either way.
    public func failure(_ sql: String, _ arguments: [(any PostgresEncodable)?] = []) throws -> String? {
        let nested = inTransaction
        try execute(nested ? "SAVEPOINT probe" : "BEGIN")
        do {
            try execute(sql, arguments)
            try execute(nested ? "RELEASE SAVEPOINT probe" : "ROLLBACK")
            return nil
        } catch let error as PostgresError {
            try execute(nested ? "ROLLBACK TO SAVEPOINT probe" : "ROLLBACK")
            return error.sqlState
        }
    }
}

/// A statement PostgreSQL refused: its SQLSTATE and everything it said.
public struct ServerRefusal: Equatable, CustomStringConvertible, Sendable {
    public let sqlState: String
    public let message: String
    public let detail: String?
    public let hint: String?
    public var description: String { "\(sqlState) \(message) \(detail ?? "") \(hint ?? "")" }
}

extension PostgresConnection {
    /// `sql` as account `id` (role `authenticated`, the account's JWT
    /// claims) in its own committed transaction, with the server's clock
    /// pinned at `now` when given (the operator's pin); the refusal, or nil.
    @discardableResult
    public func act(as id: UUID, _ sql: String, _ arguments: [(any PostgresEncodable)?] = [], now: String? = nil)
        throws -> ServerRefusal?
    {
        try execute("BEGIN")
        try execute(
            "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [#"{"sub":"\#(id.uuidString.lowercased())","role":"authenticated"}"#])
        if let now { try execute("SELECT set_config('lifectl.now', $1, true)", [now]) }
        do {
            try execute(sql, arguments)
            try execute("COMMIT")
            return nil
        } catch let error as PostgresError {
            try execute("ROLLBACK")
            return ServerRefusal(
                sqlState: error.sqlState, message: error.message, detail: error.detail, hint: error.hint)
        }
    }
}
