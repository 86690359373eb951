import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKit
import LifeTimer
import LifeKernel
import LifeKitTestSupport
import Testing
import Walks

/// Issue 10 item 8: each product's store makes a round trip on a private
/// in-memory database (`TestDatabase.connection(path: ":memory:")`), with no file
/// system and no `/usr/bin` tool, so these run anywhere the package builds.
@Suite struct StoreInMemoryTests {
    static let now = "2026-11-22T12:00:00Z"

    /// A migrated in-memory database with the owner's zone set, and its clock.
    static func database(at iso: String = now, zone: String = "UTC") throws -> (Database, Clock) {
        let instant = try #require(Timestamp.parseISO8601(iso))
        let db = try TestDatabase.connection(path: ":memory:", now: instant)
        let clock = Clock.fixed(instant)
        try TestDatabase.setTimeZone(zone, in: db)
        return (db, clock)
    }

    static func clock(_ iso: String) throws -> Clock { .fixed(try #require(Timestamp.parseISO8601(iso))) }

    @Test func anInMemoryDatabaseIsMigratedToTheLatestVersion() throws {
        let instant = try #require(Timestamp.parseISO8601(Self.now))
        let opened = try LifeDatabase.openReporting(path: ":memory:", now: instant, registry: LifeKit.registry)
        #expect(opened.created)
        #expect(opened.applied.map(\.version) == TestDatabase.migrator.migrations.map(\.version))
        #expect(
            try opened.queue.read { try $0.fetchOne(Int.self, "SELECT max(version) FROM schema_migrations") }
                == LifeDatabase.latestVersion)
        // Two in-memory databases share nothing.
        let other = try TestDatabase.queue(path: ":memory:", now: instant)
        try TestDatabase.setTimeZone("Europe/Paris", in: opened.queue)
        #expect(try OwnerStore(other, clock: .fixed(instant)).settings().timeZone == nil)
    }

    @Test func finiteMarksAWeekAndReadsItBack() throws {
        let instant = try #require(Timestamp.parseISO8601(Self.now))
        let queue = try TestDatabase.queue(path: ":memory:", now: instant)
        try TestDatabase.setTimeZone("UTC", in: queue)
        let store = FiniteStore(queue, clock: .fixed(instant))
        try store.setup(birthday: try #require(CivilDate(iso: "1990-05-14")))
        try store.mark(.number(1_000), rating: 4, category: "rest", phrase: "Quiet")
        let marks = try store.marks()
        #expect(marks.map(\.weekIndex) == [999])
        #expect(marks.first?.rating == .good)
        #expect(marks.first?.category == .rest)
        #expect(marks.first?.phrase == "Quiet")
    }

    @Test func walksSavesAWalkAndListsIt() throws {
        let instant = try #require(Timestamp.parseISO8601(Self.now))
        let queue = try TestDatabase.queue(path: ":memory:", now: instant)
        try TestDatabase.setTimeZone("UTC", in: queue)
        let store = WalksStore(queue, clock: .fixed(instant))
        // 0.001° of longitude apart on the equator, a minute each.
        let track = Track(points: [
            TrackPoint(latitude: 0, longitude: 0, elevationMeters: nil, timeMilliseconds: 1_767_225_600_000),
            TrackPoint(latitude: 0, longitude: 0.001, elevationMeters: nil, timeMilliseconds: 1_767_225_660_000),
            TrackPoint(latitude: 0, longitude: 0.002, elevationMeters: nil, timeMilliseconds: 1_767_225_720_000),
        ])
        let saved = try store.save(track, name: "Line")
        let listed = try store.list()
        #expect(listed.map(\.id) == [saved.id])
        #expect(listed.first?.name == "Line")
        #expect(listed.first?.pointCount == 3)
        #expect(listed.first?.elapsedSeconds == 120)
        #expect(try store.points(saved.id)?.pointCount == 3)
        #expect(try store.invariantViolations() == [])
    }

    @Test func hereafterPlantsAndOpensAMessageOnAVisit() throws {
        let instant = try #require(Timestamp.parseISO8601(Self.now))
        let queue = try TestDatabase.queue(path: ":memory:", now: instant)
        try TestDatabase.setTimeZone("UTC", in: queue)
        let planting = HereafterStore(queue, clock: .fixed(instant))
        try planting.onboard(firstName: "Ada")
        let gate = try Coordinate(latitude: 48.8584, longitude: 2.2945)
        let planted = try planting.plant(
            text: "the words", at: gate, unlock: try #require(CivilDate(iso: "2026-12-01")))
        #expect(planted.content == .locked)
        let visiting = HereafterStore(queue, clock: try Self.clock("2026-12-02T09:00:00Z"))
        let visit = try visiting.visit(at: gate)
        #expect(visit.discovered.map(\.id) == [planted.id])
        #expect(try visiting.read(planted.id).content == .readable(text: "the words", photo: nil))
        #expect(try visiting.invariantViolations() == [])
    }

    @Test func lifeTimerKeepsAnAccountsGoals() throws {
        let instant = try #require(Timestamp.parseISO8601(Self.now))
        let store = LifeTimerStore(try TestDatabase.queue(path: ":memory:", now: instant), clock: .fixed(instant))
        let ada = try store.createAccount(NewAccount(username: "ada"))
        try store.addGoal(for: ada, title: "Swim a mile")
        try store.addGoal(for: ada, title: "Learn the cello")
        #expect(try store.goals(of: ada).map(\.title) == ["Swim a mile", "Learn the cello"])
        #expect(try store.goals(of: ada).map(\.number) == [1, 2])
    }

    @Test func dailyMenuStartsAndCompletesARitual() throws {
        let instant = try #require(Timestamp.parseISO8601("2026-11-01T12:00:00Z"))
        let db = try TestDatabase.queue(path: ":memory:", now: instant)
        try TestDatabase.setTimeZone("UTC", in: db)
        try DailyMenuStore(db, clock: try Self.clock("2026-11-02T08:00:00Z")).start("box-breath", before: .low)
        let result = try DailyMenuStore(db, clock: try Self.clock("2026-11-02T08:05:00Z")).complete(
            "Box breathing", after: .better, feedback: .lovedIt)
        #expect(result.completion.activityID == "box-breath")
        #expect(result.completion.localDay.iso == "2026-11-02")
        #expect(result.completion.beforeMood == .low)
        #expect(result.moments.total == 28)
        let stored = try DailyMenuStore(db, clock: try Self.clock("2026-11-02T09:00:00Z")).completions()
        #expect(stored.map(\.id) == [result.completion.id])
    }
}
