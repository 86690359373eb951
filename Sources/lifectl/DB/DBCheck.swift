import ArgumentParser
import Foundation
import LifeCore
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

    func run() throws {
        let context = try CommandContext(options)
        try context.requireDatabase()
        let report = try Doctor.examine(
            path: context.location.path, registry: LifeKit.registry, now: context.clock.now())
        if context.json {
            try JSONOutput.print(report)
        } else {
            var table = TextTable([.left, .left])
            for check in report.checks {
                table.add(check.skipped ? "skip" : check.ok ? "ok" : "FAIL", check.name)
                for problem in check.problems { table.add("", "  " + problem) }
            }
            Terminal.write(table.render())
        }
        if !report.ok {
            throw ExitCode(65)
        }
    }
}
