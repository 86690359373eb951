import LifeDB

/// One table as its product declares it to the registry (SPEC CORE-12):
/// what it holds, how each column merges, and what an export writes of it.
/// A test compares every declaration with a new database's schema, so a
/// column a migration adds cannot be left without a policy.
package struct TableSpec: Sendable {
    /// What the rows are, for counting, exporting and merging.
    package enum Role: Sendable, Hashable {
        /// What a person saved: counted by `db status`, exported, imported
        /// through the product's rules and merged by the column policies.
        case saved
        /// Saved, but a preference of this device: counted, in a full
        /// export (a backup), never in an export meant for sync; an import
        /// adds rows this database lacks and keeps the ones it has.
        case localOnly
        /// A catalogue the migrations load (DailyMenu's activities): counted
        /// and exported, but an import may only repeat it as it is here.
        case reference
        /// Worked out from other rows (an index kept as a table): not
        /// counted, never exported, never imported.
        case derived
        /// The machinery's own records (`schema_migrations`): none of the above.
        case bookkeeping
    }

    package let name: String
    package let role: Role
    /// Every column, with its merge policy.
    package let columns: [String: MergePolicy]
    /// The column holding the instant of the row's last change
    /// (`updated_at`), which decides last-writer-wins on import; nil when the
    /// table has none (its rows are then kept as they are here).
    package let version: String?
    /// Unique column sets other than the key under which a row from
    /// elsewhere is the same row as one here (two devices marking the same
    /// week): it merges into the row here, which keeps its key.
    package let naturalKeys: [[String]]
    /// Columns whose values are never quoted in a message (a locked note's
    /// words, an email address).
    package let privateColumns: Set<String>
    /// The order an import writes rows in, when it matters (a reply after
    /// the message it answers, goal 1 before goal 2): columns to sort by.
    package let importOrder: [String]
    /// Columns written to an export in a form of their own (a walk's track
    /// as point arrays instead of codec bytes).
    package let codecs: [String: ColumnCodec]
    /// A row whose `sealedUntil` column is null holds words never printed (a
    /// Hereafter note not yet discovered): an export holding one is written
    /// only to a file, never to a terminal or a pipe (SPEC HA-3).
    package let sealedUntil: String?
    /// Columns an earlier schema had and a migration removed: an export
    /// made then may hold them. An import accepts them, hands them to the
    /// product's `prepareImport` (`ImportRow.retired`) to carry over where
    /// they went, and never writes them to this table.
    package let retiredColumns: Set<String>
    /// Sync's rule over the groups of this table's records (numbered, at
    /// most so many, locked by another record): `SyncGroupRule`.
    package let syncGroup: SyncGroupRule?
    /// Rows of other tables that keep a row of this one out under sync
    /// (a deletion that reaches rows the deleting device never saw).
    package let syncCoverage: [SyncCoverage]

    package init(
        _ name: String, role: Role = .saved, version: String? = nil, naturalKeys: [[String]] = [],
        privateColumns: Set<String> = [], importOrder: [String] = [], codecs: [String: ColumnCodec] = [:],
        sealedUntil: String? = nil, retiredColumns: Set<String> = [], syncGroup: SyncGroupRule? = nil,
        syncCoverage: [SyncCoverage] = [], columns: [String: MergePolicy]
    ) {
        self.syncGroup = syncGroup
        self.syncCoverage = syncCoverage
        self.sealedUntil = sealedUntil
        self.retiredColumns = retiredColumns
        self.name = name
        self.role = role
        self.columns = columns
        self.version = version
        self.naturalKeys = naturalKeys
        self.privateColumns = privateColumns
        self.importOrder = importOrder
        self.codecs = codecs
    }

    /// Counted by `db status` as what a person saved.
    package var isCounted: Bool { role == .saved || role == .localOnly || role == .reference }

    /// In a full export (a backup).
    package var isExported: Bool { isCounted }

    /// In an export meant for another device of the same person.
    package var isSynced: Bool { role == .saved || role == .reference }

    /// The key columns, as declared.
    package var keyColumns: [String] { columns.filter { $0.value == .key }.map(\.key).sorted() }

    /// A table its product keeps for itself: no other rule applies.
    package static func derived(_ name: String) -> TableSpec {
        TableSpec(name, role: .derived, columns: [:])
    }
}

/// A column's own form in an export file, both ways.
package struct ColumnCodec: Sendable {
    package let export: @Sendable (DatabaseValue) throws -> ExportValue
    /// `column` names it in an error (`walks.points`).
    package let `import`: @Sendable (ExportValue, _ column: String) throws -> DatabaseValue

    package init(
        export: @escaping @Sendable (DatabaseValue) throws -> ExportValue,
        import: @escaping @Sendable (ExportValue, _ column: String) throws -> DatabaseValue
    ) {
        self.export = export
        self.import = `import`
    }
}
