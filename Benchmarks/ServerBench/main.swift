// The server benchmark (`scripts/bench server`, SPEC SRV-2, REL-8, issue 19
// item 6): one seeded social graph of LifeTimer (70 % of accounts public,
// 2 % suspended, a block per 10 accounts, 1–4 goals each, milestones half
// public and half completed over the 400 days before the queries, 30 % of
// accounts with a completed goal, follows of public accounts), loaded as is
// into a fresh PostgreSQL database (COPY, the engine's triggers off, then
// lifectl.lifetimer_recount()) and, with --sqlite PATH, into a device
// database beside it. Then, for 200 seeded viewers: the feed, the followers
// of a public account, and each leaderboard with its total, through
// LifeTimerServerStore (as `authenticated` with the viewer's claims: what a
// client pays, transaction and all) and LifeTimerStore. With both sites, the
// answers must agree for every viewer. Prints one line of key=value pairs,
// then `explain PATH: …` lines (EXPLAIN ANALYZE on the server for one viewer).
//
// Usage: server-bench ADMIN_URL ACCOUNTS FOLLOWS MILESTONES VIEWERS [--sqlite PATH]
// SERVER_BENCH_KEEP=1 keeps the database (lifectl_bench_ACCOUNTS) for a look at its plans.
// Exit status: 0, 64 usage, 70 any failure or disagreement.

import Foundation
import LifeCore
import LifeDB
import LifeKit
import LifeServer
import LifeTimer
import LifeTimerServer

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String, code: Int32 = 70) -> Never {
    FileHandle.standardError.write(Data("server-bench: \(message)\n".utf8))
    exit(code)
}

let arguments = CommandLine.arguments
guard arguments.count >= 6, let accountCount = Int(arguments[2]), let followCount = Int(arguments[3]),
    let milestoneCount = Int(arguments[4]), let viewerCount = Int(arguments[5]), accountCount >= 100
else {
    fail("usage: server-bench ADMIN_URL ACCOUNTS FOLLOWS MILESTONES VIEWERS [--sqlite PATH]", code: 64)
}
let adminURL = arguments[1]
let sqlitePath = arguments.count >= 8 && arguments[6] == "--sqlite" ? arguments[7] : nil

guard let createdAt = Timestamp.parseISO8601("2026-01-01T12:00:00Z"),
    let queriedAt = Timestamp.parseISO8601("2027-02-06T12:00:00Z")
else { fail("bad constants") }

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
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

// MARK: The graph

struct Graph {
    struct Account {
        let id: UUID
        let name: String
        let isPublic: Bool
        let zone: String
        var suspended = false
        var goals: [UUID] = []
        var goalCompletedAt: [Date?] = []
        var days: Set<CivilDate> = []
    }
    struct Step {
        let id: UUID
        let owner: Int
        let goal: Int
        let position: Int
        let isPublic: Bool
        let completedAt: Date?
    }
    var accounts: [Account] = []
    var steps: [Step] = []
    var blocks: Set<[Int]> = []
    var follows: [[Int]] = []
}

