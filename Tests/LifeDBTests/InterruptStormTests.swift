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
    @Test func theConnectionWorksAfterEveryStorm() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["LIFEDB_STORM_ROUNDS"] ?? "") ?? 200
        try withTemporaryDirectory { directory in
            let queue = try DatabaseQueue(path: directory + "/storm.db")
            try queue.write { try $0.execute("CREATE TABLE log (n INTEGER PRIMARY KEY, round INTEGER NOT NULL)") }
            var committed = 0
            for round in 0..<rounds {
                let finished = Flag()
                let done = DispatchSemaphore(value: 0)
                let delay = UInt32((round * 7919) % 1500)
                Thread.detachNewThread {
                    usleep(delay)
                    while !finished.value {
                        queue.cancel()
                        usleep(10)
                    }
                    done.signal()
                }
                var wrote = false
                do {
                    try queue.write { db in
                        for n in 0..<100 {
                            try db.execute("INSERT INTO log (round) VALUES (?)", [round])
                            _ = try db.fetchOne(Int.self, "SELECT count(*) FROM log WHERE round = ?", [round]) ?? n
                        }
                    }
                    wrote = true
                } catch {}
                finished.value = true
                done.wait()
                if wrote { committed += 100 }
                // The storm is over: the next job runs, and sees what was committed.
                let count = try queue.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM log") ?? -1 }
                #expect(count == committed, "round \(round): \(count) rows, \(committed) committed")
            }
        }
    }
}
