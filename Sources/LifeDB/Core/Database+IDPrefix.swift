import LifeCore

extension Database {
    /// The ids in `table`'s text primary key `id` that start with `prefix`
    /// (already `IDPrefix.normalized`), at most `limit`, in order.
    ///
    /// A range on the primary key (`id >= prefix AND id < prefix + "g"`: every
    /// character of an id sorts below `g`), so it reads a few index entries
    /// whatever the size of the table, where `substr(id, 1, n) = ?` would scan
    /// every row. `table` is the caller's constant, never a person's input.
    public func ids(startingWith prefix: String, in table: String, limit: Int = 2) throws -> [String] {
        guard !table.isEmpty, table.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw LifeError.bug("ids(startingWith:in:) was given the table name '\(table)'")
        }
        return try fetchAll(
            "SELECT id FROM \(table) WHERE id >= ? AND id < ? ORDER BY id LIMIT ?", [prefix, prefix + "g", limit]
        ).map { try $0.get(String.self, at: 0) }
    }
}
