import LifeCore

/// Matching the words people type against the mood scales.
enum MoodWord {
    /// Lower case, with spaces, hyphens and underscores removed: "Not for me",
    /// "not-for-me" and "NOT_FOR_ME" are one word.
    static func key(_ text: String) -> String {
        String(text.lowercased().filter { !" -_".contains($0) })
    }

    static func parse<Word: RawRepresentable & CaseIterable>(
        _ text: String, field: String, _ words: Word.AllCases, skippable: Bool = true
    ) throws -> Word where Word.RawValue == String {
        let wanted = key(text)
        if let match = words.first(where: { key($0.rawValue) == wanted }) { return match }
        throw LifeError.invalid(
            field: field,
            DailyMenuVoice.unknownWord(
                field: field, text, allowed: words.map { $0.rawValue.lowercased() }, skippable: skippable))
    }
}
