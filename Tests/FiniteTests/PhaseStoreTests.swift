import Finite
import Foundation
import LifeCore
import LifeDB
import LifeKernel
import LifeKitTestSupport
import Testing

/// Life phases (SPEC FIN-11) through FiniteStore on a fresh database each:
/// rows read back, every rule refused with the database unchanged.
///
/// The weeks are worked out by hand for the birthday 1990-05-14 (rows start
/// on 14 May): 1996-09-01 is 110 days into row 6 (17 + 30 + 31 + 31 + 1),
/// week 15 of it, index 6·52 + 15 = 327 ("Week 328", 1996-08-27 … 09-02);
/// 2008-07-31 is 78 days into row 18 (17 + 30 + 31), week 11, index 947
/// (2008-07-30 … 08-05). Today, 2026-11-22, is index 1,899.
@Suite struct PhaseStoreTests {
    static func makeStore(now: String = "2026-11-22T12:00:00Z") throws -> (FiniteStore, DatabaseQueue) {
        let (store, db) = try FiniteStoreTests.makeStore(now: now)
        try store.setup(birthday: try FiniteStoreTests.date("1990-05-14"))
        return (store, db)
    }

    static func date(_ text: String) throws -> WeekSelector { .date(try FiniteStoreTests.date(text)) }

    static func rows(_ db: DatabaseQueue) throws -> [Row] {
        try db.fetchAll("SELECT * FROM finite_phases ORDER BY start_week_index, id")
    }

