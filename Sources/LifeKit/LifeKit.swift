import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
@_exported import LifeKernel
import LifeTimer
import Walks

/// The five products sharing one database, and the way in for an app or a
/// front end: the one list of products (SPEC CORE-12), and the file opened
/// with it. Everything that spans the products takes this registry.
///
/// ```swift
/// let writer = try LifeKit.openPool(path: path)   // created, migrated, captured
/// let finite = FiniteStore(writer, clock: .system)
/// ```
public enum LifeKit {
    /// Every product, in the order an import writes them.
    public static let registry = ProductRegistry([
        FiniteProduct(), WalksProduct(), HereafterProduct(), LifeTimerProduct(), DailyMenuProduct(),
    ])

    /// The writer `open` hands back: one connection, writes captured.
    public typealias Writer = SyncClockWriter<DatabaseQueue>

    /// The writer `openPool` hands back: a pool, writes captured.
    public typealias PoolWriter = SyncClockWriter<DatabasePool>

    /// Opens (creating when `create`) and migrates the database at `path`
    /// (`":memory:"` for a private one in memory), on one connection: the
    /// writer every store of a command shares. Its write transactions are
    /// stamped with `clock` for sync's capture (docs/sync.md, section 2), so
    /// a pinned clock gives reproducible changes.
    public static func open(path: String, clock: Clock = .system, create: Bool = true) throws -> Writer {
        let queue = try LifeDatabase.open(path: path, now: clock.now(), create: create, registry: registry)
        return SyncClockWriter(queue, clock: clock)
    }

    /// An app's way in: the file created when missing and migrated, then one
    /// writer and up to `maximumReaderCount` concurrent readers
    /// (docs/lifedb.md); writes stamped with `clock` as `open` does.
    public static func openPool(path: String, clock: Clock = .system, maximumReaderCount: Int = 4) throws
        -> PoolWriter
    {
        let pool = try LifeDatabase.openPool(
            path: path, now: clock.now(), registry: registry, maximumReaderCount: maximumReaderCount)
        return SyncClockWriter(pool, clock: clock)
    }
}
