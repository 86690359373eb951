import Foundation
import LifeCore
import LifeDB
import LifeTimer
import Testing

/// LT-10 (issue 20) through the store: streak notifications when earned,
/// milestone reminders in advance, the current streak, sign-in identities
/// and one account per e-mail address, decisions on reports and hidden
/// goals and milestones, and the day-by-day progress series. Each case
/// fails on the store before 0018.
@Suite struct LifeTimerDepthTests {
    // MARK: Notifications

    /// The third day's milestone completed at 10:00 earns "3 in a row" at
    /// 10:00, when it is recorded, not at the 09:00 reminder time before it.
    @Test func aStreakNotificationFiresWhenTheProgressThatEarnsItIsRecorded() throws {
        let fixture = try LifeTimerFixture()
        let ada = try fixture.store(at: "2026-11-19T08:00:00Z").createAccount(NewAccount(username: "ada"))
        try fixture.store(at: "2026-11-19T08:00:00Z").addGoal(for: ada, title: "Swim")
        for step in 1...3 {
            try fixture.store(at: "2026-11-19T08:00:00Z").addMilestone(for: ada, goal: 1, title: "Lap \(step)")
        }
        for (step, instant) in ["2026-11-20T07:15:00Z", "2026-11-21T18:40:00Z", "2026-11-22T10:00:00Z"].enumerated() {
            try fixture.store(at: instant).setMilestoneCompleted(
                for: ada, MilestoneRef(goal: 1, position: step + 1), true)
        }
        let list = try fixture.store(at: "2026-11-22T12:00:00Z").notifications(
            for: ada, from: try LifeTimerFixture.date("2026-11-19"), days: 5)
        #expect(
            list.map { "\($0.kind.rawValue) \(Timestamp.iso8601($0.fireAt)) \($0.body)" } == [
                "streak 2026-11-22T10:00:00Z 3 active days in a row. Keep it going."
            ])
        // A second progress the same day changes nothing: the first earned it.
        try fixture.store(at: "2026-11-22T11:00:00Z").setGoalCompleted(for: ada, number: 1, true)
        let again = try fixture.store(at: "2026-11-22T12:00:00Z").notifications(
            for: ada, from: try LifeTimerFixture.date("2026-11-19"), days: 5)
        #expect(again.map { Timestamp.iso8601($0.fireAt) } == ["2026-11-22T10:00:00Z"])
    }

    /// LT-10: N days before the due date, per account; a refused value
    /// changes nothing.
    @Test func milestoneRemindersComeInAdvancePerAccount() throws {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store(at: "2026-11-22T08:00:00Z")
        let ada = try store.createAccount(NewAccount(username: "ada"))
        let bob = try store.createAccount(NewAccount(username: "bob"))
        for account in [ada, bob] {
            try store.addGoal(for: account, title: "Swim")
            try store.addMilestone(
                for: account, goal: 1, title: "Cross the lake", due: try LifeTimerFixture.date("2026-12-01"))
        }
        let preferences = try store.updateNotificationPreferences(of: ada) { $0.advanceDays = 5 }
        #expect(preferences.advanceDays == 5)
        let from = try LifeTimerFixture.date("2026-11-22")
        let mine = try store.notifications(for: ada, from: from, days: 14).filter { $0.kind == .milestone }
        #expect(
            mine.map { "\(Timestamp.iso8601($0.fireAt)) \($0.body)" } == [
                "2026-11-26T09:00:00Z Milestone due in 5 days, on 1 December 2026: Cross the lake",
                "2026-12-01T09:00:00Z Milestone due today: Cross the lake",
            ])
        // Bob did not ask for it.
        #expect(
            try store.notifications(for: bob, from: from, days: 14).filter { $0.kind == .milestone }.map(\.body) == [
                "Milestone due today: Cross the lake"
            ])
        let before = try fixture.content()
        let refused = try #require(throws: LifeError.self) {
            try store.updateNotificationPreferences(of: ada) { $0.advanceDays = 366 }
        }
        #expect(refused.message == "advance is 366 days; it must be from 0 (none) to 365")
        #expect(try fixture.content() == before)
    }

    // MARK: The current streak

    /// Ada (UTC) is active on the 20th, 21st and 22nd; Bob (UTC) on the 23rd;
    /// Cyd (UTC) ran 5 days in October; Dee (Auckland, 13 hours ahead) ran 4
    /// days to her 22nd. A run is current while its last day is today or
    /// yesterday in its account's zone.
    @Test func theCurrentStreakBesideTheLongestAndItsLeaderboard() throws {
        let fixture = try LifeTimerFixture()
        let setup = try fixture.store(at: "2026-10-01T00:00:00Z")
        var people: [String: LifeTimerAccount] = [:]
        for (name, zone) in [("ada", "UTC"), ("bob", "UTC"), ("cyd", "UTC"), ("dee", "Pacific/Auckland")] {
            people[name] = try setup.createAccount(NewAccount(username: name, visibility: .public, timeZone: zone))
        }
        func active(_ name: String, _ instants: [String]) throws {
            let account = try #require(people[name])
            try setup.addGoal(for: account, title: "Goal")
            for (index, instant) in instants.enumerated() {
                try setup.addMilestone(for: account, goal: 1, title: "Step \(index + 1)")
                try fixture.store(at: instant).setMilestoneCompleted(
                    for: account, MilestoneRef(goal: 1, position: index + 1), true)
            }
        }
        try active("ada", ["2026-11-20T10:00:00Z", "2026-11-21T10:00:00Z", "2026-11-22T10:00:00Z"])
        try active("bob", ["2026-11-23T01:00:00Z"])
        try active("cyd", (1...5).map { "2026-10-0\($0)T12:00:00Z" })
        // Dee's 19th … 22nd in Auckland (NZDT, +13): 12:00Z on the 18th … 21st.
        try active("dee", (18...21).map { "2026-11-\($0)T12:00:00Z" })
        let ada = try #require(people["ada"])
        // Dee's run ends her 22nd: current until her 24th begins, 2026-11-23T11:00Z.
        let noon = try fixture.store(at: "2026-11-23T10:00:00Z")
        let board = try noon.leaderboard(.currentStreaks, viewer: ada)
        #expect(
            board.entries.map { "\($0.rank) \($0.account.username) \($0.value)" } == ["1 dee 4", "2 ada 3", "3 bob 1"])
        #expect(board.total == 3)
        let later = try fixture.store(at: "2026-11-23T12:00:00Z")
        #expect(
            try later.leaderboard(.currentStreaks, viewer: ada).entries.map { "\($0.rank) \($0.account.username)" }
                == ["1 ada", "2 bob"])
        // The longest-streak board is unchanged: cyd's 5 leads.
        #expect(
            try later.leaderboard(.streaks, viewer: ada).entries.map { "\($0.rank) \($0.account.username) \($0.value)" }
                == ["1 cyd 5", "2 dee 4", "3 ada 3", "4 bob 1"])
        // The profile: the current streak beside the longest; ada's run ends
        // at the start of the 24th (UTC).
        let profile = try later.profile(of: "ada", viewer: try #require(people["bob"]))
        #expect((profile.currentStreakDays, profile.longestStreakDays) == (3, 3))
        #expect(try fixture.store(at: "2026-11-23T23:59:59Z").profile(of: "ada", viewer: ada).currentStreakDays == 3)
        #expect(try fixture.store(at: "2026-11-24T00:00:00Z").profile(of: "ada", viewer: ada).currentStreakDays == 0)
        #expect(try later.profile(of: "cyd", viewer: ada).currentStreakDays == 0)
        // A zone change moves the end: in Honolulu (-10) ada's 24th begins at 10:00Z.
        let moved = try fixture.store(at: "2026-11-23T12:00:00Z").updateAccount(
            ada, AccountChange(timeZone: "Pacific/Honolulu"))
        #expect(moved.latestStreakUntil == (try LifeTimerFixture.instant("2026-11-24T10:00:00Z")))
        #expect(try fixture.store(at: "2026-11-24T09:00:00Z").profile(of: "ada", viewer: ada).currentStreakDays == 3)
        #expect(try fixture.store().invariantViolations().isEmpty)
    }

    // MARK: Identities and e-mail

    /// LT-10: several identities per account, each on one account; one
    /// account per e-mail address in any case; a refusal changes nothing.
    @Test func anAccountLinksSeveralIdentitiesEachOnOneAccount() throws {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store()
        let ada = try store.createAccount(
            NewAccount(
                username: "ada", email: "Ada@Example.org", identity: IdentityLink(provider: .email, subject: "ada-1")))
        let bob = try store.createAccount(NewAccount(username: "bob"))
        #expect(try store.linkIdentity(IdentityLink(provider: .google, subject: "g-1"), to: ada))
        #expect(try store.linkIdentity(IdentityLink(provider: .apple, subject: "a-1"), to: ada))
        // Linking it again changes nothing.
        #expect(try store.linkIdentity(IdentityLink(provider: .apple, subject: "a-1"), to: ada) == false)
        let links = try #require(try store.account(id: ada.id)).identities.map {
            "\($0.provider.rawValue):\($0.subject)"
        }
        #expect(Set(links) == ["email:ada-1", "google:g-1", "apple:a-1"])
        let before = try fixture.content()
        let taken = try #require(throws: LifeError.self) {
            try store.linkIdentity(IdentityLink(provider: .google, subject: "g-1"), to: bob)
        }
        #expect(
            taken.message
                == "identity google:g-1 already belongs to an account (an identity signs in to one account)")
        // The same subject at another provider is another identity: allowed below.
        let email = try #require(throws: LifeError.self) {
            try store.createAccount(NewAccount(username: "cyd", email: "ada@example.ORG"))
        }
        #expect(email.message == "another account has that e-mail address (an address belongs to one account)")
        #expect(throws: LifeError.self) { try store.updateAccount(bob, AccountChange(email: "ADA@example.org")) }
        #expect(throws: LifeError.self) {
            try store.unlinkIdentity(IdentityLink(provider: .google, subject: "g-1"), from: bob)
        }
        #expect(try fixture.content() == before)
        #expect(try store.linkIdentity(IdentityLink(provider: .apple, subject: "g-1"), to: bob))
        // Ada may change the case of her own address.
        try store.updateAccount(ada, AccountChange(email: "ada@example.org"))
        try store.unlinkIdentity(IdentityLink(provider: .google, subject: "g-1"), from: ada)
        #expect(
            Set(try #require(try store.account(id: ada.id)).identities.map(\.subject)) == ["ada-1", "a-1"])
        // The rows: one per identity, each naming its account.
        let rows = try fixture.db.read { db in
            try db.fetchAll("SELECT provider, subject, account_id FROM lifetimer_identities ORDER BY provider, subject")
                .map {
                    "\(try $0.get(String.self, at: 0)):\(try $0.get(String.self, at: 1)) \(try $0.get(String.self, at: 2))"
                }
        }
        let (a, b) = (ada.id.uuidString.lowercased(), bob.id.uuidString.lowercased())
        #expect(rows == ["apple:a-1 \(a)", "apple:g-1 \(b)", "email:ada-1 \(a)"])
        // Deleting the account deletes its links.
        try store.deleteAccount(ada)
        #expect(try fixture.db.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM lifetimer_identities") } == 1)
    }

    // MARK: Moderation

    struct World {
        let fixture: LifeTimerFixture
        let owner: LifeTimerAccount
        let bob: LifeTimerAccount
        let cyd: LifeTimerAccount
        /// Bob's goal 1 (completed) with its public milestone 1.1 (completed),
        /// and goal 2 with public milestones 2.1 (completed) and 2.2.
        let goal: Goal
        let step: Milestone
        let other: Milestone
    }

    static func world() throws -> World {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store(at: "2026-11-20T08:00:00Z")
        let owner = try store.createAccount(NewAccount(username: "own", visibility: .public))
        let bob = try store.createAccount(NewAccount(username: "bob", visibility: .public))
        let cyd = try store.createAccount(NewAccount(username: "cyd", visibility: .public))
        let goal = try store.addGoal(for: bob, title: "Rude title")
        try store.addGoal(for: bob, title: "Fine goal")
        let step = try store.addMilestone(for: bob, goal: 1, title: "Rude step", isPublic: true)
        let other = try store.addMilestone(for: bob, goal: 2, title: "Another rude step", isPublic: true)
        try store.addMilestone(for: bob, goal: 2, title: "Fine step", isPublic: true)
        let later = try fixture.store(at: "2026-11-21T08:00:00Z")
        try later.setMilestoneCompleted(for: bob, MilestoneRef(goal: 1, position: 1), true)
        try later.setMilestoneCompleted(for: bob, MilestoneRef(goal: 2, position: 1), true)
        try later.setGoalCompleted(for: bob, number: 1, true)
        try store.follow("bob", viewer: cyd)
        return World(fixture: fixture, owner: owner, bob: bob, cyd: cyd, goal: goal, step: step, other: other)
    }

    /// A hidden goal is its owner's alone (with its milestones), everywhere:
    /// profile, feed, leaderboards (for the owner too), search; every
    /// decision is kept with who decided, when and why.
    @Test func anAdminHidesAReportedGoalAndEveryDecisionIsKept() throws {
        let world = try Self.world()
        let (owner, bob, cyd) = (world.owner, world.bob, world.cyd)
        let store = try world.fixture.store(at: "2026-11-22T08:00:00Z")
        let report = try store.report(.goal(id: world.goal.id.uuidString), reason: "rude", by: cyd)
        // Before: cyd sees the goal, its milestone in the feed, bob ranks 1 with 1 goal.
        #expect(try store.profile(of: "bob", viewer: cyd).goals.map(\.number) == [1, 2])
        let decided = try world.fixture.store(at: "2026-11-22T09:30:00Z").resolve(
            report: String(report.uuidString.prefix(8)), .hide, reason: "a rude title", admin: owner)
        #expect(decided.action == .hide)
        #expect(decided.decidedBy == "own")
        #expect(decided.account == "bob")
        #expect(decided.decidedAt == (try LifeTimerFixture.instant("2026-11-22T09:30:00Z")))
        let seen = try store.profile(of: "bob", viewer: cyd)
        #expect(seen.goals.map(\.number) == [2])
        #expect(seen.goalsCompleted == 0)
        #expect(seen.goals.flatMap(\.milestones).map(\.title) == ["Another rude step", "Fine step"])
        let own = try store.profile(of: "bob", viewer: bob)
        #expect(own.goals.map { "\($0.number) \($0.isHidden)" } == ["1 true", "2 false"])
        #expect(own.goals[0].milestones.map(\.isHidden) == [true])
        #expect(own.goalsCompleted == 1)
        #expect(try store.goals(of: bob).map(\.isHidden) == [true, false])
        #expect(try store.feed(viewer: cyd).map(\.milestoneTitle) == ["Another rude step"])
        // Leaderboards count a hidden goal for no one, bob included.
        for viewer in [cyd, bob, owner] {
            #expect(try store.leaderboard(.goals, viewer: viewer).total == 0)
            #expect(
                try store.leaderboard(.recent, viewer: viewer).entries.map { $0.milestoneTitle ?? "" } == [
                    "Another rude step"
                ])
        }
        // cyd can no longer report what it cannot see.
        #expect(throws: LifeError.self) {
            try store.report(.milestone(id: world.step.id.uuidString), reason: "again", by: cyd)
        }
        // The decision is kept, and outlives the report and its reporter.
        let reports = try store.reports(admin: owner)
        #expect(reports.map { $0.decisions.map(\.action) } == [[.hide]])
        #expect(try store.reports(admin: owner, openOnly: true).isEmpty)
        try store.deleteAccount(cyd)
        let decisions = try store.decisions(admin: owner)
        #expect(
            decisions.map { "\($0.action.rawValue) \($0.account) \($0.decidedBy ?? "-") \($0.reason)" } == [
                "hide bob own a rude title"
            ])
        #expect(decisions.first?.reportID == nil)
        let dee = try store.createAccount(NewAccount(username: "dee", visibility: .public))
        #expect(try store.profile(of: "bob", viewer: dee).goals.map(\.number) == [2])
        #expect(try store.invariantViolations().isEmpty)
    }

    /// Dismiss, hide a milestone, suspend; what is refused changes nothing.
    @Test func dismissHideAMilestoneSuspendAndRefusals() throws {
        let world = try Self.world()
        let (owner, bob, cyd) = (world.owner, world.bob, world.cyd)
        let store = try world.fixture.store(at: "2026-11-22T08:00:00Z")
        let aboutMilestone = try store.report(.milestone(id: world.other.id.uuidString), reason: "rude", by: cyd)
        let aboutAccount = try store.report(.account(username: "bob"), reason: "spam", by: cyd)
        let aboutOwner = try store.report(.account(username: "own"), reason: "bossy", by: cyd)
        let before = try world.fixture.content()
        let refusals: [(String, () throws -> Void)] = [
            (
                "the report is about an account, which cannot be hidden; suspend it, or dismiss the report",
                { try store.resolve(report: aboutAccount.uuidString, .hide, reason: "no", admin: owner) }
            ),
            (
                "the report is about your own account; another admin decides on it",
                { try store.resolve(report: aboutOwner.uuidString, .dismiss, reason: "no", admin: owner) }
            ),
            (
                "cyd is not an admin",
                { try store.resolve(report: aboutAccount.uuidString, .dismiss, reason: "x", admin: cyd) }
            ),
            (
                "report is 'ffff0000'; no report has that id",
                { try store.resolve(report: "ffff0000", .dismiss, reason: "x", admin: owner) }
            ),
            (
                "reason is required; it is empty after trimming white space",
                { try store.resolve(report: aboutAccount.uuidString, .dismiss, reason: " ", admin: owner) }
            ),
        ]
        for (message, body) in refusals {
            let error = try #require(throws: LifeError.self) { try body() }
            #expect(error.message == message)
        }
        #expect(try world.fixture.content() == before)
        try store.resolve(report: aboutAccount.uuidString, .dismiss, reason: "not spam", admin: owner)
        try store.resolve(report: aboutMilestone.uuidString, .hide, reason: "rude", admin: owner)
        #expect(
            try store.profile(of: "bob", viewer: cyd).goals.flatMap(\.milestones).map(\.title) == [
                "Rude step", "Fine step",
            ])
        #expect(try store.feed(viewer: cyd).map(\.milestoneTitle) == ["Rude step"])
        // Decided again: suspend. The account is hidden; both decisions stay.
        try world.fixture.store(at: "2026-11-22T10:00:00Z").resolve(
            report: aboutAccount.uuidString, .suspend, reason: "spam after all", admin: owner)
        #expect(try store.isSuspended(bob))
        #expect(throws: LifeError.self) { try store.profile(of: "bob", viewer: cyd) }
        let statuses = try store.reports(admin: owner).map {
            "\($0.id == aboutAccount ? "account" : $0.id == aboutOwner ? "owner" : "milestone") \($0.decisions.map(\.action.rawValue))"
        }
        #expect(Set(statuses) == ["account [\"dismiss\", \"suspend\"]", "milestone [\"hide\"]", "owner []"])
        #expect(try store.reports(admin: owner, openOnly: true).map(\.id) == [aboutOwner])
        // A second suspension of the suspended account keeps the first's reason.
        try store.resolve(report: aboutAccount.uuidString, .suspend, reason: "once more", admin: owner)
        #expect(
            try world.fixture.db.read { try $0.fetchOne(String.self, "SELECT reason FROM lifetimer_suspensions") }
                == "spam after all")
        #expect(try store.decisions(admin: owner).count == 4)
    }

    // MARK: Progress series

    /// Started 2026-11-22 12:00 UTC; goal 1 has two milestones, goal 2 none.
    /// Milestone 1.1 done on the 23rd, goal 2 on the 24th, a third milestone
    /// added to goal 1 on the 25th (today, noon). Worked out by hand:
    /// day 1 (22nd) 0; day 2 (½ + 0)/2 = 0.25; day 3 (½ + 1)/2 = 0.75; day 4
    /// (⅓ + 1)/2 = ⅔. Elapsed at the end of each day (or now): 12, 36, 60 and
    /// 72 hours of 1,356 × 24.
    @Test func progressDayByDaySinceTheStart() throws {
        let fixture = try LifeTimerFixture()
        let setup = try fixture.store(at: "2026-11-22T11:00:00Z")
        let ada = try setup.createAccount(NewAccount(username: "ada"))
        try setup.addGoal(for: ada, title: "Swim")
        try setup.addGoal(for: ada, title: "Read")
        try setup.addMilestone(for: ada, goal: 1, title: "First lap")
        try setup.addMilestone(for: ada, goal: 1, title: "Ten laps", due: try LifeTimerFixture.date("2026-12-01"))
        #expect(try setup.progressSeries(for: ada).points.isEmpty)
        try fixture.store(at: "2026-11-22T12:00:00Z").start(for: ada)
        try fixture.store(at: "2026-11-23T10:00:00Z").setMilestoneCompleted(
            for: ada, MilestoneRef(goal: 1, position: 1), true)
        try fixture.store(at: "2026-11-24T08:00:00Z").setGoalCompleted(for: ada, number: 2, true)
        try fixture.store(at: "2026-11-25T09:00:00Z").addMilestone(for: ada, goal: 1, title: "A mile")
        let series = try fixture.store(at: "2026-11-25T12:00:00Z").progressSeries(for: ada)
        let hours = 1_356.0 * 24
        #expect(series.points.map(\.day) == [1, 2, 3, 4])
        #expect(series.points.map(\.date.iso) == ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"])
        let expected = [0, 0.25, 0.75, 2.0 / 3]
        for (point, progress) in zip(series.points, expected) {
            #expect(abs(point.progress - progress) < 1e-12, "day \(point.day)")
        }
        for (point, elapsed) in zip(series.points, [12.0, 36, 60, 72]) {
            #expect(abs(point.elapsed - elapsed / hours) < 1e-12, "day \(point.day)")
        }
        #expect(series.points.map(\.milestones) == [2, 2, 2, 3])
        #expect(series.points.map(\.milestonesCompleted) == [0, 1, 1, 1])
        #expect(series.points.map(\.goalsCompleted) == [0, 0, 1, 1])
        #expect(
            series.marks.map { "\($0.day) \($0.title) \($0.completed)" } == ["2 First lap true", "10 Ten laps false"])
        // The last point is today's, and agrees with the progress report.
        let report = try fixture.store(at: "2026-11-25T12:00:00Z").progress(for: ada)
        #expect(abs(report.overall - 2.0 / 3) < 1e-12)
    }
}
