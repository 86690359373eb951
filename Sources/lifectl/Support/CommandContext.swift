import Foundation
import LifeCore
import LifeKit

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
        // Stderr on one of the database's files, even one not yet a
        // database (an empty new file, its -wal or -journal), first: the
        // refusal of anything else would be written there.
        if let companion = OutputFile.databaseFile(matchingDescriptor: STDERR_FILENO, database: location.path) {
            Terminal.refuseStandardErrorOnDatabase(companion)
        }
        // Stdout opened on the database itself (`1<>life.db`, `>> life.db`):
        // whatever the command prints would land in the file; refused before
        // anything is done (CORE-1).
        if let companion = OutputFile.databaseFile(matchingDescriptor: STDOUT_FILENO, database: location.path) {
            throw LifeError.invalid(
                field: "stdout",
                "standard output is \(companion); lifectl never writes over its own database, so send it elsewhere")
        }
        let field = location.source == "--db" ? "--db" : location.source == "LIFECTL_DB" ? "$LIFECTL_DB" : "database"
        // SQLite takes a path of at most 512 bytes, its `-journal` and `-wal`
        // names included (SQLITE_MAX_PATHNAME): a longer one failed with
        // "unable to open database file" after leaving an empty file.
        let absolute =
            location.path.hasPrefix("/")
            ? location.path : FileManager.default.currentDirectoryPath + "/" + location.path
        let longest = Self.longestDatabasePath
        if absolute.utf8.count > longest {
            throw LifeError.invalid(
                field: field,
                "the database path is \(Format.grouped(absolute.utf8.count)) bytes long in full; SQLite takes at most \(longest) (it adds -journal and -wal to it), so choose a shorter one"
            )
        }
        try RegularFile.require(location.path, field: field)
        clock = try Clock.fromEnvironment(environment)
    }

    /// SQLite's 512-byte limit on a full path, less its longest suffix.
    static let longestDatabasePath = 512 - "-journal".utf8.count

    var json: Bool { options.json }

    /// Opens the database, creating and migrating it when needed (SPEC CORE-1:
    /// a newcomer never has to run `db init`): the writer every store of the
    /// command shares, which stamps each write transaction with the
    /// command's clock for the sync triggers (`LIFECTL_NOW` pins it;
    /// docs/sync.md, section 2). The command never opens a transaction
    /// itself; each store's method is one.
    ///
    /// A command that only reads passes `create: false`: it never creates a
    /// database (CORE-13; the list is in docs/design.md), and where there is
    /// none it says so and how to make one (`requireDatabase`).
    func open(create: Bool = true) throws -> LifeKit.Writer {
        if !create { try requireDatabase() }
        return try LifeKit.open(path: location.path, clock: clock, create: create)
    }

    /// Refuses, exit 66, when no database exists yet where this command
    /// looks, the way git answers outside a repository: a read never makes
    /// one, so a mistyped `--db` leaves no file and no folder behind.
    func requireDatabase() throws {
        guard !FileManager.default.fileExists(atPath: location.path) else { return }
        let source =
            switch location.source {
            case "--db": "from --db"
            case "LIFECTL_DB": "from $LIFECTL_DB"
            case "XDG_DATA_HOME": "from $XDG_DATA_HOME"
            default: "the default location"
            }
        throw LifeError(
            kind: .missingInput, field: "database",
            message:
                "no database at \(TerminalText.echoed(location.path)) (\(source)); this command only reads, so it made none: `lifectl db init` creates it, as does any command that saves something"
        )
    }
}
