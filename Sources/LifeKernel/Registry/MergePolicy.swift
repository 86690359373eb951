/// How a column's value is merged when the same row arrives from somewhere
/// else: an export imported here, and (the sync issue) another device's
/// changes. One policy per column, declared by the product that owns the
/// table (SPEC CORE-12, SYNC-2); the kernel's merge knows no column by name.
///
/// "The same row" is a row with the same key, or with the same natural key
/// (`TableSpec.naturalKeys`): two devices marking the same week.
package enum MergePolicy: Sendable, Hashable {
    /// Part of the row's identity: never changes, never merged.
    case key
    /// Set when the row is created and never changed afterwards (an id of a
    /// parent, a creation instant, a countdown's start): the row already
    /// here keeps its value.
    case createdOnce
    /// The newer write wins: on import, the file's value when the file's row
    /// is newer by the table's version column (`TableSpec.version`), else
    /// this database's. Columns that name the same `group` are one unit:
    /// they always come from the same side (a walk's points, summary and
    /// path; a goal's location, latitude and longitude).
    case lastWriterWins(group: String? = nil)
    /// A fact that only moves forward and happened once, at its earliest
    /// report (a note discovered, a message read, a countdown started): the
    /// earliest non-null value wins; null ("not yet") never wins over a value.
    case earliest
    /// A count or an instant that only grows (goals ever created, the
    /// longest streak, a row's version): the largest non-null value wins.
    case latest
    /// Like `lastWriterWins`, but a sync export withholds it (null) while the
    /// product says sharing is off (`Product.isWithholding`, DailyMenu's
    /// moods): a null that arrives never erases a stored value, and a value
    /// that arrives fills in a null here.
    case withheld
    /// Stays on this device: never in an export meant for sync, and an
    /// import never changes the value stored here (lock preferences, hidden
    /// activities, live recording points, an index's local numbering).
    case localOnly
    /// Worked out from other rows (an index, a streak kept in step by
    /// triggers): never exported, never imported, rebuilt after a merge.
    case derived
    /// Owned by the server (the sync issue): only a site with the server's
    /// role changes it; an import keeps what this database has for a row
    /// already here.
    case serverWins

    /// True when the value goes into an export meant for another device.
    package var travels: Bool {
        switch self {
        case .localOnly, .derived: false
        default: true
        }
    }

    /// The group a last-writer-wins column merges with, if any.
    package var group: String? {
        if case .lastWriterWins(let group) = self { return group }
        return nil
    }
}
