import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension SyncEngine {
    /// A clock that ran ahead never blocks its device once it is fixed
    /// (SPEC SYNC-7; docs/sync.md, section 2, "A clock that ran ahead").
    ///
    /// When this device writes a bundle while its hybrid clock is more than
    /// a day ahead of its wall clock and of the clock accepted ahead (here,
    /// or by a device whose bundle it applied), and no version received from
    /// another device (nor the clock of a bundle applied here, which bounds
    /// even versions this device superseded since) is that far ahead (then
    /// the person accepted that clock, and it stands), the changes it made with the wrong time are dated again:
    /// it takes a new id (the old one becomes a peer, marked as this
    /// device's former id), and every version of its own later than T —
    /// the later of now and the latest version or bundle clock received — becomes, in
    /// order, T + 1, T + 2, … with the new id. Its clock becomes the last of
    /// them. The other devices never applied those versions (a bundle that
    /// far ahead is set aside), and a new id leaves no hole in what they
    /// know of the old one. Answers whether it did.
    @discardableResult
    func restampIfAhead(_ db: Database) throws -> Bool {
        guard let site = try db.fetchOne("SELECT hlc, accepted_clock FROM sync_site") else { return false }
        let hlc: Int64 = try site.get(at: 0)
        let accepted: Int64 = try site.get(at: 1)
        let now = HybridClock.milliseconds(clock.now())
        // A clock accepted ahead (here, or by a device whose bundle said so)
        // stands: within a day of it, nothing is dated again.
        let standing = max(now, HybridClock.wallMilliseconds(accepted))
        guard HybridClock.wallMilliseconds(hlc) - standing > HybridClock.skewLimitMilliseconds else { return false }
        let others =
            try db.fetchOne(
                Int64.self,
                """
                SELECT max(x) FROM (
                    SELECT max(v) AS x FROM sync_row WHERE s <> 0
                    UNION ALL SELECT max(d) FROM sync_row WHERE ds <> 0
                    UNION ALL SELECT max(w) FROM sync_row WHERE ws IS NOT NULL AND ws <> 0
                    UNION ALL SELECT max(h) FROM sync_cell WHERE s <> 0
                    UNION ALL SELECT max(last_clock) FROM sync_peer)
                """) ?? 0
        guard HybridClock.wallMilliseconds(others) - now <= HybridClock.skewLimitMilliseconds else { return false }
        let floor = max(now * HybridClock.scale, others)
        // The new id; the old one keeps every version not re-stamped.
        let former = try takeNewIdentity(role: nil, db: db, former: true)
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS sync_restamp (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)")
        try db.execute("DELETE FROM temp.sync_restamp")
        try db.execute(
            """
            INSERT INTO temp.sync_restamp (old, new)
            SELECT x, ?1 + row_number() OVER (ORDER BY x) FROM (
                SELECT v AS x FROM sync_row WHERE s = ?2 AND v > ?1
                UNION SELECT d FROM sync_row WHERE ds = ?2 AND d > ?1
                UNION SELECT w FROM sync_row WHERE ws = ?2 AND w > ?1
                UNION SELECT h FROM sync_cell WHERE s = ?2 AND h > ?1)
            """, [floor, former])
        try db.execute(
            "UPDATE sync_row SET v = (SELECT new FROM temp.sync_restamp WHERE old = v), s = 0 WHERE s = ? AND v > ?",
            [former, floor])
        try db.execute(
            "UPDATE sync_row SET d = (SELECT new FROM temp.sync_restamp WHERE old = d), ds = 0 WHERE ds = ? AND d > ?",
            [former, floor])
        try db.execute(
            "UPDATE sync_row SET w = (SELECT new FROM temp.sync_restamp WHERE old = w), ws = 0 WHERE ws = ? AND w > ?",
            [former, floor])
        try db.execute(
            "UPDATE sync_row SET b = (SELECT new FROM temp.sync_restamp WHERE old = b) WHERE b IN (SELECT old FROM temp.sync_restamp)"
        )
        try db.execute(
            "UPDATE sync_cell SET h = (SELECT new FROM temp.sync_restamp WHERE old = h), s = 0 WHERE s = ? AND h > ?",
            [former, floor])
        try db.execute(
            """
            UPDATE sync_withholding SET resumed_hlc = coalesce((SELECT new FROM temp.sync_restamp WHERE old = resumed_hlc), ?)
            WHERE resumed_hlc > ?
            """, [floor, floor])
        let last = try db.fetchOne(Int64.self, "SELECT max(new) FROM temp.sync_restamp") ?? floor
        try db.execute("DELETE FROM temp.sync_restamp")
        try db.execute("UPDATE sync_site SET hlc = ?", [max(last, floor)])
        // The former id has what remains of it: its versions up to T.
        try db.execute("UPDATE sync_peer SET has = min(has, ?) WHERE ordinal = ?", [floor, former])
        return true
    }
}
