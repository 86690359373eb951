/// A row of a synced table kept out while a row of another table covers it
/// (SPEC SYNC-6; docs/sync.md, section 7): DailyMenu's undo of a ritual and
/// its deletion of everything reach rows that the deleting device never
/// saw, as a function of the merged rows.
package struct SyncCoverage: Sendable {
    /// The covering table.
    package let table: String
    /// Pairs (column here, column there) that must be equal; none: any row there.
    package let match: [(here: String, there: String)]
    /// The covering row's instant column …
    package let instant: String
    /// … at or after which this row's `dated` column is covered.
    package let dated: String

    package init(table: String, match: [(here: String, there: String)] = [], instant: String, dated: String) {
        self.table = table
        self.match = match
        self.instant = instant
        self.dated = dated
    }
}
