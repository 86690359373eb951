import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// DatabaseQueue and DatabasePool: shared by concurrent tasks, every write
/// kept, every read one consistent snapshot, and cancellation that stops a
/// running statement with a clear error.
@Suite struct DatabaseQueuePoolTests {
    /// Two accounts whose balances always sum to 1,000, and one `transfers`
    /// row per write: each write transaction moves `amount` from account 1 to
    /// account 2 and records it. So in any snapshot, balance 2 equals the sum
    /// of the recorded transfers, and the two balances sum to 1,000; a read
    /// that saw half of a write would break one of the two.
    static let schema = """
        CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
        CREATE TABLE transfers (task INTEGER NOT NULL, step INTEGER NOT NULL, amount INTEGER NOT NULL,
                                PRIMARY KEY (task, step));
        INSERT INTO accounts VALUES (1, 1000), (2, 0);
        """

    static let tasks = 8
    static let stepsPerTask = 40

    /// What one read saw: the two balances and the transfers' sum and count.
    struct Snapshot: Sendable, Equatable {
        let balance1: Int
        let balance2: Int
        let transferSum: Int
        let transferCount: Int
        var isConsistent: Bool { balance1 + balance2 == 1000 && balance2 == transferSum }
    }

    /// One write: account 1 pays `amount` to account 2, recorded as (task, step).
    static func transfer(_ db: Database, task: Int, step: Int) throws {
        let amount = task + 1
        try db.execute("UPDATE accounts SET balance = balance - ? WHERE id = 1", [amount])
        try db.execute("INSERT INTO transfers (task, step, amount) VALUES (?, ?, ?)", [task, step, amount])
        try db.execute("UPDATE accounts SET balance = balance + ? WHERE id = 2", [amount])
    }

    /// Reads the invariant's four numbers with four separate statements: only
    /// a snapshot keeps them in agreement while writers run.
    static func snapshot(_ db: Database) throws -> Snapshot {
        let balance1 = try #require(try db.fetchOne(Int.self, "SELECT balance FROM accounts WHERE id = 1"))
        // Widens the window in which a write could slip between two reads:
        // without a snapshot, the pool test then fails on nearly every run.
        Thread.sleep(forTimeInterval: 0.000_3)
        let sum = try db.fetchOne(Int.self, "SELECT sum(amount) FROM transfers") ?? 0
        let count = try #require(try db.fetchOne(Int.self, "SELECT count(*) FROM transfers"))
        let balance2 = try #require(try db.fetchOne(Int.self, "SELECT balance FROM accounts WHERE id = 2"))
        return Snapshot(balance1: balance1, balance2: balance2, transferSum: sum, transferCount: count)
    }

