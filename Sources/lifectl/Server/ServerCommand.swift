import ArgumentParser
import Foundation
import LifeCore
import LifeServer
import LifeTimerServer

/// `lifectl server`: the PostgreSQL server that holds LifeTimer's social
/// graph (SPEC §12, SRV-1, SRV-2), for its operator.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "The PostgreSQL server of LifeTimer's social graph: apply its schema, see its state.",
        discussion: """
            The URL names a PostgreSQL database (postgresql://user:password@host/database, or a Unix socket: \
            postgresql:///postgres?host=/tmp/dir&user=postgres); else $LIFECTL_SERVER. A URL with the database \
            owner's password is the operator's path, like Supabase's service role (docs/server.md).
            """,
        subcommands: [ServerMigrate.self, ServerStatusCommand.self]
    )
}

/// The options of every `server` command.
struct ServerOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The server (default: $LIFECTL_SERVER).", valueName: "url"))
    var server: String?

    /// The old spelling of `--server` (CORE-13).
    @Option(name: .customLong("url"), help: .hidden)
    var url: String?

    @Flag(name: .long, help: "Print one JSON document instead of text (shapes in docs/json.md).")
    var json = false

    /// The open connection, or an error naming the missing URL.
    func connect() throws -> LifeServer.PostgresConnection {
        let flag = try Renamed.pick(server, url, old: "--url", new: "--server")
        let field = server == nil && url != nil ? "--url" : "--server"
        guard
            let address = try ServerConnection.url(
                flag: flag, field: field, environment: ProcessInfo.processInfo.environment)
        else {
            throw LifeError.invalid(field: "--server", "no server given: pass --server URL or set LIFECTL_SERVER")
        }
        return try ServerConnection.open(address)
    }
}

struct ServerMigrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the server migrations (Schema/server/) this build knows that the server lacks.",
        discussion: """
            Each migration runs in its own transaction and is recorded in lifectl.schema_migrations. A server \
            holding a migration this build does not know, or an edited one, is refused and left unchanged. \
            Needs a role that may create roles and schemas (the database owner).
            Example: lifectl server migrate --server postgresql:///postgres?host=/tmp/pg&user=postgres
            """)

    @OptionGroup var options: ServerOptions

    func run() throws {
        let connection = try options.connect()
        let migrator = LifeTimerServerSchema.migrator
        let applied = try ServerConnection.mapped { try migrator.migrate(connection) }
        let latest = migrator.migrations.last?.identifier ?? "none"
        if options.json {
            return try JSONOutput.print(Migrated(applied: applied.map(\.identifier), latest: latest))
        }
        Terminal.write(
            applied.isEmpty
                ? "The server is up to date (\(latest))."
                : "Applied \(applied.map(\.identifier).joined(separator: ", ")); the server is at \(latest).")
    }

    /// `server migrate --json` (docs/json.md).
    struct Migrated: Encodable {
        let applied: [String]
        let latest: String
    }
}

struct ServerStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "The server's migrations, rows per table, row-level security policies and lint findings.",
        discussion: """
            Rows are counted as the URL's role may see them: all of them for the owner.
            Example: lifectl server status --server postgresql:///postgres?host=/tmp/pg&user=postgres --json
            """)

    @OptionGroup var options: ServerOptions

    func run() throws {
        let connection = try options.connect()
        let time = HumanTime.system
        let status = try ServerConnection.mapped {
            try ServerStatus.read(
                connection, migrator: LifeTimerServerSchema.migrator,
                tables: LifeTimerServerSchema.tables + LifeTimerServerSchema.engineTables,
                schemas: LifeTimerServerSchema.schemas)
        }
        if options.json { return try JSONOutput.print(status) }
        var lines = [
            "server:     \(TerminalText.oneLine(status.server)), database \(TerminalText.oneLine(status.database)), as \(TerminalText.oneLine(status.role))"
        ]
        lines.append(
            "migrations: "
                + (status.migrations.isEmpty
                    ? "none"
                    : status.migrations.map { "\($0.identifier) (applied \(time.stored($0.appliedAt)))" }.joined(
                        separator: ", ")))
        lines.append("pending:    " + (status.pending.isEmpty ? "none" : status.pending.joined(separator: ", ")))
        if !status.tables.isEmpty {
            var table = TextTable([.left, .right, .left, .left])
            table.add("table", "rows", "row security", "policies")
            for entry in status.tables {
                table.add(
                    entry.name, Format.grouped(entry.rows), entry.rowLevelSecurity ? "on" : "OFF",
                    entry.policies.isEmpty
                        ? "none (no client reads it)"
                        : "\(entry.policies.count): "
                            + entry.policies.map { "\($0.command) to \($0.roles.joined(separator: ", "))" }
                            .joined(separator: "; "))
            }
            lines.append("")
            lines.append(table.render())
        }
        lines.append("")
        lines.append("lint: " + Format.count(status.lintFindings.count, "finding", "findings"))
        lines += status.lintFindings.map { "  " + TerminalText.oneLine($0.description) }
        Terminal.write(lines.joined(separator: "\n"))
    }
}
