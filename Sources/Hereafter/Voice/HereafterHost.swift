import Foundation
import LifeCore

/// Every sentence Hereafter, the host, says (SPEC HA-4, HA-7), in one place
/// and one voice: short, warm, never corporate. The chat, the notification
/// and the CLI's human output take their words from here.
public enum HereafterHost {
    // MARK: The chat (HA-7)

    public static func greeting(firstName: String) -> String {
        "Hi \(firstName). I'm Hereafter. Leave a few words somewhere that matters, and I'll keep them until you come back."
    }

    public static let askLocation =
        "To anchor your message here, I need to know where 'here' is. Okay to share your location?"

    public static let askNotifications =
        "When this unlocks and you're nearby, I'll let you know. Can I send you a notification when that happens?"

    /// After a message is planted, while it is still locked.
    public static func planted(unlock: CivilDate) -> String {
        "You left something here. It opens on \(longDate(unlock))."
    }

    /// After a reply that is readable at once.
    public static let repliedOpen = "I've put your reply with the others here."

    public static let emptyChat = "Nothing planted yet. Whenever you're somewhere that matters, leave a note."

    /// Before onboarding; the front end words how to onboard
    /// (`LifeError.Remedy.hereafterOnboard`).
    public static let onboardFirst = "Hereafter is not set up yet: no name is stored"

    // MARK: The notification (HA-4)

    /// "Something you left at PLACE on DATE just unlocked."
    public static func notificationBody(place: String, plantedOn: CivilDate) -> String {
        "Something you left at \(place) on \(longDate(plantedOn)) just unlocked."
    }

    /// HA-8: the anniversary nudge. "It's been a year since you found what
    /// you left at PLACE."
    public static func anniversaryBody(place: String, years: Int) -> String {
        let span = years == 1 ? "a year" : "\(years) years"
        return "It's been \(span) since you found what you left at \(place). Want to read it again?"
    }

    /// HA-8: the calendar's title for an anniversary to come.
    public static func anniversarySummary(years: Int) -> String {
        years == 1 ? "A year since you found a Hereafter note" : "\(years) years since you found a Hereafter note"
    }

    /// After muting or unmuting: what stays on.
    public static func notificationsNow(muted: Set<HereafterNotificationKind>) -> String {
        let on = HereafterNotificationKind.allCases.filter { !muted.contains($0) }
        let words = { (kinds: [HereafterNotificationKind]) in
            kinds.map { $0 == .unlocks ? "unlocks" : "anniversaries" }.joined(separator: " and ")
        }
        if on.isEmpty {
            return "I'll stay quiet: unlocks and anniversaries are muted. Your notes still open when you visit."
        }
        if on.count == HereafterNotificationKind.allCases.count {
            return "I'll tell you about unlocks and anniversaries."
        }
        return "I'll tell you about \(words(on)) only; \(words(Array(muted).sorted())) are muted."
    }

    // MARK: Visits and reading

    public static let nothingHere = "Nothing to discover here right now."

    /// How many here are still locked and when the next opens, said in the owner's zone now: the unlock instant was fixed
    /// at planting (HA-2), so after a change of zone it falls at another
    /// local time, which is then said too ("on 24 November 2026 at 02:00").
    public static func stillLocked(count: Int, nextUnlockAt: Date, in zone: TimeZone) -> String {
        let local = Timestamp.local(nextUnlockAt, in: zone)  // "2026-11-24 02:00"
        let date = CivilDate.of(nextUnlockAt, in: zone)
        let time = local.suffix(5)
        let when = time == "00:00" ? longDate(date) : "\(longDate(date)) at \(time)"
        return
            "\(count == 1 ? "Something here is" : "\(count) things here are") still locked. The next opens on \(when)."
    }

    // MARK: Editing and deleting

    public static let editNeedsAChange = "nothing to change: give the new --text, --place, or --no-place"

    /// An edit refused: the words of a note are fixed from its unlock date
    /// on, or were readable from the start (a reply written open).
    public static func notEditable(id: UUID, place: String, unlockDate: CivilDate?, discovered: Bool) -> String {
        let short = id.uuidString.lowercased()
        guard let unlockDate else {
            return
                "message \(short) is a reply written open, readable from the start; it can be deleted, not edited"
        }
        let state = discovered ? "was found" : "unlocked on \(unlockDate.iso)"
        return
            "message \(short) at \(place) \(state); a note can be edited only while it is locked, and its words are now what you left (it can still be deleted)"
    }

    /// A delete refused because replies hang below the note.
    public static func deleteHasReplies(id: UUID, replies: Int) -> String {
        let count = replies == 1 ? "a reply" : "\(replies) replies"
        return
            "message \(id.uuidString.lowercased()) has \(count); give --with-replies to delete it with them, or delete the replies first"
    }

    /// After `edit`: what changed, never the words (HA-3).
    public static func edited(_ edit: NoteEdit, short: String) -> String {
        let place = edit.message.placeLabel
        let until = edit.message.unlockDate.map(longDate) ?? "—"
        guard !edit.changed.isEmpty else {
            return "Nothing changed: note \(short) at \(place) already says so. It opens on \(until)."
        }
        let what = edit.changed.map { $0 == .text ? "the words" : "the place" }.joined(separator: " and ")
        return "Changed \(what) of note \(short), now at \(place), still locked until \(until)."
    }

    /// After `delete`: what went, never the words (HA-3).
    public static func deleted(_ deletion: NoteDeletion, short: String) -> String {
        let message = deletion.message
        var sentence = "Deleted note \(short), left at \(message.placeLabel) on \(longDate(message.plantedOn))"
        if let unlock = message.unlockDate { sentence += " to open on \(longDate(unlock))" }
        switch deletion.replies.count {
        case 0: sentence += "."
        case 1: sentence += ", and the reply below it."
        default: sentence += ", and the \(deletion.replies.count) replies below it."
        }
        return sentence
    }

    // MARK: Words for places and dates

    /// A place with no name: the coordinate to four decimals (about 11 m),
    /// with its hemisphere, as "52.5163° N, 13.3777° E".
    public static func shortCoordinate(_ coordinate: Coordinate) -> String {
        let lat = Format.fixed(abs(coordinate.latitude), decimals: 4)
        let lon = Format.fixed(abs(coordinate.longitude), decimals: 4)
        return "\(lat)° \(coordinate.latitude < 0 ? "S" : "N"), \(lon)° \(coordinate.longitude < 0 ? "W" : "E")"
    }

    /// "1 March 2027".
    public static func longDate(_ date: CivilDate) -> String {
        "\(date.day) \(monthNames[date.month - 1]) \(date.year)"
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