    /// Every (task, step) pair written, and the final balances worked out by
    /// hand: task t pays t + 1 per step.
    static func checkFinal(_ final: Snapshot, transfers: [[DatabaseValue]]) {
        let expectedPairs = (0..<tasks).flatMap { t in
            (0..<stepsPerTask).map { [DatabaseValue.integer(Int64(t)), .integer(Int64($0))] }
        }
        #expect(transfers == expectedPairs, "every write of every task was kept, once")
        let paid = (1...tasks).reduce(0, +) * stepsPerTask  // 36 * 40 = 1,440
        #expect(
            final
                == Snapshot(
                    balance1: 1000 - paid, balance2: paid, transferSum: paid, transferCount: tasks * stepsPerTask))
    }

    @Test func eightTasksShareAQueue() async throws {
        try await withTemporaryDirectoryAsync { directory in
            let queue = try DatabaseQueue(path: directory + "/queue.db")
            try await queue.inDatabase { db in try db.executeScript(Self.schema) }
            let seen = try await Self.runTasks(
                write: { task, step in try await queue.write { db in try Self.transfer(db, task: task, step: step) } },
                read: { try await queue.read(Self.snapshot) })
            #expect(seen.count == Self.tasks * Self.stepsPerTask)
            for snapshot in seen { #expect(snapshot.isConsistent, "\(snapshot)") }
            let final = try await queue.read(Self.snapshot)
            let transfers = try await queue.read { db in
                try db.fetchAll("SELECT task, step FROM transfers ORDER BY task, step").map(\.values)
            }
            Self.checkFinal(final, transfers: transfers)
            try queue.close()
        }
    }

    @Test func eightTasksShareAPool() async throws {
        try await withTemporaryDirectoryAsync { directory in
            let pool = try DatabasePool(path: directory + "/pool.db", maximumReaderCount: 3)
            try await pool.write { db in try db.executeScript(Self.schema) }
            let seen = try await Self.runTasks(
                write: { task, step in try await pool.write { db in try Self.transfer(db, task: task, step: step) } },
                read: { try await pool.read(Self.snapshot) })
            #expect(seen.count == Self.tasks * Self.stepsPerTask)
            for snapshot in seen { #expect(snapshot.isConsistent, "\(snapshot)") }
            // Reads ran beside writes: the counts they saw grew over time.
            #expect(Set(seen.map(\.transferCount)).count > 1)
            let final = try await pool.read(Self.snapshot)
            let transfers = try await pool.read { db in
                try db.fetchAll("SELECT task, step FROM transfers ORDER BY task, step").map(\.values)
            }
            Self.checkFinal(final, transfers: transfers)
            try pool.close()
        }
    }

    /// Eight tasks, each alternating a write and a read `stepsPerTask` times;
    /// answers every snapshot read.
    static func runTasks(
        write: @escaping @Sendable (Int, Int) async throws -> Void,
        read: @escaping @Sendable () async throws -> Snapshot
    ) async throws -> [Snapshot] {
        try await withThrowingTaskGroup(of: [Snapshot].self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var seen: [Snapshot] = []
                    for step in 0..<stepsPerTask {
                        try await write(task, step)
                        seen.append(try await read())
                    }
                    return seen
                }
            }
            var all: [Snapshot] = []
            for try await seen in group { all += seen }
            return all
        }
    }

    /// A pool reader keeps its snapshot for the whole read: a write
    /// committed meanwhile is not seen by it, and is seen by the next read.
    @Test func aPoolReadKeepsItsSnapshotWhileTheWriterCommits() throws {
        try withTemporaryDirectory { directory in
            let pool = try DatabasePool(path: directory + "/snapshot.db")
            try pool.write { db in try db.executeScript(Self.schema) }
            let (before, after) = try pool.read { db -> (Int?, Int?) in
                let before = try db.fetchOne(Int.self, "SELECT balance FROM accounts WHERE id = 2")
                // A write from another thread while this read is open.
                let done = DispatchSemaphore(value: 0)
                let failure = Locked<String?>(nil)
                Thread {
                    do { try pool.write { db in try Self.transfer(db, task: 4, step: 0) } } catch {
                        failure.set("\(error)")
                    }
                    done.signal()
                }.start()
                #expect(done.wait(timeout: .now() + 30) == .success)
                #expect(failure.get() == nil)
                return (before, try db.fetchOne(Int.self, "SELECT balance FROM accounts WHERE id = 2"))
            }
            #expect(before == 0)
            #expect(after == 0, "the read's snapshot does not move")
            #expect(try pool.read { db in try db.fetchOne(Int.self, "SELECT balance FROM accounts WHERE id = 2") } == 5)
        }
    }

    @Test func aPoolReadCannotWrite() throws {
        try withTemporaryDirectory { directory in
            let pool = try DatabasePool(path: directory + "/readonly.db")
            try pool.write { db in try db.executeScript(Self.schema) }
            let error = databaseError { try pool.read { db in try Self.transfer(db, task: 0, step: 0) } }
            #expect(error?.resultCode == .readOnly)
            #expect(
                try pool.read(Self.snapshot) == Snapshot(balance1: 1000, balance2: 0, transferSum: 0, transferCount: 0))
        }
    }

    /// A widget's pool: no writer at all, reads of the file the app writes.
    @Test func aReadOnlyPoolReadsWhatAnotherConnectionWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/shared.db"
            let app = try DatabaseQueue(path: path)
            try app.inDatabase { db in try db.executeScript(Self.schema) }
            let widget = try DatabasePool(path: path, options: Database.OpenOptions(readOnly: true))
            try app.write { db in try Self.transfer(db, task: 1, step: 0) }
            #expect(
                try widget.read(Self.snapshot) == Snapshot(balance1: 998, balance2: 2, transferSum: 2, transferCount: 1)
            )
            #expect(
                databaseError { try widget.write { db in try Self.transfer(db, task: 2, step: 0) } }?.resultCode
                    == .readOnly)
        }
    }

    /// An access started from inside another on the same queue would wait for
    /// itself; it is refused instead.
    @Test func aNestedAccessIsRefusedNotDeadlocked() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        let error = databaseError {
            _ = try queue.write { _ in try queue.read { db in try db.fetchOne(Int.self, "SELECT 1") } }
        }
        #expect(error?.resultCode == .misuse)
    }

    @Test func aReadInsideAReadOfTheSamePoolIsRefused() throws {
        try withTemporaryDirectory { directory in
            let pool = try DatabasePool(path: directory + "/nested.db", maximumReaderCount: 1)
            let error = databaseError {
                _ = try pool.read { _ in try pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } }
            }
            #expect(error?.resultCode == .misuse)
            // A read inside a write is fine: it runs on a reader.
            let inner = try pool.write { _ in try pool.read { db in try db.fetchOne(Int.self, "SELECT 2") } }
            #expect(inner == 2)
        }
    }

    // MARK: Cancellation

    /// Counts far past anything a test waits for: it ends only when interrupted.
    static let endless = """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n WHERE i < 0
        """

    @Test func cancelInterruptsTheRunningQuery() throws {
        try withTemporaryDirectory { directory in
            let queue = try DatabaseQueue(path: directory + "/cancel.db")
            let started = DispatchSemaphore(value: 0)
            let outcome = Locked<DatabaseError?>(nil)
            let finished = DispatchSemaphore(value: 0)
            Thread {
                do {
                    _ = try queue.read { db -> Int? in
                        started.signal()
                        return try db.fetchOne(Int.self, Self.endless)
                    }
                } catch let error as DatabaseError {
                    outcome.set(error)
                } catch {}
                finished.signal()
            }.start()
            #expect(started.wait(timeout: .now() + 30) == .success)
            // Until the query ends, keep interrupting: the first may land
            // just before the statement starts.
            while finished.wait(timeout: .now() + 0.05) == .timedOut { queue.cancel() }
            let error = try #require(outcome.get())
            #expect(error.isInterrupted)
            #expect(error.message == "the query was cancelled before it finished; nothing of it was saved")
            // The connection is still usable afterwards.
            #expect(try queue.read { db in try db.fetchOne(Int.self, "SELECT 42") } == 42)
        }
    }

    @Test(arguments: ["queue", "pool"])
    func cancellingTheTaskInterruptsItsQuery(kind: String) async throws {
        try await withTemporaryDirectoryAsync { directory in
            let path = directory + "/task.db"
            let queue = kind == "queue" ? try DatabaseQueue(path: path) : nil
            let pool = kind == "pool" ? try DatabasePool(path: path) : nil
            let started = Locked(false)
            let task = Task {
                let body: @Sendable (Database) throws -> Int? = { db in
                    started.set(true)
                    return try db.fetchOne(Int.self, Self.endless)
                }
                if let queue { return try await queue.read(body) }
                return try await #require(pool).read(body)
            }
            while !started.get() { try await Task.sleep(nanoseconds: 1_000_000) }
            // The query has begun, or is about to: either way it stops.
            task.cancel()
            guard case .failure(let failure) = await task.result else {
                Issue.record("the endless query returned")
                return
            }
            let error = try #require(failure as? DatabaseError)
            #expect(error.isInterrupted)
            #expect(error.message == "the query was cancelled before it finished; nothing of it was saved")
            if let queue { #expect(try await queue.read { db in try db.fetchOne(Int.self, "SELECT 7") } == 7) }
            if let pool { #expect(try await pool.read { db in try db.fetchOne(Int.self, "SELECT 8") } == 8) }
        }
    }

    /// A task cancelled before its access starts never runs it.
    @Test func aTaskCancelledBeforeItsTurnDoesNotRun() async throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try await queue.inDatabase { db in try db.execute("CREATE TABLE t (x INTEGER)") }
        let ran = Locked(false)
        let task = Task {
            // Cancelled before it reaches the queue.
            while !Task.isCancelled { await Task.yield() }
            try await queue.write { db in
                ran.set(true)
                try db.execute("INSERT INTO t VALUES (1)")
            }
        }
        task.cancel()
        let result = await task.result
        #expect((try? result.get()) == nil)
        #expect(ran.get() == false)
        #expect(try await queue.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM t") } == 0)
    }
}

/// `withTemporaryDirectory` for async tests.
func withTemporaryDirectoryAsync<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = NSTemporaryDirectory() + "/lifedb-tests-" + UUID().uuidString.lowercased()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}
