import LifeCore

extension HereafterStore {
    /// The chat of HA-7, from the messages as the library shows them.
    public func chat() throws -> [ChatLine] {
        HereafterChat.build(profile: try requireProfile(), messages: try messages())
    }

    /// What `lifectl db check` verifies beyond SQLite's constraints: each
    /// text within 500 characters and trimmed (CORE-9), each message in the
    /// same thread as its parent, and the R*Tree holding exactly the threads.
    /// The problems name ids only, never a word of a message (HA-3).
    public func invariantViolations() throws -> [String] {
        var problems: [String] = []
        try db.forEachRow("SELECT id, text FROM hereafter_messages ORDER BY id") { row in
            let id: String = try row.column(at: 0)
            let text: String = try row.column(at: 1)
            do {
                if try HereafterStore.checkText(text) != text { problems.append("message \(id): text is not trimmed") }
            } catch let error as LifeError {
                problems.append("message \(id): \(error.message)")
            }
        }
        for row in try db.fetchAll(
            """
            SELECT m.id FROM hereafter_messages m JOIN hereafter_messages p ON p.id = m.parent_id
            WHERE p.thread_id <> m.thread_id ORDER BY m.id
            """)
        {
            problems.append("message \(try row.get(String.self, at: 0)): not in its parent's thread")
        }
        let unindexed =
            try db.fetchOne(
                Int.self,
                """
                SELECT count(*) FROM hereafter_threads t
                WHERE NOT EXISTS (SELECT 1 FROM hereafter_thread_locations r WHERE r.location_key = t.location_key)
                """) ?? 0
        let indexed = try db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_thread_locations") ?? 0
        let threads = try db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads") ?? 0
        if unindexed > 0 || indexed != threads {
            problems.append(
                "the spatial index holds \(Format.grouped(indexed)) entries for \(Format.grouped(threads)) threads (\(Format.grouped(unindexed)) missing)"
            )
        }
        return problems
    }
}
