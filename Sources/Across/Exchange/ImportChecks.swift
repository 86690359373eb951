import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeTimer
import Walks

/// What `DataExchange.importDocument` did: the rows read from the file, and
/// the walks it left out because their GPX file is already in the database
/// under another id (docs/json.md, "import").
public struct ImportReport: Equatable, Sendable {
    public var rowsRead: Int
    public var skippedWalks: [SkippedWalk]
    /// Rows added or changed; a row already as in the file is not written.
    public var rowsChanged = 0

    /// Rows read and not skipped (added, replaced, or already equal).
    public var rowsImported: Int { rowsRead - skippedWalks.count }
}

/// A walk of the file whose source (the GPX file's SHA-256 and track) the
/// database already holds as another walk: the same walk imported twice,
/// as `walks import` skips a file already imported (WALK-1).
public struct SkippedWalk: Codable, Equatable, Sendable {
    public let id: String
    public let existingId: String
    public let sourceFile: String?
    public let sourceTrack: Int64
}

extension DataExchange {
    /// Each product's own invariants, the ones `lifectl db check` runs
    /// beyond SQLite's constraints (CORE-11), by product name.
    public static func invariantChecks(db: Database, clock: Clock) -> [(
        domain: String, violations: () throws -> [String]
    )] {
        [
            (ProductDomain.core.name, { try OwnerStore(db: db, clock: clock).invariantViolations() }),
            (FiniteDomain.domain.name, { try FiniteStore(db: db, clock: clock).invariantViolations() }),
            (LifeTimerDomain.domain.name, { try LifeTimerStore(db: db, clock: clock).invariantViolations() }),
            (WalksDomain.domain.name, { try WalksStore(db: db, clock: clock).invariantViolations() }),
            (HereafterDomain.domain.name, { try HereafterStore(db: db, clock: clock).invariantViolations() }),
            (DailyMenuDomain.domain.name, { try DailyMenuStore(db: db, clock: clock).invariantViolations() }),
        ]
    }

    /// The invariants of the products in `document`, each problem prefixed
    /// with its product's name.
    static func violations(of document: ExportDocument, db: Database, clock: Clock) throws -> [String] {
        var problems: [String] = []
        for (domain, violations) in invariantChecks(db: db, clock: clock) where document.products[domain] != nil {
            problems += try violations().map { "\(domain): \($0)" }
        }
        return problems
    }

    /// The "now" the file's rows are checked at: this device's, or the
    /// file's latest instant (a `…_at` column) when that is later, so that a
    /// file written on a device whose clock runs ahead is not refused for
    /// it (a note discovered there a minute ago). Rules about the clock are
    /// `db check`'s to report once they hold here; the import refuses data
    /// that disagrees with itself.
    static func checkClock(for document: ExportDocument, now: Date) -> Clock {
        var latest = now
        for tables in document.products.values {
            for rows in tables.values {
                for row in rows {
                    for (column, value) in row where column.hasSuffix("_at") {
                        if case .text(let text) = value, let instant = Timestamp.parseDatabase(text), instant > latest {
                            latest = instant
                        }
                    }
                }
            }
        }
        return .fixed(latest)
    }

    /// Refuses a file whose rows break a product's rules: the problems the
    /// import added (those already in the database before are not its
    /// doing), one sentence.
    static func refusal(_ problems: [String]) -> LifeError {
        let shown = 5
        var text = problems.prefix(shown).joined(separator: "; ")
        if problems.count > shown { text += "; and \(problems.count - shown) more" }
        return LifeError.malformed(
            "the file's rows break the products' rules: \(text); nothing was imported",
            field: "file")
    }

