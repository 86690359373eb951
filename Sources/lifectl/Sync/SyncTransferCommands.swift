import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifeSync

/// `lifectl sync export --key FILE [--since DEVICE] OUT`: a bundle for any transport.
struct SyncExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write this device's changes as an encrypted bundle.",
        discussion: """
            Without --since the bundle holds everything; with it, what that device has not seen yet.
            Example: lifectl sync export --key ~/sync.key --since 3f2a phone.lcsync
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The key file.", valueName: "file"))
    var key: String

    @Option(
        name: .long,
        help: ArgumentHelp("Only what this device (its id, or the start of it) has not seen.", valueName: "device"))
    var since: String?

    @Argument(help: ArgumentHelp("The bundle to write (- for stdout).", valueName: "out"))
    var out: String

    @Flag(help: "Replace OUT if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        // Refused before the bundle is made: making one records what it withholds.
        _ = try OutputFile.target(for: out, force: force)
        let store = SyncStore(
            try context.open(), registry: LifeKit.registry, key: try SyncKeyFile.read(key), clock: context.clock)
        var reader = SyncEngine.Reader.anyone
        if let since {
            let prefix = since.lowercased()
            let matches = try store.peers().filter { $0.id.hasPrefix(prefix) }
            guard matches.count == 1, let peer = matches.first, let id = SiteID(hex: peer.id), !prefix.isEmpty else {
                throw LifeError.invalid(
                    field: "--since",
                    matches.isEmpty
                        ? "--since '\(TerminalText.echoed(since))' is no device this one has heard from (see `lifectl sync status`)"
                        : "--since '\(TerminalText.echoed(since))' matches \(matches.count) devices; give more of the id"
                )
            }
            reader = .peer(id)
        }
        let bundle = try store.seal(for: reader)
        try OutputFile.write(bundle.bytes, to: out, force: force)
        if OutputFile.isStandardOutput(OutputFile.resolve(out)) { return }
        Terminal.writeError("Wrote \(TerminalText.echoed(out)) (\(Format.count(bundle.records, "record", "records"))).")
    }
}

/// `lifectl sync import --key FILE IN`: applies one bundle.
struct SyncImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Apply another device's bundle: one transaction, and applying it again changes nothing.",
        discussion: "Example: lifectl sync import --key ~/sync.key laptop.lcsync"
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The key file.", valueName: "file"))
    var key: String

    @Flag(help: "Apply a bundle whose clock is more than 24 hours ahead of this device's.")
    var acceptSkew = false

    @Argument(help: ArgumentHelp("The bundle to apply.", valueName: "in"))
    var file: String

    func run() throws {
        let context = try CommandContext(options)
        let path = (file as NSString).expandingTildeInPath
        try RegularFile.require(path, field: "file")
        let bytes = try SyncKeyFile.contents(path, field: "file")
        let store = SyncStore(
            try context.open(), registry: LifeKit.registry, key: try SyncKeyFile.read(key), clock: context.clock)
        _ = try store.applyWaiting(acceptSkew: acceptSkew)
        let report = try store.apply(bytes, name: file, acceptSkew: acceptSkew)
        let applied = SyncSummary.Applied(file: file, report: report)
        if context.json { return try JSONOutput.print(applied) }
        Terminal.write(SyncText.applied(file, applied))
        for line in SyncText.heldBack(report.heldBack) { Terminal.write(line) }
    }
}
