import Foundation
import LifeKit
import LifeSync
import LifeTimer
import Testing

/// A name that rows may change (a LifeTimer username) is held by the alive
/// record made first, on every device (docs/sync.md, section 7, rule 4):
/// REL-7's seed 418, where a device took a name again after deleting its
/// own holder while the other device's earlier record of it waited here.
@Suite struct UniqueNameSyncTests {
    func timer(_ device: SyncDevice) -> LifeTimerStore { LifeTimerStore(device.writer, clock: device.clock) }

    @Test func aNameTakenAgainHereGivesWayToTheEarlierRecordWaitingHere() throws {
        let a = try SyncDevice("2026-03-18T12:43:00Z")
        let b = try SyncDevice("2026-03-19T16:02:00Z")
        let first = try timer(a).createAccount(NewAccount(username: "Cleo", identity: nil, visibility: .private))
        let earlier = try timer(b).createAccount(NewAccount(username: "cleo", identity: nil, visibility: .private))
        // B's cleo waits on A behind A's Cleo, made first.
        let held = try a.at("2026-03-19T17:00:00Z").apply(try b.bundle())
        #expect(held.heldBack.count == 1)
        // A deletes its Cleo and makes a new cleo: the name is free here,
        // though B's, made before this one, waits for it.
        try timer(try a.at("2026-03-20T09:02:00Z")).deleteAccount(first)
        let later = try timer(try a.at("2026-03-20T10:13:00Z")).createAccount(
            NewAccount(username: "cleo", identity: nil, visibility: .public))
        // B's next bundle applies (it used to be refused by the unique index,
        // for ever), and both devices show B's cleo and keep A's new one out.
        try a.at("2026-03-20T11:00:00Z").apply(try b.at("2026-03-20T11:00:00Z").bundle())
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            let shown = try device.queue.fetchAll("SELECT id FROM lifetimer_accounts").map {
                try $0.get(String.self, at: 0)
            }
            #expect(shown == [earlier.id.uuidString.lowercased()], "\(shown)")
        }
        #expect(later.id != earlier.id)
        #expect(try a.exportForSync() == b.exportForSync())
    }
}
