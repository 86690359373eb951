// The LifeTimer benchmark (`scripts/bench lifetimer`, SPEC PERF-7): 10,000
// accounts (70 % public, up to 2 % suspended, up to 1,000 blocks), 100,000 milestones
// (half public, half completed over the 400 days before the queries, through LifeTimerStore so
// activity days and streaks are real), 200,000 follows of public accounts;
// then the feed and each leaderboard for 200 seeded random viewers through
// LifeTimerStore, the one visibility rule included. Prints one line of
// `key=value` pairs, then `plan PATH: …` lines (EXPLAIN QUERY PLAN).
//
// Usage: lifetimer-bench DB_PATH [ACCOUNTS] [MILESTONES] [FOLLOWS] [VIEWERS]

import Foundation
import LifeCore
import LifeDB
import LifeKit
import LifeTimer

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: lifetimer-bench DB_PATH [ACCOUNTS] [MILESTONES] [FOLLOWS] [VIEWERS]\n".utf8))
    exit(64)
}
let path = arguments[1]
func argument(_ index: Int, _ fallback: Int) -> Int {
    arguments.count > index ? Int(arguments[index]) ?? fallback : fallback
}
let accountCount = argument(2, 10_000)
let milestoneCount = argument(3, 100_000)
let followCount = argument(4, 200_000)
let viewerCount = argument(5, 200)

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

#if canImport(Glibc)
    import Glibc
#endif

/// CPU time of this thread in milliseconds: less sensitive than wall time to
/// other processes on a shared machine.
func threadCPUMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1_000 + Double(spec.tv_nsec) / 1_000_000
}

/// Wall and CPU milliseconds of `body`.
func measure(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    let cpu = threadCPUMilliseconds()
    let wall = try milliseconds(body)
    return (wall, threadCPUMilliseconds() - cpu)
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    if p == 50 {
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p / 100))]
}

