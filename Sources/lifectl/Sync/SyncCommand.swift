import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifeSync

/// `lifectl sync --dir DIR --key FILE`: sync through a shared folder (SPEC
/// SYNC-3; docs/sync.md). The subcommands make keys, carry bundles by other
/// means and tell where this device stands.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync this device with your other devices through a shared folder, encrypted end to end.",
        discussion: SyncFolderCommand.configuration.discussion,
        subcommands: [
            SyncFolderCommand.self, SyncKeyCommand.self, SyncExportCommand.self, SyncImportCommand.self,
            SyncStatusCommand.self, SyncNewIDCommand.self, SyncRoleCommand.self, SyncGenerateCommand.self,
        ],
        // `lifectl sync --dir DIR --key FILE` is the folder sync: the group
        // itself takes no option, so `--key` of `export`/`import` is theirs.
        defaultSubcommand: SyncFolderCommand.self
    )
}

/// `lifectl sync [folder] --dir DIR --key FILE`: each device writes what
/// the others have not seen and applies theirs.
struct SyncFolderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folder",
        abstract: "Sync through a shared folder (what `lifectl sync --dir DIR --key FILE` runs).",
        discussion: """
            Each device writes the changes the others have not seen to DIR/<device id>.lcsync and applies \
            every other device's file there, so any shared folder works: a cloud drive, Syncthing, a USB stick. \
            Bundles are encrypted with the key file; make one with `lifectl sync key new` and copy it to \
            each device yourself (it never goes into the database or the folder).
            Example: lifectl sync --dir ~/Dropbox/lifectl --key ~/sync.key
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The shared folder.", valueName: "dir"))
    var dir: String

    @Option(name: .long, help: ArgumentHelp("The key file (`lifectl sync key new`).", valueName: "file"))
    var key: String

    @Flag(help: "Apply bundles whose clock is more than 24 hours ahead of this device's.")
    var acceptSkew = false

    func run() throws {
        let keyPath = key
        let context = try CommandContext(options)
        let folder = (dir as NSString).expandingTildeInPath
        // Checked before the database opens, so a mistyped folder creates nothing.
        try FolderSync.requireFolder(folder, shown: dir)
        let store = SyncStore(
            try context.open(), registry: LifeKit.registry, key: try SyncKeyFile.read(keyPath), clock: context.clock)
        let outcome = try FolderSync(store, folder: folder).run(acceptSkew: acceptSkew)
        let summary = SyncSummary(
            applied: outcome.applied.map { SyncSummary.Applied(file: $0.file, report: $0.report) },
            keptBack: outcome.keptBack, wrote: outcome.wrote, records: outcome.records, unchanged: outcome.unchanged)
        if context.json { return try JSONOutput.print(summary) }
        for line in summary.lines { Terminal.write(line) }
    }
}

/// What `sync --dir` did (docs/json.md, "sync").
struct SyncSummary: Encodable {
    struct Applied: Encodable {
        let file: String
        let sender: String?
        let records: Int
        let changed: Int
        let heldBack: [SyncApplyReport.HeldBack]
        let waitingForSchema: Int?

        init(file: String, report: SyncApplyReport) {
            self.file = file
            sender = report.sender?.hex
            records = report.recordsRead
            changed = report.rowsChanged
            heldBack = report.heldBack
            waitingForSchema = report.waitingFor
        }
    }

    let applied: [Applied]
    let keptBack: Int
    let wrote: String
    let records: Int
    let unchanged: Bool

    var lines: [String] {
        var lines: [String] = []
        for bundle in applied {
            lines.append(SyncText.applied(bundle.file, bundle))
            lines += SyncText.heldBack(bundle.heldBack)
        }
        if applied.isEmpty { lines.append("No other device's bundle in the folder yet.") }
        lines.append(
            unchanged
                ? "\(TerminalText.echoed(wrote)) is up to date (\(Format.count(records, "record", "records")))."
                : "Wrote \(TerminalText.echoed(wrote)) (\(Format.count(records, "record", "records"))).")
        return lines
    }
}

/// Sentences the sync commands share.
enum SyncText {
    static func applied(_ file: String, _ bundle: SyncSummary.Applied) -> String {
        if let schema = bundle.waitingForSchema {
            return
                "Kept \(TerminalText.echoed(file)) for later: it was written by a newer lifectl (schema \(schema)); it will be applied once this one is updated."
        }
        return
            "Applied \(TerminalText.echoed(file)): \(Format.count(bundle.records, "record", "records")), \(Format.count(bundle.changed, "row", "rows")) added, changed or removed."
    }

    static func heldBack(_ rows: [SyncApplyReport.HeldBack]) -> [String] {
        rows.map { "  held back: \($0.table) \(TerminalText.echoed($0.id)): \(TerminalText.oneLine($0.reason))" }
    }
}

/// Reading the key and bundle files the sync commands are given.
enum SyncKeyFile {
    static func read(_ path: String) throws -> SyncKey {
        let resolved = (path as NSString).expandingTildeInPath
        try RegularFile.require(resolved, field: "--key")
        return try SyncKey(fileContents: try contents(resolved, field: "--key"), name: path)
    }

    /// A file's bytes: missing 66, unreadable 74.
    static func contents(_ path: String, field: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: path) else { throw LifeError.missing(path: path, field: field) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LifeError(kind: .io, field: field, message: "\(TerminalText.echoed(path)) cannot be read")
        }
        return data
    }
}
