import Foundation
import LifeCore
import LifeDB
import LifeTimer

/// A random social graph for the privacy properties (REL-6 on the device,
/// REL-8 on the server): 3–7 accounts in four zones, goals and milestones
/// completed at random instants over 20 days, some countdowns started, then
/// a random order of follows, visibility flips, blocks, suspensions and
/// their lifting, unblocks, reports, admins' hides, milestones deleted and
/// added again, and accounts deleted and made again under their name (a new
/// account). Built on the device through `LifeTimerStore`, with the model
/// kept beside it; another site (the server) follows it as it is built:
/// `afterWrite` after each change of an account's own data (at the device's
/// instant of it) and `afterOperation` after each social or moderation
/// operation, so that every change reaches it at the moment it is made.
///
/// The graphs repeat from run to run (SplitMix64 from the seed).
public struct RandomSocialGraph: Sendable {
    public static let zones = ["UTC", "America/New_York", "Asia/Tokyo", "Pacific/Auckland"]
    /// 2026-11-18.
    public static let base = Date(timeIntervalSince1970: 1_795_000_000)
    /// Reads happen 35 days after the first completions could, so the
    /// "recent" leaderboard's 30-day window leaves some out.
    public static let readAt = base.addingTimeInterval(35 * 86_400)

    /// One social operation, as made on the device, with whether LT-6 let it through.
    public enum Operation: Sendable {
        case follow(Int, Int, allowed: Bool)
        case visibility(Int, isPublic: Bool)
        case block(Int, Int)
        /// Suspended by account 0, the device's owner and an admin.
        case suspend(Int)
        /// The suspension lifted by account 0.
        case unsuspend(Int)
        case unblock(Int, Int)
        case report(Int, Int, allowed: Bool)
        /// LT-10: `reporter` reports a goal or a milestone (by id) and the
        /// admin (account 0) hides it.
        case hide(reporter: Int, goal: UUID?, milestone: UUID?)
        /// The account (as it was) deleted itself; account `Int` is now a
        /// new account with its name.
        case recreate(Int, old: LifeTimerAccount)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    public let seed: UInt64
    public private(set) var model = SocialGraphModel()
    public private(set) var operations: [Operation] = []
    /// Every report filed, as (reporter, account reported) ids: the server
    /// keeps them when an account goes (SRV-6), the device does not.
    public private(set) var reportsFiled: [[UUID]] = []
    /// Every account id suspended and not lifted, gone ones included (SRV-6).
    public private(set) var suspendedIDs: Set<UUID> = []

    /// What another site is told as the graph is built.
    public typealias AfterWrite = (_ account: Int, _ at: Date, _ model: SocialGraphModel) throws -> Void
    public typealias AfterOperation = (_ operation: Operation, _ model: SocialGraphModel) throws -> Void

    /// A device store over `db` with its clock `offsetSeconds` after `base`.
    static func store(_ db: any DatabaseWriter, _ offsetSeconds: Int = 0) -> LifeTimerStore {
        LifeTimerStore(db, clock: .fixed(base.addingTimeInterval(Double(offsetSeconds))))
    }

    /// Account `index` as the device holds it.
    public func account(_ index: Int, db: any DatabaseWriter) throws -> LifeTimerAccount {
        guard let found = try Self.store(db).account(id: model.people[index].id) else {
            throw Failure("account \(model.people[index].name) is missing")
        }
        return found
    }

