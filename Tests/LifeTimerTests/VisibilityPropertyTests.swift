import Foundation
import LifeCore
import LifeDB
import LifeTimer
import LifeTimerTestSupport
import Testing

/// REL-6: random social graphs (`RandomSocialGraph`), every viewer, every
/// read path, against the brute-force model of LT-6 (`SocialGraphModel`,
/// written from the table in docs/lifetimer.md, not from the store's SQL):
/// profile (error when hidden; follower and following counts of visible
/// accounts only; public milestones unless it is the viewer's own),
/// followers and following lists, the feed (public completed milestones of
/// visible followed accounts), the three leaderboards (ranks and totals
/// after filtering; "recent" covers the last 30 days), search by username.
/// REL-8 (Tests/ServerTests) builds the same graphs on the server too.
///
/// The graphs repeat from run to run (SplitMix64 from a fixed seed);
/// `LIFETIMER_REL6_SEED=N` explores others. A failure names the graph's seed.
@Suite struct VisibilityPropertyTests {
    static let graphs = 200

    @Test func randomGraphsAgreeWithTheModel() throws {
        let seed =
            ProcessInfo.processInfo.environment["LIFETIMER_REL6_SEED"].flatMap { UInt64($0) } ?? 0x0726_5A6F_045F_0077
        var master = SplitMix64(state: seed)
        let fixture = try LifeTimerFixture()
        var checked = 0
        for graph in 0..<Self.graphs {
            let graphSeed = master.next()
            do {
                checked += try Self.run(graphSeed, db: fixture.db)
            } catch {
                Issue.record(
                    "REL-6 graph \(graph) failed: \(error). Reproduce with LIFETIMER_REL6_SEED=\(seed) (graph seed \(graphSeed))"
                )
                return
            }
        }
        // Every graph checks every viewer on every path; far more than 200 reads happened.
        #expect(checked > Self.graphs * 20)
    }

    /// Builds one graph through the store, checks every read of every
    /// viewer, then deletes every account and checks that no LifeTimer row
    /// is left. Answers the number of reads compared.
    static func run(_ seed: UInt64, db: Database) throws -> Int {
        let graph = try RandomSocialGraph(seed: seed, db: db)
        let store = LifeTimerStore(db: db, clock: .fixed(RandomSocialGraph.readAt))
        var reads = 0
        for v in graph.model.people.indices {
            reads += try graph.checkReads(of: v, viewer: try graph.account(v, db: db), through: store).reads
        }
        guard try store.invariantViolations().isEmpty else { throw RandomSocialGraph.Failure("invariants") }
        // Clean up through account deletion: nothing of LifeTimer may remain.
        for index in graph.model.people.indices { try store.deleteAccount(try graph.account(index, db: db)) }
        for table in try db.tableNames() where table.hasPrefix("lifetimer_") {
            guard try db.rowCount(table: table) == 0 else {
                throw RandomSocialGraph.Failure("\(table) still has rows after every account was deleted")
            }
            reads += 1
        }
        return reads
    }
}
