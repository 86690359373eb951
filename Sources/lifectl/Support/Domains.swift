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
        DailyMenuDomain.domain,
    ]

    /// The domain a table belongs to, by its name's prefix; the migrator's
    /// bookkeeping counts as core.
    static func domain(ofTable table: String) -> String {
        if table == "schema_migrations" { return ProductDomain.core.name }
        return all.first { table.hasPrefix($0.tablePrefix) }?.name ?? "other"
    }

    /// Each product's own invariants beyond what SQLite's constraints hold
    /// (an empty list when all hold).
    static func invariantViolations(db: Database, clock: Clock) throws -> [(domain: String, problems: [String])] {
        [
            (FiniteDomain.domain.name, try FiniteStore(db: db, clock: clock).invariantViolations()),
            (LifeTimerDomain.domain.name, try LifeTimerStore(db: db, clock: clock).invariantViolations()),
            (WalksDomain.domain.name, try WalksStore(db: db, clock: clock).invariantViolations()),
            (HereafterDomain.domain.name, try HereafterStore(db: db, clock: clock).invariantViolations()),
        ]
    }
}
