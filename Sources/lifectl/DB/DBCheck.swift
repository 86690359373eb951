import ArgumentParser
import Foundation
import LifeCore
import LifeDB
import LifeKit

/// `lifectl db check`: the doctor. It opens the file read-only, so it never
/// migrates or writes, and it never stops at the first problem: each check
/// runs on its own, and anything that keeps one from finishing (a damaged
/// page, a dropped table, a row that cannot be read) is reported as that
/// check's FAIL line, exit 65, never as a crash (SPEC CORE-7, CORE-11).
struct DBCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the file: integrity, foreign keys, schema, and every product's own rules.",
        discussion: """
            Example: lifectl db check --db ~/life.db
            Reads only: it never migrates or writes. Exits 0 only when every check passes, 65 when one fails.
            """
    )

    @OptionGroup var options: GlobalOptions

    struct Check: Encodable {
        let name: String
        let ok: Bool
        /// Not run, for the reason in `problems` (a schema older than this build's).
        let skipped: Bool
        let problems: [String]
    }

    struct Report: Encodable {
        let ok: Bool
        let checks: [Check]
    }

    func run() throws {
        let context = try CommandContext(options)
        var checks: [Check] = []
        func add(_ name: String, _ body: () throws -> [String]) {
            do {
                let problems = try body()
                checks.append(Check(name: name, ok: problems.isEmpty, skipped: false, problems: problems))
            } catch let skip as Skipped {
                checks.append(Check(name: name, ok: false, skipped: true, problems: [skip.reason]))
            } catch {
                checks.append(Check(name: name, ok: false, skipped: false, problems: [Self.unfinished(error)]))
            }
        }
        do {
            let opened = try context.openReadOnly(validating: false)
            Self.examine(opened, clock: context.clock, add: add)
        } catch let error as DatabaseError {
            // SQLite could not even read the schema: the file is damaged.
            add("open") { throw error }
        }
        let report = Report(ok: checks.allSatisfy(\.ok), checks: checks)
        if context.json {
            try JSONOutput.print(report)
        } else {
            var table = TextTable([.left, .left])
            for check in checks {
                table.add(check.skipped ? "skip" : check.ok ? "ok" : "FAIL", check.name)
                for problem in check.problems { table.add("", "  " + problem) }
            }
            Terminal.write(table.render())
        }
        if !report.ok {
            throw ExitCode(65)
        }
    }

    /// Every check, in order, on a database opened read-only.
    static func examine(_ opened: DatabaseFile.ReadOnly, clock: Clock, add: (String, () throws -> [String]) -> Void) {
        let db = opened.db
        add("integrity_check") {
            let integrity = try db.integrityCheck()
            return integrity == ["ok"] ? [] : integrity
        }
        add("foreign_key_check") { try db.foreignKeyViolations() }
        add("journal_mode") {
            let mode = opened.journalMode
            return mode == "wal" ? [] : ["journal_mode is \(mode), not wal"]
        }
        // The record of migrations: a migration this build does not know, or
        // one edited after it was applied, is this check's FAIL (every other
        // command refuses such a file), and then the schema is not this
        // build's to judge.
        var applied: [Migrator.AppliedMigration]?
        add("migrations") {
            do {
                try LifeKit.registry.migrator.validate(db)
            } catch let error as LifeError {
                return [error.message]
            }
            let record = try LifeKit.registry.migrator.appliedMigrations(db)
            applied = record
            return try migrationProblems(db, applied: record, pending: opened.pending)
        }
        add("schema") {
            guard let applied else {
                throw Skipped(reason: "not checked: the record of migrations is not this build's")
            }
            return try schemaProblems(db, applied: applied)
        }
        for product in LifeKit.registry.products {
            add("\(product.name) invariants") {
                guard applied != nil, opened.pending.isEmpty else {
                    throw Skipped(reason: "not checked until the schema is this build's (see migrations)")
                }
                // Judged at the database's sync clock when it is later (a
                // clock that stepped back makes no saved instant wrong).
                return try product.invariantViolations(db, clock: HybridClock.judgingClock(db, now: clock.now()))
            }
        }
    }

    /// A check that cannot run on this file, and why.
    struct Skipped: Error {
        let reason: String
    }

    /// The record of migrations against itself and against this build.
    static func migrationProblems(_ db: Database, applied: [Migrator.AppliedMigration], pending: [Migration]) throws
        -> [String]
    {
        var problems: [String] = []
        let latest = applied.last?.version ?? 0
        for migration in pending {
            if migration.version < latest {
                problems.append(
                    "migration \(migration.identifier) is not recorded in schema_migrations, but later ones are: its row was removed"
                )
            } else {
                problems.append("migration \(migration.identifier) pending; `lifectl db migrate` applies it")
            }
        }
        let version = try db.userVersion()
        if version != latest {
            problems.append("user_version is \(version) but the latest applied migration is \(latest)")
        }
        return problems
    }

    /// Every table, index, view and trigger that the applied migrations
    /// create, compared with a fresh in-memory database built from the same
    /// embedded migrations: one missing or changed is a problem.
    static func schemaProblems(_ db: Database, applied: [Migrator.AppliedMigration]) throws -> [String] {
        let versions = Set(applied.map(\.version))
        let reference = try Database(path: ":memory:")
        defer { reference.close() }
        try Migrator(migrations: LifeKit.registry.migrator.migrations.filter { versions.contains($0.version) })
            .migrate(reference, now: Date(timeIntervalSince1970: 0))
        let actual = Dictionary(try db.schemaObjects().map { ($0.name, $0) }) { first, _ in first }
        var problems: [String] = []
        for object in try reference.schemaObjects() {
            guard let found = actual[object.name] else {
                problems.append("\(object.type) \(object.name) is missing; the migrations create it")
                continue
            }
            if found.type != object.type || normalized(found.sql) != normalized(object.sql) {
                problems.append("\(object.type) \(object.name) differs from what the migrations create")
            }
        }
        return problems
    }

    /// SQL with runs of white space as one space, for comparing definitions.
    static func normalized(_ sql: String) -> String {
        sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Why a check could not finish, in a sentence (no SQL text, no values).
    static func unfinished(_ error: any Error) -> String {
        switch error {
        case let error as LifeError: error.message
        case let error as DatabaseError: "could not finish: \(error.message) (SQLite code \(error.extendedCode))"
        default: "could not finish: \(error)"
        }
    }
}
