import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifeSync

/// `lifectl sync new-id`: a database file copied to another machine becomes a device of its own.
struct SyncNewIDCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-id",
        abstract: "Give this database a new device id (after copying the database file to another machine).",
        discussion: """
            Two files with one id would be one device to the others, and each would miss the other's changes. \
            Run it on the copy, before it syncs.
            Example: lifectl sync new-id
            """
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let id = try SyncEngine(try context.open(), registry: LifeKit.registry, clock: context.clock)
            .takeNewIdentity(role: .device)
        if context.json { return try JSONOutput.print(["deviceId": id.hex]) }
        Terminal.write("This device is now \(id.hex).")
    }
}

/// `lifectl sync role server`: until the server of SPEC §12 runs, a device
/// takes the server's role for tests and demos (docs/sync.md, section 6).
struct SyncRoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "role",
        abstract: "Take the server's role: its changes to server-wins data are the ones every device applies.",
        discussion: "Example: lifectl sync role server",
        shouldDisplay: false
    )

    enum Role: String, ExpressibleByArgument, CaseIterable {
        case server
    }

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The role: server.", valueName: "role"))
    var role: Role

    /// `--json`: the role this database has now, its device id, and whether this command gave it.
    struct RoleReport: Encodable {
        let role: String
        let deviceId: String
        let changed: Bool
    }

    func run() throws {
        let context = try CommandContext(options)
        let engine = SyncEngine(try context.open(), registry: LifeKit.registry, clock: context.clock)
        if try engine.site().role == .server {
            let id = try engine.site().id.hex
            if context.json {
                return try JSONOutput.print(RoleReport(role: role.rawValue, deviceId: id, changed: false))
            }
            Terminal.write("This database already has the server role (\(id)).")
            return
        }
        let id = try engine.takeNewIdentity(role: .server)
        if context.json {
            return try JSONOutput.print(RoleReport(role: role.rawValue, deviceId: id.hex, changed: true))
        }
        Terminal.write("This database is now the server \(id.hex); its earlier changes keep its old device id.")
    }
}

/// `lifectl sync generate --sql FILE | --doc`: what `scripts/gen-sync`
/// writes into a sync migration's generated block and into docs/sync.md,
/// from the registry (hidden).
struct SyncGenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print a migration's generated sync block (--sql FILE) or the policy table (--doc).",
        shouldDisplay: false
    )

    @Option(help: "The migration whose generated block to print (Schema/NNNN_name.sql).", completion: .file())
    var sql: String?

    @Flag(help: "The policy table of docs/sync.md.")
    var doc = false

    func run() throws {
        if doc { Terminal.write(try SyncTriggers.policyTable(registry: LifeKit.registry)) }
        if let sql { Terminal.write(try SyncTriggers.generatedBlock(registry: LifeKit.registry, migration: sql)) }
    }
}
