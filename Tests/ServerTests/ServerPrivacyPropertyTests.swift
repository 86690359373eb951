import Foundation
import LifeCore
import LifeDB
import LifeServer
import LifeTimer
import LifeTimerServer
import LifeTimerTestSupport
import ServerTestSupport
import LifeKitTestSupport
import Testing

/// REL-8: the random social graphs of REL-6 (`RandomSocialGraph`), built on
/// the device through `LifeTimerStore` and followed on a real PostgreSQL
/// through `LifeTimerServerStore` as they are built, as the CLI keeps a
/// published account in step (SRV-6): each change of an account's own data
/// published at the device's instant of it (the server stamps completions
/// and days itself, with its clock pinned there by the operator), each
/// social and moderation operation (follows, blocks, suspensions and their
/// lifting, reports, admins' hides, accounts deleted and made again under
/// their name) made on the server right after the device, each allowed or
/// refused as on the device. Then, for every viewer:
/// - every read path (profile, followers and following with counts, feed,
///   each leaderboard with ranks and totals, search) on the server equals the
///   device's answer line by line, and both equal the model (`SocialGraphModel`);
/// - connected as `authenticated` with the viewer's claims, a raw
///   `SELECT *` from every table and view returns exactly the rows LT-6
///   allows (worked out from the model), the moderation facts kept for
///   accounts that are gone included, the engine's tables and the blocks
///   none, and `lifectl.lifetimer_can_see` answers the model's table;
/// - as `anon`, every table, view and function is refused.
/// Finally every account is deleted on both sites: every table of the
/// device is empty, and on the server nothing is left of any account but
/// its tombstone and the moderation facts naming it (LT-1, SRV-6).
///
/// `LIFETIMER_REL8_SEED=N` explores other graphs; a failure names the seed.
@Suite(.tags(.server, .property), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct ServerPrivacyPropertyTests {
    static let graphs = 200

    @Test func randomGraphsAgreeOnServerDeviceAndModel() throws {
        let server = try TestServer.database()
        defer { server.drop() }
        let connection = try server.connect()
        let seed =
            ProcessInfo.processInfo.environment["LIFETIMER_REL8_SEED"].flatMap { UInt64($0) } ?? 0x5EB8_0726_0045_F077
        var master = SplitMix64(state: seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rel8-\(UUID().uuidString)")
        let device = try TestDatabase.queue(
            path: folder.appendingPathComponent("life.db").path, now: RandomSocialGraph.base)
        try TestDatabase.setTimeZone("UTC", in: device)
        defer { try? FileManager.default.removeItem(at: folder) }
        var reads = 0
        var recreated = 0
        for index in 0..<Self.graphs {
            let graphSeed = master.next()
            do {
                let (count, again) = try Self.run(graphSeed, device: device, connection: connection)
                reads += count
                recreated += again
            } catch {
                Issue.record(
                    "REL-8 graph \(index) failed: \(error). Reproduce with LIFETIMER_REL8_SEED=\(seed) (graph seed \(graphSeed))"
                )
                return
            }
        }
        #expect(reads > Self.graphs * 100)
        #expect(recreated > Self.graphs / 10, "accounts deleted and made again: \(recreated)")
    }

    /// One graph: built on the device and followed on the server, then read
    /// everywhere; answers the reads compared and the accounts made again.
    static func run(_ seed: UInt64, device: DatabaseQueue, connection: PostgresConnection) throws -> (Int, Int) {
        let mirror = ServerGraphMirror(device: device, connection: connection)
        let graph = try RandomSocialGraph(
            seed: seed, db: device, afterWrite: { try mirror.wrote($0, at: $1, model: $2) },
            afterOperation: { try mirror.operated($0, model: $1) })
        let deviceStore = LifeTimerStore(device, clock: .fixed(RandomSocialGraph.readAt))
        let reader = LifeTimerServerStore(connection: connection, clock: .fixed(RandomSocialGraph.readAt))
        var reads = 0
        for v in graph.model.people.indices {
            let viewer = try graph.account(v, db: device)
            let onDevice = try graph.checkReads(of: v, viewer: viewer, through: deviceStore)
            let onServer = try graph.checkReads(of: v, viewer: viewer, through: reader)
            for (line, (deviceLine, serverLine)) in zip(onDevice.rendering, onServer.rendering).enumerated()
            where deviceLine != serverLine {
                throw RandomSocialGraph.Failure(
                    "viewer \(viewer.username), answer \(line): device \(deviceLine) ≠ server \(serverLine)")
            }
            guard onDevice.rendering.count == onServer.rendering.count else {
                throw RandomSocialGraph.Failure("the device and the server gave different numbers of answers")
            }
            reads += onDevice.reads + onServer.reads
            reads += try checkRawRows(graph, viewer: v, connection: connection)
        }
        // LT-1: deleting every account leaves nothing of any on the device;
        // on the server, its tombstone and the moderation facts about it (SRV-6).
        for index in graph.model.people.indices {
            let account = try graph.account(index, db: device)
            try reader.deleteAccount(account)
            try deviceStore.deleteAccount(account)
        }
        for table in LifeTimerServerSchema.tables + LifeTimerServerSchema.engineTables
        where !LifeTimerServerSchema.moderationTables.contains(table) && table != "lifectl.lifetimer_account_ids" {
            let rows = try connection.row("SELECT count(*) AS n FROM \(table)")?.get("n", as: Int.self)
            guard rows == 0 else {
                throw RandomSocialGraph.Failure("\(table) still has \(rows ?? -1) rows after every account was deleted")
            }
            reads += 1
        }
        let living = try connection.row(
            "SELECT count(*) AS n FROM lifectl.lifetimer_account_ids WHERE deleted_at IS NULL")?.get("n", as: Int.self)
        guard living == 0 else { throw RandomSocialGraph.Failure("\(living ?? -1) account ids are not tombstones") }
        let kept = try connection.row(
            """
            SELECT (SELECT count(*) FROM public.lifetimer_suspensions) AS suspensions,
                   (SELECT count(*) FROM public.lifetimer_reports) AS reports,
                   (SELECT count(*) FROM public.lifetimer_blocks) AS blocks
            """)
        guard try kept?.get("suspensions", as: Int.self) == graph.suspendedIDs.count,
            try kept?.get("reports", as: Int.self) == graph.reportsFiled.count,
            try kept?.get("blocks", as: Int.self) == 0
        else {
            throw RandomSocialGraph.Failure(
                "moderation facts kept: \(String(describing: kept?.values)); expected \(graph.suspendedIDs.count) suspensions, \(graph.reportsFiled.count) reports, no block (each went with its maker)"
            )
        }
        for table in try device.read({ try $0.tableNames() }) where table.hasPrefix("lifetimer_") {
            guard try device.read({ try $0.rowCount(table: table) }) == 0 else {
                throw RandomSocialGraph.Failure("device \(table) still has rows after every account was deleted")
            }
        }
        // Start the next graph on an empty server: the moderation facts of these accounts go (the operator's power).
        try connection.execute(
            "TRUNCATE public.lifetimer_report_decisions, public.lifetimer_reports, public.lifetimer_suspensions")
        let again = graph.operations.filter { if case .recreate = $0 { true } else { false } }.count
        return (reads, again)
    }

    /// Raw SELECTs as the viewer (authenticated) and as anon, against the
    /// rows LT-6 allows. Answers the number of checks.
    static func checkRawRows(_ graph: RandomSocialGraph, viewer v: Int, connection: PostgresConnection) throws -> Int {
        let model = graph.model
        let people = model.people
        let id = people[v].id
        let isAdmin = v == 0
        var checks = 0
        func check(_ condition: Bool, _ what: @autoclosure () -> String) throws {
            checks += 1
            if !condition { throw RandomSocialGraph.Failure("as \(people[v].name): \(what())") }
        }
        func ids(_ indices: [Int]) -> Set<String> { Set(indices.map { people[$0].id.uuidString.lowercased() }) }
        let visible = people.indices.filter { model.visible(v, $0) }
        try connection.probe(as: id) { c in
            func column(_ sql: String, _ names: String...) throws -> [String] {
                try c.rows(sql).map { row in try names.map { try row.text($0) ?? "-" }.joined(separator: " ") }
            }
            // Accounts: the visible ones, and their public columns only.
            let accountRows = try c.execute("SELECT * FROM public.lifetimer_accounts")
            try check(
                Set(try accountRows.rows.map { try $0.get("id", as: String.self) }) == ids(visible), "accounts")
            for row in accountRows.rows {
                try check((try? row.text("email")) == nil, "an accounts row has an e-mail column")
            }
            try check(
                try column("SELECT * FROM public.lifetimer_account_private", "account_id", "email")
                    == ["\(id.uuidString.lowercased()) \(people[v].name)-secret@example.org"],
                "private rows")
            // LT-10: a hidden goal is its own account's alone.
            let goals = Set(
                visible.flatMap { owner in people[owner].goals.filter { model.sees(v, goal: $0, of: owner) } }.map {
                    $0.uuidString.lowercased()
                })
            try check(Set(try column("SELECT * FROM public.lifetimer_goals", "id")) == goals, "goals")
            try check(
                Set(try column("SELECT * FROM public.lifetimer_countdowns", "account_id"))
                    == ids(visible.filter { people[$0].started }), "countdowns")
            let steps = model.steps.filter { model.sees(v, step: $0) }
            try check(
                Set(try column("SELECT * FROM public.lifetimer_milestones", "id"))
                    == Set(steps.map { $0.id.uuidString.lowercased() }), "milestones")
            try check(
                Set(try column("SELECT * FROM public.lifetimer_activity_days", "account_id", "day"))
                    == Set(people[v].activeDays.map { "\(id.uuidString.lowercased()) \($0.iso)" }), "activity days")
            func pairs(_ edges: [[Int]]) -> Set<String> {
                Set(
                    edges.map {
                        "\(people[$0[0]].id.uuidString.lowercased()) \(people[$0[1]].id.uuidString.lowercased())"
                    })
            }
            try check(
                Set(try column("SELECT * FROM public.lifetimer_follows", "follower_id", "followee_id"))
                    == pairs(model.follows.filter { model.visible(v, $0[0]) && model.visible(v, $0[1]) }), "follows")
            // Blocks are no client's to read: a block's row names an account its maker cannot see.
            try check(try c.failure("SELECT * FROM public.lifetimer_blocks") == "42501", "blocks are readable")
            try check(
                Set(try column("SELECT * FROM public.lifetimer_admins", "account_id")) == (isAdmin ? ids([0]) : []),
                "admins")
            // SRV-6: the suspensions of accounts that are gone stay, for the admins.
            try check(
                Set(try column("SELECT * FROM public.lifetimer_suspensions", "account_id"))
                    == Set(
                        graph.suspendedIDs.filter { isAdmin || $0 == id }.map { $0.uuidString.lowercased() }),
                "suspensions")
            // Reports as a multiset: one account may report another twice;
            // those behind the hides and those about or by accounts that are
            // gone included (SRV-6): the admin's, and each reporter's own.
            let reports = graph.reportsFiled.filter { isAdmin || $0[0] == id }.map {
                "\($0[0].uuidString.lowercased()) \($0[1].uuidString.lowercased())"
            }
            let hides = graph.operations.filter { if case .hide = $0 { true } else { false } }.count
            try check(
                try column("SELECT * FROM public.lifetimer_reports", "reporter_id", "target_account_id").sorted()
                    == reports.sorted(), "reports")
            // LT-10: the decisions are the admins'; the identities each account's own.
            try check(
                try c.rows("SELECT * FROM public.lifetimer_report_decisions").count == (isAdmin ? hides : 0),
                "decisions")
            try check(
                try column("SELECT * FROM public.lifetimer_identities", "provider", "subject", "account_id")
                    == ["google subject-\(people[v].name) \(id.uuidString.lowercased())"], "identities")
            // The views.
            let feed = model.steps.filter {
                model.listed($0) && $0.completedAt != nil && model.follows.contains([v, $0.owner])
                    && model.visible(v, $0.owner)
            }
            try check(
                Set(try column("SELECT * FROM public.lifetimer_feed", "milestone_id"))
                    == Set(feed.map { $0.id.uuidString.lowercased() }), "feed view")
            let recent = model.steps.filter { model.listed($0) && $0.completedAt != nil && model.visible(v, $0.owner) }
            try check(
                Set(try column("SELECT * FROM public.lifetimer_leaderboard_recent", "milestone_id"))
                    == Set(recent.map { $0.id.uuidString.lowercased() }), "recent view")
            let goalsBoard = model.ranked(
                visible.filter { model.listedGoalsCompleted($0) > 0 }.map { ($0, model.listedGoalsCompleted($0)) })
            try check(
                Set(try column("SELECT * FROM public.lifetimer_leaderboard_goals", "username", "value", "rank"))
                    == Set(goalsBoard.map { "\(people[$0.index].name) \($0.value) \($0.rank)" }), "goals view")
            let streakBoard = model.ranked(
                visible.filter { model.longestStreak($0) > 0 }.map { ($0, model.longestStreak($0)) })
            try check(
                Set(try column("SELECT * FROM public.lifetimer_leaderboard_streaks", "username", "value", "rank"))
                    == Set(streakBoard.map { "\(people[$0.index].name) \($0.value) \($0.rank)" }), "streaks view")
            // The current-streak board at the reads' instant (the operator pins the server's clock).
            try c.execute("SELECT set_config('lifectl.now', $1, true)", [RandomSocialGraph.readAt])
            let current = model.ranked(
                visible.filter { model.currentStreak($0, at: RandomSocialGraph.readAt) > 0 }.map {
                    ($0, model.currentStreak($0, at: RandomSocialGraph.readAt))
                })
            try check(
                try column("SELECT * FROM public.lifetimer_current_streaks(500)", "username", "value", "rank", "total")
                    == current.map { "\(people[$0.index].name) \($0.value) \($0.rank) \(current.count)" },
                "current streaks board")
            // No column anyone reads holds the instant a streak lapses (local midnight: the zone).
            try check(
                try c.rows("SELECT * FROM public.lifetimer_accounts").allSatisfy {
                    (try? $0.text("current_streak_until")) == nil
                },
                "an account row has current_streak_until")
            // The engine's tables are no client's.
            for table in LifeTimerServerSchema.engineTables + ["lifectl.schema_migrations"] {
                try check(try c.failure("SELECT * FROM \(table)") == "42501", "\(table) is readable")
            }
            // The rule itself, called directly, answers what the table of LT-6 says.
            for a in people.indices {
                try check(
                    try c.row("SELECT lifectl.lifetimer_can_see($1) AS v", [people[a].id])?.get("v", as: Bool.self)
                        == model.visible(v, a), "can_see(\(people[a].name))")
            }
        }
        // anon: nothing at all.
        try connection.probe(as: nil, role: "anon") { c in
            for table in LifeTimerServerSchema.tables + LifeTimerServerSchema.views + LifeTimerServerSchema.engineTables
            {
                try check(try c.failure("SELECT * FROM \(table)") == "42501", "anon reads \(table)")
            }
            try check(
                try c.failure("SELECT * FROM public.lifetimer_search('a', 10)") == "42501", "anon calls search")
            try check(
                try c.failure("SELECT lifectl.lifetimer_can_see($1)", [people[0].id]) == "42501",
                "anon calls the visibility rule")
        }
        return checks
    }
}
