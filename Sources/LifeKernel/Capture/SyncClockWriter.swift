import Foundation
import LifeCore
import LifeDB

/// A `DatabaseWriter` that gives the sync triggers its clock (docs/sync.md,
/// section 2): inside each write transaction it stamps `sync_site` with the
/// clock's milliseconds (mode 1), so the changes of the transaction share
/// one tick of the hybrid logical clock taken from `clock`, and it puts the
/// stamp back before the transaction commits, so that a later program that
/// sets no clock (the `sqlite3` shell) is read from SQLite's clock again.
///
/// Every store of an app or of lifectl writes through one, so that
/// `LIFECTL_NOW` (a pinned `Clock`) drives the clock the changes are stamped
/// with and tests are reproducible. Reads and `inDatabase` pass through.
///
/// `LifeKit.open` and `LifeKit.openPool` hand one back, so an app never has
/// to wrap its queue or pool itself; `base` is the queue or pool under it.
public struct SyncClockWriter<Base: DatabaseWriter>: DatabaseWriter {
    public let base: Base
    public let clock: Clock

    public init(_ base: Base, clock: Clock) {
        self.base = base
        self.clock = clock
    }

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try base.read(body)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await base.read(body)
    }

    @discardableResult
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        let now = clock.now()
        return try base.write { db in try SyncCapture.stamped(db, now: now) { try body($0) } }
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let now = clock.now()
        return try await base.write { db in try SyncCapture.stamped(db, now: now) { try body($0) } }
    }

    @discardableResult
    public func inDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try base.inDatabase(body)
    }
}

/// The writing transaction's side of the capture: its clock and mode in
/// `sync_site` (docs/sync.md, section 3).
package enum SyncCapture {
    /// Runs `body` inside the caller's write transaction with the clock
    /// stamped at `now`, and takes the stamp off before returning (when
    /// `body` throws the transaction rolls back, stamp and all).
    package static func stamped<T>(_ db: Database, now: Date, _ body: (Database) throws -> T) throws -> T {
        try db.execute(
            "UPDATE sync_site SET mode = ?, clock_ms = ? WHERE mode = ?",
            [SyncMode.stamped, HybridClock.milliseconds(now), SyncMode.unstamped])
        let result = try body(db)
        try db.execute(
            "UPDATE sync_site SET mode = ?, clock_ms = NULL WHERE mode IN (?, ?)",
            [SyncMode.unstamped, SyncMode.stamped, SyncMode.ticked])
        return result
    }
}