    /// The sentence for a row SQLite refused: the table, the row by its key,
    /// the column and its value, or the columns a rule of the table ties
    /// together; never the SQL.
    static func rowRefused(
        _ error: DatabaseError, table: String, row: [String: ExportValue], keys: [String], index: Int,
        columns: [String]
    ) -> LifeError {
        let label = rowLabel(table: table, row: row, keys: keys, index: index)
        let message = error.message
        func column(after prefix: String) -> String? {
            guard message.hasPrefix(prefix) else { return nil }
            let name = message.dropFirst(prefix.count).split(separator: ",").first.map(String.init) ?? ""
            return String(name.split(separator: ".").last ?? "")
        }
        let reason: String
        if let name = column(after: "NOT NULL constraint failed: "), columns.contains(name) {
            reason = row[name] == nil ? "has no \(name), which the table requires" : "has \(name) null; it is required"
        } else if message.hasPrefix("cannot store "), let name = message.split(separator: ".").last.map(String.init),
            columns.contains(name)
        {
            let words = message.split(separator: " ")
            // "cannot store TEXT value in REAL column walks.distance_m"
            let kind = words.count > 5 ? words[5].lowercased() : "other"
            reason = "has \(name) \(describe(row[name] ?? .null)), but the column holds \(kind) values"
        } else if message.hasPrefix("CHECK constraint failed: ") {
            let named = mentioned(in: String(message.dropFirst("CHECK constraint failed: ".count)), columns: columns)
            if named.count == 1, let name = named.first {
                reason = "has \(name) \(describe(row[name] ?? .null)), which the table does not allow"
            } else if named.isEmpty {
                reason = "breaks a rule of the table"
            } else {
                let missing = named.filter { row[$0] == nil }
                reason =
                    "has \(listed(named)) that do not fit together by the table's rules"
                    + (missing.isEmpty ? "" : " (\(listed(missing)) not in the file)")
            }
        } else if message.hasPrefix("UNIQUE constraint failed: ") {
            let named = mentioned(in: String(message.dropFirst("UNIQUE constraint failed: ".count)), columns: columns)
            reason = "has the same \(listed(named)) as another row, which the table does not allow"
        } else {
            // A trigger's own words (RAISE), written for people.
            reason = "is refused: \(TerminalText.echoed(message))"
        }
        return LifeError.malformed("the file's \(label) \(reason); nothing was imported", field: table)
    }

    /// `walks row '…'`, `lifetimer_follows row (follower_id '…', followee_id '…')`,
    /// or `walks row 3` when the file leaves the key out.
    static func rowLabel(table: String, row: [String: ExportValue], keys: [String], index: Int) -> String {
        let values = keys.map { row[$0] }
        if values.contains(where: { $0 == nil || $0 == .null }) { return "\(table) row \(index + 1)" }
        if keys.count == 1, let value = values.first ?? nil { return "\(table) row \(describe(value))" }
        let pairs = zip(keys, values).map { "\($0) \(describe($1 ?? .null))" }
        return "\(table) row (\(pairs.joined(separator: ", ")))"
    }

    /// A value from the file, quoted back on one line.
    static func describe(_ value: ExportValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): "'\(TerminalText.echoed(text))'"
        case .base64(let data): "of \(Format.count(data.count, "byte", "bytes"))"
        case .track: "a track"
        }
    }

    /// "a", "a and b", "a, b and c".
    static func listed(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The table's columns an SQL expression names, in the table's order.
    static func mentioned(in expression: String, columns: [String]) -> [String] {
        let words = Set(
            expression.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        return columns.filter { words.contains($0) }
    }
}

extension DataExchange {
    /// A decoding failure as one sentence naming where in the file it is
    /// ("products.finite is a list; an object was expected"), never Swift's
    /// own description of the error.
    static func sentence(for error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + TerminalText.echoed(key.stringValue)
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        func kind(_ type: Any.Type) -> String {
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "a list" }
            if name == "String" { return "text" }
            if ["Int", "Int64", "Double"].contains(name) { return "a number" }
            return "a value of another kind"
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) does not hold what an export holds there (\(kind(type)) was expected)"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)) is null or missing; \(kind(type)) was expected"
        case .keyNotFound(let key, let context):
            let path = context.codingPath + [key]
            return "\(place(path)) is missing"
        case .dataCorrupted(let context):
            return "\(place(context.codingPath)) cannot be read (\(TerminalText.echoed(context.debugDescription)))"
        @unknown default:
            return "it does not have the shape of an export"
        }
    }
}
