import Foundation
import LifeCore
import LifeKernel

/// Every sentence DailyMenu says, in one place, in one voice: warm, never
/// guilt ("celebrate presence, never guilt absence"). Errors name the field,
/// the value and the rule (CORE-7) and still speak kindly; nothing here
/// counts what was missed.
public enum DailyMenuVoice {
    // MARK: Errors

    /// A word not on its scale; `skippable` for the prompts, which may be left out.
    static func unknownWord(field: String, _ text: String, allowed: [String], skippable: Bool = true) -> String {
        "\(field) is '\(text)'; it must be one of \(allowed.joined(separator: ", "))"
            + (skippable ? " (or leave it out to skip)" : "")
    }

    static func unknownActivity(_ text: String) -> String {
        "activity is '\(text)'; there is no activity with that id or title"
    }

    // MARK: One's own rituals (issue 32)

    static func ambiguousActivity(_ text: String, ids: [String]) -> String {
        "activity is '\(TerminalText.echoed(text))'; \(ids.count) rituals go by that name (\(ids.joined(separator: ", "))), so name one by its id"
    }

    static let ownNothingToChange =
        "nothing to change: give the new --title, --energy, --minutes, --how-to or --no-how-to"

    static func notOwn(_ activity: Activity) -> String {
        "activity '\(activity.id)' is one of the catalogue's, which stays as it is; `lifectl dailymenu hide \(activity.id)` keeps it off your menu"
    }

    static func ownDeletedElsewhere(_ id: String) -> String {
        "activity '\(id)' was a ritual of yours, deleted on another device with everything else; only its history is here"
    }

    static func titleTaken(_ title: String, by activity: Activity) -> String {
        let whose =
            activity.own
            ? (activity.removed ? "a ritual of yours you removed" : "a ritual of yours")
            : "an activity of the catalogue"
        return
            "title is '\(TerminalText.echoed(title))'; \(whose) has it ('\(activity.shortID)'), and rituals are named by title, so choose another\(activity.own && activity.removed ? " or restore that one" : "")"
    }

    static func ownBadID(_ id: String) -> String {
        "id is '\(TerminalText.echoed(id))'; a ritual of one's own has the id own- and a lower-case UUID"
    }

    static func removedCannotBeDone(_ activity: Activity) -> String {
        "activity '\(activity.shortID)' (\(activity.title)) is a ritual of yours you removed; `lifectl dailymenu activity restore \(activity.shortID)` puts it back on the menu"
    }

    static let ownAnchorWrong =
        "its anchor in dailymenu_activities is missing or not the one its id and category make (title its id, energy low, 1 minute, the fixed how-to)"

    static func invariantOwn(_ id: String, _ problem: String) -> String {
        "ritual of your own \(id): \(problem)"
    }

    static func invariantOrphanAnchors(_ count: Int) -> String {
        "dailymenu_activities holds \(count) anchor\(count == 1 ? "" : "s") of a ritual of one's own that no ritual and no row names"
    }

    public static func ownAdded(_ activity: Activity) -> String {
        "Added your ritual \(activity.title) (\(activity.shortID)): \(activity.category), \(activity.energy.rawValue) energy, \(activity.minutes) min. It comes up on the menu like the others."
    }

    public static func ownEdited(_ activity: Activity, changed: [String]) -> String {
        guard !changed.isEmpty else { return "Nothing changed: \(activity.title) is already so." }
        let fields = changed.map { "the \($0)" }
        let list =
            fields.count == 1 ? fields[0] : fields.dropLast().joined(separator: ", ") + " and " + (fields.last ?? "")
        return
            "Changed \(list) of your ritual \(activity.title) (\(activity.shortID)): \(activity.energy.rawValue) energy, \(activity.minutes) min."
    }

    public static func ownSwitched(_ activity: Activity, on: Bool, changed: Bool) -> String {
        switch (on, changed) {
        case (false, true):
            "Removed \(activity.title) from your menu. The rituals you did of it stay in your history; `lifectl dailymenu activity restore \(activity.shortID)` brings it back."
        case (false, false): "\(activity.title) was already removed; nothing changed."
        case (true, true): "\(activity.title) is back on your menu."
        case (true, false): "\(activity.title) is on your menu already; nothing changed."
        }
    }

    static func unknownCategory(_ text: String, known: [String]) -> String {
        "category is '\(text)'; it must be one of \(known.joined(separator: ", "))"
    }

