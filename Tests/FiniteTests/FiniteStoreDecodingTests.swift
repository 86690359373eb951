import Finite
import Foundation
import LifeCore
import LifeDB
import Testing

/// FiniteStore reads its rows by column name and its enums strictly: a word
/// the enums do not know (written by a newer build, or by hand with the
/// CHECKs switched off) is an error naming table, column and value, never a
/// default (issue 10).
@Suite struct FiniteStoreDecodingTests {
    static func store() throws -> (FiniteStore, DatabaseQueue) {
        let (store, db) = try FiniteStoreTests.makeStore()
        try store.setup(birthday: try #require(CivilDate(iso: "1990-05-14")))
        try store.mark(.number(1_000), rating: 4, category: "rest", phrase: "Quiet")
        return (store, db)
    }

    /// Writes past the schema's CHECKs, as an older build would meet a newer
    /// build's words.
    static func force(_ db: DatabaseQueue, _ sql: String) throws {
        try db.force(sql)
    }

    @Test func aMarkReadsBackWhole() throws {
        let (store, _) = try Self.store()
        let mark = try #require(try store.mark(at: 999))
        #expect(mark.weekIndex == 999)
        #expect(mark.rating == .good)
        #expect(mark.category == .rest)
        #expect(mark.phrase == "Quiet")
    }

    @Test(arguments: [
        (
            "UPDATE finite_marks SET category = 'chores'",
            "finite_marks.category holds 'chores', which is not a known WeekCategory value"
        ),
        ("UPDATE finite_marks SET rating = 7", "finite_marks.rating holds '7', which is not a known WeekRating value"),
    ])
    func anUnknownMarkWordIsNamed(sql: String, message: String) throws {
        let (store, db) = try Self.store()
        try Self.force(db, sql)
        let id = try #require(try db.fetchOne(String.self, "SELECT id FROM finite_marks"))
        let expected =
            "finite_marks row '\(id)' cannot be read: \(message); the file was changed outside lifectl or is damaged"
        var caught: LifeError?
        do { _ = try store.marks() } catch let error as LifeError { caught = error }
        #expect(caught?.message == expected)
        #expect(caught?.kind == .malformedInput)
        caught = nil
        do { _ = try store.mark(at: 999) } catch let error as LifeError { caught = error }
        #expect(caught?.message == expected)
    }

    @Test func anUnknownViewModeIsNamedNotColor() throws {
        let (store, db) = try Self.store()
        try Self.force(db, "UPDATE finite_profile SET view_mode = 'sepia'")
        var caught: LifeError?
        do { _ = try store.profile() } catch let error as LifeError { caught = error }
        #expect(
            caught?.message
                == "finite_profile row 1 cannot be read: finite_profile.view_mode holds 'sepia', which is not a known ViewMode value; the file was changed outside lifectl or is damaged"
        )
        #expect(caught?.kind == .malformedInput)
    }
}