do {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    guard let createdAt = Timestamp.parseISO8601("2026-01-01T12:00:00Z"),
        let queriedAt = Timestamp.parseISO8601("2027-02-06T12:00:00Z")
    else { exit(70) }
    let db = try LifeDatabase.open(path: path, now: createdAt, registry: LifeKit.registry)
    try OwnerStore(db, clock: .fixed(createdAt)).setTimeZone("UTC")
    let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"]
    var generator = SplitMix64(state: 20_261_123)
    func pick(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
    var accounts: [LifeTimerAccount] = []
    var publicIndices: [Int] = []
    let fill = try milliseconds {
        do {
            // One transaction per use case, as an app fills it.
            let store = LifeTimerStore(db, clock: .fixed(createdAt))
            for i in 0..<accountCount {
                let isPublic = generator.unit() < 0.7
                accounts.append(
                    try store.createAccount(
                        NewAccount(
                            username: "user\(i)", email: "user\(i)@example.org",
                            visibility: isPublic ? .public : .private,
                            timeZone: zones[pick(zones.count)])))
                if isPublic { publicIndices.append(i) }
            }
            // Milestones spread over the accounts' goals (1–4 goals each).
            var goalsOf: [Int] = []
            for account in accounts {
                let goals = 1 + pick(4)
                for number in 1...goals { try store.addGoal(for: account, title: "Goal \(number)") }
                goalsOf.append(goals)
            }
            for _ in 0..<milestoneCount {
                let owner = pick(accountCount)
                let goal = 1 + pick(goalsOf[owner])
                let milestone = try store.addMilestone(
                    for: accounts[owner], goal: goal, title: "Step", isPublic: generator.unit() < 0.5)
                if generator.unit() < 0.5 {
                    let at = createdAt.addingTimeInterval(Double(pick(400 * 86_400)))
                    try LifeTimerStore(db, clock: .fixed(at)).setMilestoneCompleted(
                        for: accounts[owner], MilestoneRef(goal: goal, position: milestone.position), true)
                }
            }
            for (index, account) in accounts.enumerated() where generator.unit() < 0.3 {
                let at = createdAt.addingTimeInterval(Double(pick(400 * 86_400)))
                try LifeTimerStore(db, clock: .fixed(at)).setGoalCompleted(
                    for: account, number: 1 + pick(goalsOf[index]), true)
            }
            // Blocks and suspensions first, then follows of public accounts up
            // to the exact count (the schema's triggers refuse a follow across
            // a block; such a draw is skipped).
            for _ in 0..<(accountCount / 10) {
                let a = pick(accountCount)
                let b = pick(accountCount)
                if a != b { try store.block(accounts[b].username, viewer: accounts[a]) }
            }
            for _ in 0..<(accountCount / 50) {
                let a = 1 + pick(accountCount - 1)
                try store.suspend(accounts[a].username, reason: "bench", admin: accounts[0])
            }
            let stamp = Timestamp.database(createdAt)
            try db.write { db in
                var made = 0
                while made < followCount {
                    let follower = pick(accountCount)
                    let followee = publicIndices[pick(publicIndices.count)]
                    guard follower != followee else { continue }
                    do {
                        try db.execute(
                            "INSERT OR IGNORE INTO lifetimer_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
                            [accounts[follower].id, accounts[followee].id, stamp])
                        made += db.changes
                    } catch let error as DatabaseError where error.isConstraintViolation {
                        continue
                    }
                }
            }
        }
    }
    try db.inDatabase { try $0.execute("ANALYZE") }
    let store = LifeTimerStore(db, clock: .fixed(queriedAt))
    var times: [String: [Double]] = [:]
    var cpuTimes: [String: [Double]] = [:]
    var rows: [String: Int] = [:]
    // Warm the statement cache and the page cache once.
    _ = try store.feed(viewer: accounts[0])
    for kind in LeaderboardKind.allCases { _ = try store.leaderboard(kind, viewer: accounts[0]) }
    for _ in 0..<viewerCount {
        let viewer = accounts[pick(accountCount)]
        var feedRows = 0
        let feed = try measure { feedRows = try store.feed(viewer: viewer).count }
        times["feed", default: []].append(feed.wall)
        cpuTimes["feed", default: []].append(feed.cpu)
        rows["feed", default: 0] += feedRows
        for kind in LeaderboardKind.allCases {
            var total = 0
            let board = try measure { total = try store.leaderboard(kind, viewer: viewer).total }
            // The line's keys are words: the current streaks are "current".
            let key = kind == .currentStreaks ? "current" : kind.rawValue
            times[key, default: []].append(board.wall)
            cpuTimes[key, default: []].append(board.cpu)
            rows[key, default: 0] += total
        }
    }
    let (milestones, follows) = try db.read { db in
        (
            try db.fetchOne(Int.self, "SELECT count(*) FROM lifetimer_milestones") ?? 0,
            try db.fetchOne(Int.self, "SELECT count(*) FROM lifetimer_follows") ?? 0
        )
    }
    var line =
        "accounts=\(accountCount) milestones=\(milestones) follows=\(follows) viewers=\(viewerCount) fill_ms=\(Format.fixed(fill, decimals: 0))"
    for key in ["feed", "goals", "streaks", "current", "recent"] {
        let values = times[key] ?? []
        line += " \(key)_cpu_median_ms=\(Format.fixed(percentile(cpuTimes[key] ?? [], 50), decimals: 3))"
        line +=
            " \(key)_median_ms=\(Format.fixed(percentile(values, 50), decimals: 3)) \(key)_p90_ms=\(Format.fixed(percentile(values, 90), decimals: 3)) \(key)_mean_rows=\(Format.fixed(Double(rows[key] ?? 0) / Double(max(1, viewerCount)), decimals: 1))"
    }
    print(line)
    for (name, plan) in try store.queryPlans(viewer: accounts[1]) {
        for step in plan { print("plan \(name): \(step)") }
    }
} catch {
    FileHandle.standardError.write(Data("lifetimer-bench: \(error)\n".utf8))
    exit(70)
}
