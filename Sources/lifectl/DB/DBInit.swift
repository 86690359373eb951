import ArgumentParser
import LifeCore
import LifeKit

struct DBInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database (mode 0600) and bring its schema up to date.",
        discussion:
            "Example: lifectl db init --db ~/life.db\nAny command creates the database when it needs to; init just does it on purpose."
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let outcome = try LifeDatabase.migrate(
            path: context.location.path, now: context.clock.now(), create: true, registry: LifeKit.registry)
        try MigrationReport(outcome, path: context.location.path).print(json: context.json)
    }
}

/// What `db init` and `db migrate` did.
struct MigrationReport: Encodable {
    let path: String
    let created: Bool
    let applied: [String]
    let schemaVersion: Int

    init(_ outcome: LifeDatabase.MigrationOutcome, path: String) {
        self.path = path
        created = outcome.created
        applied = outcome.applied
        schemaVersion = outcome.schemaVersion
    }

    func print(json: Bool) throws {
        if json { return try JSONOutput.print(self) }
        var lines: [String] = []
        if created { lines.append("created \(path)") }
        if applied.isEmpty {
            lines.append("\(path) is up to date at schema version \(schemaVersion)")
        } else {
            lines.append(contentsOf: applied.map { "applied \($0)" })
            lines.append("\(path) is at schema version \(schemaVersion)")
        }
        Terminal.write(lines.joined(separator: "\n"))
    }
}
