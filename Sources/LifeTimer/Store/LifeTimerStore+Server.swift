import Foundation
import LifeCore
import LifeDB

/// What a device keeps of the server's social graph (SPEC SYNC-2: follows
/// and blocks are the server's; SRV-6: no drift between the device and the
/// server). The CLI brings an account's edges from the server after each
/// social command it runs there and after each publish, so that the
/// device's `following`, `followers` and feed show what was made on the
/// server, between the accounts this device holds that are on the server.
extension LifeTimerStore {
    /// The ids of every account this device holds.
    public func accountIDs() throws -> [UUID] {
        try read { session in
            var ids: [UUID] = []
            try session.db.forEachRow(table: "lifetimer_accounts", "SELECT id FROM lifetimer_accounts ORDER BY id") {
                ids.append(try $0["id"])
            }
            return ids
        }
    }

    /// The follows `account` made and the blocks it made on this device
    /// (ids of the accounts at the other end): what `publish` offers the
    /// server, whose rules decide.
    public func edgesMade(by account: LifeTimerAccount) throws -> (follows: [UUID], blocked: [UUID]) {
        try read { session in
            var follows: [UUID] = []
            var blocked: [UUID] = []
            try session.db.forEachRow(
                table: "lifetimer_follows",
                "SELECT follower_id, followee_id FROM lifetimer_follows WHERE follower_id = ? ORDER BY followee_id",
                [account.id]
            ) { follows.append(try $0["followee_id"]) }
            try session.db.forEachRow(
                table: "lifetimer_blocks",
                "SELECT blocker_id, blocked_id FROM lifetimer_blocks WHERE blocker_id = ? ORDER BY blocked_id",
                [account.id]
            ) { blocked.append(try $0["blocked_id"]) }
            return (follows, blocked)
        }
    }

    /// Makes `account`'s follows (both ways) and the blocks it made, with the
    /// accounts of `onServer` that this device holds, equal to the server's
    /// `follows` (`[follower, followee]` pairs) and `blocked`. Edges with
    /// accounts that are not on the server stay as they are (the server
    /// knows nothing of them). A follow the device's own rules refuse (its
    /// copy of the other account differs: private here, say) stays as the
    /// device has it until the copies agree. Answers the edges changed.
    @discardableResult
    public func adoptServerEdges(
        of account: LifeTimerAccount, follows: [[UUID]], blocked: [UUID], onServer: Set<UUID>
    ) throws -> Int {
        try write(as: account) { session, account in
            try session.adoptServerEdges(of: account.id, follows: follows, blocked: blocked, onServer: onServer)
        }
    }
}

extension LifeTimerSession {
    func adoptServerEdges(of me: UUID, follows: [[UUID]], blocked: [UUID], onServer: Set<UUID>) throws -> Int {
        var local: Set<UUID> = []
        try db.forEachRow(table: "lifetimer_accounts", "SELECT id FROM lifetimer_accounts") {
            local.insert(try $0["id"])
        }
        let managed = onServer.intersection(local).subtracting([me])
        func other(_ pair: [UUID]) -> UUID? { pair.count == 2 ? (pair[0] == me ? pair[1] : pair[0]) : nil }
        let wanted = Set(
            follows.filter { ($0.first == me || $0.last == me) && other($0).map(managed.contains) == true })
        var present: Set<[UUID]> = []
        try db.forEachRow(
            table: "lifetimer_follows",
            "SELECT follower_id, followee_id FROM lifetimer_follows WHERE follower_id = ? OR followee_id = ?", [me, me]
        ) { row in
            let pair: [UUID] = [try row["follower_id"], try row["followee_id"]]
            if other(pair).map(managed.contains) == true { present.insert(pair) }
        }
        var changed = 0
        let now = clock.now()
        // Blocks first: a block the server holds ends the follows it stands between.
        let wantedBlocks = Set(blocked).intersection(managed)
        var presentBlocks: Set<UUID> = []
        try db.forEachRow(
            table: "lifetimer_blocks", "SELECT blocker_id, blocked_id FROM lifetimer_blocks WHERE blocker_id = ?", [me]
        ) { row in
            let target: UUID = try row["blocked_id"]
            if managed.contains(target) { presentBlocks.insert(target) }
        }
        for target in presentBlocks.subtracting(wantedBlocks) {
            try db.execute("DELETE FROM lifetimer_blocks WHERE blocker_id = ? AND blocked_id = ?", [me, target])
            changed += db.changes
        }
        for target in wantedBlocks.subtracting(presentBlocks) {
            try db.execute(
                "INSERT OR IGNORE INTO lifetimer_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
                [me, target, now])
            changed += db.changes
        }
        for pair in present.subtracting(wanted) {
            try db.execute(
                "DELETE FROM lifetimer_follows WHERE follower_id = ? AND followee_id = ?", [pair[0], pair[1]])
            changed += db.changes
        }
        for pair in wanted.subtracting(present) {
            // The device's triggers refuse a follow its own copies forbid; that one statement is undone, the rest stands.
            do {
                try db.execute(
                    "INSERT OR IGNORE INTO lifetimer_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
                    [pair[0], pair[1], now])
                changed += db.changes
            } catch let error as DatabaseError where error.isConstraintViolation {
                continue
            }
        }
        return changed
    }
}
