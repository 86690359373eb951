import Foundation
import LifeCore
import LifeDB
import LifeTimer
import LifeKernel
import LifeKitTestSupport
import Testing

/// LifeTimerStore on a fresh database each: accounts, the goal locks in the
/// store and in the schema, the countdown's end, deletion (LT-1 … LT-3).
@Suite struct LifeTimerStoreTests {
    @Test func accountsAndTheirRules() throws {
        let fixture = try LifeTimerFixture(zone: "Europe/Berlin")
        let store = try fixture.store()
        let ada = try store.createAccount(
            NewAccount(
                username: "Ada.L", email: "ada@example.org", identity: IdentityLink(provider: .apple, subject: "001.a"),
                bio: "  Counting days  "))
        #expect(ada.isOwner)
        #expect(ada.visibility == .private)  // LT-1: default private
        #expect(ada.timeZone == "Europe/Berlin")  // the owner's zone by default
        #expect(ada.bio == "Counting days")
        #expect(
            ada.id.uuidString.lowercased()
                == (try fixture.db.fetchOne(String.self, "SELECT id FROM lifetimer_accounts")))
        let bob = try store.createAccount(NewAccount(username: "bob_1", visibility: .public, timeZone: "Asia/Tokyo"))
        #expect(!bob.isOwner)
        #expect(try store.isAdmin(ada) && !(try store.isAdmin(bob)))
        #expect(try store.actingAccount(username: nil).id == ada.id)
        #expect(try store.actingAccount(username: "BOB_1").id == bob.id)  // case-insensitive
        let before = try fixture.content()
        for name in ["ab", String(repeating: "a", count: 31), "ada l", "ädä", "a-b", "ADA.l"] {
            #expect(throws: LifeError.self) { try store.createAccount(NewAccount(username: name)) }
        }
        let taken = try #require(throws: LifeError.self) { try store.createAccount(NewAccount(username: "ada.l")) }
        #expect(taken.message == "username 'ada.l' is taken (usernames ignore upper and lower case)")
        #expect(throws: LifeError.self) {
            try store.createAccount(
                NewAccount(username: "carol", identity: IdentityLink(provider: .apple, subject: "001.a")))
        }
        #expect(throws: LifeError.self) {
            try store.createAccount(NewAccount(username: "carol", bio: String(repeating: "🙂", count: 161)))
        }
        #expect(throws: LifeError.self) {
            try store.createAccount(NewAccount(username: "carol", email: "not an email"))
        }
        #expect(try fixture.content() == before)
        // 160 emoji are 160 characters: allowed (CORE-9).
        try store.createAccount(NewAccount(username: "carol", bio: String(repeating: "🙂", count: 160)))
        // No password column exists anywhere (LT-1).
        let columns = try fixture.db.fetchAll("SELECT name FROM pragma_table_info('lifetimer_accounts')")
            .map { try $0.get(String.self, at: 0) }
        #expect(!columns.contains { $0.contains("pass") })
    }

    @Test func goalsAreCountedEvenWhenDeleted() throws {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store()
        let ada = try store.createAccount(NewAccount(username: "ada"))
        for index in 1...20 { try store.addGoal(for: ada, title: "Goal \(index)") }
        for number in 1...5 { try store.deleteGoal(for: ada, number: number) }
        #expect(try store.goals(of: ada).count == 15)
        let before = try fixture.content()
        let error = try #require(throws: LifeError.self) { try store.addGoal(for: ada, title: "Goal 21") }
        #expect(
            error.message == "20 goals have been created on this account (deleted ones count); the limit is 20 ever")
        #expect(try fixture.content() == before)
        // sqlite3 by hand cannot either: the counter's CHECK and the number trigger refuse.
        let id = UUID().uuidString.lowercased()
        #expect(throws: DatabaseError.self) {
            try fixture.db.execute(
                """
                INSERT INTO lifetimer_goals (id, account_id, number, title, created_at, updated_at)
                VALUES (?, ?, 21, 'x', '2026-11-22 12:00:00.000', '2026-11-22 12:00:00.000')
                """, [id, ada.id])
        }
        #expect(throws: DatabaseError.self) {
            try fixture.db.execute(
                """
                INSERT INTO lifetimer_goals (id, account_id, number, title, created_at, updated_at)
                VALUES (?, ?, 3, 'x', '2026-11-22 12:00:00.000', '2026-11-22 12:00:00.000')
                """, [id, ada.id])
        }
        #expect(throws: DatabaseError.self) {
            try fixture.db.execute("UPDATE lifetimer_accounts SET goals_created = 15 WHERE id = ?", [ada.id])
        }
        #expect(try fixture.content() == before)
    }

    @Test func locksAfterTheStart() throws {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store()
        let ada = try store.createAccount(NewAccount(username: "ada"))
        let refused = try #require(throws: LifeError.self) { try store.start(for: ada) }
        #expect(refused.message.hasPrefix("the countdown needs at least one goal"))
        // Raw SQL cannot start without a goal either.
        #expect(throws: DatabaseError.self) {
            try fixture.db.execute(
                """
                INSERT INTO lifetimer_countdowns (account_id, started_at, ends_at, time_zone)
                VALUES (?, '2026-11-22 12:00:00.000', '2030-08-09 12:00:00.000', 'UTC')
                """, [ada.id])
        }
        try store.addGoal(for: ada, title: "Run a marathon")
        try store.addGoal(for: ada, title: "Learn Welsh")
        try store.editGoal(for: ada, number: 2, GoalChange(title: "Learn Irish"))  // before: allowed
        try store.deleteGoal(for: ada, number: 2)
        let countdown = try store.start(for: ada)
        #expect(Timestamp.database(countdown.startedAt) == "2026-11-22 12:00:00.000")
        #expect(Timestamp.database(countdown.endsAt) == "2030-08-09 12:00:00.000")  // 1,356 days in UTC
        let before = try fixture.content()
        #expect(throws: LifeError.self) { try store.addGoal(for: ada, title: "Another") }
        #expect(throws: LifeError.self) { try store.deleteGoal(for: ada, number: 1) }
        #expect(throws: LifeError.self) {
            try store.editGoal(for: ada, number: 1, GoalChange(title: "Walk a marathon"))
        }
        #expect(throws: LifeError.self) { try store.start(for: ada) }
        #expect(try fixture.content() == before)
        // The schema refuses the same through sqlite3.
        let goalID = try #require(try store.goals(of: ada).first?.id)
        for sql in [
            "UPDATE lifetimer_goals SET title = 'Walk' WHERE id = ?",
            "DELETE FROM lifetimer_goals WHERE id = ?",
        ] {
            #expect(throws: DatabaseError.self) { try fixture.db.execute(sql, [goalID]) }
        }
        #expect(throws: DatabaseError.self) {
            try fixture.db.execute(
                """
                INSERT INTO lifetimer_goals (id, account_id, number, title, created_at, updated_at)
                VALUES (?, ?, 3, 'x', '2026-11-22 12:00:00.000', '2026-11-22 12:00:00.000')
                """, [UUID(), ada.id])
        }
        for sql in [
            "UPDATE lifetimer_countdowns SET ends_at = '2031-01-01 00:00:00.000' WHERE account_id = ?",
            "DELETE FROM lifetimer_countdowns WHERE account_id = ?",
        ] {
            #expect(throws: DatabaseError.self) { try fixture.db.execute(sql, [ada.id]) }
        }
        #expect(try fixture.content() == before)
        // Descriptions, milestones and completion may change.
        let later = try fixture.store(at: "2027-01-05T09:00:00Z")
        try later.editGoal(for: ada, number: 1, GoalChange(title: "Run a marathon", description: "Sub-4 hours"))
        let milestone = try later.addMilestone(
            for: ada, goal: 1, title: "10 km race", due: try LifeTimerFixture.date("2027-03-01"), isPublic: true)
        #expect(milestone.position == 1)
        try later.setMilestoneCompleted(for: ada, MilestoneRef(goal: 1, position: 1), true)
        try later.setGoalCompleted(for: ada, number: 1, true)
        let goal = try later.goal(for: ada, number: 1)
        #expect(goal.description == "Sub-4 hours")
        #expect(goal.title == "Run a marathon")
        #expect(goal.isCompleted && goal.milestones.first?.isCompleted == true)
        #expect(try later.activeDays(of: ada).map(\.iso) == ["2027-01-05"])
    }

    /// LT-3: the end is 1,356 calendar days later at the same local time in
    /// the account's zone; the real duration differs by the DST offset.
    @Test(arguments: [
        // start (UTC instant), zone, expected end (UTC instant)
        // 2026-11-22 12:00 EST (UTC-5) + 1,356 days = 2030-08-09 12:00 EDT (UTC-4): 1 hour less real time.
        ("2026-11-22T17:00:00Z", "America/New_York", "2030-08-09 16:00:00.000"),
        // 2026-07-01 12:00 EDT → 2030-03-18 12:00 EDT (DST began 2030-03-10): same offset.
        ("2026-07-01T16:00:00Z", "America/New_York", "2030-03-18 16:00:00.000"),
        // 2026-06-23 02:30 EDT → 2030-03-10, the spring change: 02:30 does not exist, so 03:30 EDT.
        ("2026-06-23T06:30:00Z", "America/New_York", "2030-03-10 07:30:00.000"),
        // 2026-02-17 01:30 EST → 2029-11-04, the autumn change: 01:30 happens twice, the first (EDT).
        ("2026-02-17T06:30:00Z", "America/New_York", "2029-11-04 05:30:00.000"),
        // Seconds and milliseconds carry over; UTC has no changes.
        ("2026-11-22T12:34:56.789Z", "UTC", "2030-08-09 12:34:56.789"),
    ])
    func countdownEnd(start: String, zone: String, end: String) throws {
        let instant = try LifeTimerFixture.instant(start)
        let computed = CountdownRules.end(start: instant, in: try TimeZoneSetting.zone(named: zone))
        #expect(Timestamp.database(computed) == end)
    }

    @Test func startInNewYorkStoresTheLocalEnd() throws {
        let fixture = try LifeTimerFixture(zone: "America/New_York", at: "2026-11-22T17:00:00Z")
        let store = try fixture.store(at: "2026-11-22T17:00:00Z")
        let ada = try store.createAccount(NewAccount(username: "ada"))
        try store.addGoal(for: ada, title: "See the aurora")
        try store.start(for: ada)
        let row = try #require(
            try fixture.db.fetchOne("SELECT started_at, ends_at, time_zone FROM lifetimer_countdowns"))
        #expect(try row.get(String.self, at: 0) == "2026-11-22 17:00:00.000")
        #expect(try row.get(String.self, at: 1) == "2030-08-09 16:00:00.000")
        #expect(try row.get(String.self, at: 2) == "America/New_York")
        #expect(try store.invariantViolations() == [])
    }

    /// LT-1: deleting an account leaves no row anywhere that names it.
    @Test func deletionLeavesNothing() throws {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store()
        let ada = try store.createAccount(NewAccount(username: "ada", email: "ada@example.org", visibility: .public))
        let bob = try store.createAccount(NewAccount(username: "bob", visibility: .public))
        let cyd = try store.createAccount(NewAccount(username: "cyd", visibility: .public))
        let dee = try store.createAccount(NewAccount(username: "dee", visibility: .public))
        try store.addGoal(for: bob, title: "Sail")
        try store.addMilestone(for: bob, goal: 1, title: "Dinghy course", isPublic: true)
        try store.setMilestoneCompleted(for: bob, MilestoneRef(goal: 1, position: 1), true)
        try store.addGoal(for: bob, title: "Climb")
        try store.addMilestone(for: bob, goal: 2, title: "Bouldering", isPublic: true)
        try store.start(for: bob)
        try store.follow("ada", viewer: bob)
        try store.follow("bob", viewer: ada)
        try store.follow("bob", viewer: cyd)
        try store.block("cyd", viewer: bob)
        try store.block("bob", viewer: dee)
        try store.addGoal(for: ada, title: "Paint")
        let bobGoal = try store.goals(of: bob)[1]
        try store.report(.account(username: "bob"), reason: "spam", by: ada)
        try store.report(.goal(id: String(bobGoal.id.uuidString.lowercased().prefix(8))), reason: "rude", by: ada)
        let milestoneID = try #require(bobGoal.milestones.first?.id)
        try store.report(.milestone(id: milestoneID.uuidString), reason: "fake", by: ada)
        try store.report(.account(username: "ada"), reason: "copycat", by: bob)
        try store.suspend("bob", reason: "spam", admin: ada)  // ada is the owner, an admin
        try store.grantAdmin("bob", admin: ada)
        try store.suspend("dee", reason: "test", admin: bob)
        let id = bob.id.uuidString.lowercased()
        func mentions() throws -> [String] {
            var found: [String] = []
            // Sync's tombstones keep the ids of deleted rows (and nothing
            // else of them) for ever, so that no device brings them back
            // (SPEC SYNC-1; docs/sync.md, section 4).
            for table in try fixture.db.read({ try $0.tableNames() }) where !table.hasPrefix("sync_") {
                let columns = try fixture.db.fetchAll(
                    "SELECT name FROM pragma_table_info(?)", [table]
                ).map { try $0.get(String.self, at: 0) }
                for column in columns {
                    let quotedTable = Database.quoteIdentifier(table)
                    let quoted = Database.quoteIdentifier(column)
                    let count =
                        try fixture.db.fetchOne(
                            Int.self, "SELECT count(*) FROM \(quotedTable) WHERE CAST(\(quoted) AS TEXT) = ?", [id])
                        ?? 0
                    if count > 0 { found.append("\(table).\(column)") }
                }
            }
            return found.sorted()
        }
        let tables = Set(try mentions().map { String($0.split(separator: ".")[0]) })
        #expect(
            tables == [
                "lifetimer_accounts", "lifetimer_activity_days", "lifetimer_admins", "lifetimer_blocks",
                "lifetimer_countdowns", "lifetimer_follows", "lifetimer_goals", "lifetimer_milestones",
                "lifetimer_notification_preferences", "lifetimer_reports", "lifetimer_settings",
                "lifetimer_suspensions",
            ])
        try store.deleteAccount(try #require(try store.account(named: "bob")))
        #expect(try mentions() == [])
        #expect(try fixture.db.read { try $0.foreignKeyViolations() } == [])
        // What belongs to others stays.
        #expect(try store.goals(of: ada).map(\.title) == ["Paint"])
        // Dee's suspension by bob stays, without bob's id (SET NULL); bob's own is gone.
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT coalesce(suspended_by, 'none') FROM lifetimer_suspensions")
                == "none")
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM lifetimer_suspensions") == 1)
        #expect(try store.account(named: "dee") != nil)
    }

    /// LT-6: the view every social read goes through has the public columns only.
    @Test func theVisibilityViewHasNoPrivateColumn() throws {
        let fixture = try LifeTimerFixture()
        let columns = try fixture.db.fetchAll("SELECT name FROM pragma_table_info('lifetimer_visible_accounts')")
            .map { try $0.get(String.self, at: 0) }
        #expect(
            columns == [
                "viewer_id", "id", "username", "bio", "avatar_path", "created_at", "last_active_at",
                "longest_streak_days", "current_streak_days", "current_streak_until",
            ])
    }

    /// LT-6 in one place (0011): the views for goals and milestones have no
    /// private column; a goal's description is there for its own account
    /// only; a private milestone for its own account only; nothing of a
    /// hidden account.
    @Test func theGoalAndMilestoneViewsHoldTheRule() throws {
        let fixture = try LifeTimerFixture()
        func columns(_ view: String) throws -> [String] {
            try fixture.db.fetchAll("SELECT name FROM pragma_table_info(?)", [view]).map {
                try $0.get(String.self, at: 0)
            }
        }
        #expect(
            try columns("lifetimer_visible_goals") == [
                "viewer_id", "id", "account_id", "number", "title", "description", "completed_at", "created_at",
                "milestones_total", "milestones_done", "hidden",
            ])
        #expect(
            try columns("lifetimer_visible_milestones") == [
                "viewer_id", "id", "goal_id", "account_id", "position", "title", "due_date", "is_public",
                "completed_at", "hidden",
            ])
        // What the leaderboards count from (0018): public columns only.
        #expect(try columns("lifetimer_listed_goals") == ["id", "account_id", "number", "title", "completed_at"])
        #expect(
            try columns("lifetimer_listed_milestones") == [
                "id", "goal_id", "account_id", "position", "title", "completed_at",
            ])
        let store = try fixture.store()
        let ada = try store.createAccount(NewAccount(username: "ada", visibility: .public))
        let bob = try store.createAccount(NewAccount(username: "bob", visibility: .public))
        let cyd = try store.createAccount(NewAccount(username: "cyd", visibility: .private))
        try store.addGoal(for: ada, title: "Sail", description: "Round the island")
        try store.addMilestone(for: ada, goal: 1, title: "Buy a boat", isPublic: true)
        try store.addMilestone(for: ada, goal: 1, title: "Tell no one", isPublic: false)
        try store.setMilestoneCompleted(for: ada, MilestoneRef(goal: 1, position: 2), true)
        try store.addGoal(for: cyd, title: "Hide")
        func goals(_ viewer: LifeTimerAccount) throws -> [String] {
            try fixture.db.fetchAll(
                """
                SELECT title || ' ' || coalesce(description, '-') || ' ' || milestones_done || '/' || milestones_total
                FROM lifetimer_visible_goals WHERE viewer_id = ? ORDER BY title
                """, [viewer.id]
            ).map { try $0.get(String.self, at: 0) }
        }
        func milestones(_ viewer: LifeTimerAccount) throws -> [String] {
            try fixture.db.fetchAll(
                "SELECT title FROM lifetimer_visible_milestones WHERE viewer_id = ? ORDER BY title", [viewer.id]
            ).map { try $0.get(String.self, at: 0) }
        }
        #expect(try goals(ada) == ["Sail Round the island 1/2"])
        #expect(try goals(bob) == ["Sail - 1/2"])
        #expect(try goals(cyd) == ["Hide - 0/0", "Sail - 1/2"])
        #expect(try milestones(ada) == ["Buy a boat", "Tell no one"])
        #expect(try milestones(bob) == ["Buy a boat"])
        try store.block("bob", viewer: ada)
        #expect(try goals(bob) == [])
        #expect(try milestones(bob) == [])
    }

    /// REL-5: a database made before 0006, with data, migrates forward with
    /// its data intact, and LifeTimer works on it.
    @Test func anOlderDatabaseGainsLifeTimer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifetimer-up-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("life.db").path
        let now = try LifeTimerFixture.instant("2026-11-22T12:00:00Z")
        do {
            let old = try Database(path: path)
            try old.configureJournal()
            let before = Migrator(migrations: LifeSchema.migrations.filter { $0.version < 6 })
            _ = try before.migrate(old, now: now)
            try old.execute(
                "INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (1, 'Asia/Tokyo', 'metric', ?, ?)",
                [now, now])
            try old.execute(
                "INSERT INTO finite_profile (id, birthday, created_at, updated_at) VALUES (1, '1990-05-14', ?, ?)",
                [now, now])
            old.close()
        }
        let db = try TestDatabase.queue(path: path, now: now)
        #expect(try db.fetchOne(Int.self, "PRAGMA user_version") == LifeDatabase.latestVersion)
        #expect(try db.fetchOne(String.self, "SELECT birthday FROM finite_profile") == "1990-05-14")
        let store = LifeTimerStore(db, clock: .fixed(now))
        let ada = try store.createAccount(NewAccount(username: "ada"))
        #expect(ada.timeZone == "Asia/Tokyo")  // the owner's zone, kept through the upgrade
        try store.addGoal(for: ada, title: "Climb Fuji")
        #expect(Timestamp.database(try store.start(for: ada).endsAt) == "2030-08-09 12:00:00.000")
    }

    @Test func ownerPassesOnWhenDeleted() throws {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store()
        let ada = try store.createAccount(NewAccount(username: "ada"))
        try fixture.store(at: "2026-11-22T12:00:01Z").createAccount(NewAccount(username: "bob"))
        try store.deleteAccount(ada)
        #expect(try store.actingAccount(username: nil).username == "bob")
        #expect(try store.invariantViolations() == [])
    }
}
