import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// SPEC CORE-2: two connections writing one WAL file at once both succeed;
/// the second waits on the busy timeout instead of failing with "database is
/// locked". Each Database is created on the thread that uses it.
@Suite struct ConcurrencyTests {
    /// How B opens its write: `writeTransaction`, or a `savepoint` with no
    /// transaction around it (which must be a write transaction too).
    enum Kind: String, CaseIterable, Sendable {
        case writeTransaction, savepoint
    }

    @Test(arguments: Kind.allCases)
    func aSecondWriterWaitsForTheFirstAndSucceeds(kind: Kind) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/shared.db"
            do {
                let setup = try openWAL(path)
                try setup.execute("CREATE TABLE writes (who TEXT PRIMARY KEY, saw INTEGER NOT NULL)")
            }

            let failure = Locked<String?>(nil)
            let aHoldsTheLock = DispatchSemaphore(value: 0)
            let aCommitted = Locked(false)
            let aFinished = startThread(failure: failure) {
                let a = try openWAL(path)
                try a.execute("BEGIN IMMEDIATE")
                do {
                    try a.execute("INSERT INTO writes (who, saw) VALUES ('A', 0)")
                    aHoldsTheLock.signal()
                    // Hold the write lock for about a second: far longer than
                    // B needs to reach its BEGIN, far shorter than the timeout.
                    Thread.sleep(forTimeInterval: 1.0)
                    aCommitted.set(true)
                    try a.execute("COMMIT")
                } catch {
                    aHoldsTheLock.signal()
                    throw error
                }
            }

            #expect(aHoldsTheLock.wait(timeout: .now() + 30) == .success)
            // B: created here, on the test's own thread, after A took the lock.
            let b = try openWAL(path)  // busy timeout 10 s
            let write: ((Database) throws -> Int) throws -> Int =
                kind == .writeTransaction ? b.writeTransaction : b.savepoint
            let seenByB = try write { db -> Int in
                // Reached only once A has committed: B's BEGIN IMMEDIATE waited.
                #expect(aCommitted.get(), "B's write transaction began while A held the lock")
                let rowsBefore = try count(db, "writes")
                try db.execute("INSERT INTO writes (who, saw) VALUES ('B', ?)", [rowsBefore])
                return rowsBefore
            }
            #expect(aFinished.wait(timeout: .now() + 30) == .success)
            #expect(failure.get() == nil)
            #expect(seenByB == 1, "B's snapshot includes A's committed row")

            let rows = try rawRows(path: path, "SELECT who, saw FROM writes ORDER BY who")
            #expect(rows == [[.text("A"), .integer(0)], [.text("B"), .integer(1)]])
        }
    }

    @Test func aWriterWithoutPatienceFailsWithBusy() throws {
        // The contrast that shows the timeout is what makes the difference.
        try withTemporaryDirectory { directory in
            let path = directory + "/busy.db"
            let a = try openWAL(path)
            try a.execute("CREATE TABLE t (x)")
            let b = try openWAL(path, busyTimeoutMilliseconds: 0)
            try a.execute("BEGIN IMMEDIATE")
            let error = databaseError { try b.writeTransaction { db in try db.execute("INSERT INTO t VALUES (1)") } }
            #expect(error?.extendedCode == 5)  // SQLITE_BUSY
            #expect(!b.isInsideTransaction)
            try a.execute("COMMIT")
            try b.writeTransaction { db in try db.execute("INSERT INTO t VALUES (1)") }
            #expect(try count(a, "t") == 1)
        }
    }
}
