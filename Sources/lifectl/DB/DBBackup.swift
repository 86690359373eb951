import ArgumentParser
import Foundation
import LifeCore
import LifeDB

struct DBBackup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to a new file, consistent even while others write.",
        discussion:
            "Example: lifectl db backup ~/life-2026-11-22.db\nUses SQLite's online backup API; never overwrites an existing file."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The new file to write.", valueName: "file"))
    var destination: String

    func run() throws {
        let context = try CommandContext(options)
        let target = (destination as NSString).expandingTildeInPath
        // Read-only: a backup never migrates or writes the source.
        let db = try LifeDatabase.openReadOnly(path: context.location.path).db
        try db.backup(to: target)
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0
        struct Report: Encodable {
            let source: String
            let destination: String
            let sizeBytes: Int
        }
        let report = Report(source: context.location.path, destination: target, sizeBytes: size)
        if context.json { return try JSONOutput.print(report) }
        Terminal.write("backed up \(report.source) to \(target) (\(Format.grouped(size)) bytes)")
    }
}
