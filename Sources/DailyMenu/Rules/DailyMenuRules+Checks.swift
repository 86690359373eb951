import Foundation
import LifeCore

/// The rules a command and an import both apply (SPEC CORE-12: one write
/// path), as functions of values: the store calls them on what a person
/// typed, `DailyMenuProduct`'s import hooks on a file's row, `db check` on
/// the stored rows. Each answers or throws the same way wherever it is
/// called from; the words of a refusal are the caller's (`DailyMenuVoice`).
extension DailyMenuRules {
    /// DM-9: a display name as typed: trimmed, at most `displayNameLimit`
    /// characters, no control characters; empty clears it (nil).
    public static func displayName(_ text: String) throws -> String? {
        try TextRule.optional(text, field: DailyMenuVoice.displayNameField, limit: displayNameLimit)
    }

    /// A stored display name (a file's row, a row `db check` reads): exactly
    /// what `displayName` makes of a typed one. `field` is the column.
    public static func checkStoredDisplayName(_ text: String?, field: String) throws {
        try TextRule.checkStored(text, field: field, limit: displayNameLimit)
    }

    /// Issue 32: a ritual of one's own's title: required, at most
    /// `ownTitleLimit` characters, on one line.
    public static func ownTitle(_ text: String) throws -> String {
        let title = try TextRule.required(text, field: "title", limit: ownTitleLimit)
        try checkOneLine(title, field: "title")
        return title
    }

    /// Its how-to line: optional (blank is none), at most `ownHowToLimit`
    /// characters, on one line.
    public static func ownHowTo(_ text: String?) throws -> String? {
        let howTo = try TextRule.optional(text, field: "how-to", limit: ownHowToLimit)
        if let howTo { try checkOneLine(howTo, field: "how-to") }
        return howTo
    }

    /// Its minutes: as the catalogue's, 1 to 60.
    public static func checkOwnMinutes(_ minutes: Int) throws {
        guard activityMinutes.contains(minutes) else {
            throw LifeError.invalid(
                field: "minutes",
                "minutes is \(minutes); a ritual takes \(activityMinutes.lowerBound) to \(activityMinutes.upperBound) minutes"
            )
        }
    }

    /// A text meant for one line (a title in a list): no line break or tab.
    public static func checkOneLine(_ text: String, field: String) throws {
        if text.contains(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" }) {
            throw LifeError.invalid(field: field, "\(field) holds a line break or a tab; it is one line")
        }
    }

    /// DM-5: the season that opens `theme`, when `moments` have not reached
    /// it yet; nil when the theme is open.
    public static func seasonOpening(_ theme: ColourTheme, moments: Int) -> Season? {
        if SeasonProgress(moments: moments).unlockedThemes.contains(theme) { return nil }
        return seasons.first { $0.unlock == .theme(theme) }
    }

    /// DM-5: the season that opens the pack `activity` belongs to, when the
    /// Moments of the rituals before it (`momentsBefore`) have not reached it
    /// yet; nil for an activity of the base catalogue or of an open pack.
    public static func seasonOpening(packOf activity: Activity, momentsBefore: Int) -> Season? {
        guard let pack = activity.pack else { return nil }
        if SeasonProgress(moments: momentsBefore).unlockedPacks.contains(pack) { return nil }
        return seasons.first { $0.unlock == .pack(pack) }
    }

    /// DM-3: a ritual's local day and time, the owner's wall clock at
    /// `instant` in `zone` (to the minute): what a completion stores, and
    /// what a stored one must agree with.
    public static func localClock(of instant: Date, in zone: TimeZone) -> (day: CivilDate, time: LocalTime) {
        let text = Timestamp.local(instant, in: zone)
        let day = CivilDate.of(instant, in: zone)
        // `Timestamp.local` ends in HH:MM; midnight stands in only for a
        // text it never writes.
        return (day, LocalTime(text: text.suffix(5)) ?? .midnight)
    }

    /// DM-3: whether a completion at `completedAt` may complete a start of
    /// the same activity begun at `startedAt`: the start is open then (not
    /// later, and at most `openStartHours` before).
    public static func isOpen(startedAt: Date, completedAt: Date) -> Bool {
        startedAt <= completedAt
            && completedAt.timeIntervalSince(startedAt) <= Double(openStartHours) * 3_600
    }
}
