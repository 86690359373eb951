import Foundation
import LifeCore
import LifeDB

/// The one lifectl database file: `DatabaseFile` given the migrations this
/// build embeds (`Schema/`) and the Swift steps the products declare, so
/// that every way in (the CLI's queue, an app's pool, a test's in-memory
/// database) migrates the same way (SPEC CORE-1, CORE-3, CORE-12).
public enum LifeDatabase {
    /// The latest schema version this build knows.
    public static var latestVersion: Int { LifeSchema.migrations.last?.version ?? 0 }

    /// What `openReporting` did besides opening.
    public typealias Opened = DatabaseFile.Opened

    /// Opens (creating when `create` and missing) and migrates the database
    /// at `path`; `":memory:"` is a private in-memory database. The answer is
    /// the queue every store of a command shares.
    public static func open(path: String, now: Date, create: Bool = true, registry: ProductRegistry) throws
        -> DatabaseQueue
    {
        try openReporting(path: path, now: now, create: create, registry: registry).queue
    }

    /// `open`, reporting whether the file was created and which migrations ran.
    public static func openReporting(path: String, now: Date, create: Bool = true, registry: ProductRegistry)
        throws -> Opened
    {
        try DatabaseFile.open(path: path, migrator: registry.migrator, now: now, create: create)
    }

    /// A new private in-memory database with every migration applied.
    public static func openInMemory(now: Date, registry: ProductRegistry) throws -> DatabaseQueue {
        try open(path: ":memory:", now: now, registry: registry)
    }

    /// An app's way in: the file validated, created and migrated (with the
    /// products' Swift steps) on a connection of its own, then shared by a
    /// pool of one writer and up to `maximumReaderCount` readers
    /// (docs/lifedb.md).
    public static func openPool(
        path: String, now: Date, registry: ProductRegistry, maximumReaderCount: Int = 4
    ) throws -> DatabasePool {
        try DatabaseFile.openConnection(path: path, migrator: registry.migrator, now: now).db.close()
        return try DatabasePool(
            path: path, options: Database.OpenOptions(create: false), maximumReaderCount: maximumReaderCount)
    }

    /// Opens an existing database only to read it (`db status|check|schema|backup`):
    /// never creates, migrates or switches the journal (`DatabaseFile.openReadOnly`).
    public static func openReadOnly(path: String, registry: ProductRegistry, validating: Bool = true) throws
        -> DatabaseFile.ReadOnly
    {
        try DatabaseFile.openReadOnly(path: path, migrator: registry.migrator, validating: validating)
    }
}
