// The server benchmark (`scripts/bench server`, SPEC SRV-2, REL-8, PERF-8,
// issues 19 and 28): one seeded social graph of LifeTimer (70 % of accounts
// public, 2 % suspended, a block per 10 accounts, 1–4 goals each, milestones
// half public and half completed over the 400 days before the queries, 30 %
// of accounts with a completed goal, follows of public accounts, 2.5 % of
// them of one popular account), loaded as is into a fresh PostgreSQL
// database (COPY, the engine's triggers off, then lifectl.lifetimer_recount())
// and, with --sqlite PATH, into a device database beside it. Then, for 200
// seeded viewers, every read path of PERF-8: the feed, the first page of the
// followers of the popular account and of whom the viewer follows, each
// leaderboard with rank and total (goals, longest and current streaks,
// recent), a search and a profile, through LifeTimerServerStore (as
// `authenticated` with the viewer's claims: what a client pays, transaction
// and all) and LifeTimerStore. With both sites, the answers must agree for
// every viewer. Prints one line of key=value pairs, then `explain PATH: …`
// lines (EXPLAIN (ANALYZE, BUFFERS) on the server for one viewer).
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
/// The account many follow (2.5 % of the follows): its followers are PERF-8's long list.
let popular = 1
let generation = milliseconds {
    for i in 0..<accountCount {
        let isPublic = generator.unit() < 0.7
        graph.accounts.append(
            Graph.Account(
                id: uuid(), name: "user\(i)", isPublic: isPublic || i == popular, zone: zones[pick(zones.count)]))
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
    for _ in 0..<(accountCount / 50) {
        let index = 1 + pick(accountCount - 1)
        if index != popular { graph.accounts[index].suspended = true }
    }
    let publicIndices = graph.accounts.indices.filter { graph.accounts[$0].isPublic }
    var made = Set<[Int]>()
    while made.count < followCount {
        let follower = pick(accountCount)
        // One account in forty follows the popular one (a public, unsuspended account).
        let followee = generator.unit() < 0.025 ? popular : publicIndices[pick(publicIndices.count)]
        guard follower != followee, !graph.accounts[followee].suspended, !graph.blocks.contains([follower, followee]),
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

/// The latest run of `days` and when it lapses, in `zone`.
@MainActor func latestRun(_ days: Set<CivilDate>, zone: String) -> (days: Int, until: Date)? {
    guard let zone = zoneOf[zone] else { return nil }
    return Streaks.latest(Array(days), in: zone)
}

/// The device's value of an account, as LifeTimerStore would hand it out.
@MainActor func account(_ i: Int) -> LifeTimerAccount {
    let a = graph.accounts[i]
    let latest = latestRun(a.days, zone: a.zone)
    return LifeTimerAccount(
        id: a.id, username: a.name, bio: nil, avatarPath: nil, email: "\(a.name)@example.org",
        visibility: a.isPublic ? .public : .private, identities: [], timeZone: a.zone, isOwner: i == 0,
        goalsCreated: a.goals.count, longestStreakDays: longestStreak(a.days), latestStreakDays: latest?.days ?? 0,
        latestStreakUntil: latest?.until, createdAt: createdAt, lastActiveAt: createdAt)
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
                into: "public.lifetimer_follows",
                columns: ["follower_id", "followee_id", "follower_key", "followee_key", "created_at"],
                rows: graph.follows.map {
                    [
                        text(graph.accounts[$0[0]].id), text(graph.accounts[$0[1]].id),
                        graph.accounts[$0[0]].name.lowercased(), graph.accounts[$0[1]].name.lowercased(),
                        text(createdAt),
                    ]
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
                    let latest = latestRun(a.days, zone: a.zone)
                    try db.execute(
                        """
                        INSERT INTO lifetimer_accounts (id, username, email, visibility, time_zone, is_owner,
                            longest_streak_days, current_streak_days, current_streak_until, created_at, last_active_at,
                            updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            a.id, a.name, "\(a.name)@example.org", a.isPublic ? "public" : "private", a.zone,
                            i == 0 ? 1 : 0,
                            longestStreak(a.days), latest?.days ?? 0, latest.map { Timestamp.database($0.until) },
                            stamp, stamp, stamp,
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
let paths = ["feed", "followers", "following", "goals", "streaks", "currentStreaks", "recent", "search", "profile"]
/// A page of people, as PERF-8 reads them.
let pageSize = 50

/// The account whose followers and profile a viewer reads: the popular one
/// when the viewer may see it, else the next public, listed account after
/// a seeded start that the viewer may see (not blocked either way).
@MainActor func followersTarget(of viewer: Int) -> Int {
    var index =
        graph.blocks.contains([viewer, popular]) || graph.blocks.contains([popular, viewer]) || viewer == popular
        ? pick(accountCount) : popular
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

/// The search text of the `n`-th read: four digits of some name (a rare
/// needle: a few dozen names), two digits (most names: the index is walked
/// in order and stopped at the page) or a name's start.
@MainActor func needle(_ n: Int) -> String {
    let number = String(pick(accountCount))
    switch n % 3 {
    case 0: return String(number.suffix(4)).count == 4 ? String(number.suffix(4)) : "user" + number
    case 1: return String(number.prefix(2))
    default: return "user" + String(number.prefix(3))
    }
}

/// One read path for one viewer on one site; answers a rendering of the
/// answer (for the sites to agree) and the rows it returned.
@MainActor func read(
    _ path: String, _ site: any LifeTimerSocialGraph, viewer: LifeTimerAccount, target: String, text: String
) throws -> (String, Int) {
    switch path {
    case "feed":
        let items = try site.feed(viewer: viewer, limit: 50)
        return (items.map { "\($0.milestoneID)" }.joined(separator: ","), items.count)
    case "followers", "following":
        let list: [PublicAccount]
        let of = path == "followers" ? target : viewer.username
        if let server = site as? LifeTimerServerStore {
            list =
                path == "followers"
                ? try server.followers(of: of, viewer: viewer, limit: pageSize, after: nil)
                : try server.following(of: of, viewer: viewer, limit: pageSize, after: nil)
        } else {
            let all =
                path == "followers"
                ? try site.followers(of: of, viewer: viewer) : try site.following(of: of, viewer: viewer)
            list = Array(all.prefix(pageSize))
        }
        return (list.map(\.username).joined(separator: ","), list.count)
    case "search":
        let found = try site.search(text, viewer: viewer, limit: 20)
        return (found.map(\.username).joined(separator: ","), found.count)
    case "profile":
        let p = try site.profile(of: target, viewer: viewer)
        return (
            "\(p.account.username) \(p.goals.map { "\($0.number):\($0.progress)" }) \(p.longestStreakDays) \(p.currentStreakDays) \(p.followers) \(p.following)",
            p.followers
        )
    default:
        guard let kind = path == "currentStreaks" ? .currentStreaks : LeaderboardKind(rawValue: path) else {
            throw LifeError.bug("unknown path \(path)")
        }
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
        let target = graph.accounts[followersTarget(of: i)].name
        for path in paths {
            _ = try read(path, server, viewer: viewer, target: target, text: needle(i))
            if let deviceStore { _ = try read(path, deviceStore, viewer: viewer, target: target, text: needle(i)) }
        }
    }
    for n in 0..<viewerCount {
        let index = pick(accountCount)
        let viewer = account(index)
        let target = graph.accounts[followersTarget(of: index)].name
        let text = needle(n)
        for path in paths {
            var serverAnswer = ("", 0)
            times["server_\(path)", default: []].append(
                try milliseconds { serverAnswer = try read(path, server, viewer: viewer, target: target, text: text) })
            rows["server_\(path)", default: 0] += serverAnswer.1
            if let deviceStore {
                var deviceAnswer = ("", 0)
                times["sqlite_\(path)", default: []].append(
                    try milliseconds {
                        deviceAnswer = try read(path, deviceStore, viewer: viewer, target: target, text: text)
                    })
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

// EXPLAIN (ANALYZE, BUFFERS) of each query as the third account, as
// authenticated, the server's clock at the queries' instant.
let viewer = account(2)
let since = (try? LifeTimerSocialRules.recentWindowStart(now: queriedAt, viewer: viewer)) ?? queriedAt
let target = graph.accounts[followersTarget(of: 2)]
let explained: [(String, String, [(any PostgresEncodable)?])] = [
    ("feed", LifeTimerServerStore.feedSQL, [50]),
    ("followers (popular account, first page)", LifeTimerServerStore.followersSQL, [target.name, pageSize, nil]),
    (
        "followers (popular account, a page from the middle)", LifeTimerServerStore.followersSQL,
        [
            target.name, pageSize, "user5",
        ]
    ),
    ("following", LifeTimerServerStore.followingSQL, [viewer.username, pageSize, nil]),
    ("leaderboard goals, with rank and total", LifeTimerServerStore.leaderboardSQL(.goals), [10]),
    ("leaderboard streaks, with rank and total", LifeTimerServerStore.leaderboardSQL(.streaks), [10]),
    ("leaderboard current streaks, with rank and total", LifeTimerServerStore.leaderboardSQL(.currentStreaks), [10]),
    ("leaderboard recent, with total", LifeTimerServerStore.leaderboardSQL(.recent), [10, since]),
    ("search (a rare needle)", LifeTimerServerStore.searchSQL, ["4271", 20]),
    ("search (a needle most names have)", LifeTimerServerStore.searchSQL, ["12", 20]),
    ("profile: the account and its numbers", LifeTimerServerStore.profileSQL, [target.name]),
    ("profile: goals and milestones", LifeTimerServerStore.profileGoalsSQL, [target.id]),
]
do {
    // auto_explain writes each statement's plan with its timings and
    // buffers, the statements the functions run included, as log messages
    // this client collects (set up as the operator, before the role switch).
    try connection.execute(
        """
        LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
        SET auto_explain.log_buffers = on; SET auto_explain.log_nested_statements = on;
        SET auto_explain.log_timing = on; SET client_min_messages = log
        """)
    for (name, sql, values) in explained {
        let (_, notices) = try connection.collectingNotices {
            try server.asAccount(viewer.id) { c in
                _ = try c.rows(sql, values)
            }
        }
        // Each distinct statement once (the rule a policy calls per row would
        // print itself per row), without the request's own set-up.
        var seen = Set<String>()
        for notice in notices where notice.contains("plan:") {
            let lines = notice.split(separator: "\n", omittingEmptySubsequences: true)
            let text = lines.drop { !$0.hasPrefix("Query Text:") }.prefix { !$0.contains("(actual time=") }
                .joined(separator: "\n")
            guard !text.contains("set_config('role'"), !text.contains("request.jwt.claim.sub"),
                seen.insert(text).inserted
            else { continue }
            for line in lines { print("explain \(name): \(line)") }
        }
    }
    try connection.execute("SET client_min_messages = warning; SET auto_explain.log_min_duration = -1")
} catch {
    fail("EXPLAIN failed: \(error)")
}
if ProcessInfo.processInfo.environment["SERVER_BENCH_KEEP"] != "1" {
    _ = try? PostgresConnection(url: adminURL).execute("DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
}
