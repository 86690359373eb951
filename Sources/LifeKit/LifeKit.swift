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
/// front end: the one list of products (SPEC CORE-12). Everything that spans
/// the products takes this registry.
public enum LifeKit {
    public static let registry = ProductRegistry([
        FiniteProduct(), WalksProduct(), HereafterProduct(), LifeTimerProduct(), DailyMenuProduct(),
    ])

    /// Opens (creating when `create`) and migrates the database at `path`:
    /// the queue every store of a command shares.
    public static func open(path: String, now: Date = Date(), create: Bool = true) throws -> DatabaseQueue {
        try LifeDatabase.open(path: path, now: now, create: create, registry: registry)
    }

    /// An app's way in: one writer and up to `maximumReaderCount` readers
    /// (docs/lifedb.md).
    public static func openPool(path: String, now: Date = Date(), maximumReaderCount: Int = 4) throws -> DatabasePool {
        try LifeDatabase.openPool(path: path, now: now, registry: registry, maximumReaderCount: maximumReaderCount)
    }
}
