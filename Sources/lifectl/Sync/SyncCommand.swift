import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifeServiceClient
import LifeSync

/// `lifectl sync --dir DIR --key FILE`: sync through a shared folder (SPEC
/// SYNC-3; docs/sync.md), or `--server URL` through the service's hub (SRV-4). The subcommands make keys, carry bundles by other
/// means and tell where this device stands.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract:
            "Sync this device with your other devices through a shared folder or the service's hub, encrypted end to end.",
        discussion: SyncFolderCommand.configuration.discussion,
        subcommands: [
            SyncFolderCommand.self, SyncKeyCommand.self, SyncExportCommand.self, SyncImportCommand.self,
            SyncStatusCommand.self, SyncRetryCommand.self, SyncForgetCommand.self, SyncNewIDCommand.self,
            SyncRoleCommand.self, SyncGenerateCommand.self,
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
        abstract:
            "Sync through a shared folder or the service's hub (what `lifectl sync --dir DIR --key FILE` runs).",
        discussion: """
            Each device writes the changes the others have not seen to DIR/<device id>.lcsync and applies \
            every other device's file there, so any shared folder works: a cloud drive, Syncthing, a USB stick. \
            Bundles are encrypted with the key file; make one with `lifectl sync key new` and copy it to \
            each device yourself (it never goes into the database or the folder). A file that cannot be \
            applied (damaged, half copied, another key's, a clock far ahead) is set aside with the reason, the \
            others still apply, and this device's own file is still written; `lifectl sync status` lists what \
            is set aside.
            With --server URL instead of --dir, the service's hub carries the bundles (sign in first with \
            `lifectl login --server URL`): it keeps each device's bundles as a chain of ciphertext it cannot \
            read, and a bundle the hub lost or changed is set aside with why.
            Example: lifectl sync --dir ~/Dropbox/lifectl --key ~/sync.key
            Example: lifectl sync --server https://life.example.org --key ~/sync.key
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The shared folder.", valueName: "dir"), completion: .directory)
    var dir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Sync through the service's hub instead of a folder (signed in with `lifectl login`).",
            valueName: "url"))
    var server: String?

    @Option(
        name: .long, help: ArgumentHelp("The key file (`lifectl sync key new`).", valueName: "file"),
        completion: .file())
    var key: String

    @Flag(
        help:
            "Apply bundles whose clock is more than 24 hours ahead of this device's, and remember that clock as accepted."
    )
    var acceptSkew = false

    func validate() throws {
        if (dir == nil) == (server == nil) {
            throw ValidationError(
                dir == nil
                    ? "Give --dir DIR (a shared folder) or --server URL (the service's hub)."
                    : "Give --dir or --server, not both.")
        }
    }

    func run() throws {
        let context = try CommandContext(options)
        // Checked before the database opens, so a mistake creates nothing:
        // the sign-in for the hub, or the shared folder.
        let client = try server.map { try ServiceCommands.client($0, environment: ProcessInfo.processInfo.environment) }
        try client?.requireSession()
        let folder = ((dir ?? "") as NSString).expandingTildeInPath
        if client == nil { try FolderSync.requireFolder(folder, shown: dir ?? "") }
        let store = SyncStore(
            try context.open(), registry: LifeKit.registry, key: try SyncKeyFile.read(key), clock: context.clock)
        let summary: SyncSummary
        if let client {
            let outcome = try HubSync(store, hub: HubTransport(client: client)).run(acceptSkew: acceptSkew)
            summary = SyncSummary(
                applied: outcome.applied.map { SyncSummary.Applied(file: $0.bundle, report: $0.report) },
                keptApplied: outcome.keptApplied.map { SyncSummary.Applied(file: nil, report: $0) },
                setAside: outcome.setAside, keptBack: outcome.keptBack, wrote: outcome.sent,
                records: outcome.records, unchanged: outcome.unchanged, hub: true,
                hubDevices: outcome.otherDevices)
            if !context.json { for line in summary.lines { Terminal.write(line) } }
            if !outcome.unchanged {
                let line =
                    "Sent \(SyncText.fileName(outcome.sent)) to the hub: \(Format.count(outcome.records, "record", "records"))."
                if context.json {
                    Terminal.writeToStandardError(TerminalText.escaped(line) + "\n")
                } else {
                    Terminal.write(line)
                }
            }
        } else {
            let outcome = try FolderSync(store, folder: folder).run(acceptSkew: acceptSkew)
            summary = SyncSummary(
                applied: outcome.applied.map { SyncSummary.Applied(file: $0.file, report: $0.report) },
                keptApplied: outcome.keptApplied.map { SyncSummary.Applied(file: nil, report: $0) },
                setAside: outcome.setAside, keptBack: outcome.keptBack, wrote: outcome.wrote,
                records: outcome.records, unchanged: outcome.unchanged)
            // The account of what was applied is this command's answer; the
            // bundle written is named by the one `wrote` line, after it (on
            // stderr beside the JSON).
            if !context.json { for line in summary.lines { Terminal.write(line) } }
            if !outcome.unchanged {
                Wrote.say(
                    outcome.wrote, "this device's bundle, \(Format.count(outcome.records, "record", "records"))",
                    stdoutCarriesData: context.json)
            }
        }
        if context.json { try JSONOutput.print(summary) }
    }
}

/// What `sync --dir` did (docs/json.md, "sync").
struct SyncSummary: Encodable {
    struct Applied: Encodable {
        let file: String?
        let sender: String?
        let records: Int
        let changed: Int
        let heldBack: [SyncApplyReport.HeldBack]
        let returned: [SyncApplyReport.HeldBack]
        let clockAheadHours: Int
        let waitingForSchema: Int?

        init(file: String?, report: SyncApplyReport) {
            self.file = file
            sender = report.sender?.hex
            records = report.recordsRead
            changed = report.rowsChanged
            heldBack = report.heldBack
            returned = report.returned
            clockAheadHours = report.clockAhead
            waitingForSchema = report.waitingFor
        }
    }

    let applied: [Applied]
    /// Bundles kept in the database (a newer schema's, a clock far ahead,
    /// a fault) that applied in this run.
    let keptApplied: [Applied]
    let setAside: [FolderSync.SetAside]
    let keptBack: Int
    let wrote: String
    let records: Int
    let unchanged: Bool
    /// Through the service's hub rather than a folder (not in the JSON:
    /// the names of the bundles tell).
    var hub = false
    /// Through the hub: the other devices with a chain there.
    var hubDevices = 0

    enum CodingKeys: String, CodingKey {
        case applied, keptApplied, setAside, keptBack, wrote, records, unchanged
    }

    var lines: [String] {
        var lines: [String] = []
        for bundle in keptApplied + applied {
            lines.append(SyncText.applied(bundle.file, bundle))
            lines += SyncText.details(bundle)
        }
        for file in setAside {
            lines.append(SyncText.setAside(file: file.file, device: file.device, file.kind, file.reason))
        }
        if applied.isEmpty && setAside.isEmpty && keptApplied.isEmpty {
            lines.append(
                !hub
                    ? "No other device's bundle in the folder yet."
                    : hubDevices == 0
                        ? "No other device's bundle on the hub yet."
                        : "Nothing new on the hub from \(Format.count(hubDevices, "other device", "other devices"))."
            )
        }
        // A bundle written is named by `Wrote.say`, the one line every written file gets.
        if unchanged {
            lines.append(
                hub
                    ? "The hub has this device's latest bundle already (\(SyncText.fileName(wrote)), \(Format.count(records, "record", "records")))."
                    : "\(SyncText.fileName(wrote)) is up to date (\(Format.count(records, "record", "records"))).")
        }
        return lines
    }
}

/// Sentences the sync commands share.
enum SyncText {
    /// A folder's file as a line names it: its name in full (the folder is
    /// the one the person gave; a long path cut short would hide the name).
    static func fileName(_ path: String) -> String {
        // A bundle on the service's hub (`HubSync.name`): its device and sequence.
        let parts = path.split(separator: "/")
        if !path.hasSuffix(".lcsync"), parts.count >= 4, parts[parts.count - 3] == "bundles",
            let sequence = Int(parts[parts.count - 1]), let device = SiteID(hex: String(parts[parts.count - 2]))
        {
            return "bundle \(sequence) of device \(device.hex)"
        }
        return TerminalText.echoed((path as NSString).lastPathComponent, limit: 255)
    }

    static func applied(_ file: String?, _ bundle: SyncSummary.Applied) -> String {
        let name = file.map { fileName($0) } ?? "a bundle kept here" + (bundle.sender.map { " (device \($0))" } ?? "")
        if let schema = bundle.waitingForSchema {
            return
                "Kept \(name) for later: it was written by a newer lifectl (schema \(schema)); it will be applied once this one is updated."
        }
        return
            "Applied \(name): \(Format.count(bundle.records, "record", "records")), \(Format.count(bundle.changed, "row", "rows")) added, changed or removed."
    }

    /// What an apply tells beside its summary: rows newly kept out (each
    /// told once), rows brought back, a clock running ahead.
    static func details(_ bundle: SyncSummary.Applied) -> [String] {
        var lines = bundle.heldBack.map {
            "  held back: \($0.table) \(TerminalText.echoed($0.id)): \(TerminalText.oneLine($0.reason))"
        }
        lines += bundle.returned.map {
            "  back: \($0.table) \(TerminalText.echoed($0.id)): \(TerminalText.oneLine($0.reason))"
        }
        if bundle.clockAheadHours >= 1 {
            lines.append(
                "  the clock of \(bundle.sender.map { "device \($0)" } ?? "its device") is \(Format.count(bundle.clockAheadHours, "hour", "hours")) ahead of this one's: its changes win over those made here within those hours; if that clock is wrong, set it right on that device"
            )
        }
        return lines
    }

    /// One line for a bundle set aside: the file, the device, why, what to do.
    static func setAside(file: String?, device: String?, _ kind: SyncSetAside.Kind, _ reason: String) -> String {
        let name = file.map { fileName($0) } ?? "a bundle kept here"
        let who = device.map { " (device \($0))" } ?? ""
        return "Set aside \(name)\(who): \(TerminalText.oneLine(reason))\(remedy(kind, kept: file == nil))."
    }

    static func remedy(_ kind: SyncSetAside.Kind, kept: Bool) -> String {
        switch kind {
        case .unreadable: "; it is tried again at every sync (remove it if it is not a bundle of yours)"
        case .schema: "; update lifectl here"
        case .clock:
            kept
                ? "; `lifectl sync retry --key FILE --accept-skew` takes it as it is"
                : "; sync again with --accept-skew to take it as it is"
        case .failed: "; please report this"
        case .forgotten: ""
        }
    }
}

/// Reading the key and bundle files the sync commands are given.
enum SyncKeyFile {
    static func read(_ path: String) throws -> SyncKey {
        let resolved = (path as NSString).expandingTildeInPath
        try RegularFile.require(resolved, field: "--key")
        // An output of the same command never replaces it, even with --force.
        OutputFile.protectInput(at: resolved, as: "the sync key file")
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
