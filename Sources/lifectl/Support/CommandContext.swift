import Foundation
import LifeCore
import LifeDB

/// What a command needs from its surroundings: the database location, the
/// clock (`LIFECTL_NOW`), and an open, migrated database when it asks.
///
/// Making one registers the database with `OutputFile`, so every file the
/// command writes afterwards is checked against it (issue 9 §1).
struct CommandContext {
    let options: GlobalOptions
    let environment: [String: String]
    let location: DatabaseLocation
    let clock: Clock

    init(_ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let flag = options.db, flag.isEmpty || flag.hasSuffix("/") {
            throw LifeError.invalid(
                field: "--db", "--db is '\(TerminalText.echoed(flag))'; it must name a database file, such as ~/life.db"
            )
        }
        self.options = options
        self.environment = environment
        location = DatabaseLocation.resolve(flag: options.db, environment: environment)
        OutputFile.protectDatabase(at: location.path)
        let field = location.source == "--db" ? "--db" : location.source == "LIFECTL_DB" ? "$LIFECTL_DB" : "database"
        try RegularFile.require(location.path, field: field)
        clock = try Clock.fromEnvironment(environment)
    }

    var json: Bool { options.json }

    /// Opens the database, creating and migrating it when needed (SPEC CORE-1:
    /// a newcomer never has to run `db init`).
    func open() throws -> Database {
        try LifeDatabase.open(path: location.path, now: clock.now())
    }

    /// Opens an existing database only; a missing file is an error (exit 66).
    func openExisting() throws -> Database {
        try LifeDatabase.open(path: location.path, now: clock.now(), create: false)
    }
}
