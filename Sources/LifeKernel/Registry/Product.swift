import Foundation
import LifeCore
import LifeDB

/// What a product module declares of itself, once, to the registry (SPEC
/// CORE-12): its tables with a merge policy for every column, the Swift
/// steps of its migrations, its `db check` invariants, the rules an imported
/// row must obey, its search sources, its part of the timeline, its
/// calendar events and its statistics.
///
/// Everything that spans the products (`db status`, `db check`, export,
/// import, search, `today`/`week`, `calendar`, `stats`, and sync) iterates a
/// `ProductRegistry` of these and names no product's table itself.
///
/// The hooks that take a `Database` run inside a transaction the kernel
/// opened; they never open one of their own and never keep the connection.
package protocol Product: Sendable {
    /// Lower case, as in `db status` and the export file: `finite`, `walks`.
    var name: String { get }

    /// Every table the product's migrations create, in the order an import
    /// writes them (parents before children).
    var tables: [TableSpec] { get }

    /// The steps of its migrations that SQL cannot take.
    var migrationSteps: [MigrationStep] { get }

    /// The rules SQLite's constraints cannot hold, re-checked over the stored
    /// rows (`db check`, and an import before it commits): one sentence per
    /// problem, empty when all hold. Sane limits included: finite numbers,
    /// values in range, instants within the years 1–9999. Never traps on a
    /// stored value, whatever it is.
    func invariantViolations(_ db: Database, clock: Clock) throws -> [String]

    /// Checks a row an import is about to write, already merged with the row
    /// here when there is one, by the same rules a command of the product
    /// applies (the product's own validation functions), and prepares it
    /// (a local numbering, a counter raised). Throws a `LifeError` naming
    /// the column and the rule; the kernel adds the file, table and row.
    func prepareImport(_ row: inout ImportRow, context: ImportContext) throws

    /// Checks the file's row on its own (its values over the row as it will
    /// be written, for the columns the file leaves out): what makes a row
    /// sane whatever the merge keeps of it (a walk's summary agrees with its
    /// points, a zone is a known name, a text is within its limit). A file
    /// holding an insane row is refused even where the merge would keep the
    /// row here as it is. The table's own constraints are checked by the
    /// kernel the same way, on an empty copy of the table.
    func checkImport(_ row: ImportRow, context: ImportContext) throws

    /// Runs after the import wrote the product's tables, before the
    /// invariants are checked: what needs every row in place (a count
    /// raised to the file's).
    func finishImport(_ context: ImportContext) throws

    /// True while the product withholds its `.withheld` columns from an
    /// export meant for sync (DailyMenu while mood sharing is off).
    func isWithholding(_ db: Database) throws -> Bool

    /// The kinds of text the product puts in the search index, each with
    /// who may find it.
    var searchSources: [SearchSource] { get }

    /// The product's part of one page of days (`today`, `week`), or nil
    /// when it has nothing to say at all.
    func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)?

    /// The product's notifications in the window, as calendar events.
    func calendarEvents(_ db: Database, window: CalendarWindow) throws -> [CalendarEvent]

    /// The product's statistics over the request's window (SPEC STAT-1),
    /// computed from its own rows only, or nil when it holds nothing to
    /// count at all (not set up).
    func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)?
}

extension Product {
    package var migrationSteps: [MigrationStep] { [] }
    package func invariantViolations(_ db: Database, clock: Clock) throws -> [String] { [] }
    package func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {}
    package func checkImport(_ row: ImportRow, context: ImportContext) throws {}
    package func finishImport(_ context: ImportContext) throws {}
    package func isWithholding(_ db: Database) throws -> Bool { false }
    package var searchSources: [SearchSource] { [] }
    package func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)? { nil }
    package func calendarEvents(_ db: Database, window: CalendarWindow) throws -> [CalendarEvent] { [] }
    package func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)? { nil }

    /// The declaration of `table`, if the product has it.
    package func table(named table: String) -> TableSpec? {
        tables.first { $0.name == table }
    }
}

/// A kind of text a product puts in `search_documents` (`Schema/0009_search.sql`).
package struct SearchSource: Sendable, Hashable {
    /// `search_documents.kind`: `finite_phrase`, `walk_name`.
    package let kind: String
    /// What a hit is, in words: "week phrase", "walk".
    package let label: String
    /// Who may find it: nil for whoever searches (the owner's own words);
    /// else an SQL condition on the document `d` (its row id is `d.ref`)
    /// in which every `?` is the viewer's id (NULL when there is none). It
    /// is applied before anything is ranked or counted, so a hidden text
    /// changes no answer (SPEC LT-6, REL-6).
    package let visibleTo: String?

    package init(kind: String, label: String, visibleTo: String? = nil) {
        self.kind = kind
        self.label = label
        self.visibleTo = visibleTo
    }
}
