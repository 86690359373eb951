import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import LifeTimer
import Testing

/// LifeTimerStore reads its rows by column name and its enums strictly: a
/// word the enums do not know (written by a newer build, or by hand with the
/// CHECKs switched off) or a value that is not what the column holds is a
/// malformed-input error naming table, row, column and value, never a
/// default such as `private` or `system` (issue 10).
@Suite struct LifeTimerStoreDecodingTests {
    /// Ada (the owner, with an Apple identity) follows Bob (public), who has
    /// one goal with one public completed milestone; Ada reported Bob.
    struct World {
        let fixture: LifeTimerFixture
        let store: LifeTimerStore
        let ada: LifeTimerAccount
        let bob: LifeTimerAccount
    }

    static func world() throws -> World {
        let fixture = try LifeTimerFixture(inMemory: true)
        let store = try fixture.store()
        let ada = try store.createAccount(
            NewAccount(username: "ada", identity: IdentityLink(provider: .apple, subject: "001.a")))
        let bob = try store.createAccount(NewAccount(username: "bob", visibility: .public))
        try store.addGoal(for: bob, title: "Sail")
        try store.addMilestone(for: bob, goal: 1, title: "Buy a boat", isPublic: true)
        try store.setMilestoneCompleted(for: bob, MilestoneRef(goal: 1, position: 1), true)
        try store.follow("bob", viewer: ada)
        _ = try store.report(.account(username: "bob"), reason: "Spam", by: ada)
        return World(fixture: fixture, store: store, ada: ada, bob: bob)
    }

    /// Writes past the schema's CHECKs, as an older build would meet a newer
    /// build's words.
    static func force(_ db: DatabaseQueue, _ sql: String) throws {
        try db.force(sql)
    }

    static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

    static func message(_ table: String, _ key: String, _ reason: String) -> String {
        "\(table) row '\(key)' cannot be read: \(reason); the file was changed outside lifectl or is damaged"
    }

    /// The LifeError `body` throws; a default substituted for the bad value
    /// would return instead, and fail the expectation.
    static func failure(_ body: () throws -> Any) -> LifeError? {
        do {
            _ = try body()
            return nil
        } catch let error as LifeError {
            return error
        } catch {
            return nil
        }
    }

    @Test func everythingReadsBackWhole() throws {
        let world = try Self.world()
        let ada = try #require(try world.store.account(named: "ADA"))
        #expect(ada.identities.map(\.link) == [IdentityLink(provider: .apple, subject: "001.a")])
        #expect(ada.visibility == .private)
        #expect(ada.isOwner)
        let settings = try world.store.settings(of: ada)
        #expect(settings.theme == .system)
        #expect(settings.clock == .twentyFourHour)
        #expect(settings.language == "en")
        let preferences = try world.store.notificationPreferences(of: ada)
        #expect(preferences.frequency == .daily)
        #expect(preferences.muted.isEmpty)
        let feed = try world.store.feed(viewer: ada)
        #expect(feed.map(\.account.username) == ["bob"])
        #expect(feed.map(\.goalTitle) == ["Sail"])
        #expect(feed.map(\.milestoneTitle) == ["Buy a boat"])
        #expect(feed.map(\.completedAt) == [try LifeTimerFixture.instant("2026-11-22T12:00:00Z")])
        let reports = try world.store.reports(admin: ada)
        #expect(reports.map(\.target) == [.account])
        #expect(reports.map(\.account) == ["bob"])
        #expect(reports.map(\.reporter) == ["ada"])
    }

