import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifeSync

/// `lifectl sync export --key FILE [--peer DEVICE] OUT`: a bundle for any transport.
struct SyncExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write this device's changes as an encrypted bundle.",
        discussion: """
            Without --peer the bundle holds everything; with it, what that device has not seen yet.
            Example: lifectl sync export --key ~/sync.key --peer 3f2a phone.lcsync
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The key file.", valueName: "file"), completion: .file())
    var key: String

    @Option(
        name: .long,
        help: ArgumentHelp("Only what this device (its id, or the start of it) has not seen.", valueName: "device"))
    var peer: String?

    /// The old spelling of `--peer` (CORE-13: `--since` takes a date elsewhere).
    @Option(name: .customLong("since"), help: .hidden)
    var oldSince: String?

    @Argument(help: ArgumentHelp("The bundle to write (- for stdout).", valueName: "out"), completion: .file())
    var out: String

    @Flag(help: "Replace OUT if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        // The key first: OUT may never be the key file, even with --force.
        let since = try Renamed.pick(peer, oldSince, old: "--since", new: "--peer")
        let field = peer == nil && oldSince != nil ? "--since" : "--peer"
        let syncKey = try SyncKeyFile.read(key)
        // Refused before the bundle is made.
        _ = try OutputFile.target(for: out, force: force)
        let store = SyncStore(try context.open(), registry: LifeKit.registry, key: syncKey, clock: context.clock)
        var reader = SyncEngine.Reader.anyone
        if let since {
            let prefix = since.lowercased()
            let matches = try store.peers().filter { $0.id.hasPrefix(prefix) }
            guard matches.count == 1, let peer = matches.first, let id = SiteID(hex: peer.id), !prefix.isEmpty else {
                throw LifeError.invalid(
                    field: field,
                    matches.isEmpty
                        ? "\(field) '\(TerminalText.echoed(since))' is no device this one has heard from (see `lifectl sync status`)"
                        : "\(field) '\(TerminalText.echoed(since))' matches \(matches.count) devices; give more of the id"
                )
            }
            reader = .peer(id)
        }
        // Written inside the transaction that makes the bundle: when the file
        // cannot be written, what making it recorded is not kept either.
        let bundle = try store.seal(for: reader) { sealed in
            try OutputFile.write(sealed.bytes, to: out, force: force)
        }
        let path = OutputFile.resolve(out)
        if OutputFile.isStandardOutput(path) { return }
        Wrote.say(
            path, "a sync bundle of \(Format.count(bundle.records, "record", "records"))",
            stdoutCarriesData: context.json)
        if context.json {
            struct Report: Encodable {
                let file: String
                let records: Int
            }
            try JSONOutput.print(Report(file: path, records: bundle.records))
        }
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

    @Option(name: .long, help: ArgumentHelp("The key file.", valueName: "file"), completion: .file())
    var key: String

    @Flag(
        help:
            "Apply a bundle whose clock is more than 24 hours ahead of this device's, and remember that clock as accepted."
    )
    var acceptSkew = false

    @Argument(help: ArgumentHelp("The bundle to apply.", valueName: "in"), completion: .file())
    var file: String

    func run() throws {
        let context = try CommandContext(options)
        let path = (file as NSString).expandingTildeInPath
        try RegularFile.require(path, field: "file")
        // A bundle named on the command line that is not there is a missing
        // file (66), not one set aside: there is nothing to keep or retry.
        guard FileManager.default.fileExists(atPath: path) else { throw LifeError.missing(path: file, field: "file") }
        let bytes: Data
        do {
            bytes = try FolderSync.contents(path)
        } catch let aside as SyncSetAside {
            throw LifeError.malformed(
                "\(TerminalText.echoed(file)) was not applied: \(TerminalText.oneLine(aside.reason))", field: "file")
        }
        let store = SyncStore(
            try context.open(), registry: LifeKit.registry, key: try SyncKeyFile.read(key), clock: context.clock)
        _ = try store.applyWaiting(acceptSkew: acceptSkew)
        let report: SyncApplyReport
        do {
            report = try store.apply(bytes, name: file, acceptSkew: acceptSkew)
        } catch let aside as SyncSetAside {
            // Not applied; one that can apply later is kept (`sync retry`).
            let kept = aside.kind == .clock || aside.kind == .failed
            throw LifeError.malformed(
                "\(TerminalText.echoed(file))\(aside.sender.map { " (device \($0.hex))" } ?? "") was not applied: \(TerminalText.oneLine(aside.reason))\(SyncText.remedy(aside.kind, kept: kept))",
                field: "file")
        }
        let applied = SyncSummary.Applied(file: file, report: report)
        if context.json { return try JSONOutput.print(applied) }
        Terminal.write(SyncText.applied(file, applied))
        for line in SyncText.details(applied) { Terminal.write(line) }
    }
}

/// `lifectl sync retry --key FILE`: tries the bundles kept here again now.
struct SyncRetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Apply the bundles kept on this device again now (set aside by an import, or from a newer lifectl).",
        discussion: """
            Every sync tries them again by itself; this does it now, and with --accept-skew takes a bundle whose \
            clock runs more than 24 hours ahead as it is (that clock is then remembered as accepted). Files of a \
            shared folder are tried again by `lifectl sync --dir`.
            Example: lifectl sync retry --key ~/sync.key --accept-skew
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The key file.", valueName: "file"), completion: .file())
    var key: String

    @Flag(help: "Apply bundles whose clock is more than 24 hours ahead of this device's, and remember that clock.")
    var acceptSkew = false

    func run() throws {
        let context = try CommandContext(options)
        let store = SyncStore(
            try context.open(), registry: LifeKit.registry, key: try SyncKeyFile.read(key), clock: context.clock)
        let applied = try store.applyWaiting(acceptSkew: acceptSkew).map { SyncSummary.Applied(file: nil, report: $0) }
        let still = try store.status().setAside.filter { $0.file == nil }
        if context.json {
            struct Retry: Encodable {
                let applied: [SyncSummary.Applied]
                let stillKept: [SyncStatus.SetAside]
            }
            return try JSONOutput.print(Retry(applied: applied, stillKept: still))
        }
        for bundle in applied {
            Terminal.write(SyncText.applied(nil, bundle))
            for line in SyncText.details(bundle) { Terminal.write(line) }
        }
        for kept in still {
            Terminal.write(SyncText.setAside(file: nil, device: kept.device, kept.kind, kept.reason))
        }
        if applied.isEmpty && still.isEmpty { Terminal.write("No bundle is kept on this device.") }
    }
}

/// `lifectl sync forget DEVICE`: stops applying a device's bundles.
struct SyncForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Stop applying a device's bundles (a device that is gone, or that must not come back).",
        discussion: """
            Its files in a shared folder are no longer read, the bundles of it kept here are dropped, and it no \
            longer holds this device's bundles back to what it had. What it sent before stays. A device \
            forgotten by mistake comes back as a new one after `lifectl sync new-id` on it.
            Example: lifectl sync forget 3f2a
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(
        help: ArgumentHelp("The device's id, or the start of it (see `lifectl sync status`).", valueName: "device"))
    var device: String

    func run() throws {
        let context = try CommandContext(options)
        let id = try SyncEngine(try context.open(), registry: LifeKit.registry, clock: context.clock).forget(
            device: device)
        if context.json { return try JSONOutput.print(["forgotDeviceId": id]) }
        Terminal.write("Forgot device \(id): its bundles are no longer applied here.")
    }
}
