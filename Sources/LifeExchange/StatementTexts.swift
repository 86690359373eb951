import LifeDB

/// The text of the INSERT and UPDATE statements a merger runs, made once
/// per set of columns (building it costs more than running it).
final class StatementTexts {
    private var inserts: [String: [[String]: String]] = [:]
    private var updates: [String: [[String]: String]] = [:]

    /// `INSERT INTO table (names) VALUES (?, …)`; `table` already quoted.
    func insert(into table: String, _ names: [String]) -> String {
        if let text = inserts[table]?[names] { return text }
        let text =
            "INSERT INTO \(table) (\(names.map(Database.quoteIdentifier).joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        inserts[table, default: [:]][names] = text
        return text
    }

    /// `UPDATE table SET column = ?, … WHERE key = ? AND …`; `table` already quoted.
    func update(_ table: String, set columns: [String], where identity: [String]) -> String {
        let key = columns + [""] + identity
        if let text = updates[table]?[key] { return text }
        let text =
            "UPDATE \(table) SET " + columns.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: ", ")
            + " WHERE " + identity.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: " AND ")
        updates[table, default: [:]][key] = text
        return text
    }
}