    /// Builds graph `seed` on the device database `db`, telling
    /// `afterWrite` and `afterOperation` each change as it is made.
    public init(
        seed: UInt64, db: any DatabaseWriter, afterWrite: @escaping AfterWrite = { _, _, _ in },
        afterOperation: @escaping AfterOperation = { _, _ in }
    ) throws {
        self.seed = seed
        var rng = SplitMix64(state: seed)
        // The other site hears of each change as it is made.
        func wrote(_ index: Int, _ at: Date) throws { try afterWrite(index, at, model) }
        func operated(_ operation: Operation) throws {
            operations.append(operation)
            try afterOperation(operation, model)
        }
        func chance(_ p: Double) -> Bool { rng.unit() < p }
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")
        let count = 3 + pick(5)
        // Accounts, public for now so that follows can be made.
        for index in 0..<count {
            var name = ""
            repeat {
                name = String((0..<(3 + pick(6))).map { _ in alphabet[pick(alphabet.count)] })
            } while model.people.contains { $0.name.lowercased() == name.lowercased() }
            let zone = Self.zones[pick(Self.zones.count)]
            let account = try Self.store(db, index).createAccount(
                NewAccount(
                    username: name, email: "\(name)-secret@example.org",
                    identity: IdentityLink(provider: .google, subject: "subject-\(name)"), visibility: .public,
                    timeZone: zone))
            model.people.append(
                SocialGraphModel.Person(
                    name: name, id: account.id, isPublic: true, zone: try TimeZoneSetting.zone(named: zone)))
            try wrote(index, Self.base.addingTimeInterval(Double(index)))
        }
        // Goals and milestones, completed at random instants over 20 days.
        for index in 0..<count {
            for goalNumber in 1...(1 + pick(3)) {
                let title = "goal \(goalNumber) of \(model.people[index].name)"
                let goal = try Self.store(db).addGoal(for: try account(index, db: db), title: title)
                model.people[index].goals.append(goal.id)
                try wrote(index, Self.base)
                for position in 1...(1 + pick(3)) {
                    let isPublic = chance(0.6)
                    let milestone = try Self.store(db).addMilestone(
                        for: try account(index, db: db), goal: goalNumber, title: "step \(position)",
                        isPublic: isPublic)
                    try wrote(index, Self.base)
                    var completedAt: Date?
                    if chance(0.6) {
                        let offset = pick(20 * 86_400)
                        let done = try Self.store(db, offset).setMilestoneCompleted(
                            for: try account(index, db: db), MilestoneRef(goal: goalNumber, position: position), true)
                        completedAt = done.completedAt
                        let instant = Self.base.addingTimeInterval(Double(offset))
                        model.people[index].activeDays.insert(CivilDate.of(instant, in: model.people[index].zone))
                        try wrote(index, instant)
                    }
                    model.steps.append(
                        SocialGraphModel.Step(
                            id: milestone.id, owner: index, goalID: goal.id, goalTitle: title,
                            title: "step \(position)", position: position,
                            isPublic: isPublic, completedAt: completedAt))
                }
                if chance(0.4) {
                    let offset = pick(20 * 86_400)
                    try Self.store(db, offset).setGoalCompleted(
                        for: try account(index, db: db), number: goalNumber, true)
                    model.people[index].completedGoals.insert(goal.id)
                    let instant = Self.base.addingTimeInterval(Double(offset))
                    model.people[index].activeDays.insert(CivilDate.of(instant, in: model.people[index].zone))
                    try wrote(index, instant)
                }
            }
            // LT-10: a run of 1–3 days ending on the day of the reads, the
            // day before or the one before that, for the current streak.
            if chance(0.4) {
                let number = model.people[index].goals.count + 1
                let title = "run of \(model.people[index].name)"
                let goal = try Self.store(db).addGoal(for: try account(index, db: db), title: title)
                model.people[index].goals.append(goal.id)
                try wrote(index, Self.base)
                let length = 1 + pick(3)
                let end = pick(3)
                for position in 1...length {
                    let isPublic = chance(0.5)
                    let milestone = try Self.store(db).addMilestone(
                        for: try account(index, db: db), goal: number, title: "day \(position)", isPublic: isPublic)
                    try wrote(index, Self.base)
                    let offset = 35 * 86_400 - (end + length - position) * 86_400 - 3_600 - pick(3_600)
                    let done = try Self.store(db, offset).setMilestoneCompleted(
                        for: try account(index, db: db), MilestoneRef(goal: number, position: position), true)
                    let instant = Self.base.addingTimeInterval(Double(offset))
                    model.people[index].activeDays.insert(CivilDate.of(instant, in: model.people[index].zone))
                    try wrote(index, instant)
                    model.steps.append(
                        SocialGraphModel.Step(
                            id: milestone.id, owner: index, goalID: goal.id, goalTitle: title, title: "day \(position)",
                            position: position, isPublic: isPublic, completedAt: done.completedAt))
                }
            }
            if chance(0.3) {
                try Self.store(db, 21 * 86_400).start(for: try account(index, db: db))
                model.people[index].started = true
                try wrote(index, Self.base.addingTimeInterval(21 * 86_400))
            }
        }
        // LT-10: some goals and public milestones of accounts other than the
        // owner (the admin) are reported by another account and hidden,
        // while every account is public and unblocked.
        for owner in 1..<count {
            for goal in model.people[owner].goals where chance(0.15) {
                try hide(
                    reporter: (owner + 1 + pick(count - 1)) % count, goal: goal, milestone: nil, db: db,
                    then: afterOperation)
            }
        }
        for step in model.steps where step.owner != 0 && step.isPublic && chance(0.15) {
            guard !model.hiddenGoals.contains(step.goalID) else { continue }
            try hide(
                reporter: (step.owner + 1 + pick(count - 1)) % count, goal: nil, milestone: step.id, db: db,
                then: afterOperation)
        }
        // The social edges, in a random order of follows, visibility flips,
        // blocks, suspensions and their lifting, unblocks, reports, hides,
        // milestones deleted and added again, and accounts made again.
        var again = 0
        for _ in 0..<(count * 4) {
            let a = pick(count)
            let b = pick(count)
            switch pick(16) {
            case 0...4:
                let allowed = a != b && model.visible(a, b) && model.people[b].isPublic
                do {
                    try Self.store(db).follow(model.people[b].name, viewer: try account(a, db: db))
                    guard allowed else {
                        throw Failure("\(model.people[a].name) could follow \(model.people[b].name)")
                    }
                    model.follows.insert([a, b])
                } catch let error as LifeError {
                    if allowed { throw Failure("follow refused: \(error.message)") }
                }
                try operated(.follow(a, b, allowed: allowed))
            case 5:
                let makePublic = chance(0.3)
                try Self.store(db).updateAccount(
                    try account(a, db: db), AccountChange(visibility: makePublic ? .public : .private))
                model.people[a].isPublic = makePublic
                try wrote(a, Self.base)
                operations.append(.visibility(a, isPublic: makePublic))
            case 6, 7:
                guard a != b else { continue }
                try Self.store(db).block(model.people[b].name, viewer: try account(a, db: db))
                model.blocks.insert([a, b])
                model.follows.remove([a, b])
                model.follows.remove([b, a])
                try operated(.block(a, b))
            case 8:
                guard a != 0 else { continue }  // the owner (an admin) suspends
                try Self.store(db).suspend(model.people[a].name, reason: "test", admin: try account(0, db: db))
                model.people[a].suspended = true
                suspendedIDs.insert(model.people[a].id)
                try operated(.suspend(a))
            case 9:
                let allowed = a != b && model.visible(a, b)
                do {
                    try Self.store(db).report(
                        .account(username: model.people[b].name), reason: "test", by: try account(a, db: db))
                    guard allowed else {
                        throw Failure("\(model.people[a].name) could report \(model.people[b].name)")
                    }
                    model.reports.append([a, b])
                    reportsFiled.append([model.people[a].id, model.people[b].id])
                } catch let error as LifeError {
                    if allowed { throw Failure("report refused: \(error.message)") }
                }
                try operated(.report(a, b, allowed: allowed))
            case 10:
                guard a != 0, model.people[a].suspended else { continue }
                try Self.store(db).unsuspend(model.people[a].name, admin: try account(0, db: db))
                model.people[a].suspended = false
                suspendedIDs.remove(model.people[a].id)
                try operated(.unsuspend(a))
            case 11:
                // A milestone of `a` deleted, and another added and completed.
                let owned = model.steps.filter { $0.owner == a }
                if !owned.isEmpty {
                    let step = owned[pick(owned.count)]
                    let number = (model.people[a].goals.firstIndex(of: step.goalID) ?? 0) + 1
                    try Self.store(db).deleteMilestone(
                        for: try account(a, db: db), MilestoneRef(goal: number, position: step.position))
                    model.steps.removeAll { $0.id == step.id }
                    try wrote(a, Self.base)
                }
                guard let goalID = model.people[a].goals.last else { continue }
                again += 1
                let number = model.people[a].goals.count
                let title = "again \(again)"
                let isPublic = chance(0.7)
                let milestone = try Self.store(db).addMilestone(
                    for: try account(a, db: db), goal: number, title: title, isPublic: isPublic)
                try wrote(a, Self.base)
                let instant = Self.base.addingTimeInterval(Double(25 * 86_400 + pick(5 * 86_400)))
                let done = try Self.store(db, Int(instant.timeIntervalSince(Self.base))).setMilestoneCompleted(
                    for: try account(a, db: db), MilestoneRef(goal: number, position: milestone.position), true)
                model.people[a].activeDays.insert(CivilDate.of(instant, in: model.people[a].zone))
                try wrote(a, instant)
                let goalTitle = try goalTitleOf(a, number, db)
                model.steps.append(
                    SocialGraphModel.Step(
                        id: milestone.id, owner: a, goalID: goalID, goalTitle: goalTitle, title: title,
                        position: milestone.position, isPublic: isPublic, completedAt: done.completedAt))
            case 12:
                // LT-10 later on: a report of what `a` sees of `b`'s, hidden by the admin.
                guard b != 0, a != b, model.visible(a, b) else { continue }
                let goals = model.people[b].goals.filter { model.sees(a, goal: $0, of: b) }
                let steps = model.steps.filter { $0.owner == b && model.sees(a, step: $0) }
                if chance(0.5), !goals.isEmpty {
                    try hide(reporter: a, goal: goals[pick(goals.count)], milestone: nil, db: db, then: afterOperation)
                } else if !steps.isEmpty {
                    try hide(
                        reporter: a, goal: nil, milestone: steps[pick(steps.count)].id, db: db, then: afterOperation)
                }
            case 13:
                // SRV-6: `a` deletes itself and a new account takes its name.
                guard a != 0, chance(0.5) else { continue }
                let old = try account(a, db: db)
                try Self.store(db).deleteAccount(old)
                let zone = Self.zones[pick(Self.zones.count)]
                let fresh = try Self.store(db).createAccount(
                    NewAccount(
                        username: old.username, email: "\(old.username)-secret@example.org",
                        identity: IdentityLink(provider: .google, subject: "subject-\(old.username)"),
                        visibility: .public,
                        timeZone: zone))
                model.follows = model.follows.filter { !$0.contains(a) }
                model.blocks = model.blocks.filter { !$0.contains(a) }
                model.reports = model.reports.filter { !$0.contains(a) }
                model.steps.removeAll { $0.owner == a }
                model.people[a] = SocialGraphModel.Person(
                    name: old.username, id: fresh.id, isPublic: true, zone: try TimeZoneSetting.zone(named: zone))
                try operated(.recreate(a, old: old))
                try wrote(a, Self.base)
            default:
                if model.blocks.contains([a, b]) {
                    try Self.store(db).unblock(model.people[b].name, viewer: try account(a, db: db))
                    model.blocks.remove([a, b])
                    try operated(.unblock(a, b))
                }
            }
        }
    }

