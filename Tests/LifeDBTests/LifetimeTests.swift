import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// After `close()` every call throws a clear error, and no freed handle is
/// ever used; closing finalizes the statements still alive.
@Suite struct LifetimeTests {
    @Test func everyCallAfterCloseThrowsClosed() throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/closed.db")
            try db.execute("CREATE TABLE t (x INTEGER)")
            db.close()
            #expect(db.isClosed)
            let calls: [(String, () throws -> Void)] = [
                ("execute", { try db.execute("INSERT INTO t VALUES (1)") }),
                ("executeScript", { try db.executeScript("INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)") }),
                ("fetchAll", { _ = try db.fetchAll("SELECT x FROM t") }),
                ("fetchOne", { _ = try db.fetchOne(Int.self, "SELECT count(*) FROM t") }),
                ("forEachRow", { try db.forEachRow("SELECT x FROM t") { _ in } }),
                ("cachedStatement", { _ = try db.cachedStatement("SELECT x FROM t") }),
                ("makeStatement", { _ = try db.makeStatement("SELECT x FROM t") }),
                ("writeTransaction", { try db.writeTransaction { _ in } }),
                ("readTransaction", { try db.readTransaction { _ in } }),
                ("savepoint", { try db.savepoint { _ in } }),
            ]
            for (name, call) in calls {
                let error = databaseError(call)
                #expect(error?.isClosed == true, "\(name): \(String(describing: error))")
                #expect(error?.message.hasPrefix("the database connection is closed") == true, "\(name)")
            }
            #expect(!db.isInsideTransaction)
            db.close()  // a second close does nothing
        }
    }

    /// A statement kept by its caller, stopped in the middle of its rows,
    /// is finalized by close: the connection really closes (the last
    /// connection to a WAL file removes `-wal` and `-shm`; a connection kept
    /// alive by an unfinalized statement would not), and the statement then
    /// throws instead of touching the freed handle.
    @Test func closeFinalizesLiveStatements() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/live.db"
            let db = try openWAL(path)
            try db.executeScript("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
            let owned = try db.makeStatement("SELECT x FROM t ORDER BY x")
            #expect(try owned.step())
            #expect(try owned.column(Int.self, at: 0) == 1)
            let cached = try db.cachedStatement("SELECT x FROM t WHERE x > ?")
            try cached.bind(1, at: 1)
            #expect(try cached.step())
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))

            db.close()
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the connection closed for good")
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
            for statement in [owned, cached] {
                #expect(databaseError { _ = try statement.step() }?.isClosed == true)
                #expect(databaseError { _ = try statement.column(Int.self, at: 0) }?.isClosed == true)
                #expect(databaseError { try statement.bind(2, at: 1) }?.isClosed == true)
                #expect(databaseError { try statement.execute() }?.isClosed == true)
                statement.reset()  // harmless
            }
            // The file is whole: another connection reads every row.
            #expect(
                try rawRows(path: path, "SELECT x FROM t ORDER BY x") == [[.integer(1)], [.integer(2)], [.integer(3)]])
        }
    }

    /// A statement that outlives its Database object (released without
    /// close) is finalized by the Database's deinit, and throws afterwards.
    @Test func aStatementOutlivingItsDatabaseThrows() throws {
        try withTemporaryDirectory { directory in
            var db: Database? = try openWAL(directory + "/gone.db")
            let statement = try #require(try db?.makeStatement("SELECT 1"))
            db = nil
            #expect(databaseError { _ = try statement.step() }?.isClosed == true)
        }
    }

    @Test func aQueueAndAPoolThrowClosedAfterClose() async throws {
        try await withTemporaryDirectoryAsync { directory in
            let queue = try DatabaseQueue(path: directory + "/q.db")
            try queue.close()
            #expect(
                databaseError { _ = try queue.read { db in try db.fetchOne(Int.self, "SELECT 1") } }?.isClosed == true)
            let pool = try DatabasePool(path: directory + "/p.db")
            #expect(try await pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } == 1)
            try pool.close()
            #expect(
                databaseError { _ = try pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } }?.isClosed == true)
            #expect(databaseError { try pool.write { db in try db.execute("SELECT 1") } }?.isClosed == true)
            do {
                _ = try await queue.write { db in try db.execute("SELECT 1") }
                Issue.record("a write on a closed queue succeeded")
            } catch let error as DatabaseError {
                #expect(error.isClosed)
            }
        }
    }
}
