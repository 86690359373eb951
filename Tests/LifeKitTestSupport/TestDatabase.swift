import Foundation
import LifeCore
import LifeDB
import LifeKit
@_exported import LifeDBTestSupport

/// Fresh databases for tests, each migrated with every product's migrations
/// and Swift steps (`LifeKit.registry`), each in a temporary folder of its
/// own (or in memory), so that no test depends on another's rows.
public enum TestDatabase {
    /// The migrations and steps of every product.
    public static var migrator: Migrator { LifeKit.registry.migrator }

    /// A new temporary folder's path to a database file not created yet.
    public static func temporaryPath(_ prefix: String = "life") -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
            .appendingPathComponent("life.db").path
    }

    /// A migrated connection at `path` (`":memory:"` for one in memory), for
    /// a test that works on the connection itself.
    public static func connection(path: String, now: Date, create: Bool = true) throws -> Database {
        try DatabaseFile.openConnection(path: path, migrator: migrator, now: now, create: create).db
    }

    /// A migrated queue at `path` (default: a new temporary file), as a
    /// command or an app opens it.
    public static func queue(path: String = temporaryPath(), now: Date) throws -> DatabaseQueue {
        try LifeDatabase.open(path: path, now: now, registry: LifeKit.registry)
    }

    /// `LifeDatabase.openReadOnly` with every product's migrations.
    public static func openReadOnly(path: String, validating: Bool = true) throws -> DatabaseFile.ReadOnly {
        try LifeDatabase.openReadOnly(path: path, registry: LifeKit.registry, validating: validating)
    }

    /// Sets the owner's zone on a connection, in a transaction of its own.
    public static func setTimeZone(_ zone: String?, in db: Database, now: Date = Date(timeIntervalSince1970: 0))
        throws
    {
        try db.writeTransaction { try Owner($0).setTimeZone(zone, now: now) }
    }

    /// Sets the owner's zone through a queue.
    public static func setTimeZone(_ zone: String?, in writer: any DatabaseWriter) throws {
        try writer.write { try Owner($0).setTimeZone(zone, now: Date(timeIntervalSince1970: 0)) }
    }
}
