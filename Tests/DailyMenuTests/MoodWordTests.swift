import DailyMenu
import LifeCore
import Testing

/// DM-3: the words people type for moods and feedback, in any case.
@Suite struct MoodWordTests {
    @Test(arguments: [
        ("low", BeforeMood.low), ("LOW", .low), ("Okay", .okay), (" good ", .good),
    ])
    func beforeMoods(text: String, mood: BeforeMood) throws {
        #expect(try BeforeMood.parse(text) == mood)
    }

    @Test(arguments: [("lower", AfterMood.lower), ("Same", .same), ("BETTER", .better)])
    func afterMoods(text: String, mood: AfterMood) throws {
        #expect(try AfterMood.parse(text) == mood)
    }

    @Test(arguments: [
        ("loved", Feedback.lovedIt), ("Loved it", .lovedIt), ("LOVED-IT", .lovedIt), ("nice", .nice),
        ("not-for-me", .notForMe), ("Not for me", .notForMe), ("not_for_me", .notForMe),
    ])
    func feedbackWords(text: String, feedback: Feedback) throws {
        #expect(try Feedback.parse(text) == feedback)
    }

    @Test func wordsOffTheScaleAreRefusedByName() {
        #expect(
            throws: LifeError.invalid(
                field: "before-mood",
                "before-mood is 'great'; it must be one of low, okay, good (or leave it out to skip)")
        ) {
            try BeforeMood.parse("great")
        }
        // The two scales do not mix: "good" is a before-mood, not an after-mood.
        #expect(throws: LifeError.self) { try AfterMood.parse("good") }
        #expect(throws: LifeError.self) { try Feedback.parse("") }
        #expect(throws: LifeError.self) { try Energy.parse("extreme") }
    }

    @Test func themesByIdOrName() throws {
        #expect(try ColourTheme.parse("Morning Café") == .morningCafe)
        #expect(try ColourTheme.parse("garden-party") == .gardenParty)
        #expect(try ColourTheme.parse("SUNSET BISTRO") == .sunsetBistro)
        #expect(throws: LifeError.self) { try ColourTheme.parse("neon") }
    }
}