    @Test func addByDatesStoresTheWeeksHoldingThem() throws {
        let (store, db) = try Self.makeStore()
        let phase = try store.addPhase("School", from: try Self.date("1996-09-01"), to: try Self.date("2008-07-31"))
        let row = try #require(
            try db.fetchOne("SELECT name, start_week_index, end_week_index, colour FROM finite_phases"))
        #expect(try row.get(String.self, at: 0) == "School")
        #expect(try row.get(Int.self, at: 1) == 327)
        #expect(try row.get(Int.self, at: 2) == 947)
        #expect(try row.get(String.self, at: 3) == "sky")
        #expect(phase.from.number == 328)
        #expect(phase.from.start.iso == "1996-08-27")
        #expect(phase.to?.end.iso == "2008-08-05")
        #expect(phase.through == phase.to)
        #expect(!phase.ongoing)
        #expect(phase.weekCount == 947 - 327 + 1)
        #expect(phase.span == "weeks 328\u{2013}948, 1996-08-27 to 2008-08-05")
    }

    @Test func addByWeekNumbersAndOngoing() throws {
        let (store, db) = try Self.makeStore()
        let berlin = try store.addPhase("Berlin", from: .number(1_200))
        #expect(try db.fetchOne(Int.self, "SELECT end_week_index IS NULL FROM finite_phases") == 1)
        #expect(berlin.ongoing)
        #expect(berlin.to == nil)
        #expect(berlin.through.index == 1_899)
        #expect(berlin.weekCount == 1_899 - 1_199 + 1)
        // One week: from and to the same, the current one.
        let now = try store.addPhase("This week", from: .current, to: .current)
        #expect(now.from.index == 1_899 && now.through.index == 1_899 && now.weekCount == 1)
        #expect(now.span == "week 1,900, 2026-11-19 to 2026-11-25")
        // A phase not begun needs an end; with one it is a plan, and welcome.
        let before = try Self.rows(db)
        let error = try #require(throws: LifeError.self) { try store.addPhase("Later", from: .number(2_000)) }
        #expect(
            error.message
                == "the phase starts in week 2,000, after the current week (1,900), and has no end; a phase that has not begun needs an end week"
        )
        #expect(try Self.rows(db) == before)
        let sabbatical = try store.addPhase("Sabbatical", from: .number(2_000), to: .number(2_010))
        #expect(sabbatical.weekCount == 11)
    }

    @Test func weeksOutsideTheGridOrReversedAreRefused() throws {
        let (store, db) = try Self.makeStore()
        let cases: [(WeekSelector, WeekSelector?, String)] = [
            (.number(0), nil, "from is week 0; weeks are numbered from 1"),
            (try Self.date("1990-05-13"), nil, "from is 1990-05-13; it is before the birthday 1990-05-14"),
            (
                .number(20), .number(10),
                "to is week 10, before the start, week 20; a phase ends on or after the week it starts"
            ),
            // 150 rows of 52 weeks: week 7,800 is the last of the grid.
            (.number(7_000), .number(7_801), "to is week 7,801; the grid ends at week 7,800"),
        ]
        for (from, to, message) in cases {
            let error = try #require(throws: LifeError.self) { try store.addPhase("P", from: from, to: to) }
            #expect(error.message == message)
            #expect(error.exitCode == 64)
        }
        #expect(try Self.rows(db).isEmpty)
        #expect(try store.addPhase("Far", from: .number(7_800), to: .number(7_800)).from.index == 7_799)
    }

    @Test func namesAreUniqueIgnoringCaseInAnyScript() throws {
        let (store, db) = try Self.makeStore()
        try store.addPhase("School", from: .number(300), to: .number(900))
        try store.addPhase("Été", from: .number(1_000), to: .number(1_010))
        let before = try Self.rows(db)
        for name in ["school", " SCHOOL ", "été", "ÉTÉ"] {
            let error = try #require(throws: LifeError.self) {
                try store.addPhase(name, from: .number(1_100), to: .number(1_110))
            }
            #expect(error.message.hasSuffix("; phase names are unique, ignoring case"))
            #expect(error.field == "name")
        }
        // Renaming onto another's name is refused; onto its own in another case is not.
        #expect(throws: LifeError.self) { try store.editPhase("été", PhaseChange(name: "School")) }
        #expect(try Self.rows(db) == before)
        #expect(try store.editPhase("school", PhaseChange(name: "SCHOOL")).name == "SCHOOL")
    }

    @Test func nameRules() throws {
        let (store, db) = try Self.makeStore()
        let cases: [(String, String)] = [
            ("   ", "name is required; it is empty after trimming white space"),
            (String(repeating: "a", count: 41), "name is 41 characters; the limit is 40"),
            ("Two\nlines", "name holds a line break or a tab; a phase's name is one line"),
            ("Tab\there", "name holds a line break or a tab; a phase's name is one line"),
        ]
        for (name, message) in cases {
            let error = try #require(throws: LifeError.self) { try store.addPhase(name, from: .number(1)) }
            #expect(error.message == message)
        }
        #expect(try Self.rows(db).isEmpty)
        // 40 characters counted as people see them: 40 emoji of several code points each.
        let flags = String(repeating: "🇩🇪", count: 40)
        #expect(try store.addPhase("  \(flags) ", from: .number(1)).name == flags)
    }

    @Test func atMostThreePhasesShareAWeek() throws {
        let (store, db) = try Self.makeStore()
        try store.addPhase("Work", from: .number(1_200), to: .number(1_500))
        try store.addPhase("Berlin", from: .number(1_300))  // ongoing: through 1,900
        try store.addPhase("Band", from: .number(1_400), to: .number(1_450))
        // Up to 1,299 only Work; 1,451 on, Work and Berlin: a third fits there.
        try store.addPhase("Choir", from: .number(1_451), to: .number(1_600))
        let before = try Self.rows(db)
        // Weeks 1,400–1,450 hold three already (Band, Berlin, Work).
        let error = try #require(throws: LifeError.self) {
            try store.addPhase("Fourth", from: .number(1_100), to: .number(1_420))
        }
        #expect(
            error.message
                == "week 1,400 already belongs to 'Band', 'Berlin', 'Work'; a week belongs to at most 3 phases, so 'Fourth' cannot cover it"
        )
        #expect(try Self.rows(db) == before)
        // Moving Choir's start back into Band's weeks is refused the same way.
        #expect(throws: LifeError.self) { try store.editPhase("choir", PhaseChange(from: .number(1_440))) }
        #expect(try Self.rows(db) == before)
        // Before 1,200 and after 1,900 anything fits.
        try store.addPhase("Before", from: .number(1_100), to: .number(1_199))
    }

    @Test func coloursComeInTurnUnlessGiven() throws {
        let (store, _) = try Self.makeStore()
        var colours: [PhaseColour] = []
        for offset in 0..<7 {
            colours.append(
                try store.addPhase("P\(offset)", from: .number(100 * offset + 1), to: .number(100 * offset + 50)).colour
            )
        }
        #expect(colours == [.sky, .violet, .magenta, .indigo, .slate, .pink, .sky])
        try store.deletePhase("P2")  // magenta is free again
        #expect(try store.addPhase("Q", from: .number(901), to: .number(902)).colour == .magenta)
        #expect(try store.addPhase("R", from: .number(903), to: .number(904), colour: .pink).colour == .pink)
        #expect(PhaseColour.allCases.map(\.rawValue) == ["sky", "violet", "magenta", "indigo", "slate", "pink"])
        let error = try #require(throws: LifeError.self) { try PhaseColour.parse("Red", field: "colour") }
        #expect(
            error.message
                == "colour is 'Red'; it must be one of sky, violet, magenta, indigo, slate, pink (the phase colours, none of which is a rating's)"
        )
        #expect(try PhaseColour.parse(" Indigo ", field: "colour") == .indigo)
    }

    @Test func editChangesAllOrNothing() throws {
        let (store, db) = try FiniteStoreTests.makeStore(now: "2026-11-22T12:00:00Z")
        try store.setup(birthday: try FiniteStoreTests.date("1990-05-14"))
        let added = try store.addPhase("Berlin", from: .number(1_200))
        // Another instant for the edit: the stores of one database, two clocks.
        let later = FiniteStore(db, clock: .fixed(try #require(Timestamp.parseISO8601("2026-11-23T08:00:00Z"))))
        let edited = try later.editPhase(
            "BERLIN", PhaseChange(name: "Berlin years", from: .number(1_190), end: .some(.number(1_850)), colour: .pink)
        )
        #expect(edited.id == added.id)
        #expect(edited.name == "Berlin years" && edited.colour == .pink)
        #expect(edited.from.index == 1_189 && edited.to?.index == 1_849 && !edited.ongoing)
        let row = try #require(
            try db.fetchOne(
                "SELECT name, start_week_index, end_week_index, colour, created_at, updated_at FROM finite_phases"))
        #expect(try row.get(String.self, at: 0) == "Berlin years")
        #expect(try row.get(Int.self, at: 1) == 1_189)
        #expect(try row.get(Int.self, at: 2) == 1_849)
        #expect(try row.get(String.self, at: 3) == "pink")
        #expect(try row.get(String.self, at: 4) == "2026-11-22 12:00:00.000")
        #expect(try row.get(String.self, at: 5) == "2026-11-23 08:00:00.000")
        // Ongoing again.
        #expect(try later.editPhase("berlin years", PhaseChange(end: .some(nil))).ongoing)
        // A bad part refuses the whole change.
        let before = try Self.rows(db)
        #expect(throws: LifeError.self) {
            try later.editPhase("Berlin years", PhaseChange(name: "Renamed", end: .some(.number(10))))
        }
        #expect(try Self.rows(db) == before)
    }

    @Test func deleteAndUnknownNames() throws {
        let (store, db) = try Self.makeStore()
        try store.addPhase("School", from: .number(300), to: .number(900))
        let error = try #require(throws: LifeError.self) { try store.deletePhase("Schol") }
        #expect(error.message == "no phase is named 'Schol'")
        #expect(error.remedy == .finitePhaseList)
        #expect(error.exitCode == 64)
        #expect(try store.deletePhase(" school ").name == "School")
        #expect(try Self.rows(db).isEmpty)
        #expect(throws: LifeError.self) { try store.editPhase("School", PhaseChange(colour: .sky)) }
    }

    @Test func theBirthdayCannotMovePhases() throws {
        let (store, db) = try Self.makeStore()
        try store.addPhase("School", from: .number(300), to: .number(900))
        let error = try #require(throws: LifeError.self) {
            try store.setup(birthday: try FiniteStoreTests.date("1991-01-01"))
        }
        #expect(
            error.message
                == "birthday is already 1990-05-14 and 1 life phase is counted in weeks from it; changing it would move every phase, so it is refused (delete them first to change it)"
        )
        #expect(try db.fetchOne(String.self, "SELECT birthday FROM finite_profile") == "1990-05-14")
        // The expectancy may still change.
        #expect(
            try store.setup(birthday: try FiniteStoreTests.date("1990-05-14"), lifeExpectancyYears: 90)
                .lifeExpectancyYears == 90)
    }

    @Test func atMostFiftyPhases() throws {
        let (store, db) = try Self.makeStore()
        for offset in 0..<50 {
            try store.addPhase("P\(offset)", from: .number(offset * 10 + 1), to: .number(offset * 10 + 1))
        }
        let error = try #require(throws: LifeError.self) { try store.addPhase("One more", from: .number(600)) }
        #expect(error.message == "50 phases are saved already, the most a life may have; delete one to add 'One more'")
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM finite_phases") == 50)
    }

    @Test func theListIsInStartOrderThenName() throws {
        let (store, _) = try Self.makeStore()
        try store.addPhase("b", from: .number(50), to: .number(60))
        try store.addPhase("A", from: .number(50), to: .number(55))
        try store.addPhase("Early", from: .number(1), to: .number(49))
        // Swift's order ("A" < "b"), whatever SQLite's NOCASE order would say.
        #expect(try store.phases().map(\.name) == ["Early", "A", "b"])
    }

    /// What the rules refuse, written by hand (`sqlite3`), is what db check reports.
    @Test func dbCheckReportsWhatTheRulesWouldRefuse() throws {
        let (store, db) = try Self.makeStore()
        #expect(try store.invariantViolations().isEmpty)
        let insert = """
            INSERT INTO finite_phases (id, name, start_week_index, end_week_index, colour, created_at, updated_at)
            VALUES (?, ?, ?, ?, 'sky', '2026-01-01 00:00:00.000', ?)
            """
        for (offset, name) in ["A", "B", "C", "D"].enumerated() {
            try db.execute(
                insert, ["00000000-0000-4000-8000-00000000000\(offset)", name, 100, 200, "2026-01-01 00:00:00.000"])
        }
        try db.execute(
            insert,
            ["00000000-0000-4000-8000-000000000010", "Été", 300, 301, "2025-01-01 00:00:00.000"] as StatementArguments)
        try db.execute(
            insert, ["00000000-0000-4000-8000-000000000011", "été", 400, DatabaseValue.null, "2026-01-01 00:00:00.000"])
        try db.execute(
            insert,
            ["00000000-0000-4000-8000-000000000012", "Future", 3_000, DatabaseValue.null, "2026-01-01 00:00:00.000"])
        #expect(
            try store.invariantViolations() == [
                "phase 'Été': updated before it was created",
                "phase 'Future': the phase starts in week 3,001, after the current week (1,900), and has no end; a phase that has not begun needs an end week",
                "phases 'Été' and 'été' have the same name, ignoring case",
                "week 101 belongs to 4 phases; the most is 3",
            ])
    }
}