    @Test func anUnknownVisibilityIsNamedNotPrivate() throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_accounts SET visibility = 'friends' WHERE username = 'ada'")
        let expected = Self.message(
            "lifetimer_accounts", Self.key(world.ada.id),
            "lifetimer_accounts.visibility holds 'friends', which is not a known AccountVisibility value")
        let reads: [() throws -> Any] = [
            { try world.store.account(named: "ada") as Any }, { try world.store.ownerAccount() as Any },
        ]
        for read in reads {
            let error = Self.failure(read)
            #expect(error?.message == expected)
            #expect(error?.kind == .malformedInput)
        }
        // `db check` names the row as a problem and goes on; the owner's flag
        // is on the unreadable row, so it is not reported missing.
        #expect(try world.store.invariantViolations() == [expected])
    }

    /// The identity link was dropped silently when its provider was unknown
    /// (since 0018 the links are rows of lifetimer_identities).
    @Test func anUnknownIdentityProviderIsNamedNotDropped() throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_identities SET provider = 'github'")
        let error = Self.failure { try world.store.account(id: world.ada.id) as Any }
        #expect(
            error?.message
                == Self.message(
                    "lifetimer_identities", Self.key(world.ada.id),
                    "lifetimer_identities.provider holds 'github', which is not a known IdentityProvider value"))
        #expect(error?.kind == .malformedInput)
    }

    @Test(arguments: [
        ("theme = 'sepia'", "lifetimer_settings.theme holds 'sepia', which is not a known Theme value"),
        ("clock = '36h'", "lifetimer_settings.clock holds '36h', which is not a known ClockStyle value"),
    ])
    func anUnknownSettingIsNamed(set: String, reason: String) throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_settings SET \(set)")
        let error = Self.failure { try world.store.settings(of: world.ada) }
        #expect(error?.message == Self.message("lifetimer_settings", Self.key(world.ada.id), reason))
        #expect(error?.kind == .malformedInput)
    }

    @Test func anUnknownReminderFrequencyIsNamedNotDaily() throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_notification_preferences SET reminder_frequency = 'hourly'")
        let error = Self.failure { try world.store.notificationPreferences(of: world.bob) }
        #expect(
            error?.message
                == Self.message(
                    "lifetimer_notification_preferences", Self.key(world.bob.id),
                    "lifetimer_notification_preferences.reminder_frequency holds 'hourly', which is not a known Frequency value"
                ))
        #expect(error?.kind == .malformedInput)
    }

    @Test func anUnknownReportTargetIsNamedNotAccount() throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_reports SET target_kind = 'comment'")
        let id = try #require(try world.fixture.db.fetchOne(String.self, "SELECT id FROM lifetimer_reports"))
        let error = Self.failure { try world.store.reports(admin: world.ada) }
        #expect(
            error?.message
                == Self.message(
                    "lifetimer_reports", id,
                    "lifetimer_reports.target_kind holds 'comment', which is not a known ReportTarget value"))
        #expect(error?.kind == .malformedInput)
    }

    @Test func aGoalWhoseTimestampIsNotOneIsNamed() throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_goals SET created_at = 'yesterday'")
        let id = try #require(try world.fixture.db.fetchOne(String.self, "SELECT id FROM lifetimer_goals"))
        let error = Self.failure { try world.store.goals(of: world.bob) }
        #expect(
            error?.message
                == Self.message(
                    "lifetimer_goals", id,
                    "lifetimer_goals.created_at: column created_at holds TEXT that cannot be read as Date"))
        #expect(error?.kind == .malformedInput)
        // `db check` reports it beside the other accounts' problems.
        try world.fixture.db.execute("UPDATE lifetimer_accounts SET longest_streak_days = 9 WHERE username = 'ada'")
        // (and the instant itself, as every stored instant is checked).
        #expect(
            try world.store.invariantViolations() == [
                "lifetimer_goals row '\(id)': created_at is 'yesterday', which is not an instant in the years 1–9999",
                "account ada: longest streak is stored as 9 days but the active days make 0", error?.message ?? "",
            ])
    }

    /// A feed row is its author's: the row is named by the account, the
    /// column by the milestone's table.
    @Test func aFeedMilestoneWhoseTimestampIsNotOneIsNamed() throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_milestones SET completed_at = 'soon'")
        let error = Self.failure { try world.store.feed(viewer: world.ada) }
        #expect(
            error?.message
                == Self.message(
                    "lifetimer_accounts", Self.key(world.bob.id),
                    "lifetimer_milestones.completed_at: column completed_at holds TEXT that cannot be read as Date"))
        #expect(error?.kind == .malformedInput)
    }

    /// Accounts read through the visibility view name the account's column.
    @Test func aVisibleAccountWhoseTimestampIsNotOneIsNamed() throws {
        let world = try Self.world()
        try Self.force(world.fixture.db, "UPDATE lifetimer_accounts SET last_active_at = 'now' WHERE username = 'bob'")
        let expected = Self.message(
            "lifetimer_accounts", Self.key(world.bob.id),
            "lifetimer_accounts.last_active_at: column last_active_at holds TEXT that cannot be read as Date")
        let reads: [() throws -> Any] = [
            { try world.store.search("bo", viewer: world.ada) },
            { try world.store.following(of: nil, viewer: world.ada) },
        ]
        for read in reads {
            let error = Self.failure(read)
            #expect(error?.message == expected)
            #expect(error?.kind == .malformedInput)
        }
    }
}
