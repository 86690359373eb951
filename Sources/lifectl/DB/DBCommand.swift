import ArgumentParser

/// `lifectl db`: the file itself (SPEC CORE-11).
struct DBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Create, migrate, inspect, check and back up the database file.",
        subcommands: [
            DBInit.self, DBMigrate.self, DBStatus.self, DBCheck.self, DBBackup.self, DBPath.self, DBSchema.self,
        ]
    )
}
