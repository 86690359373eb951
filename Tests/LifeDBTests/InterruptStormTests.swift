import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// Interrupts from another thread, as fast as it can send them, that stop
/// when the write they aim at returns: whatever statement they land on
/// (a row's INSERT, a read inside the write, BEGIN, COMMIT, the ROLLBACK
/// that follows an abort), the connection's next job runs and sees only
/// what was committed (SPEC CORE-7; REL-7 interrupts an apply this way).
@Suite struct InterruptStormTests {
    /// Runs `job` while another thread interrupts `queue`, from a moment
    /// that moves with `round` and every `pauseMicroseconds` after it, until
    /// the job returns; true when the job finished without throwing.
    static func storm(_ queue: DatabaseQueue, round: Int, pauseMicroseconds: UInt32, _ job: () throws -> Void) -> Bool {
        let finished = Flag()
        let done = DispatchSemaphore(value: 0)
        let delay = UInt32((round * 7919) % 1500)
        Thread.detachNewThread {
            usleep(delay)
            while !finished.value {
                queue.cancel()
                if pauseMicroseconds > 0 { usleep(pauseMicroseconds) }
            }
            done.signal()
        }
        defer {
            finished.value = true
            done.wait()
        }
        do {
            try job()
            return true
        } catch {
            return false
        }
    }

    @Test func theConnectionWorksAfterEveryStorm() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["LIFEDB_STORM_ROUNDS"] ?? "") ?? 200
        try withTemporaryDirectory { directory in
            let queue = try DatabaseQueue(path: directory + "/storm.db")
            try queue.write { try $0.execute("CREATE TABLE log (n INTEGER PRIMARY KEY, round INTEGER NOT NULL)") }
            var committed = 0
            for round in 0..<rounds {
                let wrote = Self.storm(queue, round: round, pauseMicroseconds: 10) {
                    try queue.write { db in
                        for n in 0..<100 {
                            try db.execute("INSERT INTO log (round) VALUES (?)", [round])
                            _ = try db.fetchOne(Int.self, "SELECT count(*) FROM log WHERE round = ?", [round]) ?? n
                        }
                    }
                }
                if wrote { committed += 100 }
                // The storm is over: the next job runs, and sees what was committed.
                let count = try queue.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM log") ?? -1 }
                #expect(count == committed, "round \(round): \(count) rows, \(committed) committed")
            }
        }
    }

    /// The same storm on a job shaped like a sync apply: foreign keys off
    /// around a write transaction, a savepoint inside it, a read-only
    /// transaction inside that, writing and reading an R*Tree and an FTS5
    /// table. Whatever the storm stopped, the connection comes back as it
    /// was: foreign keys on, writes allowed, no transaction left open, no
    /// statement left stepping (an interrupt landing on the ROLLBACK or on a
    /// setting put back used to leave foreign keys off for good, so that a
    /// later delete left its children behind; the R*Tree, interrupted in a
    /// savepoint, left its blob handle stepping, which kept the interrupt
    /// pending and failed every later statement as cancelled).
    @Test func theConnectionsSettingsComeBackAfterEveryStorm() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["LIFEDB_STORM_ROUNDS"] ?? "") ?? 200
        try withTemporaryDirectory { directory in
            let queue = try DatabaseQueue(path: directory + "/storm.db")
            try queue.write { db in
                try db.execute("CREATE TABLE log (n INTEGER PRIMARY KEY, round INTEGER NOT NULL)")
                // Virtual tables keep statements and blob handles of their own.
                try db.execute("CREATE VIRTUAL TABLE boxes USING rtree(id, min_x, max_x, min_y, max_y)")
                try db.execute("CREATE VIRTUAL TABLE words USING fts5(body)")
            }
            var committed = 0
            for round in 0..<rounds {
                let wrote = Self.storm(queue, round: round, pauseMicroseconds: 0) {
                    try queue.inDatabase { db in
                        try db.withForeignKeysOff {
                            try db.writeTransaction { db in
                                for n in 0..<40 {
                                    try db.savepoint { db in
                                        try db.execute("INSERT INTO log (round) VALUES (?)", [round])
                                        let x = Double(round * 40 + n)
                                        try db.execute(
                                            "INSERT INTO boxes VALUES (NULL, ?, ?, ?, ?)", [x, x + 1, x, x + 1])
                                        _ = try db.fetchOne(
                                            Int.self, "SELECT count(*) FROM boxes WHERE max_x >= ? AND min_x <= ?",
                                            [x - 5, x])
                                        try db.execute(
                                            "INSERT INTO words (body) VALUES (?)", ["walk \(round) note \(n)"])
                                        _ = try db.fetchOne(
                                            Int.self, "SELECT count(*) FROM words WHERE words MATCH ?", ["walk"])
                                        _ =
                                            try db.readTransaction { db in
                                                try db.fetchOne(
                                                    Int.self, "SELECT count(*) FROM log WHERE round = ?", [round])
                                            } ?? n
                                    }
                                }
                            }
                        }
                    }
                }
                if wrote { committed += 40 }
                let left = try queue.inDatabase { $0.statementsInProgress }
                #expect(left.isEmpty, "round \(round): statements still in progress: \(left)")
                let (count, foreignKeys, queryOnly, inside) = try queue.inDatabase { db in
                    (
                        try db.fetchOne(Int.self, "SELECT count(*) FROM log") ?? -1,
                        try db.fetchOne(Int.self, "PRAGMA foreign_keys") ?? -1,
                        try db.fetchOne(Int.self, "PRAGMA query_only") ?? -1,
                        db.isInsideTransaction
                    )
                }
                #expect(count == committed, "round \(round): \(count) rows, \(committed) committed")
                #expect(foreignKeys == 1, "round \(round): foreign keys left off")
                #expect(queryOnly == 0, "round \(round): writes left refused")
                #expect(!inside, "round \(round): a transaction left open")
                if foreignKeys != 1 || queryOnly != 0 || inside || !left.isEmpty { return }
            }
        }
    }
}
