import ArgumentParser
import LifeCore
import LifeDB

struct DBCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the file: integrity, foreign keys, and the engine's own invariants.",
        discussion: """
            Example: lifectl db check --db ~/life.db
            Exits 0 only when every check passes, 65 when one fails.
            """
    )

    @OptionGroup var options: GlobalOptions

    struct Check: Encodable {
        let name: String
        let ok: Bool
        let problems: [String]
    }

    struct Report: Encodable {
        let ok: Bool
        let checks: [Check]
    }

    func run() throws {
        let context = try CommandContext(options)
        let db = try context.openExisting()
        var checks: [Check] = []
        func add(_ name: String, _ problems: [String]) {
            checks.append(Check(name: name, ok: problems.isEmpty, problems: problems))
        }
        let integrity = try db.integrityCheck()
        add("integrity_check", integrity == ["ok"] ? [] : integrity)
        add("foreign_key_check", try db.foreignKeyViolations())
        add("journal_mode", try db.journalMode() == "wal" ? [] : ["journal_mode is \(try db.journalMode()), not wal"])
        // Opening already refused unknown or edited migrations (Migrator.validate);
        // what can still drift is the user_version mirror.
        let applied = try LifeDatabase.migrator.appliedMigrations(db)
        var migrationProblems: [String] = []
        let version = try db.userVersion()
        if version != (applied.last?.version ?? 0) {
            migrationProblems.append(
                "user_version is \(version) but the latest applied migration is \(applied.last?.version ?? 0)")
        }
        add("migrations", migrationProblems)
        for (domain, problems) in try Domains.invariantViolations(db: db, clock: context.clock) {
            add("\(domain) invariants", problems)
        }
        let report = Report(ok: checks.allSatisfy(\.ok), checks: checks)
        if context.json {
            try JSONOutput.print(report)
        } else {
            var table = TextTable([.left, .left])
            for check in checks {
                table.add(check.ok ? "ok" : "FAIL", check.name)
                for problem in check.problems { table.add("", "  " + problem) }
            }
            Terminal.write(table.render())
        }
        if !report.ok {
            throw ExitCode(65)
        }
    }
}
