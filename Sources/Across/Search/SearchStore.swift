import Foundation
import LifeCore
import LifeDB
import LifeTimer

/// Full-text search over every product's words (`Schema/0009_search.sql`).
///
/// The index holds only what may be found: locked Hereafter text never enters
/// it (the triggers add a message when it is discovered). LifeTimer texts are
/// filtered by the one LT-6 visibility rule, `LifeTimerStore.visible`, for the
/// viewer: an account sees its own goal titles, descriptions and milestones;
/// of another account it may see, the goal titles and public milestones; with
/// no viewer, no LifeTimer text at all.
public struct SearchStore {
    public let db: Database

    /// At most this many hits are returned.
    public static let defaultLimit = 50

    public init(db: Database) {
        self.db = db
    }

    /// The texts matching `query`, best first; ties by kind, then id, so the
    /// order never depends on insertion.
    public func search(_ query: SearchQuery, viewer: UUID?, limit: Int = defaultLimit) throws -> [SearchHit] {
        let sql = """
            SELECT d.kind, d.ref, d.body, bm25(search_index) AS rank
            FROM search_index JOIN search_documents AS d ON d.id = search_index.rowid
            WHERE search_index MATCH ?
              AND (d.kind NOT LIKE 'lifetimer%'
                   OR (d.kind = 'lifetimer_goal' AND EXISTS (
                          SELECT 1 FROM lifetimer_goals AS g \(LifeTimerStore.visible("a", on: "g.account_id"))
                          WHERE g.id = d.ref))
                   OR (d.kind = 'lifetimer_goal_description' AND EXISTS (
                          SELECT 1 FROM lifetimer_goals AS g WHERE g.id = d.ref AND g.account_id = ?))
                   OR (d.kind = 'lifetimer_milestone' AND EXISTS (
                          SELECT 1 FROM lifetimer_milestones AS m \(LifeTimerStore.visible("a", on: "m.account_id"))
                          WHERE m.id = d.ref AND (m.is_public = 1 OR m.account_id = a.viewer_id))))
            ORDER BY rank, d.kind, d.ref
            LIMIT ?
            """
        let viewerValue = viewer
        return try db.readTransaction { db in
            try db.fetchAll(sql, [query.expression, viewerValue, viewerValue, viewerValue, limit]).map { row in
                let kindText: String = try row.get(at: 0)
                guard let kind = SearchHit.Kind(rawValue: kindText) else {
                    throw LifeError.malformed("search_documents holds an unknown kind '\(kindText)'", field: "kind")
                }
                return SearchHit(kind: kind, id: try row.get(at: 1), text: try row.get(at: 2), rank: try row.get(at: 3))
            }
        }
    }
}
