import ArgumentParser
import Foundation
import LifeCore
import LifeKit

struct DBBackup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to a new file, consistent even while others write.",
        discussion: """
            Example: lifectl db backup ~/life-2026-11-22.db
            Example: lifectl db backup - | gzip > life.db.gz
            Uses SQLite's online backup API. An existing file is replaced only with --force; \
            - writes the copy to stdout (made whole in the temporary folder first); \
            a terminal is refused, as the copy holds every private word.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The new file to write, or - for stdout.", valueName: "file"), completion: .file())
    var destination: String

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        try context.requireDatabase()
        let target = OutputFile.resolve(destination)
        // Refuse a bad target before opening anything. A terminal is one: the
        // copy holds every private word, locked Hereafter notes included,
        // and as bytes on a screen it is no backup (issue 22 §6, HA-3).
        if OutputFile.isTerminal(target) {
            let what = OutputFile.isStandardOutput(target) ? "standard output, a terminal" : "a terminal"
            throw LifeError.invalid(
                field: "file",
                "\(TerminalText.echoed(destination)) is \(what); a backup holds every private word, locked notes included, so it goes to a file or a pipe (lifectl db backup - | gzip > life.db.gz)"
            )
        }
        _ = try OutputFile.target(for: target, force: force)
        // Read-only: a backup never migrates or writes the source.
        // The database is opened (a missing or foreign file refused) before
        // anything is written at the target.
        try LifeDatabase.checkReadable(path: context.location.path, registry: LifeKit.registry)
        let shown = OutputFile.isStandardOutput(target) ? "the copy for standard output" : target
        let size = try OutputFile.place(at: target, force: force) { newPath in
            try LifeDatabase.backup(
                path: context.location.path, registry: LifeKit.registry, to: newPath,
                shownAs: TerminalText.echoed(shown))
        }
        if OutputFile.isStandardOutput(target) { return }
        struct Report: Encodable {
            let source: String
            let destination: String
            let sizeBytes: Int
        }
        let report = Report(source: context.location.path, destination: target, sizeBytes: size)
        Wrote.say(
            target, "a backup of \(TerminalText.oneLine(report.source)), \(Format.grouped(size)) bytes",
            stdoutCarriesData: context.json)
        if context.json { try JSONOutput.print(report) }
    }
}