    static func lockedActivity(_ activity: Activity, pack: String, season: Season, moments: Int) -> String {
        "activity '\(activity.id)' is in the \(pack) pack, which opens in the season \(season.name) at \(Format.grouped(season.threshold)) Moments (\(Format.grouped(moments)) so far); it is waiting for you there"
    }

    static func alreadyCompleted(_ activity: Activity, on day: CivilDate) -> String {
        "activity '\(activity.id)' is already completed on \(day.iso); each ritual counts once a day, so this one is already celebrated"
    }

    static func alreadyStarted(_ activity: Activity, at time: String) -> String {
        "activity '\(activity.id)' was already started at \(time) and is still open"
    }

    static func themeLocked(_ theme: ColourTheme, season: String) -> String {
        "theme is '\(theme.rawValue)'; \(theme.name) opens in the season \(season)"
    }

    public static func badMonth(_ text: String, field: String = "month") -> String {
        "\(field) is '\(text)'; it must be a month such as 2026-11"
    }

    // MARK: Import (the file's row, after "the file's … row … is refused:")

    static func importUnknownActivity(_ column: String, _ id: String) -> String {
        "\(column) is '\(id)'; this build's catalogue has no activity with that id"
    }

    static func importUnknownCategory(_ id: String) -> String {
        "category is '\(id)'; this build's catalogue has no category with that id"
    }

    static func importLocalTimeForm(_ text: String) -> String {
        "local_time is '\(text)'; it must be a time of day written HH:MM"
    }

    static func importLocalClock(stored: String, local: String, zone: String) -> String {
        "local_day and local_time are \(stored), but completed_at is \(local) in \(zone); they must agree"
    }

    static func importMissingStart(_ id: UUID) -> String {
        "start_id is '\(id.uuidString.lowercased())', a start that is neither here nor in the file"
    }

    static func importStartNotOpen(_ id: UUID) -> String {
        "start_id is '\(id.uuidString.lowercased())', a start of another activity, or one not open when the ritual was completed (it is open from its start for \(DailyMenuRules.openStartHours) hours)"
    }

    static func importLockedPack(_ activity: Activity, pack: String, season: Season, moments: Int) -> String {
        "activity_id '\(activity.id)' is in the \(pack) pack, which opens in the season \(season.name) at \(Format.grouped(season.threshold)) Moments; the rituals before it had \(Format.grouped(moments))"
    }

    static func importThemeLocked(_ theme: ColourTheme, season: Season, moments: Int) -> String {
        "theme is '\(theme.rawValue)'; \(theme.name) opens in the season \(season.name) at \(Format.grouped(season.threshold)) Moments, and the rituals here and in the file have \(Format.grouped(moments))"
    }

    /// `latest`: the latest instant an import takes (this device's clock,
    /// or up to a day ahead of it for a file from a device running ahead).
    static func importAhead(_ column: String, _ instant: String, latest: String) -> String {
        "\(column) is '\(instant)', in the future (an import takes instants up to \(latest))"
    }

    static let displayNameField = "display name"

    static func importErased(_ erased: Date) -> String {
        "it was deleted here with all DailyMenu data (\(Timestamp.database(erased)) UTC)"
    }

    static func importUndone(_ undone: Date) -> String {
        "the ritual was undone here (\(Timestamp.database(undone)) UTC)"
    }

    // MARK: Undo, share, delete everything (DM-11)

    static let noRitualToName = "completion: there are no rituals yet"

    static func unknownCompletion(_ text: String, field: String) -> String {
        "\(field) is '\(text)'; no ritual has that id"
    }

    static func ambiguousCompletion(_ text: String, field: String) -> String {
        "\(field) is '\(text)'; more than one ritual's id starts so, type more of it"
    }

    /// `problem`: the rule the history would break, as `db check` words it.
    static func undoRefused(_ activity: Activity, _ completion: Completion, _ problem: String) -> String {
        "completion: \(activity.title) on \(completion.localDay.iso) cannot be undone, because without it \(problem); undo that one first, or choose another theme"
    }

    public static func undone(_ result: UndoResult) -> String {
        "Undone: \(result.activity.title) on \(result.completion.localDay.iso), and the \(Format.grouped(result.moments.total)) Moments it brought."
    }

    public static func stampReturned(_ stamp: StampAward) -> String {
        "\(stamp.kind.title) goes back into the drawer; the next ritual that earns it brings it back."
    }

    public static func seasonNow(_ progress: SeasonProgress) -> String {
        "Your season is \(progress.season.name) again."
    }