var generator = SplitMix64(state: 20_261_124)
@MainActor func pick(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
@MainActor func uuid() -> UUID {
    var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
        uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
}

let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"]
var zoneOf: [String: TimeZone] = [:]
for name in zones { zoneOf[name] = try? TimeZoneSetting.zone(named: name) }

var graph = Graph()
let generation = milliseconds {
    for i in 0..<accountCount {
        graph.accounts.append(
            Graph.Account(
                id: uuid(), name: "user\(i)", isPublic: generator.unit() < 0.7, zone: zones[pick(zones.count)]))
    }
    for i in graph.accounts.indices {
        let goals = 1 + pick(4)
        graph.accounts[i].goals = (0..<goals).map { _ in uuid() }
        graph.accounts[i].goalCompletedAt = Array(repeating: nil, count: goals)
    }
    var positions: [UUID: Int] = [:]
    for _ in 0..<milestoneCount {
        let owner = pick(accountCount)
        let goal = pick(graph.accounts[owner].goals.count)
        let goalID = graph.accounts[owner].goals[goal]
        let position = (positions[goalID] ?? 0) + 1
        positions[goalID] = position
        let isPublic = generator.unit() < 0.5
        var completedAt: Date?
        if generator.unit() < 0.5 {
            let at = createdAt.addingTimeInterval(Double(pick(400 * 86_400)))
            completedAt = at
            if let zone = zoneOf[graph.accounts[owner].zone] {
                graph.accounts[owner].days.insert(CivilDate.of(at, in: zone))
            }
        }
        graph.steps.append(
            Graph.Step(
                id: uuid(), owner: owner, goal: goal, position: position, isPublic: isPublic, completedAt: completedAt))
    }
    for i in graph.accounts.indices where generator.unit() < 0.3 {
        let at = createdAt.addingTimeInterval(Double(pick(400 * 86_400)))
        graph.accounts[i].goalCompletedAt[pick(graph.accounts[i].goals.count)] = at
        if let zone = zoneOf[graph.accounts[i].zone] { graph.accounts[i].days.insert(CivilDate.of(at, in: zone)) }
    }
    for _ in 0..<(accountCount / 10) {
        let a = pick(accountCount)
        let b = pick(accountCount)
        if a != b { graph.blocks.insert([a, b]) }
    }
    for _ in 0..<(accountCount / 50) { graph.accounts[1 + pick(accountCount - 1)].suspended = true }
    let publicIndices = graph.accounts.indices.filter { graph.accounts[$0].isPublic }
    var made = Set<[Int]>()
    while made.count < followCount {
        let follower = pick(accountCount)
        let followee = publicIndices[pick(publicIndices.count)]
        guard follower != followee, !graph.blocks.contains([follower, followee]),
            !graph.blocks.contains([followee, follower]), made.insert([follower, followee]).inserted
        else { continue }
        graph.follows.append([follower, followee])
    }
}

func longestStreak(_ days: Set<CivilDate>) -> Int {
    var best = 0
    for day in days where !days.contains(day.adding(days: -1)) {
        var length = 1
        while days.contains(day.adding(days: length)) { length += 1 }
        best = max(best, length)
    }
    return best
}

/// The device's value of an account, as LifeTimerStore would hand it out.
@MainActor func account(_ i: Int) -> LifeTimerAccount {
    let a = graph.accounts[i]
    return LifeTimerAccount(
        id: a.id, username: a.name, bio: nil, avatarPath: nil, email: "\(a.name)@example.org",
        visibility: a.isPublic ? .public : .private, identities: [], timeZone: a.zone, isOwner: i == 0,
        goalsCreated: a.goals.count, longestStreakDays: longestStreak(a.days), createdAt: createdAt,
        lastActiveAt: createdAt)
}

// MARK: The server

func text(_ value: (any PostgresEncodable)?) -> String? { value?.postgresText }

let databaseName = "lifectl_bench_\(accountCount)"
let connection: PostgresConnection
var loadServer = 0.0
do {
    let admin = try PostgresConnection(url: adminURL)
    try admin.execute("DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
    try admin.execute("CREATE DATABASE \(databaseName)")
    guard var components = URLComponents(string: adminURL) else { fail("cannot read the URL") }
    components.path = "/" + databaseName
    connection = try PostgresConnection(url: components.string ?? adminURL)
    try LifeTimerServerSchema.migrator.migrate(connection)
    loadServer = try milliseconds {
        try connection.transaction { c in
            // A bulk load: the triggers (counts, locks) are off and the counts rebuilt after.
            try c.execute("SET LOCAL session_replication_role = replica")
            try c.copy(
                into: "public.lifetimer_accounts",
                columns: [
                    "id", "username", "visibility", "suspended", "goals_created", "created_at", "last_active_at",
                ],
                rows: graph.accounts.map { a in
                    [
                        text(a.id), a.name, a.isPublic ? "public" : "private", text(a.suspended), text(a.goals.count),
                        text(createdAt), text(createdAt),
                    ]
                })
            try c.copy(
                into: "public.lifetimer_account_private", columns: ["account_id", "email", "time_zone"],
                rows: graph.accounts.map { [text($0.id), "\($0.name)@example.org", $0.zone] })
            try c.copy(
                into: "public.lifetimer_goals",
                columns: ["id", "account_id", "number", "title", "completed_at", "created_at", "updated_at"],
                rows: graph.accounts.flatMap { a in
                    a.goals.enumerated().map { number, id in
                        [
                            text(id), text(a.id), text(number + 1), "Goal \(number + 1)",
                            text(a.goalCompletedAt[number]),
                            text(createdAt), text(createdAt),
                        ]
                    }
                })
            try c.copy(
                into: "public.lifetimer_milestones",
                columns: [
                    "id", "goal_id", "account_id", "position", "title", "is_public", "completed_at", "created_at",
                ],
                rows: graph.steps.map { s in
                    [
                        text(s.id), text(graph.accounts[s.owner].goals[s.goal]), text(graph.accounts[s.owner].id),
                        text(s.position), "Step", text(s.isPublic), text(s.completedAt), text(createdAt),
                    ]
                })
            try c.copy(
                into: "public.lifetimer_activity_days", columns: ["account_id", "day"],
                rows: graph.accounts.flatMap { a in a.days.map { [text(a.id), $0.iso] } })
            try c.copy(
                into: "public.lifetimer_blocks", columns: ["blocker_id", "blocked_id", "created_at"],
                rows: graph.blocks.map {
                    [text(graph.accounts[$0[0]].id), text(graph.accounts[$0[1]].id), text(createdAt)]
                })
            try c.copy(
                into: "public.lifetimer_suspensions",
                columns: ["account_id", "suspended_by", "reason", "suspended_at"],
                rows: graph.accounts.filter(\.suspended).map {
                    [text($0.id), text(graph.accounts[0].id), "bench", text(createdAt)]
                })
            try c.copy(
                into: "public.lifetimer_follows", columns: ["follower_id", "followee_id", "created_at"],
                rows: graph.follows.map {
                    [text(graph.accounts[$0[0]].id), text(graph.accounts[$0[1]].id), text(createdAt)]
                })
            try c.execute("SET LOCAL session_replication_role = origin")
            try c.execute("SELECT lifectl.lifetimer_recount()")
        }
        try connection.execute("VACUUM ANALYZE")
    }
} catch {
    fail("loading the server failed: \(error)")
}

// MARK: The device

var device: DatabaseQueue?
var loadDevice = 0.0
if let sqlitePath {
    do {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlitePath + suffix) }
        let db = try LifeDatabase.open(path: sqlitePath, now: createdAt, registry: LifeKit.registry)
        try OwnerStore(db, clock: .fixed(createdAt)).setTimeZone("UTC")
        let stamp = Timestamp.database(createdAt)
        loadDevice = try milliseconds {
            try db.write { db in
                for (i, a) in graph.accounts.enumerated() {
                    try db.execute(
                        """
                        INSERT INTO lifetimer_accounts (id, username, email, visibility, time_zone, is_owner,
                            longest_streak_days, created_at, last_active_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            a.id, a.name, "\(a.name)@example.org", a.isPublic ? "public" : "private", a.zone,
                            i == 0 ? 1 : 0,
                            longestStreak(a.days), stamp, stamp, stamp,
                        ])
                    for (number, id) in a.goals.enumerated() {
                        try db.execute(
                            """
                            INSERT INTO lifetimer_goals (id, account_id, number, title, completed_at, created_at, updated_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """, [id, a.id, number + 1, "Goal \(number + 1)", a.goalCompletedAt[number], stamp, stamp])
                    }
                    for day in a.days {
                        try db.execute(
                            "INSERT INTO lifetimer_activity_days (account_id, day) VALUES (?, ?)", [a.id, day.iso])
                    }
                }
                for s in graph.steps {
                    try db.execute(
                        """
                        INSERT INTO lifetimer_milestones (id, goal_id, account_id, position, title, is_public, completed_at, created_at)
                        VALUES (?, ?, ?, ?, 'Step', ?, ?, ?)
                        """,
                        [
                            s.id, graph.accounts[s.owner].goals[s.goal], graph.accounts[s.owner].id, s.position,
                            s.isPublic ? 1 : 0,
                            s.completedAt, stamp,
                        ])
                }
                for b in graph.blocks {
                    try db.execute(
                        "INSERT INTO lifetimer_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
                        [graph.accounts[b[0]].id, graph.accounts[b[1]].id, stamp])
                }
                for a in graph.accounts where a.suspended {
                    try db.execute(
                        "INSERT INTO lifetimer_suspensions (account_id, suspended_by, reason, suspended_at) VALUES (?, ?, 'bench', ?)",
                        [a.id, graph.accounts[0].id, stamp])
                }
                for f in graph.follows {
                    try db.execute(
                        "INSERT INTO lifetimer_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
                        [graph.accounts[f[0]].id, graph.accounts[f[1]].id, stamp])
                }
            }
            try db.inDatabase { try $0.execute("ANALYZE") }
        }
        device = db
    } catch {
        fail("loading the device database failed: \(error)")
    }
}

// MARK: Timing

let server = LifeTimerServerStore(connection: connection, clock: .fixed(queriedAt))
let deviceStore = device.map { LifeTimerStore($0, clock: .fixed(queriedAt)) }
let paths = ["feed", "followers", "goals", "streaks", "recent"]

/// The public, listed account whose followers a viewer lists: the n-th
/// after a seeded start that the viewer may see (not blocked either way).
@MainActor func followersTarget(of viewer: Int) -> Int {
    var index = pick(accountCount)
    while true {
        let a = graph.accounts[index]
        if a.isPublic && !a.suspended && index != viewer && !graph.blocks.contains([viewer, index])
            && !graph.blocks.contains([index, viewer])
        {
            return index
        }
        index = (index + 1) % accountCount
    }
}

/// One read path for one viewer on one site; answers a rendering of the
/// answer (for the sites to agree) and the rows it returned.
@MainActor func read(_ path: String, _ site: any LifeTimerSocialGraph, viewer: LifeTimerAccount, target: String) throws
    -> (
        String, Int
    )
{
    switch path {
    case "feed":
        let items = try site.feed(viewer: viewer, limit: 50)
        return (items.map { "\($0.milestoneID)" }.joined(separator: ","), items.count)
    case "followers":
        let list = try site.followers(of: target, viewer: viewer)
        return (list.map(\.username).joined(separator: ","), list.count)
    default:
        guard let kind = LeaderboardKind(rawValue: path) else { throw LifeError.bug("unknown path \(path)") }
        let board = try site.leaderboard(kind, viewer: viewer, limit: 10)
        return (
            board.entries.map { "\($0.rank) \($0.account.username) \($0.value)" }.joined(separator: ",")
                + " / \(board.total)", board.total
        )
    }
}

var times: [String: [Double]] = [:]
var rows: [String: Int] = [:]
var disagreements = 0
do {
    // Warm both sites: plans, caches.
    for i in 0..<5 {
        let viewer = account(i)
        for path in paths {
            _ = try read(path, server, viewer: viewer, target: graph.accounts[followersTarget(of: i)].name)
            if let deviceStore {
                _ = try read(path, deviceStore, viewer: viewer, target: graph.accounts[followersTarget(of: i)].name)
            }
        }
    }
    for _ in 0..<viewerCount {
        let index = pick(accountCount)
        let viewer = account(index)
        let target = graph.accounts[followersTarget(of: index)].name
        for path in paths {
            var serverAnswer = ("", 0)
            times["server_\(path)", default: []].append(
                try milliseconds { serverAnswer = try read(path, server, viewer: viewer, target: target) })
            rows["server_\(path)", default: 0] += serverAnswer.1
            if let deviceStore {
                var deviceAnswer = ("", 0)
                times["sqlite_\(path)", default: []].append(
                    try milliseconds { deviceAnswer = try read(path, deviceStore, viewer: viewer, target: target) })
                rows["sqlite_\(path)", default: 0] += deviceAnswer.1
                if deviceAnswer.0 != serverAnswer.0 {
                    disagreements += 1
                    FileHandle.standardError.write(
                        Data(
                            "server-bench: \(path) of \(viewer.username): sqlite \(deviceAnswer.0) ≠ server \(serverAnswer.0)\n"
                                .utf8))
                }
            }
        }
    }
} catch {
    fail("a timed read failed: \(error)")
}
guard disagreements == 0 else { fail("the device and the server disagreed \(disagreements) times") }

let counts = try? connection.row(
    """
    SELECT (SELECT count(*) FROM public.lifetimer_accounts) AS accounts, (SELECT count(*) FROM public.lifetimer_follows) AS follows,
           (SELECT count(*) FROM public.lifetimer_milestones) AS milestones, pg_database_size(current_database()) AS bytes
    """)
var line =
    "accounts=\((try? counts?.get("accounts", as: Int.self)) ?? 0) follows=\((try? counts?.get("follows", as: Int.self)) ?? 0) "
    + "milestones=\((try? counts?.get("milestones", as: Int.self)) ?? 0) viewers=\(viewerCount) "
    + "server_bytes=\((try? counts?.get("bytes", as: Int.self)) ?? 0) generate_ms=\(Format.fixed(generation, decimals: 0)) "
    + "load_server_ms=\(Format.fixed(loadServer, decimals: 0)) load_sqlite_ms=\(Format.fixed(loadDevice, decimals: 0)) "
    + "compared=\(device == nil ? 0 : viewerCount * paths.count)"
for site in device == nil ? ["server"] : ["server", "sqlite"] {
    for path in paths {
        let key = "\(site)_\(path)"
        let values = times[key] ?? []
        line +=
            " \(key)_median_ms=\(Format.fixed(percentile(values, 50), decimals: 3)) \(key)_p90_ms=\(Format.fixed(percentile(values, 90), decimals: 3))"
            + " \(key)_mean_rows=\(Format.fixed(Double(rows[key] ?? 0) / Double(max(1, viewerCount)), decimals: 1))"
    }
}
print(line)

// EXPLAIN ANALYZE of each query as the second account, as authenticated.
let viewer = account(1)
let since = (try? LifeTimerSocialRules.recentWindowStart(now: queriedAt, viewer: viewer)) ?? queriedAt
let target = graph.accounts[followersTarget(of: 1)]
let explained: [(String, String, [(any PostgresEncodable)?])] = [
    ("feed", LifeTimerServerStore.feedSQL, [50]),
    ("followers", LifeTimerServerStore.followersSQL, [target.id]),
    ("leaderboard goals", LifeTimerServerStore.leaderboardSQL(.goals), [10]),
    ("leaderboard goals total", LifeTimerServerStore.leaderboardTotalSQL(.goals), []),
    ("leaderboard streaks", LifeTimerServerStore.leaderboardSQL(.streaks), [10]),
    ("leaderboard streaks total", LifeTimerServerStore.leaderboardTotalSQL(.streaks), []),
    ("leaderboard recent", LifeTimerServerStore.leaderboardSQL(.recent), [10, since]),
    ("leaderboard recent total", LifeTimerServerStore.leaderboardTotalSQL(.recent), [since]),
]
do {
    try server.asAccount(viewer.id) { c in
        for (name, sql, values) in explained {
            if name == "leaderboard recent" { try c.execute(LifeTimerServerStore.recentPlanSetting) }
            for row in try c.rows("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + sql, values) {
                print("explain \(name): \(try row.text("QUERY PLAN") ?? "")")
            }
        }
    }
} catch {
    fail("EXPLAIN failed: \(error)")
}
if ProcessInfo.processInfo.environment["SERVER_BENCH_KEEP"] != "1" {
    _ = try? PostgresConnection(url: adminURL).execute("DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
}
