import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifeSync

/// `lifectl sync status`: this device, the others, what is pending.
struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract:
            "Show this device's id, the devices it has heard from, pending changes, what is set aside and the last sync.",
        discussion: "Example: lifectl sync status --json"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let status = try SyncEngine(try context.open(), registry: LifeKit.registry, clock: context.clock).status()
        if context.json { return try JSONOutput.print(SyncStatusJSON(status)) }
        let time = HumanTime.of(context)
        Terminal.write("This device: \(status.id) (\(status.role))")
        Terminal.write("Last sync:   \(status.lastSyncAt.map(time.stored) ?? "never")")
        Terminal.write(
            "Pending:     \(Format.count(status.pendingChanges, "row", "rows")) with changes "
                + (status.peers.isEmpty ? "(no other device heard from yet)" : "another device has not seen"))
        if status.peers.isEmpty {
            Terminal.write("Devices:     none heard from yet")
        } else {
            var table = TextTable([.left, .left, .left, .left])
            table.add("device", "role", "last change seen", "last bundle applied")
            for peer in status.peers {
                table.add(
                    peer.id + (peer.forgotten ? " (forgotten)" : ""), peer.role,
                    peer.lastChangeAt.map(time.stored) ?? "—", peer.lastAppliedAt.map(time.stored) ?? "—")
            }
            Terminal.write("Devices:")
            Terminal.write(table.render(indent: "  "))
        }
        if status.waitingBundles > 0 {
            Terminal.write(
                "Kept:        \(Format.count(status.waitingBundles, "bundle", "bundles")) from a newer lifectl, applied once this one is updated"
            )
        }
        if let accepted = status.acceptedClockAt {
            Terminal.write("Accepted:    a clock ahead, up to \(time.stored(accepted)) (with --accept-skew)")
        }
        for aside in status.setAside {
            Terminal.write(SyncText.setAside(file: aside.file, device: aside.device, aside.kind, aside.reason))
        }
        for held in status.heldBack {
            Terminal.write(
                "Held back:   \(held.table) \(TerminalText.echoed(held.id)): \(TerminalText.oneLine(held.reason))")
        }
    }
}