    /// What `delete-all` would delete, before it is confirmed: "all your
    /// DailyMenu data (3 rituals, your profile)".
    public static func deleteAllPreview(_ size: DailyMenuHistorySize) -> String {
        size.isEmpty
            ? "all your DailyMenu data (there is none yet, but no backup or other device would bring any back)"
            : "all your DailyMenu data (\(sizeList(size))); it cannot be undone, and no backup or other device brings it back"
    }

    public static func deletedAll(_ deletion: DailyMenuDeletion) -> String {
        deletion.deleted.isEmpty
            ? "There was nothing to delete; DailyMenu is as new."
            : "Deleted all your DailyMenu data: \(sizeList(deletion.deleted)). The menu is here whenever you like."
    }

    /// The non-zero parts of `size`, in words.
    static func sizeList(_ size: DailyMenuHistorySize) -> String {
        var parts: [String] = []
        func add(_ count: Int, _ one: String, _ many: String) {
            if count > 0 { parts.append(Format.count(count, one, many)) }
        }
        add(size.rituals, "ritual", "rituals")
        add(size.starts, "start", "starts")
        add(size.lowEnergyDays, "low-energy day", "low-energy days")
        add(size.ownRituals, "ritual of your own", "rituals of your own")
        add(size.undoneRituals, "undone ritual", "undone rituals")
        add(size.preferences, "preference", "preferences")
        if size.hasProfile { parts.append("your profile") }
        return parts.count < 2
            ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
    }

    /// The calendar's filter in words: "Only Breathe rituals that lifted your mood."
    public static func calendarFilter(category: String?, moodLifted: Bool, feedback: Feedback?) -> String {
        var clauses: [String] = []
        if moodLifted { clauses.append("that lifted your mood") }
        if let feedback { clauses.append("that you marked \u{201C}\(feedback.rawValue)\u{201D}") }
        let noun = category.map { "\($0) rituals" } ?? "rituals"
        return "Only \(noun)" + (clauses.isEmpty ? "" : " " + clauses.joined(separator: " and ")) + "."
    }

    /// One completion as a line to paste to a friend: what, how long, when,
    /// and how it left the person when moods are shared (`after`/`feedback`
    /// nil otherwise). No Moments, no counts: a ritual is not a score.
    public static func shareLine(
        _ activity: Activity, on day: CivilDate, today: CivilDate, after: AfterMood?, feedback: Feedback?
    ) -> String {
        let when =
            day == today
            ? "Today" : day == today.adding(days: -1) ? "Yesterday" : "On \(day.weekday.name), \(longDate(day))"
        var line = "\(when) I took \(Format.count(activity.minutes, "minute", "minutes")) for \(activity.title)"
        line += after == .better ? ", and it lifted my mood." : "."
        switch feedback {
        case .lovedIt?: line += " I loved it."
        case .nice?: line += " It was nice."
        case .notForMe?, nil: break
        }
        return line + " (DailyMenu)"
    }

    /// "22 November 2026".
    static func longDate(_ date: CivilDate) -> String {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(date.day) \(months[(date.month - 1) % 12]) \(date.year)"
    }

    // MARK: Doing one

    public static func started(_ activity: Activity) -> String {
        activity.howTo.isEmpty
            ? "Started \(activity.title). Take your time."
            : "Started \(activity.title). \(activity.howTo) Take your time."
    }

    public static func completed(_ activity: Activity, moments: Int) -> String {
        "Lovely: \(activity.title) is done. +\(Format.grouped(moments)) Moments."
    }

    public static func bonus(_ bonus: MomentBonus) -> String {
        switch bonus {
        case .moodImproved: "+\(bonus.points) for lifting your mood"
        case .firstOfDay: "+\(bonus.points) for the first ritual of the day"
        case .newCategory: "+\(bonus.points) for trying something new"
        case .lowEnergy: "+\(bonus.points) for showing up on a low-energy day"
        }
    }

    public static func newStamp(_ stamp: StampKind) -> String {
        "A new stamp for your collection: \(stamp.title)."
    }

    public static func newSeason(_ season: Season) -> String {
        var line = "Welcome to \(season.name)."
        switch season.unlock {
        case .pack(let pack)?: line += " The \(packName(pack)) pack is open now."
        case .theme(let theme)?: line += " The \(theme.name) colour theme is yours to choose."
        case nil: break
        }
        return line
    }

    static func packName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    // MARK: The menu

    public static func menuTitle(_ date: CivilDate, today: Bool) -> String {
        (today ? "Today's menu, " : "The menu for ")
            + "\(date.weekday.name) \(date.iso). Pick one that feels right, or none at all."
    }

