import Foundation
import Testing

@testable import lifectl

/// `db schema` prints the schema without the specification's rule ids
/// that the released migrations' comments cite; the SQL is untouched.
@Suite(.tags(.endToEnd)) struct SchemaCommentsTests {
    @Test(arguments: [
        (
            "    source_track_index INTEGER, -- imported is skipped, WALK-1) and which <trk> of it (0-based) this is.",
            "    source_track_index INTEGER, -- imported is skipped) and which <trk> of it (0-based) this is."
        ),
        (
            "    -- WALK-3: metres along the WGS-84 ellipsoid, summed within segments.",
            "    -- metres along the WGS-84 ellipsoid, summed within segments."
        ),
        (
            "-- data\" (SPEC DM-11; docs/dailymenu.md, \"Undo and deleting everything\").",
            "-- data\" (docs/dailymenu.md, \"Undo and deleting everything\")."
        ),
        ("-- The days the person asked (DM-11): a ritual", "-- The days the person asked: a ritual"),
        ("-- kept apart (CORE-4, SYNC-2).", "-- kept apart."),
        ("-- one row a day (see docs/finite.md; FIN-3)", "-- one row a day (see docs/finite.md)"),
        // Not a comment: text in quotes, and SQL, are printed as stored.
        ("CHECK (code <> 'LT-2 -- FIN-3')", "CHECK (code <> 'LT-2 -- FIN-3')"),
        ("a - b -- PERF-1", "a - b --"),
        ("no comment at all, LT-2", "no comment at all, LT-2"),
    ])
    func takesTheIDsOutOfComments(stored: String, shown: String) {
        #expect(SchemaComments.withoutRuleIDs(stored) == shown)
    }
}
