import Foundation
import LifeCore
import LifeDB

/// The doctor (`lifectl db check`, and an app's own check): every check the
/// engine knows, run on a database opened read-only, so it never migrates
/// or writes (SPEC CORE-11). It never stops at the first problem: each
/// check runs on its own, and anything that keeps one from finishing (a
/// damaged page, a dropped table, a row that cannot be read) is that
/// check's finding, never a crash (CORE-7).
public enum Doctor {
    /// Examines the database at `path` with the products of `registry`,
    /// judging "no instant in the future" rules at `now` (or at the latest
    /// clock a bundle applied here brought, when later). A missing file or
    /// one that is not SQLite is refused as opening refuses it (a
    /// `LifeError`); a file SQLite cannot even read the schema of is the
    /// finding of a check named `open`.
    public static func examine(path: String, registry: ProductRegistry, now: Date) throws -> DoctorReport {
        var checks: [DoctorReport.Check] = []
        let add: (String, () throws -> [String]) -> Void = { name, body in
            do {
                let problems = try body()
                checks.append(DoctorReport.Check(name: name, ok: problems.isEmpty, skipped: false, problems: problems))
            } catch let skip as Skipped {
                checks.append(DoctorReport.Check(name: name, ok: false, skipped: true, problems: [skip.reason]))
            } catch {
                checks.append(DoctorReport.Check(name: name, ok: false, skipped: false, problems: [unfinished(error)]))
            }
        }
        do {
            let opened = try LifeDatabase.openReadOnly(path: path, registry: registry, validating: false)
            defer { opened.db.close() }
            examine(opened, registry: registry, now: now, add: add)
        } catch let error as DatabaseError {
            // SQLite could not even read the schema: the file is damaged.
            add("open") { throw error }
        }
        return DoctorReport(checks: checks)
    }

    /// Every check, in order, on a database opened read-only.
    static func examine(
        _ opened: DatabaseFile.ReadOnly, registry: ProductRegistry, now: Date,
        add: (String, () throws -> [String]) -> Void
    ) {
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
        // one edited after it was applied, is this check's finding (every
        // other way in refuses such a file), and then the schema is not this
        // build's to judge.
        var applied: [Migrator.AppliedMigration]?
        add("migrations") {
            do {
                try registry.migrator.validate(db)
            } catch let error as LifeError {
                return [error.message]
            }
            let record = try registry.migrator.appliedMigrations(db)
            applied = record
            return try migrationProblems(db, applied: record, pending: opened.pending)
        }
        add("schema") {
            guard let applied else {
                throw Skipped(reason: "not checked: the record of migrations is not this build's")
            }
            return try schemaProblems(db, applied: applied, registry: registry)
        }
        for product in registry.products {
            add("\(product.name) invariants") {
                guard applied != nil, opened.pending.isEmpty else {
                    throw Skipped(reason: "not checked until the schema is this build's (see migrations)")
                }
                // Judged at the database's sync clock when it is later (a
                // clock that stepped back makes no saved instant wrong).
                return try product.invariantViolations(db, clock: try HybridClock.judgingClock(db, now: now))
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
                // The front end words the remedy; `lifectl db migrate` applies it.
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
    static func schemaProblems(_ db: Database, applied: [Migrator.AppliedMigration], registry: ProductRegistry)
        throws -> [String]
    {
        let versions = Set(applied.map(\.version))
        let reference = try Database(path: ":memory:")
        defer { reference.close() }
        try Migrator(migrations: registry.migrator.migrations.filter { versions.contains($0.version) })
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

    /// True when the database at `path` holds a schema other than the one its
    /// recorded migrations make (a table or column dropped or changed by
    /// hand); false when it matches or cannot be read at all.
    public static func schemaDiffersFromTheMigrations(path: String, registry: ProductRegistry) -> Bool {
        guard let opened = try? LifeDatabase.openReadOnly(path: path, registry: registry, validating: false),
            let applied = try? registry.migrator.appliedMigrations(opened.db)
        else { return false }
        defer { opened.db.close() }
        return !((try? schemaProblems(opened.db, applied: applied, registry: registry)) ?? []).isEmpty
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