    public static let menuEmpty =
        "Nothing on the menu with these choices. Unhide an activity or include a category to see more."

    public static func reason(_ reason: MenuReason) -> String {
        switch reason {
        case .favorite: "a favourite"
        case .feedback(let feedback): "you said \"\(feedback.rawValue)\""
        case .moodHistory(let mean, let count):
            mean > 0
                ? "it tends to lift your mood (\(Format.count(count, "time", "times")) rated)"
                : mean < 0
                    ? "it has sometimes left you lower (\(Format.count(count, "time", "times")) rated)"
                    : "your mood stays steady with it (\(Format.count(count, "time", "times")) rated)"
        case .fromPack(let pack): "from the \(packName(pack)) pack"
        }
    }

    // MARK: Preferences

    public static func favorite(_ activity: Activity, on: Bool) -> String {
        on
            ? "\(activity.title) is a favourite; it will come up more often."
            : "\(activity.title) is no longer a favourite."
    }

    public static func hidden(_ activity: Activity, on: Bool) -> String {
        on ? "\(activity.title) is hidden from the menu." : "\(activity.title) is back on the menu."
    }

    public static func excluded(_ category: ActivityCategory, on: Bool) -> String {
        on ? "\(category.name) is left out of the menu." : "\(category.name) is back on the menu."
    }

    // MARK: The profile, the calendar, the day

    public static func greeting(_ name: String?) -> String {
        "Hello, \(name ?? "friend")."
    }

    public static func memberSince(_ date: CivilDate) -> String {
        "Here since \(date.iso)."
    }

    public static func seasonLine(_ progress: SeasonProgress) -> String {
        guard let next = progress.next else {
            return "Season: \(progress.season.name), the last one; every Moment from here is simply yours."
        }
        return
            "Season: \(progress.season.name), \(Format.grouped(progress.momentsToNext)) Moments to \(next.name)."
    }

    // MARK: Statistics (STAT-1, docs/stats.md)

    /// "Season 3 of 7, Spring Bloom; 312 Moments in the window, 156.0 a week; 2 seasons reached in it"
    static func statisticsSeasons(_ seasons: DailyMenuStatistics.SeasonProgression, momentsPerWeek: Double)
        -> String
    {
        let name = seasons.reached.last?.name ?? DailyMenuRules.seasons[0].name
        let reached = seasons.reachedInWindow
        return
            "season \(seasons.season) of \(seasons.seasonCount), \(name); \(Format.count(seasons.momentsInWindow, "Moment", "Moments")) in the window, \(Format.fixed(momentsPerWeek, decimals: 1)) a week; \(Format.count(reached, "season", "seasons")) reached in it"
    }

    /// "seasons reached: First Light 2026-11-08 (day 0), Morning Dew 2026-11-11 (day 3)"
    static func statisticsSeasonDates(_ seasons: DailyMenuStatistics.SeasonProgression) -> String {
        "seasons reached: "
            + seasons.reached.map { "\($0.name) \($0.date.iso) (day \($0.daysAfterFirstRitual))" }.joined(
                separator: ", ")
    }

    /// "stamps: 6 of 8 (75%), 6 earned in the window"
    static func statisticsStamps(_ stamps: DailyMenuStatistics.StampCollection) -> String {
        "stamps: \(StatisticsText.share(stamps.earned.count, of: stamps.available)), \(stamps.earnedInWindow) earned in the window"
    }

    /// DM-5: the day each season was reached, in order.
    public static func seasonsReachedLine(_ reached: [SeasonReached]) -> String {
        "Seasons reached: " + reached.map { "\($0.season.name) on \($0.date.iso)" }.joined(separator: ", ") + "."
    }

    /// What the seasons have opened so far; nil before the first opens anything.
    public static func unlockedLine(_ progress: SeasonProgress) -> String? {
        let things =
            progress.unlockedThemes.map { "the \($0.name) theme" }
            + progress.unlockedPacks.map { "the \(packName($0)) pack" }
        guard !things.isEmpty else { return nil }
        let list =
            things.count == 1 ? things[0] : things.dropLast().joined(separator: ", ") + " and " + (things.last ?? "")
        return "Open to you: \(list)."
    }

