import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing

/// DailyMenuStore reads its rows by column name and its enums strictly: a
/// word the enums do not know (written by a newer build, or by hand with the
/// CHECKs switched off) or a timestamp that is not one is a malformed-input
/// error naming table, row, column and value, never a default such as
/// `medium` or a mood quietly left out (issue 10).
@Suite struct DailyMenuStoreDecodingTests {
    /// A start of box breathing at 08:00 completed at 08:05, Low → Better, loved.
    static func fixture() throws -> (DailyMenuFixture, RitualStart, Completion) {
        let fixture = try DailyMenuFixture(inMemory: true)
        let start = try fixture.store(at: "2026-11-02T08:00:00Z").start("box-breath", before: .low)
        let result = try fixture.store(at: "2026-11-02T08:05:00Z").complete(
            "Box breathing", after: .better, feedback: .lovedIt)
        return (fixture, start, result.completion)
    }

    /// Writes past the schema's CHECKs, as an older build would meet a newer
    /// build's words.
    static func force(_ db: DatabaseQueue, _ sql: String) throws {
        try db.force(sql)
    }

    static func message(_ table: String, _ key: String, _ reason: String) -> String {
        "\(table) row \(key) cannot be read: \(reason); the file was changed outside lifectl or is damaged"
    }

    /// The LifeError `body` throws; a default substituted for the bad value
    /// would return instead, and fail the expectation.
    static func failure(_ body: () throws -> Any) -> LifeError? {
        do {
            _ = try body()
            return nil
        } catch let error as LifeError {
            return error
        } catch {
            return nil
        }
    }

    @Test func everythingReadsBackWhole() throws {
        let (fixture, start, completion) = try Self.fixture()
        let store = try fixture.store(at: "2026-11-02T09:00:00Z")
        let stored = try store.completions()
        #expect(stored == [completion])
        #expect(stored.map(\.startID) == [start.id])
        #expect(stored.map(\.beforeMood) == [.low])
        #expect(stored.map(\.afterMood) == [.better])
        #expect(stored.map(\.feedback) == [.lovedIt])
        #expect(stored.map(\.localTime) == [try #require(LocalTime(text: "08:05"))])
        let breath = try #require(try store.activities().first { $0.id == "box-breath" })
        #expect(breath.title == "Box breathing")
        #expect(breath.pack == nil)
        let settings = try store.settings()
        #expect(settings.theme == nil)
        #expect(settings.shareMood)
        #expect(settings.memberSince == (try History.date("2026-11-02")))
    }

    /// Before the first ritual there is no profile row: the plain defaults.
    @Test func settingsBeforeAnyRitualAreTheDefaults() throws {
        let settings = try DailyMenuFixture(inMemory: true).store(at: "2026-11-02T08:00:00Z").settings()
        #expect(settings.displayName == nil)
        #expect(settings.memberSince == nil)
        #expect(settings.shareMood)
        #expect(settings.theme == nil)
        #expect(settings.timeZone == "UTC")
    }

    @Test func anUnknownEnergyIsNamedNotMedium() throws {
        let (fixture, _, completion) = try Self.fixture()
        try Self.force(fixture.db, "UPDATE dailymenu_activities SET energy = 'extreme' WHERE id = 'box-breath'")
        let store = try fixture.store(at: "2026-11-02T09:00:00Z")
        let expected = Self.message(
            "dailymenu_activities", "'box-breath'",
            "dailymenu_activities.energy holds 'extreme', which is not a known Energy value")
        let reads: [() throws -> Any] = [{ try store.activities() }, { try store.completions() }]
        for read in reads {
            let error = Self.failure(read)
            #expect(error?.message == expected)
            #expect(error?.kind == .malformedInput)
        }
        // `db check` names the activity, then its completion, and goes on.
        #expect(
            try store.invariantViolations() == [
                expected,
                Self.message(
                    "dailymenu_completions", "'\(completion.id.uuidString.lowercased())'",
                    "completion of an activity missing from the catalogue: 'box-breath'"),
            ])
    }

    @Test(arguments: [
        (
            "after_mood = 'Worse'",
            "dailymenu_completions.after_mood holds 'Worse', which is not a known AfterMood value"
        ),
        (
            "before_mood = 'Tired'",
            "dailymenu_completions.before_mood holds 'Tired', which is not a known BeforeMood value"
        ),
        ("feedback = 'Meh'", "dailymenu_completions.feedback holds 'Meh', which is not a known Feedback value"),
        (
            "completed_at = 'later'",
            "dailymenu_completions.completed_at: column completed_at holds TEXT that cannot be read as Date"
        ),
    ])
    func aCompletionWithAnUnreadableValueIsNamed(set: String, reason: String) throws {
        let (fixture, _, completion) = try Self.fixture()
        try Self.force(fixture.db, "UPDATE dailymenu_completions SET \(set)")
        let store = try fixture.store(at: "2026-11-02T09:00:00Z")
        let expected = Self.message("dailymenu_completions", "'\(completion.id.uuidString.lowercased())'", reason)
        let error = Self.failure { try store.completions() }
        #expect(error?.message == expected)
        #expect(error?.kind == .malformedInput)
        // `db check` names the row as a problem instead of stopping.
        #expect(try store.invariantViolations() == [expected])
    }

    /// The open start's mood is read while completing: the completion is
    /// refused and nothing is written.
    @Test func anOpenStartWithAnUnknownMoodIsNamed() throws {
        let fixture = try DailyMenuFixture(inMemory: true)
        let start = try fixture.store(at: "2026-11-02T08:00:00Z").start("box-breath", before: .okay)
        try Self.force(fixture.db, "UPDATE dailymenu_starts SET before_mood = 'Tired'")
        let before = try fixture.content()
        let error = Self.failure { try fixture.store(at: "2026-11-02T08:05:00Z").complete("box-breath") }
        #expect(
            error?.message
                == Self.message(
                    "dailymenu_starts", "'\(start.id.uuidString.lowercased())'",
                    "dailymenu_starts.before_mood holds 'Tired', which is not a known BeforeMood value"))
        #expect(error?.kind == .malformedInput)
        #expect(try fixture.content() == before)
    }

    /// An unknown theme was read as the plain one.
    @Test func anUnknownThemeIsNamedNotPlain() throws {
        let (fixture, _, _) = try Self.fixture()
        try Self.force(fixture.db, "UPDATE dailymenu_profile SET theme = 'neon'")
        let store = try fixture.store(at: "2026-11-02T09:00:00Z")
        let expected = Self.message(
            "dailymenu_profile", "1", "dailymenu_profile.theme holds 'neon', which is not a known ColourTheme value")
        let error = Self.failure { try store.settings() }
        #expect(error?.message == expected)
        #expect(error?.kind == .malformedInput)
        #expect(try store.invariantViolations() == [expected])
    }
}
