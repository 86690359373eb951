import Foundation
import LifeCore

/// The rules of LifeTimer's fields as pure functions of values (SPEC LT-1,
/// LT-2, LT-9, CORE-9): what a command types and what an import brings go
/// through the same function, so whatever one refuses the other refuses
/// (SPEC CORE-12: one write path). Each answers the value as it is stored
/// (trimmed) or throws an error naming the field and the rule.
extension LifeTimerRules {
    /// LT-1: 3–30 of ASCII letters, digits, `_` and `.`, trimmed.
    public static func username(_ text: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        let range = usernameLengths
        guard range.contains(name.count),
            name.unicodeScalars.allSatisfy({
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "."
            })
        else {
            throw LifeError.invalid(
                field: "username",
                "username is '\(TerminalText.echoed(text))'; it must be \(range.lowerBound)–\(range.upperBound) of letters, digits, _ and . (ASCII)"
            )
        }
        return name
    }

    /// LT-1: one address such as ada@example.org, or nil for none.
    public static func email(_ text: String?) throws -> String? {
        guard let email = try TextRule.optional(text, field: "email", limit: emailLimit) else { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(where: \.isWhitespace) else {
            throw LifeError.invalid(
                field: "email", "email is '\(TerminalText.echoed(email))'; expected one address such as ada@example.org"
            )
        }
        return email
    }

    /// LT-1, LT-2: an avatar or a cover, a path or URL on one line, or nil.
    public static func path(_ text: String?, field: String) throws -> String? {
        let path = try TextRule.optional(text, field: field, limit: pathLimit)
        if let path, path.contains("\n") || path.contains("\t") {
            throw LifeError.invalid(field: field, "\(field) contains a line break or tab; a path or URL is one line")
        }
        return path
    }

    /// LT-1: a bio of at most 160 characters, or nil.
    public static func bio(_ text: String?) throws -> String? {
        try TextRule.optional(text, field: "bio", limit: bioLimit)
    }

    /// LT-1: the identity link's subject, required, at most 255 characters.
    public static func identity(_ link: IdentityLink, field: String = "identity subject") throws -> IdentityLink {
        let subject = try TextRule.required(link.subject, field: field, limit: identitySubjectLimit)
        return IdentityLink(provider: link.provider, subject: subject)
    }

    /// CORE-5: an IANA zone name this system knows.
    public static func zone(_ name: String, field: String = "time zone") throws -> TimeZone {
        try TimeZoneSetting.zone(named: name, field: field)
    }

    /// LT-2: a goal's title, required, at most 100 characters.
    public static func goalTitle(_ text: String) throws -> String {
        try TextRule.required(text, field: "title", limit: goalTitleLimit)
    }

    /// LT-2: a goal's description, at most 2,000 characters, or nil.
    public static func goalDescription(_ text: String?) throws -> String? {
        try TextRule.optional(text, field: "description", limit: goalDescriptionLimit)
    }

    /// LT-2: a goal's place: latitude −90…90, longitude −180…180 (finite),
    /// a name of at most 200 characters or none.
    public static func location(_ location: GoalLocation, placeField: String = "place") throws -> GoalLocation {
        guard location.latitude.isFinite, (-90...90).contains(location.latitude) else {
            throw LifeError.invalid(field: "latitude", "latitude is \(location.latitude); it must be from -90 to 90")
        }
        guard location.longitude.isFinite, (-180...180).contains(location.longitude) else {
            throw LifeError.invalid(
                field: "longitude", "longitude is \(location.longitude); it must be from -180 to 180")
        }
        let place = try TextRule.optional(location.placeName, field: placeField, limit: placeNameLimit)
        return GoalLocation(latitude: location.latitude, longitude: location.longitude, placeName: place)
    }

    /// LT-2: a milestone's title, required, at most 100 characters.
    public static func milestoneTitle(_ text: String) throws -> String {
        try TextRule.required(text, field: "title", limit: milestoneTitleLimit)
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
    public static func reason(_ text: String) throws -> String {
        try TextRule.required(text, field: "reason", limit: reasonLimit)
    }

    /// LT-9: a language tag such as en, de or pt-BR.
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
    public static func checkReminderInterval(_ days: Int) throws {
        guard reminderIntervalDays.contains(days) else {
            throw LifeError.invalid(
                field: "every",
                "every is \(days) days; it must be from \(reminderIntervalDays.lowerBound) to \(reminderIntervalDays.upperBound)"
            )
        }
    }

    /// LT-10: a milestone reminder 0 (none) to 365 days before the due date.
    public static func checkMilestoneAdvance(_ days: Int) throws {
        guard milestoneAdvanceDays.contains(days) else {
            throw LifeError.invalid(
                field: "advance",
                "advance is \(days) days; it must be from \(milestoneAdvanceDays.lowerBound) (none) to \(milestoneAdvanceDays.upperBound)"
            )
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
}