    /// The title of goal `number` of account `index`, as the device has it.
    func goalTitleOf(_ index: Int, _ number: Int, _ db: any DatabaseWriter) throws -> String {
        try Self.store(db).goal(for: try account(index, db: db), number: number).title
    }

    /// `reporter` reports the goal or milestone and the owner's account (an
    /// admin) hides it, on the device; logged for the server.
    mutating func hide(
        reporter: Int, goal: UUID?, milestone: UUID?, db: any DatabaseWriter, then afterOperation: AfterOperation
    ) throws {
        let subject: LifeTimerStore.ReportSubject =
            if let goal { .goal(id: goal.uuidString) } else { .milestone(id: milestone?.uuidString ?? "") }
        let report = try Self.store(db).report(subject, reason: "probe", by: try account(reporter, db: db))
        try Self.store(db).resolve(report: report.uuidString, .hide, reason: "probe", admin: try account(0, db: db))
        if let goal { model.hiddenGoals.insert(goal) }
        if let milestone { model.hiddenSteps.insert(milestone) }
        let owner =
            model.people.indices.first { model.people[$0].goals.contains { $0 == goal } }
            ?? model.steps.first { $0.id == milestone }?.owner ?? 0
        reportsFiled.append([model.people[reporter].id, model.people[owner].id])
        let operation = Operation.hide(reporter: reporter, goal: goal, milestone: milestone)
        operations.append(operation)
        try afterOperation(operation, model)
    }

