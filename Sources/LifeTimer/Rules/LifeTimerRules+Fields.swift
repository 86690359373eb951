import Foundation
import LifeCore

/// The rules of LifeTimer's fields as pure functions of values (SPEC LT-1,
/// LT-2, LT-9, CORE-9): what a command types and what an import brings go
/// through the same function, so whatever one refuses the other refuses
/// (SPEC CORE-12: one write path). Each answers the value as it is stored
/// (trimmed) or throws an error naming the field and the rule, worded by
/// `voice` (English unless a front end names the person's; an import's
/// checks speak English).
extension LifeTimerRules {
    /// LT-1: 3–30 of ASCII letters, digits, `_` and `.`, trimmed.
    public static func username(_ text: String, voice: LifeTimerVoice = .english) throws -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        let range = usernameLengths
        guard range.contains(name.count),
            name.unicodeScalars.allSatisfy({
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "."
            })
        else {
            throw voice.invalid(
                "username", .errorUsernameForm,
                ["value": TerminalText.echoed(text), "min": String(range.lowerBound), "max": String(range.upperBound)])
        }
        return name
    }

    /// LT-1: one address such as ada@example.org, or nil for none.
    public static func email(_ text: String?, voice: LifeTimerVoice = .english) throws -> String? {
        guard let email = try self.text(text, field: "email", limit: emailLimit, voice: voice) else { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(where: \.isWhitespace) else {
            throw voice.invalid("email", .errorEmailForm, ["value": TerminalText.echoed(email)])
        }
        return email
    }

    /// LT-1, LT-2: an avatar or a cover, a path or URL on one line, or nil.
    public static func path(_ text: String?, field: String, voice: LifeTimerVoice = .english) throws -> String? {
        let path = try self.text(text, field: field, limit: pathLimit, voice: voice)
        if let path, path.contains("\n") || path.contains("\t") {
            throw voice.invalid(field, .errorPathLine)
        }
        return path
    }

    /// LT-1: a bio of at most 160 characters, or nil.
    public static func bio(_ text: String?, voice: LifeTimerVoice = .english) throws -> String? {
        try self.text(text, field: "bio", limit: bioLimit, voice: voice)
    }

    /// LT-1: the identity link's subject, required, at most 255 characters.
    public static func identity(
        _ link: IdentityLink, field: String = "identity subject", voice: LifeTimerVoice = .english
    ) throws -> IdentityLink {
        let subject = try required(link.subject, field: field, limit: identitySubjectLimit, voice: voice)
        return IdentityLink(provider: link.provider, subject: subject)
    }

    /// CORE-5: an IANA zone name this system knows.
    public static func zone(_ name: String, field: String = "time zone", voice: LifeTimerVoice = .english) throws
        -> TimeZone
    {
        do {
            return try TimeZoneSetting.zone(named: name, field: field)
        } catch let error as LifeError where voice.language != .en {
            throw voice.reworded(error, .errorZone, ["value": TerminalText.echoed(name)])
        }
    }

    /// LT-2: a goal's title, required, at most 100 characters.
    public static func goalTitle(_ text: String, voice: LifeTimerVoice = .english) throws -> String {
        try required(text, field: "title", limit: goalTitleLimit, voice: voice)
    }

    /// LT-2: a goal's description, at most 2,000 characters, or nil.
    public static func goalDescription(_ text: String?, voice: LifeTimerVoice = .english) throws -> String? {
        try self.text(text, field: "description", limit: goalDescriptionLimit, voice: voice)
    }

    /// LT-2: a goal's place: latitude −90…90, longitude −180…180 (finite),
    /// a name of at most 200 characters or none.
    public static func location(
        _ location: GoalLocation, placeField: String = "place", voice: LifeTimerVoice = .english
    ) throws -> GoalLocation {
        guard location.latitude.isFinite, (-90...90).contains(location.latitude) else {
            throw voice.invalid("latitude", .errorLatitude, ["value": "\(location.latitude)"])
        }
        guard location.longitude.isFinite, (-180...180).contains(location.longitude) else {
            throw voice.invalid("longitude", .errorLongitude, ["value": "\(location.longitude)"])
        }
        let place = try text(location.placeName, field: placeField, limit: placeNameLimit, voice: voice)
        return GoalLocation(latitude: location.latitude, longitude: location.longitude, placeName: place)
    }

    /// LT-2: a milestone's title, required, at most 100 characters.
    public static func milestoneTitle(_ text: String, voice: LifeTimerVoice = .english) throws -> String {
        try required(text, field: "title", limit: milestoneTitleLimit, voice: voice)
    }

    /// LT-2: a milestone's place in its goal, 1 … `maximumMilestonePosition`.
    public static func checkMilestonePosition(_ position: Int) throws {
        guard (1...maximumMilestonePosition).contains(position) else {
            throw LifeError.invalid(
                field: "position",
                "position is \(Format.grouped(position)); a goal's milestones are numbered from 1 to \(Format.grouped(maximumMilestonePosition))"
            )
        }
    }

    /// LT-8: a report's or a suspension's reason, required, at most 500 characters.
    public static func reason(_ text: String, voice: LifeTimerVoice = .english) throws -> String {
        try required(text, field: "reason", limit: reasonLimit, voice: voice)
    }

    /// LT-9: a well-formed language tag such as en, de or pt-BR: what an
    /// import takes (a newer version's file may name a language this one
    /// does not speak; it is kept, and spoken as English). A person's
    /// setting takes only the languages LifeTimer speaks
    /// (`LifeTimerLanguage.setting`).
    public static func language(_ text: String) throws -> String {
        let tag = text.trimmingCharacters(in: .whitespaces)
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard (2...35).contains(tag.count), let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else {
            throw LifeError.invalid(
                field: "language",
                "language is '\(TerminalText.echoed(text))'; expected a language tag such as en, de or pt-BR")
        }
        return tag
    }

    /// LT-7: reminders every N days, N in 1…365.
    public static func checkReminderInterval(_ days: Int, voice: LifeTimerVoice = .english) throws {
        guard reminderIntervalDays.contains(days) else {
            throw voice.invalid(
                "every", .errorEveryRange,
                [
                    "value": String(days), "min": String(reminderIntervalDays.lowerBound),
                    "max": String(reminderIntervalDays.upperBound),
                ])
        }
    }

    /// LT-10: a milestone reminder 0 (none) to 365 days before the due date.
    public static func checkMilestoneAdvance(_ days: Int, voice: LifeTimerVoice = .english) throws {
        guard milestoneAdvanceDays.contains(days) else {
            throw voice.invalid(
                "advance", .errorAdvanceRange,
                [
                    "value": String(days), "min": String(milestoneAdvanceDays.lowerBound),
                    "max": String(milestoneAdvanceDays.upperBound),
                ])
        }
    }

    /// LT-3: a countdown's end is its start plus 1,356 calendar days at the
    /// same wall-clock time in its zone, within the years lifectl stores.
    public static func checkCountdownEnd(startedAt: Date, endsAt: Date, zone: TimeZone) throws {
        let expected = CountdownRules.end(start: startedAt, in: zone)
        guard Timestamp.database(expected) == Timestamp.database(endsAt) else {
            throw LifeError.invalid(
                field: "ends_at",
                "the countdown ends at \(Timestamp.iso8601(endsAt)) but 1,356 days from its start is \(Timestamp.iso8601(expected))"
            )
        }
    }

    // MARK: Text (CORE-9), worded by the voice

    /// An optional text: `TextRule.optional`'s rule, its refusal in the voice's words.
    static func text(_ text: String?, field: String, limit: Int, voice: LifeTimerVoice) throws -> String? {
        do {
            return try TextRule.optional(text, field: field, limit: limit)
        } catch let error as LifeError where voice.language != .en {
            throw textError(error, text ?? "", field: field, limit: limit, voice: voice)
        }
    }

    /// A required text: `TextRule.required`'s rule, its refusal in the voice's words.
    static func required(_ text: String, field: String, limit: Int, voice: LifeTimerVoice) throws -> String {
        guard let value = try self.text(text, field: field, limit: limit, voice: voice) else {
            throw voice.invalid(field, .errorRequired)
        }
        return value
    }

    /// What `TextRule` refused in `text`, said again: a control character
    /// (the first, with its position) or the length over `limit`.
    private static func textError(_ error: LifeError, _ text: String, field: String, limit: Int, voice: LifeTimerVoice)
        -> LifeError
    {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for (offset, character) in trimmed.enumerated() {
            if let scalar = character.unicodeScalars.first(where: TextRule.isForbidden) {
                return voice.invalid(
                    field, .errorControl, ["code": TextRule.codePoint(scalar), "position": voice.number(offset + 1)])
            }
        }
        guard trimmed.count > limit else { return error }
        return voice.invalid(
            field, .errorTooLong, ["count": voice.number(trimmed.count), "limit": voice.number(limit)])
    }
}
