import Across
import DailyMenu
import Finite
import Hereafter
import LifeCore
import LifeDB
import LifeTimer
import Walks

/// The products sharing the database, for per-domain row counts and checks.
enum Domains {
    static let all: [ProductDomain] = [
        .core, FiniteDomain.domain, LifeTimerDomain.domain, WalksDomain.domain, HereafterDomain.domain,
        DailyMenuDomain.domain, AcrossDomain.domain,
    ]

    /// The domains that hold saved rows: not one whose every table is
    /// derived from the others (the search index has no counted table).
    static let saved: [ProductDomain] = all.filter { !$0.tables.isEmpty }

    /// The domain a table belongs to, by the lists beside each migration;
    /// "other" for a table no product lists.
    static func domain(ofTable table: String) -> String {
        all.first { $0.allTables.contains(table) }?.name ?? "other"
    }

    /// Whether `db status` counts the table's rows: a product's own tables
    /// and any table no product lists, never an index kept as a table.
    static func countsRows(ofTable table: String) -> Bool {
        !all.contains { $0.uncountedTables.contains(table) }
    }

    /// Each product's own invariants beyond what SQLite's constraints hold,
    /// one check per domain, each run on its own so that one failing to
    /// finish does not hide the others (an empty list when all hold).
    static func invariantChecks(db: Database, clock: Clock) -> [(domain: String, violations: () throws -> [String])] {
        // The same list an import checks before it commits (DataExchange).
        DataExchange.invariantChecks(db: db, clock: clock)
    }
}