    public static func warmthLine(_ level: WarmthLevel) -> String {
        switch level {
        case .spark: "Warmth: Spark. Every ritual is a little spark."
        case .glow: "Warmth: Glow. Something is glowing."
        case .cozy: "Warmth: Cozy. A cozy rhythm."
        case .warm: "Warmth: Warm. Your days feel warm."
        case .radiant: "Warmth: Radiant. Your rituals shine."
        }
    }

    /// Before the first ritual; a front end adds where the ideas are (the
    /// CLI: `lifectl dailymenu menu`).
    public static let noRitualsYet = "No rituals yet."

    public static func dayEmpty(_ date: CivilDate, today: CivilDate) -> String {
        if date > today { return "\(date.iso) has not come yet. The menu will be ready." }
        if date == today { return "Nothing yet today, \(date.iso). The menu is here whenever you like." }
        return "\(date.iso) was a quiet day here. Quiet days are part of it too."
    }

    public static func markName(_ mark: CalendarMark) -> String {
        switch mark {
        case .completed: "completed"
        case .moodImproved: "mood lifted"
        case .several: "several"
        }
    }

    /// `filtered`: only the rituals a filter admits are counted.
    public static func monthSummary(rituals: Int, days: Int, filtered: Bool = false) -> String {
        if rituals == 0 {
            return filtered
                ? "None this month." : "A quiet month so far. The menu is here whenever you like."
        }
        return "\(Format.count(rituals, "ritual", "rituals")) on \(Format.count(days, "day", "days")) this month."
    }

    public static func dayTotal(moments: Int) -> String {
        "\(Format.grouped(moments)) Moments that day."
    }

    public static func stampsLine(_ stamps: [StampKind]) -> String {
        stamps.isEmpty
            ? noStampsYet
            : "Stamps: " + stamps.map(\.title).joined(separator: ", ") + "."
    }

    public static let insightsScale =
        "before: Low 0, Okay 1, Good 2 · after: Lower −1, Same 0, Better +1 (means of the moods you noted)"

    public static let noStampsYet = "Your first ritual brings your first stamp."

    public static let noMoodYet = "No moods noted yet. They are always optional."

    // MARK: Stamps

    public static func stampTitle(_ stamp: StampKind) -> String {
        switch stamp {
        case .firstRitual: "First Ritual"
        case .tenRituals: "Ten Rituals"
        case .fiftyRituals: "Fifty Rituals"
        case .hundredRituals: "A Hundred Rituals"
        case .everyCategory: "Explorer"
        case .moodLifted: "Mood Lifter"
        case .morningRitual: "Early Bird"
        case .sevenDays: "Seven Days"
        }
    }

    public static func stampStory(_ stamp: StampKind) -> String {
        switch stamp {
        case .firstRitual: "Your very first ritual."
        case .tenRituals: "Ten rituals done."
        case .fiftyRituals: "Fifty rituals done."
        case .hundredRituals: "A hundred rituals done."
        case .everyCategory: "You tried something from every category."
        case .moodLifted: "Five rituals that lifted your mood."
        case .morningRitual: "A ritual before ten in the morning."
        case .sevenDays: "Rituals on seven different days."
        }
    }

    // MARK: Words on the pictures

    static let stampsTitle = "Stamps"
    static let insightsTitle = "Mood insights"
    static let beforeTitle = "Before"
    static let afterTitle = "After"
    static let afterPerCategory = "After, per category"

    /// The `<title>` of a picture: "DailyMenu · Stamps".
    static func documentTitle(_ title: String) -> String { "DailyMenu · \(title)" }

    static func weekOf(_ date: CivilDate) -> String { "week of \(date.iso)" }

    static func ratedOf(_ rated: Int, _ rituals: Int) -> String { "\(rated) of \(rituals)" }

    static let moodReportTitle = "Mood report"
    static let moodReportFooter = "DailyMenu · moods are noted only when the person chooses to"

    /// "26 weeks, from the week of 2026-06-01 to the week of 2026-11-23: 41 rituals".
    static func moodReportPeriod(weeks: Int, from first: CivilDate, to last: CivilDate, rituals: Int) -> String {
        "\(weeks) weeks, from the week of \(first.iso) to the week of \(last.iso): "
            + Format.count(rituals, "ritual", "rituals")
    }

    /// "Before, all rituals: Low 3 · Okay 5 · Good 2".
    static func moodReportCounts(_ title: String, _ counts: [(String, Int)]) -> String {
        "\(title), all rituals: " + counts.map { "\($0.0) \($0.1)" }.joined(separator: " · ")
    }

    /// `insightsScale` in the characters a PDF's standard font has.
    static let moodReportScale =
        "Weekly means: before Low 0, Okay 1, Good 2; after Lower -1, Same 0, Better +1"

