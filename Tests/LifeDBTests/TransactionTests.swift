import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// Write transactions begin IMMEDIATE, commit when the body returns, roll
/// back when it throws; savepoints nest and undo only their own changes
/// (SPEC CORE-2, CORE-7: a failed command changes nothing).
@Suite struct TransactionTests {
    struct Planned: Error, Equatable {
        let step: String
    }

    func withLog(_ body: (Database, String) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/tx.db"
            let db = try openWAL(path)
            try db.execute("CREATE TABLE log (n INTEGER PRIMARY KEY)")
            try body(db, path)
        }
    }

    func insert(_ db: Database, _ n: Int) throws {
        try db.execute("INSERT INTO log (n) VALUES (?)", [n])
    }

    /// The rows as another connection sees them: committed data only.
    func committed(_ path: String) throws -> [Int] {
        try rawRows(path: path, "SELECT n FROM log ORDER BY n").map { row in
            guard case .integer(let n) = row[0] else { throw TestFailure("n is \(row[0])") }
            return Int(n)
        }
    }

    @Test func commitsWhenTheBodyReturns() throws {
        try withLog { db, path in
            let answer = try db.writeTransaction { db -> String in
                try insert(db, 1)
                try insert(db, 2)
                #expect(db.isInsideTransaction)
                #expect(try committed(path) == [], "not visible to others before COMMIT")
                return "done"
            }
            #expect(answer == "done")
            #expect(!db.isInsideTransaction)
            #expect(try committed(path) == [1, 2])
        }
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        try withLog { db, path in
            try insert(db, 1)
            #expect(throws: Planned(step: "after two inserts")) {
                try db.writeTransaction { db in
                    try insert(db, 2)
                    try insert(db, 3)
                    throw Planned(step: "after two inserts")
                }
            }
            #expect(!db.isInsideTransaction)
            #expect(try committed(path) == [1])
            #expect(try count(db, "log") == 1)
        }
    }

    @Test func rollsBackWhenAStatementFails() throws {
        try withLog { db, path in
            try insert(db, 1)
            let error = databaseError {
                try db.writeTransaction { db in
                    try insert(db, 2)
                    try insert(db, 1)  // primary key conflict
                }
            }
            #expect(error?.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
            #expect(!db.isInsideTransaction)
            #expect(try committed(path) == [1])
        }
    }

    @Test func savepointRollbackKeepsTheOuterTransactionsWrites() throws {
        try withLog { db, path in
            try db.writeTransaction { db in
                try insert(db, 1)
                #expect(throws: Planned(step: "inner")) {
                    try db.savepoint { db in
                        try insert(db, 2)
                        throw Planned(step: "inner")
                    }
                }
                #expect(db.isInsideTransaction, "the outer transaction goes on")
                try insert(db, 3)
            }
            #expect(try committed(path) == [1, 3])
        }
    }

    @Test func nestedWriteTransactionIsASavepoint() throws {
        try withLog { db, path in
            try db.writeTransaction { db in
                try insert(db, 1)
                try? db.writeTransaction { db in
                    try insert(db, 2)
                    throw Planned(step: "nested")
                }
                try db.writeTransaction { db in try insert(db, 3) }
            }
            #expect(try committed(path) == [1, 3])
        }
    }

    @Test func nestedSavepoints() throws {
        try withLog { db, path in
            try db.writeTransaction { db in
                try insert(db, 1)
                try db.savepoint { db in
                    try insert(db, 2)
                    try? db.savepoint { db in
                        try insert(db, 3)
                        try db.savepoint { db in try insert(db, 4) }  // released into level 2 ...
                        throw Planned(step: "level 2")  // ... and undone with it
                    }
                    try db.savepoint { db in
                        try insert(db, 5)
                        try? db.savepoint { db in
                            try insert(db, 6)
                            throw Planned(step: "level 3")
                        }
                        try insert(db, 7)
                    }
                }
                try insert(db, 8)
            }
            #expect(try committed(path) == [1, 2, 5, 7, 8])
        }
    }

    @Test func aSavepointOutsideATransactionIsItsOwnTransaction() throws {
        try withLog { db, path in
            try? db.savepoint { db in
                try insert(db, 1)
                throw Planned(step: "alone")
            }
            #expect(!db.isInsideTransaction)
            try db.savepoint { db in try insert(db, 2) }
            #expect(!db.isInsideTransaction)
            #expect(try committed(path) == [2])
        }
    }

    @Test func anOuterRollbackUndoesReleasedSavepoints() throws {
        try withLog { db, path in
            try? db.writeTransaction { db in
                try db.savepoint { db in try insert(db, 1) }
                try db.savepoint { db in try db.savepoint { db in try insert(db, 2) } }
                throw Planned(step: "outer")
            }
            #expect(try committed(path) == [])
            // And the connection is usable afterwards.
            try db.writeTransaction { db in try insert(db, 3) }
            #expect(try committed(path) == [3])
        }
    }

    /// SPEC CORE-2: the write lock is taken at BEGIN, before the first write,
    /// so a second writer can never slip in between a read and a write.
    @Test func writeTransactionTakesTheWriteLockUpFront() throws {
        try withLog { db, path in
            let impatient = try Database(path: path, options: .init(busyTimeoutMilliseconds: 0))
            try db.writeTransaction { _ in
                // No statement has run in the body yet.
                let error = databaseError { try impatient.execute("BEGIN IMMEDIATE") }
                #expect(error?.primaryCode == 5)  // SQLITE_BUSY
                #expect(error?.isBusy == true)
            }
            try impatient.execute("BEGIN IMMEDIATE")
            try impatient.execute("ROLLBACK")
        }
    }

    /// A savepoint with no transaction around it is a write transaction of
    /// its own, so it must begin IMMEDIATE as well (SQLite's bare SAVEPOINT
    /// would begin DEFERRED).
    @Test func aSavepointOutsideATransactionTakesTheWriteLockUpFront() throws {
        try withLog { db, path in
            let impatient = try Database(path: path, options: .init(busyTimeoutMilliseconds: 0))
            try db.savepoint { _ in
                let error = databaseError { try impatient.execute("BEGIN IMMEDIATE") }
                #expect(error?.primaryCode == 5)  // SQLITE_BUSY
            }
            #expect(!db.isInsideTransaction)
        }
    }

    @Test func readTransactionSeesOneSnapshot() throws {
        try withLog { db, path in
            try insert(db, 1)
            let writer = try openWAL(path)
            try db.readTransaction { db in
                #expect(try count(db, "log") == 1)
                try writer.execute("INSERT INTO log (n) VALUES (2)")
                #expect(try count(db, "log") == 1, "a read transaction keeps its snapshot")
            }
            #expect(try count(db, "log") == 2)
        }
    }

    // MARK: Read-only reads, aborted transactions

    @Test func aReadTransactionRefusesWritesAndNeverCommits() throws {
        try withLog { db, path in
            try insert(db, 1)
            let error = databaseError {
                try db.readTransaction { db in
                    try insert(db, 2)
                }
            }
            #expect(error?.resultCode == .readOnly)
            #expect(!db.isInsideTransaction)
            #expect(try committed(path) == [1])
            // query_only is back off: the connection writes again.
            try insert(db, 3)
            #expect(try committed(path) == [1, 3])
        }
    }

    @Test func aReadTransactionInsideAWriteOneStillRefusesWrites() throws {
        try withLog { db, path in
            try db.writeTransaction { db in
                try insert(db, 1)
                let error = databaseError { try db.readTransaction { db in try insert(db, 2) } }
                #expect(error?.resultCode == .readOnly)
                try insert(db, 3)  // the write transaction writes again afterwards
            }
            #expect(try committed(path) == [1, 3])
        }
    }

    @Test func aReadTransactionWhoseBodyThrowsEndsItsTransaction() throws {
        try withLog { db, _ in
            #expect(throws: Planned(step: "read")) {
                try db.readTransaction { db in
                    _ = try count(db, "log")
                    throw Planned(step: "read")
                }
            }
            #expect(!db.isInsideTransaction)
        }
    }

    /// A `ROLLBACK` inside the body ends SQLite's transaction; the writes
    /// after it must not run in autocommit mode and be saved one by one, and
    /// the write transaction must not report success.
    @Test func aRollbackInsideTheBodyAbortsTheTransaction() throws {
        try withLog { db, path in
            let reachedAfterRollback = Locked(false)
            let error = databaseError {
                try db.writeTransaction { db in
                    try insert(db, 1)
                    try db.execute("ROLLBACK")
                    reachedAfterRollback.set(true)
                    try insert(db, 2)
                }
            }
            #expect(error?.resultCode == .abort)
            #expect(
                error?.message
                    == "the transaction was rolled back by SQLite before it could commit; none of its changes were saved"
            )
            #expect(reachedAfterRollback.get())
            #expect(try committed(path) == [], "neither the row before nor the row after the ROLLBACK was saved")
            #expect(!db.isInsideTransaction)
            try insert(db, 4)  // the connection is usable afterwards
            #expect(try committed(path) == [4])
        }
    }

    /// A statement the body prepared before the ROLLBACK and steps again
    /// afterwards is refused too: its row would otherwise be saved on its own.
    @Test func aHeldStatementCannotRunAfterTheTransactionWasRolledBack() throws {
        try withLog { db, path in
            let error = databaseError {
                try db.writeTransaction { db in
                    let insert = try db.makeStatement("INSERT INTO log (n) VALUES (?)")
                    try insert.execute([1])
                    try db.execute("ROLLBACK")
                    let refused = databaseError { try insert.execute([2]) }
                    #expect(refused?.resultCode == .abort)
                    #expect(refused?.sql == "INSERT INTO log (n) VALUES (?)")
                }
            }
            #expect(error?.resultCode == .abort)
            let rows = try committed(path)
            #expect(rows == [])
        }
    }

    /// The body catches the failure of an interrupted statement (SQLite then
    /// rolls the whole transaction back) and returns normally: the commit is
    /// refused rather than reported as a success.
    @Test func anInterruptedTransactionIsReportedEvenWhenTheBodySwallowsTheError() throws {
        try withLog { _, path in
            let queue = try DatabaseQueue(path: path)
            let stop = Locked(false)
            let interrupter = Thread {
                while !stop.get() {
                    queue.cancel()
                    Thread.sleep(forTimeInterval: 0.005)
                }
            }
            let error = databaseError {
                try queue.write { db in
                    try insert(db, 1)
                    // A long write: interrupted, SQLite rolls everything back.
                    // Prepared before the interrupter starts: an interrupt
                    // that lands during sqlite3_prepare fails only the prepare
                    // and rolls nothing back, which is not the case tested.
                    let longWrite = try db.makeStatement(
                        """
                        INSERT INTO log (n) SELECT i + 10 FROM (
                            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT i FROM c)
                        """)
                    interrupter.start()
                    let interrupted = databaseError { try longWrite.execute() }
                    stop.set(true)
                    #expect(interrupted?.isInterrupted == true)
                }
            }
            #expect(error?.resultCode == .abort)
            let rows = try committed(path)
            #expect(rows == [])
        }
    }
}
