import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import Testing

/// Ids typed as a unique prefix (CORE-10): the text rule and the range lookup.
@Suite struct IDPrefixTests {
    @Test func normalizedTrimsLowerCasesAndRefusesWhatCannotStartAnId() throws {
        #expect(try IDPrefix.normalized("  3F2A-9 ", field: "walk", noun: "walk") == "3f2a-9")
        for bad in ["abc", "", "zzzz", "3f2a'", "'; DROP TABLE walks; --", String(repeating: "a", count: 37)] {
            let error = lifeError { _ = try IDPrefix.normalized(bad, field: "walk", noun: "walk") }
            #expect(error?.exitCode == 64, "\(bad)")
            #expect(error?.message.hasPrefix("walk is '\(bad)'; expected a walk id") == true, "\(bad)")
        }
    }

    @Test func theRangeFindsExactlyTheIdsWithThePrefix() throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/ids.db")
            try db.execute("CREATE TABLE item (id TEXT PRIMARY KEY) STRICT")
            let ids = [
                "3f2a0000-0000-4000-8000-000000000000", "3f2affff-ffff-4fff-bfff-ffffffffffff",
                "3f2b0000-0000-4000-8000-000000000000", "3f29ffff-ffff-4fff-bfff-ffffffffffff",
            ]
            for id in ids { try db.execute("INSERT INTO item (id) VALUES (?)", [id]) }
            #expect(try db.ids(startingWith: "3f2a", in: "item") == [ids[0], ids[1]])
            #expect(try db.ids(startingWith: "3f2a", in: "item", limit: 1) == [ids[0]])
            #expect(try db.ids(startingWith: "3f2b0000-", in: "item") == [ids[2]])
            #expect(try db.ids(startingWith: ids[3], in: "item") == [ids[3]])
            #expect(try db.ids(startingWith: "3f2c", in: "item") == [])
            // Only an identifier may name the table.
            #expect(lifeError { _ = try db.ids(startingWith: "3f2a", in: "item; DROP TABLE item") }?.exitCode == 70)
        }
    }
}
