import Foundation
import LifeCore

/// What `lifectl server status` reports (SPEC SRV-2): the server, the
/// migrations applied and pending, each table's rows (as the connected role
/// may count them) and its policies, and the RLS lint's findings.
public struct ServerStatus: Sendable, Codable, Equatable {
    public struct Table: Sendable, Codable, Equatable {
        public let name: String
        public let rows: Int
        public let rowLevelSecurity: Bool
        public let policies: [Policy]
    }

    public struct Policy: Sendable, Codable, Equatable {
        public let name: String
        /// SELECT, INSERT, UPDATE, DELETE or ALL.
        public let command: String
        public let roles: [String]
    }

    /// `PostgreSQL 15.18`.
    public let server: String
    public let database: String
    /// The role the URL logs in as.
    public let role: String
    public let migrations: [ServerMigrator.AppliedMigration]
    /// `NNNN_name` of each migration this build would apply.
    public let pending: [String]
    public let tables: [Table]
    public let lintFindings: [RLSLint.Finding]

    /// Reads the status. `tables` are `schema.table` names a product declares;
    /// `schemas` are linted.
    public static func read(
        _ connection: PostgresConnection, migrator: ServerMigrator, tables: [String],
        schemas: [String]
    ) throws -> ServerStatus {
        let identity = try connection.row(
            "SELECT current_setting('server_version') AS version, current_database() AS database, session_user AS role")
        let applied = try migrator.appliedMigrations(connection)
        let pending = try migrator.pendingMigrations(connection)
        var tableStatus: [Table] = []
        for name in tables {
            guard
                let table = try connection.row(
                    "SELECT c.relrowsecurity AS rls FROM pg_class AS c WHERE c.oid = to_regclass($1)", [name])
            else { continue }
            let policies = try connection.rows(
                """
                SELECT policyname, cmd, roles::text[] AS roles FROM pg_policies
                WHERE schemaname || '.' || tablename = $1 ORDER BY policyname
                """, [name]
            ).map { row in
                let roles: String = try row["roles"]
                return Policy(
                    name: try row["policyname"], command: try row["cmd"],
                    roles: roles.trimmingCharacters(in: CharacterSet(charactersIn: "{}")).split(separator: ",").map(
                        String.init))
            }
            // The name comes from the product's own list, never from input.
            let rows = try connection.row("SELECT count(*) AS rows FROM \(name)")?.get("rows", as: Int.self) ?? 0
            tableStatus.append(
                Table(name: name, rows: rows, rowLevelSecurity: try table["rls"], policies: policies))
        }
        return ServerStatus(
            server: "PostgreSQL " + ((try identity?.get("version", as: String.self)) ?? "?"),
            database: try identity?.get("database") ?? "", role: try identity?.get("role") ?? "",
            migrations: applied,
            pending: pending.map(\.identifier), tables: tableStatus,
            lintFindings: applied.isEmpty ? [] : try RLSLint.findings(connection, schemas: schemas))
    }
}
