import ArgumentParser
import LifeKit

struct DBMigrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the migrations this build knows that the database lacks.",
        discussion:
            "Example: lifectl db migrate --db ~/life.db\nRefuses, writing nothing, a database from a newer lifectl or with an edited migration."
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        try context.requireDatabase()
        let outcome = try LifeDatabase.migrate(
            path: context.location.path, now: context.clock.now(), create: false, registry: LifeKit.registry)
        try MigrationReport(outcome, path: context.location.path).print(json: context.json)
    }
}
