import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import LifeKit
import LifeKitTestSupport
import LifePages
import LifeTimer
import Testing

/// The 0009 triggers keep the index in step with every product's writes,
/// and SearchStore ranks, folds accents and applies the visibility rules.
@Suite struct SearchStoreTests {
    /// The connection the stores that still take one use, and the queue
    /// the others and the search use, on one file.
    let db: Database
    let queue: DatabaseQueue
    let now = "2026-11-22T12:00:00Z"

    init() throws {
        let path = TestDatabase.temporaryPath("search")
        let instant = try #require(Timestamp.parseISO8601("2026-11-22T12:00:00Z"))
        queue = try TestDatabase.queue(path: path, now: instant)
        db = try TestDatabase.connection(path: path, now: instant)
        try TestDatabase.setTimeZone("UTC", in: db)
    }

    func clock(_ iso: String) throws -> Clock { .fixed(try #require(Timestamp.parseISO8601(iso))) }

    func texts(_ words: String, viewer: UUID? = nil) throws -> [String] {
        try SearchEngine(queue, registry: LifeKit.registry).search(try SearchQuery(words), viewer: viewer).map(\.text)
    }

    @Test func finitePhrasesFollowMarkRemarkAndUnmarkWithAccentsFolded() throws {
        let finite = FiniteStore(queue, clock: try clock(now))
        _ = try finite.setup(birthday: try #require(CivilDate(iso: "1990-05-01")))
        _ = try finite.mark(.number(100), rating: 4, phrase: "Café crème in Zürich")
        _ = try finite.mark(.number(101), rating: 3, phrase: "Walking home")
        #expect(try texts("cafe") == ["Café crème in Zürich"])
        #expect(try texts("ZURICH creme") == ["Café crème in Zürich"])
        #expect(try texts("walk*") == ["Walking home"])
        #expect(try texts("walk") == [])
        #expect(try texts(#""home walking""#) == [])
        #expect(try texts(#""walking home""#) == ["Walking home"])
        // Marking again changes the phrase: the old words are gone from the index.
        _ = try finite.mark(.number(100), rating: 4, phrase: "Tea in Bern")
        #expect(try texts("cafe") == [])
        #expect(try texts("bern") == ["Tea in Bern"])
        _ = try finite.unmark(.number(100))
        #expect(try texts("bern") == [])
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM search_documents") == 1)
        #expect(try db.fetchAll("INSERT INTO search_index (search_index) VALUES ('integrity-check')").isEmpty)
    }

    @Test func bm25PutsTheDenserMatchFirst() throws {
        let finite = FiniteStore(queue, clock: try clock(now))
        _ = try finite.setup(birthday: try #require(CivilDate(iso: "1990-05-01")))
        _ = try finite.mark(.number(10), rating: 3, phrase: "snow and a long day of work and meetings and trains")
        _ = try finite.mark(.number(11), rating: 3, phrase: "snow snow snow")
        #expect(try texts("snow") == ["snow snow snow", "snow and a long day of work and meetings and trains"])
    }

    /// HA-3, REL-6: locked text is in no row of the index; a word only in it
    /// finds what a word found nowhere finds. Once discovered it is found.
    @Test func hereafterTextEntersTheIndexOnlyWhenDiscovered() throws {
        let planter = HereafterStore(queue, clock: try clock(now))
        _ = try planter.onboard(firstName: "Ada")
        let gate = try Coordinate(latitude: 52.5163, longitude: 13.3777)
        let message = try planter.plant(
            text: "Remember the zanzibar kite", at: gate, unlock: try #require(CivilDate(iso: "2027-03-01")))
        #expect(try texts("zanzibar") == texts("qqqnowhere"))
        #expect(try texts("zanzibar") == [])
        #expect(try queue.fetchOne(Int.self, "SELECT count(*) FROM search_documents") == 0)
        #expect(
            try queue.fetchOne(Int.self, "SELECT count(*) FROM search_index_data WHERE instr(block, 'zanzibar') > 0")
                == 0)
        // A visit before the unlock instant discovers nothing.
        _ = try HereafterStore(queue, clock: try clock("2027-02-28T23:00:00Z")).visit(at: gate)
        #expect(try texts("zanzibar") == [])
        _ = try HereafterStore(queue, clock: try clock("2027-03-01T10:00:00Z")).visit(at: gate)
        let hits = try SearchEngine(queue, registry: LifeKit.registry).search(try SearchQuery("zanzi*"), viewer: nil)
        #expect(hits.map(\.id) == [message.id])
        #expect(hits.map(\.kind) == ["hereafter_message"])
    }

    /// LT-6 through the store's own rule: titles of goals and public
    /// milestones of visible accounts; descriptions and private milestones
    /// to their owner only; nothing of a private account or across a block;
    /// nothing of LifeTimer with no viewer.
    @Test func lifeTimerTextsFollowTheVisibilityRule() throws {
        let lifeTimer = LifeTimerStore(queue, clock: try clock(now))
        let ada = try lifeTimer.createAccount(NewAccount(username: "ada", visibility: .private))
        let bob = try lifeTimer.createAccount(NewAccount(username: "bob", visibility: .public))
        let cy = try lifeTimer.createAccount(NewAccount(username: "cyd", visibility: .public))
        _ = try lifeTimer.addGoal(for: ada, title: "Sail the lagoon", description: "lagoon secret plan")
        _ = try lifeTimer.addGoal(for: bob, title: "Row the lagoon", description: "lagoon bob notes")
        _ = try lifeTimer.addMilestone(for: bob, goal: 1, title: "lagoon public step", isPublic: true)
        _ = try lifeTimer.addMilestone(for: bob, goal: 1, title: "lagoon private step", isPublic: false)
        #expect(
            try Set(texts("lagoon", viewer: ada.id)) == [
                "Sail the lagoon", "lagoon secret plan", "Row the lagoon", "lagoon public step",
            ])
        #expect(
            try Set(texts("lagoon", viewer: bob.id)) == [
                "Row the lagoon", "lagoon bob notes", "lagoon public step", "lagoon private step",
            ])
        #expect(try Set(texts("lagoon", viewer: cy.id)) == ["Row the lagoon", "lagoon public step"])
        #expect(try texts("lagoon", viewer: nil) == [])
        _ = try lifeTimer.block("bob", viewer: cy)
        #expect(try texts("lagoon", viewer: cy.id) == [])
    }
}