    /// The search texts tried for viewer `v`: a piece of someone's name, and
    /// characters LIKE would treat as wildcards.
    public func needles(for v: Int) -> [String] {
        let someone = model.people[(v * 7 + Int(seed % 97)) % model.people.count].name
        return [String(someone.prefix(2)), "_", ".", "%", someone.uppercased()]
    }

    /// Every read path of viewer `v` through `graph` (the device's store or
    /// the server's), each checked against the model. Answers the number of
    /// reads compared and a rendering of every answer, for comparing two
    /// sites line by line (instants of activity left out: each site stamps
    /// its own).
    public func checkReads(of v: Int, viewer: LifeTimerAccount, through graph: any LifeTimerSocialGraph) throws
        -> (reads: Int, rendering: [String])
    {
        var reads = 0
        var rendering: [String] = []
        let viewerName = model.people[v].name
        func check(_ condition: Bool, _ what: @autoclosure () -> String) throws {
            reads += 1
            if !condition { throw Failure(what()) }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = model.people[v].zone
        guard let since = calendar.date(byAdding: .day, value: -30, to: Self.readAt) else {
            throw Failure("no date 30 days before \(Self.readAt)")
        }
        let secrets = model.people.flatMap { ["\($0.name)-secret@example.org", "subject-\($0.name)"] }
        func noSecrets(_ value: Any, _ path: String) throws {
            let text = String(describing: value)
            try check(!secrets.contains { text.contains($0) }, "\(path) shows an e-mail or identity: \(text)")
        }
        func names(_ accounts: [PublicAccount]) -> String { accounts.map(\.username).joined(separator: " ") }
        for a in model.people.indices {
            let name = model.people[a].name
            let canSee = model.visible(v, a)
            do {
                let profile = try graph.profile(of: name, viewer: viewer)
                try check(canSee, "viewer \(viewerName) sees the profile of hidden \(name)")
                try noSecrets(profile, "profile")
                let followers = model.byName(
                    model.follows.filter { $0[1] == a && model.visible(v, $0[0]) }.map { $0[0] })
                let following = model.byName(
                    model.follows.filter { $0[0] == a && model.visible(v, $0[1]) }.map { $0[1] })
                try check(profile.followers == followers.count, "followers count of \(name) for \(viewerName)")
                try check(profile.following == following.count, "following count of \(name) for \(viewerName)")
                try check(profile.goalsCompleted == model.goalsCompleted(a, seenBy: v), "goals completed of \(name)")
                try check(profile.longestStreakDays == model.longestStreak(a), "streak of \(name)")
                try check(
                    profile.currentStreakDays == model.currentStreak(a, at: Self.readAt), "current streak of \(name)")
                try check(
                    profile.goals.map(\.id) == model.people[a].goals.filter { model.sees(v, goal: $0, of: a) },
                    "goals of \(name)")
                try check(
                    profile.goals.filter(\.isHidden).map(\.id)
                        == (v == a ? model.people[a].goals.filter(model.hiddenGoals.contains) : []),
                    "hidden goals of \(name) marked for \(viewerName)")
                try check((profile.startedAt != nil) == model.people[a].started, "countdown of \(name)")
                let shown = Set(profile.goals.flatMap(\.milestones).map(\.id))
                let expected = Set(model.steps.filter { $0.owner == a && model.sees(v, step: $0) }.map(\.id))
                try check(shown == expected, "milestones of \(name) shown to \(viewerName)")
                let list = try graph.followers(of: name, viewer: viewer)
                try check(list.map(\.username) == followers.map { model.people[$0].name }, "followers of \(name)")
                try noSecrets(list, "followers")
                let list2 = try graph.following(of: name, viewer: viewer)
                try check(list2.map(\.username) == following.map { model.people[$0].name }, "following of \(name)")
                rendering.append(
                    "profile \(name): \(profile.account.id) \(profile.account.username) \(profile.account.bio ?? "-") "
                        + "\(Timestamp.database(profile.account.createdAt)) self=\(profile.isSelf) "
                        + "goals=\(profile.goals.map { "\($0.id):\($0.number):\($0.title):\($0.completed):\($0.progress):\($0.milestones.map { "\($0.id)/\($0.position)/\($0.isCompleted)" })" }) "
                        + "completed=\(profile.goalsCompleted) overall=\(profile.overallProgress) streak=\(profile.longestStreakDays) current=\(profile.currentStreakDays) "
                        + "start=\(profile.startedAt.map(Timestamp.database) ?? "-") end=\(profile.endsAt.map(Timestamp.database) ?? "-") "
                        + "followers=\(profile.followers) following=\(profile.following)")
                rendering.append("followers \(name): \(names(list))")
                rendering.append("following \(name): \(names(list2))")
            } catch let error as LifeError {
                try check(!canSee, "visible \(name) not found by \(viewerName): \(error.message)")
                let listsHidden =
                    (try? graph.followers(of: name, viewer: viewer)) == nil
                    && (try? graph.following(of: name, viewer: viewer)) == nil
                try check(listsHidden, "lists of hidden \(name)")
                rendering.append("profile \(name): \(error.message)")
            }
        }
        // The feed.
        let feed = try graph.feed(viewer: viewer, limit: 500)
        let expectedFeed = model.newestFirst(
            model.steps.filter { step in
                model.listed(step) && step.completedAt != nil && model.follows.contains([v, step.owner])
                    && model.visible(v, step.owner)
            })
        try check(feed.map(\.milestoneID) == expectedFeed.map(\.id), "feed of \(viewerName)")
        try noSecrets(feed, "feed")
        rendering += feed.map {
            "feed: \($0.milestoneID) \($0.account.username) \($0.goalTitle) \($0.milestoneTitle) \(Timestamp.database($0.completedAt))"
        }
        // The leaderboards, whole and cut to 2 rows.
        let goals = model.ranked(
            model.people.indices.filter { model.visible(v, $0) && model.listedGoalsCompleted($0) > 0 }.map {
                ($0, model.listedGoalsCompleted($0))
            })
        let streaks = model.ranked(
            model.people.indices.filter { model.visible(v, $0) && model.longestStreak($0) > 0 }.map {
                ($0, model.longestStreak($0))
            })
        let current = model.ranked(
            model.people.indices.filter { model.visible(v, $0) && model.currentStreak($0, at: Self.readAt) > 0 }.map {
                ($0, model.currentStreak($0, at: Self.readAt))
            })
        for (kind, expected) in [(LeaderboardKind.goals, goals), (.streaks, streaks), (.currentStreaks, current)] {
            for limit in [500, 2] {
                let board = try graph.leaderboard(kind, viewer: viewer, limit: limit)
                let rows = board.entries.map { "\($0.rank) \($0.account.username) \($0.value)" }
                let want = expected.prefix(limit).map { "\($0.rank) \(model.people[$0.index].name) \($0.value)" }
                try check(rows == want, "\(kind) leaderboard for \(viewerName): \(rows) ≠ \(want)")
                try check(board.total == expected.count, "\(kind) total for \(viewerName)")
                try noSecrets(board, "leaderboard")
                rendering.append("\(kind) \(limit): \(rows) total \(board.total)")
            }
        }
        let recent = model.newestFirst(
            model.steps.filter {
                model.listed($0) && ($0.completedAt ?? .distantPast) >= since && model.visible(v, $0.owner)
            })
        let board = try graph.leaderboard(.recent, viewer: viewer, limit: 3)
        let rows = board.entries.map {
            "\($0.rank) \($0.account.username) \($0.milestoneTitle ?? "") \($0.completedAt.map(Timestamp.database) ?? "")"
        }
        try check(
            rows
                == recent.prefix(3).enumerated().map {
                    "\($0.offset + 1) \(model.people[$0.element.owner].name) \($0.element.title) \($0.element.completedAt.map(Timestamp.database) ?? "")"
                },
            "recent leaderboard for \(viewerName): \(rows)")
        try check(board.total == recent.count, "recent total for \(viewerName): \(board.total) ≠ \(recent.count)")
        rendering.append("recent: \(rows) total \(board.total)")
        // Search.
        for needle in needles(for: v) {
            let found = try graph.search(needle, viewer: viewer, limit: 500).map(\.username)
            let want = model.byName(
                model.people.indices.filter {
                    model.visible(v, $0) && model.people[$0].name.lowercased().contains(needle.lowercased())
                }
            ).map { model.people[$0].name }
            try check(found == want, "search '\(needle)' for \(viewerName): \(found) ≠ \(want)")
            rendering.append("search \(needle): \(found)")
        }
        return (reads, rendering)
    }
}
