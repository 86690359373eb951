import Foundation
import LifeCore
import LifeDB

/// A row an import is about to write: the file's values merged with the row
/// already here (if any) by the table's column policies. A product's
/// `prepareImport` reads it through the typed accessors below, which refuse
/// a value of the wrong type or outside the years 1–9999 with a sentence
/// naming the column, and may change `values` before it is written.
package struct ImportRow {
    package let table: String
    /// What will be written, column → value; a column left out takes the
    /// table's default.
    package var values: [String: DatabaseValue]
    /// The row here before the import, nil for a new row.
    package let existing: [String: DatabaseValue]?
    /// The row as the file has it.
    package let incoming: [String: DatabaseValue]
    /// Columns whose values are never quoted (`TableSpec.privateColumns`).
    let privateColumns: Set<String>
    /// The file's values of columns this table no longer has
    /// (`TableSpec.retiredColumns`): for the product to carry over, never written.
    package let retired: [String: DatabaseValue]

    package init(
        table: String, values: [String: DatabaseValue], existing: [String: DatabaseValue]?,
        incoming: [String: DatabaseValue], privateColumns: Set<String> = [], retired: [String: DatabaseValue] = [:]
    ) {
        self.retired = retired
        self.table = table
        self.values = values
        self.existing = existing
        self.incoming = incoming
        self.privateColumns = privateColumns
    }

    /// True when the row is not in this database yet.
    package var isNew: Bool { existing == nil }

    package subscript(column: String) -> DatabaseValue { values[column] ?? .null }

    // MARK: Typed reads that refuse

    /// The value quoted for a message, or "a value" for a private column.
    func quoted(_ column: String) -> String {
        if privateColumns.contains(column) { return "a value" }
        switch self[column] {
        case .null: return "null"
        case .integer(let number): return "\(number)"
        case .real(let number): return "\(number)"
        case .text(let text): return "'\(TerminalText.echoed(text))'"
        case .blob(let data): return "of \(Format.count(data.count, "byte", "bytes"))"
        }
    }

    func refuse(_ column: String, _ rule: String) -> LifeError {
        LifeError.invalid(field: column, "\(column) is \(quoted(column)); \(rule)")
    }

    /// A required value: null or absent is refused.
    func required(_ column: String) throws -> DatabaseValue {
        let value = self[column]
        if value.isNull { throw LifeError.invalid(field: column, "\(column) is missing; it is required") }
        return value
    }

    /// A whole number, optionally within `range`.
    package func integer(_ column: String, in range: ClosedRange<Int64>? = nil) throws -> Int64 {
        guard case .integer(let number) = try required(column) else {
            throw refuse(column, "it must be a whole number")
        }
        if let range, !range.contains(number) {
            throw refuse(column, "it must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    package func optionalInteger(_ column: String, in range: ClosedRange<Int64>? = nil) throws -> Int64? {
        self[column].isNull ? nil : try integer(column, in: range)
    }

    /// A finite number (an integer is taken as one), optionally within `range`.
    package func real(_ column: String, in range: ClosedRange<Double>? = nil) throws -> Double {
        let number: Double
        switch try required(column) {
        case .real(let value): number = value
        case .integer(let value): number = Double(value)
        default: throw refuse(column, "it must be a number")
        }
        guard number.isFinite else { throw refuse(column, "it must be a finite number") }
        if let range, !range.contains(number) {
            throw refuse(column, "it must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    package func optionalReal(_ column: String, in range: ClosedRange<Double>? = nil) throws -> Double? {
        self[column].isNull ? nil : try real(column, in: range)
    }

    package func text(_ column: String) throws -> String {
        guard case .text(let text) = try required(column) else { throw refuse(column, "it must be text") }
        return text
    }

    package func optionalText(_ column: String) throws -> String? {
        self[column].isNull ? nil : try text(column)
    }

    /// An instant stored as `YYYY-MM-DD HH:MM:SS.SSS` UTC, within the years 1–9999.
    package func instant(_ column: String) throws -> Date {
        let text = try text(column)
        guard let instant = Timestamp.parseDatabase(text), !text.hasPrefix("0000") else {
            throw refuse(column, "it must be an instant written YYYY-MM-DD HH:MM:SS.SSS (UTC) in the years 1–9999")
        }
        return instant
    }

    package func optionalInstant(_ column: String) throws -> Date? {
        self[column].isNull ? nil : try instant(column)
    }

    /// A calendar date `YYYY-MM-DD` within the years 1–9999.
    package func date(_ column: String) throws -> CivilDate {
        let text = try text(column)
        guard let date = CivilDate(iso: text), date.isInYearRange else {
            throw refuse(column, "it must be a date written YYYY-MM-DD in the years 1–9999")
        }
        return date
    }

    package func optionalDate(_ column: String) throws -> CivilDate? {
        self[column].isNull ? nil : try date(column)
    }

    /// Bytes (a BLOB).
    package func blob(_ column: String) throws -> Data {
        guard case .blob(let data) = try required(column) else { throw refuse(column, "it must be bytes") }
        return data
    }

    package func optionalBlob(_ column: String) throws -> Data? {
        self[column].isNull ? nil : try blob(column)
    }

    /// One of a type's raw values, or nil.
    package func optionalChoice<T: RawRepresentable & CaseIterable>(_ column: String, as type: T.Type) throws -> T?
    where T.RawValue == String {
        self[column].isNull ? nil : try choice(column, as: type)
    }

    /// A lower-case UUID.
    package func uuid(_ column: String) throws -> UUID {
        let text = try text(column)
        guard let id = UUID(uuidString: text), id.uuidString.lowercased() == text else {
            throw refuse(column, "it must be a lower-case UUID")
        }
        return id
    }

    package func optionalUUID(_ column: String) throws -> UUID? {
        self[column].isNull ? nil : try uuid(column)
    }

    /// 0 or 1.
    package func bool(_ column: String) throws -> Bool {
        try integer(column, in: 0...1) == 1
    }

    /// One of `values`' raw values.
    package func choice<T: RawRepresentable & CaseIterable>(_ column: String, as type: T.Type) throws -> T
    where T.RawValue == String {
        let raw = try text(column)
        guard let value = T(rawValue: raw) else {
            throw refuse(column, "it must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}

/// What a product's `prepareImport` may need beyond the row.
package struct ImportContext {
    /// The connection, inside the import's transaction: to look at the
    /// rows already here (and those the import wrote before this one).
    package let db: Database
    /// "Now" for rules about the present (a week not in the future): this
    /// device's clock, or the file's latest instant when that is later, so
    /// that a file from a device whose clock runs ahead is not refused for it.
    package let clock: Clock
    /// What a product remembers from one row to a later one, or to its
    /// `finishImport` (LifeTimer: each account's count of goals ever made).
    package let notes: ImportNotes
    /// True while sync shows a merged record (docs/sync.md, section 7): the
    /// row comes from one of the person's own devices, where a command made
    /// it under the product's rules, and the rules that span rows are sync's
    /// (the registry's `SyncGroupRule`, `SyncCoverage`, unique keys, parents),
    /// resolved from the merged records alone. A product then checks the row
    /// on its own and sets its local columns, and decides nothing from the
    /// other rows here or from the time now (which differ between devices).
    package let isSync: Bool

    package init(db: Database, clock: Clock, notes: ImportNotes = ImportNotes(), isSync: Bool = false) {
        self.db = db
        self.clock = clock
        self.notes = notes
        self.isSync = isSync
    }
}

/// A product's notes during one import, by key.
package final class ImportNotes {
    package var values: [String: DatabaseValue] = [:]

    package init() {}
}
