import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import LifeKernel
import LifeKitTestSupport
import Testing

/// Opening an up-to-date database only reads: a reader's start-up never waits
/// for, or fails behind, another connection's write transaction (CORE-2).
@Suite struct OpenWhileLockedTests {
    @Test func openingAnUpToDateDatabaseTakesNoWriteLock() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/life.db"
            let now = Date(timeIntervalSince1970: 1_795_000_000)
            _ = try TestDatabase.connection(path: path, now: now)
            let writer = try openWAL(path)
            try writer.execute("BEGIN IMMEDIATE")
            defer { try? writer.execute("ROLLBACK") }
            // With a short busy timeout, any attempt to take the write lock fails at once.
            let reader = try Database(path: path, options: .init(busyTimeoutMilliseconds: 50))
            try reader.configureJournal()
            #expect(try TestDatabase.migrator.migrate(reader, now: now).isEmpty)
            let opened = try TestDatabase.connection(path: path, now: now)
            #expect(try opened.userVersion() == LifeDatabase.latestVersion)
        }
    }
}