    // MARK: Engine checks (`lifectl db check`)

    static func invariantUnknownZone(_ id: String, _ zone: String) -> String {
        "completion \(id): unknown time zone '\(zone)'"
    }

    static func invariantLocalTime(_ id: String, local: String, zone: String, stored: String) -> String {
        "completion \(id): completed at \(local) in \(zone) but stored as \(stored)"
    }

    static func invariantStart(_ id: String) -> String {
        "completion \(id): its start is of another activity, later, or more than \(DailyMenuRules.openStartHours) hours earlier"
    }

    /// `message` is a rule's sentence about the profile's values.
    static func invariantProfile(_ message: String) -> String {
        "profile: \(message)"
    }

    static func invariantTheme(_ theme: ColourTheme, season: Season, moments: Int) -> String {
        "profile: theme \(theme.rawValue) is chosen but not yet unlocked (it opens in the season \(season.name) at \(Format.grouped(season.threshold)) Moments; the rituals have \(Format.grouped(moments)))"
    }

    /// `subject`: "completion ID" or "start ID".
    static func invariantLockedPack(_ subject: String, _ activity: Activity, pack: String, season: Season, moments: Int)
        -> String
    {
        "\(subject): \(activity.id) is in the \(pack) pack, which opens in the season \(season.name) at \(Format.grouped(season.threshold)) Moments; the rituals before it had \(Format.grouped(moments))"
    }

    /// `detail`: what differs, or why the cache cannot be read.
    static func invariantCache(_ detail: String) -> String {
        "the profile's cache, dailymenu_journey_cache, does not agree with the completions (\(detail)); it may be deleted: the next read works it out again"
    }

    static func invariantUndone(_ id: String, undoneAt: Date) -> String {
        "completion \(id): undone at \(Timestamp.database(undoneAt)) UTC but still here"
    }

    static func invariantErased(_ table: String, count: Int, erasedAt: Date) -> String {
        "\(table): \(Format.count(count, "row", "rows")) dated at or before the deletion of all DailyMenu data (\(Timestamp.database(erasedAt)) UTC)"
    }

    /// `value`: the value as it may be quoted ("'abc'", "off its scale").
    static func unreadableColumn(_ column: String, _ value: String) -> String {
        "\(column) holds a value that cannot be read (\(value)); the row is damaged"
    }

    static func minutesOutOfRange(_ minutes: Int) -> String {
        "dailymenu_activities.minutes holds \(minutes); an activity takes \(DailyMenuRules.activityMinutes.lowerBound) to \(DailyMenuRules.activityMinutes.upperBound) minutes"
    }

    /// A completion whose activity is not in the catalogue (the foreign key
    /// switched off by hand): the column and the rule.
    static func missingActivity(_ id: String) -> String {
        "activity_id is '\(TerminalText.echoed(id))', which is no activity of the catalogue; a ritual is always one of them"
    }

    // MARK: Files and lists

    // What a file written holds, for the front end's one line
    // `wrote FILE: WHAT` (CORE-13), which names the file itself.

    public static func calendarPicture(_ month: CalendarMonth) -> String { month.title }

    public static func stampsPicture(count: Int) -> String { Format.count(count, "stamp", "stamps") }

    public static let moodReport = "a mood report of \(Insights.weeks) weeks, one A4 page"

    public static let insightsPicture = "moods over \(Insights.weeks) weeks and per category"

    /// The notes beside an activity in the list.
    public static func notes(_ item: ActivityListing, pack: ActivityPack?) -> String {
        var notes: [String] = []
        if item.favorite { notes.append("★") }
        if item.activity.own { notes.append(item.activity.removed ? "yours, removed" : "yours") }
        if item.hidden { notes.append("hidden") }
        if item.categoryExcluded { notes.append("category left out") }
        if let pack {
            let season = DailyMenuRules.seasons.first { $0.number == pack.unlockSeason }?.name ?? ""
            notes.append(item.locked ? "\(pack.name) pack, opens in \(season)" : "\(pack.name) pack")
        }
        return notes.joined(separator: ", ")
    }

    public static func badSwitch(field: String, _ text: String) -> String {
        "\(field) is '\(text)'; it must be on or off"
    }

    // MARK: Settings

    public static func shareMood(_ on: Bool) -> String {
        on
            ? "Moods may be included in anything made for sync or export."
            : "Moods stay on this device: they are left out of anything made for sync or export."
    }
}
