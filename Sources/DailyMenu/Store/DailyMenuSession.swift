import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// DailyMenu's rules over the database (SPEC §7), inside a transaction that
/// `DailyMenuStore` (or the kernel, for an import, a check or a page)
/// opened: the catalogue, the owner's preferences and settings, rituals
/// started and completed, and everything computed from them. It never opens
/// a transaction of its own, so what it reads to decide is read in the
/// transaction that acts on it. Every rule is checked here (with the
/// functions of `DailyMenuRules` an import applies too), before SQLite's
/// CHECK constraints would have to.
struct DailyMenuSession {
    let db: Database
    let clock: Clock

    init(_ db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    var owner: Owner { Owner(db) }

    // MARK: The catalogue (DM-1)

    func categories() throws -> [ActivityCategory] {
        var result: [ActivityCategory] = []
        try db.forEachRow(table: "dailymenu_categories", "SELECT id, name FROM dailymenu_categories ORDER BY position")
        {
            result.append(ActivityCategory(id: try $0["id"], name: try $0["name"]))
        }
        return result
    }

    func packs() throws -> [ActivityPack] {
        var result: [ActivityPack] = []
        try db.forEachRow(
            table: "dailymenu_packs",
            "SELECT id, name, description, unlock_season FROM dailymenu_packs ORDER BY unlock_season"
        ) { row in
            result.append(
                ActivityPack(
                    id: try row["id"], name: try row["name"], description: try row["description"],
                    unlockSeason: try row["unlock_season"]))
        }
        return result
    }

    /// Every activity, base catalogue first, by category then title.
    func activities() throws -> [Activity] {
        var result: [Activity] = []
        try db.forEachRow(table: "dailymenu_activities", Self.activityColumns) {
            result.append(try Self.activity(from: $0))
        }
        return result
    }

    /// Every activity: the catalogue's and one's own (issue 32). One's own
    /// are read from `dailymenu_own_activities`, never from their anchors
    /// in `dailymenu_activities` (whose values only hold the foreign keys:
    /// `Schema/0025_dailymenu_own_rituals.sql`); an anchor left without its
    /// ritual (deleted on another device while a ritual done here still
    /// names it) reads as a removed ritual of one's own.
    static let activityColumns = activitySelect + " ORDER BY a.pack_id IS NOT NULL, a.pack_id, c.position, title, a.id"

    /// The columns of an activity, for `activityColumns` and one by its id
    /// (`activitySelect + " WHERE a.id = ?"`).
    static let activitySelect = """
        SELECT a.id AS id,
               CASE WHEN o.id IS NOT NULL THEN o.title
                    WHEN a.id GLOB 'own-*' THEN 'A ritual of yours' ELSE a.title END AS title,
               a.category AS category, coalesce(o.energy, a.energy) AS energy,
               coalesce(o.minutes, a.minutes) AS minutes,
               CASE WHEN o.id IS NOT NULL THEN coalesce(o.how_to, '')
                    WHEN a.id GLOB 'own-*' THEN '' ELSE a.how_to END AS how_to,
               a.pack_id AS pack_id, a.id GLOB 'own-*' AS own, coalesce(o.is_on, 0) = 0 AS off
        FROM dailymenu_activities AS a JOIN dailymenu_categories AS c ON c.id = a.category
            LEFT JOIN dailymenu_own_activities AS o ON o.id = a.id
        """

    /// An activity from a row of `activityColumns`, read by name. Minutes
    /// outside the catalogue's range (a file changed with the CHECKs off)
    /// make the row unreadable rather than overflow a total.
    static func activity(from row: TableRow) throws -> Activity {
        let minutes: Int = try row["minutes"]
        guard DailyMenuRules.activityMinutes.contains(minutes) else {
            throw LifeError.malformed(DailyMenuVoice.minutesOutOfRange(minutes))
        }
        let own: Bool = try row["own"]
        let off: Bool = try row["off"]
        return Activity(
            id: try row["id"], title: try row["title"], category: try row["category"],
            energy: try row["energy", as: Energy.self], minutes: minutes, howTo: try row["how_to"],
            pack: try row["pack_id", as: String?.self], own: own, removed: own && off)
    }

    /// The activity a person named: its id (of one's own, also its first 8
    /// or more characters after `own-`), or its title in any case. Two of
    /// one's own with one title (added on two devices at once) are told
    /// apart by id.
    func activity(named text: String) throws -> Activity {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        let all = try activities()
        if let found = all.first(where: { $0.id == key }) { return found }
        var titled = all.filter { $0.title.lowercased() == key }
        // A removed ritual of one's own gives way to one on the menu.
        if titled.count > 1, titled.filter({ !$0.removed }).count == 1 { titled = titled.filter { !$0.removed } }
        let byPrefix =
            key.hasPrefix(Activity.ownPrefix) && key.count >= Activity.ownPrefix.count + 8
            ? all.filter { $0.own && $0.id.hasPrefix(key) } : []
        let candidates = titled.isEmpty ? byPrefix : titled
        if candidates.count > 1 {
            throw LifeError.invalid(
                field: "activity", DailyMenuVoice.ambiguousActivity(text, ids: candidates.map(\.shortID)))
        }
        guard let found = candidates.first else {
            throw LifeError(
                kind: .invalidValue, field: "activity", message: DailyMenuVoice.unknownActivity(text),
                remedy: .dailyMenuActivities)
        }
        return found
    }

    /// The category a person named: its id or its name, in any case.
    func category(named text: String) throws -> ActivityCategory {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        let all = try categories()
        guard let found = all.first(where: { $0.id == key || $0.name.lowercased() == key }) else {
            throw LifeError.invalid(field: "category", DailyMenuVoice.unknownCategory(text, known: all.map(\.id)))
        }
        return found
    }

    /// The catalogue as the owner sees it now: preferences and locks beside
    /// each, of one category (named as a person would) and one energy when
    /// given.
    func listing(category: String? = nil, energy: Energy? = nil, includingRemoved: Bool = false) throws
        -> [ActivityListing]
    {
        let wanted = try category.map { try self.category(named: $0).id }
        let favorites = try favorites()
        let hidden = try hiddenActivities()
        let excluded = try excludedCategories()
        let unlocked = Set(try unlockedPacks(at: clock.now()))
        return try activities().filter { activity in
            (wanted.map { $0 == activity.category } ?? true) && (energy.map { $0 == activity.energy } ?? true)
                && (includingRemoved || !activity.removed)
        }
        .map { activity in
            ActivityListing(
                activity: activity, favorite: favorites.contains(activity.id), hidden: hidden.contains(activity.id),
                categoryExcluded: excluded.contains(activity.category),
                locked: activity.pack.map { !unlocked.contains($0) } ?? false)
        }
    }

    // MARK: Preferences (DM-1; hidden and excluded are local only, DM-10)

    func favorites() throws -> Set<String> {
        try switchedOn(.favorites)
    }

    func hiddenActivities() throws -> Set<String> {
        try switchedOn(.hiddenActivities)
    }

    func excludedCategories() throws -> Set<String> {
        try switchedOn(.excludedCategories)
    }

    /// The keys of a preference that are switched on (a row switched off
    /// stays, `is_on` 0, so that an older file cannot switch it on again:
    /// `Schema/0014_dailymenu_preference_switches.sql`).
    private func switchedOn(_ preference: Preference) throws -> Set<String> {
        var keys: Set<String> = []
        try db.forEachRow(
            table: preference.table, "SELECT \(preference.key) FROM \(preference.table) WHERE is_on = 1"
        ) { keys.insert(try $0[preference.key]) }
        return keys
    }

    /// Marks or unmarks a favourite; doing what is already so changes nothing.
    func setFavorite(_ name: String, _ on: Bool) throws -> Activity {
        let activity = try activity(named: name)
        try set(.favorites, key: activity.id, on)
        return activity
    }

    func setHidden(_ name: String, _ on: Bool) throws -> Activity {
        let activity = try activity(named: name)
        try set(.hiddenActivities, key: activity.id, on)
        return activity
    }

    func setExcluded(_ name: String, _ on: Bool) throws -> ActivityCategory {
        let category = try category(named: name)
        try set(.excludedCategories, key: category.id, on)
        return category
    }

    /// Switches a preference on or off. Switching on what is on, or off
    /// what is off or was never set, writes nothing; a change moves
    /// `updated_at` to now, the version an import compares: it only grows,
    /// even when the clock was set back (the row's version stays then).
    private func set(_ preference: Preference, key: String, _ on: Bool) throws {
        try ensureProfile()
        let now = try writeInstant()
        if on {
            try db.execute(
                """
                INSERT INTO \(preference.table) (\(preference.key), is_on, created_at, updated_at) VALUES (?, 1, ?, ?)
                ON CONFLICT (\(preference.key)) DO UPDATE SET is_on = 1, updated_at = max(excluded.updated_at, updated_at)
                WHERE is_on = 0
                """, [key, now, now])
        } else {
            try db.execute(
                """
                UPDATE \(preference.table) SET is_on = 0, updated_at = max(?, updated_at)
                WHERE \(preference.key) = ? AND is_on = 1
                """, [now, key])
        }
    }

    // MARK: Profile and settings (DM-9, DM-10)

    /// Makes the profile row on the first write: the member-since date is the
    /// owner's local day of that write.
    func ensureProfile() throws {
        let now = try writeInstant()
        try db.execute(
            """
            INSERT INTO dailymenu_profile (id, member_since, created_at, updated_at) VALUES (1, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """, [CivilDate.of(now, in: try owner.timeZone()), now, now])
    }

    func settings() throws -> DailyMenuSettings {
        let stored = try owner.settings().timeZone
        let zone = stored ?? TimeZoneSetting.systemName
        // Before the first ritual there is no profile row: the defaults.
        let settings = try db.fetchOne(
            table: "dailymenu_profile",
            "SELECT id, display_name, member_since, share_mood, theme FROM dailymenu_profile WHERE id = 1"
        ) { row in
            DailyMenuSettings(
                displayName: try row["display_name", as: String?.self], memberSince: try row["member_since"],
                shareMood: try row["share_mood"], theme: try row["theme", as: ColourTheme?.self], timeZone: zone,
                timeZoneIsSystem: stored == nil)
        }
        return settings
            ?? DailyMenuSettings(
                displayName: nil, memberSince: nil, shareMood: true, theme: nil, timeZone: zone,
                timeZoneIsSystem: stored == nil)
    }

    /// DM-10: whether moods and feedback stay out of an export meant for sync.
    func isWithholdingMoods() throws -> Bool {
        try db.fetchOne(Int.self, "SELECT share_mood FROM dailymenu_profile WHERE id = 1") == 0
    }

    /// Applies `change`: all of it or none of it (the caller's transaction).
    /// A theme must have been unlocked by a season. A setting given that
    /// differs from the stored one is written and moves `updated_at` to now,
    /// the version an import compares (it only grows, as for preferences).
    func updateSettings(_ change: DailyMenuSettingsChange) throws -> DailyMenuSettings {
        let name = try change.displayName.map { try DailyMenuRules.displayName($0) }
        if case .some(.some(let theme)) = change.theme {
            let moments = try momentTally(before: nil, countingAbsentMoods: false).total
            if let season = DailyMenuRules.seasonOpening(theme, moments: moments) {
                throw LifeError.invalid(field: "theme", DailyMenuVoice.themeLocked(theme, season: season.name))
            }
        }
        try ensureProfile()
        let now = try writeInstant()
        if let zone = change.timeZone { try owner.setTimeZone(zone, now: now) }
        if let name {
            try db.execute(
                """
                UPDATE dailymenu_profile SET display_name = ?, updated_at = max(?, updated_at)
                WHERE id = 1 AND display_name IS NOT ?1
                """, [name, now])
        }
        if let share = change.shareMood {
            try db.execute(
                """
                UPDATE dailymenu_profile SET share_mood = ?, updated_at = max(?, updated_at)
                WHERE id = 1 AND share_mood IS NOT ?1
                """, [share, now])
        }
        if let theme = change.theme {
            try db.execute(
                """
                UPDATE dailymenu_profile SET theme = ?, updated_at = max(?, updated_at)
                WHERE id = 1 AND theme IS NOT ?1
                """, [theme?.rawValue, now])
        }
        return try settings()
    }

    // MARK: Time

    func timeZone() throws -> TimeZone { try owner.timeZone() }

    func today() throws -> CivilDate { try owner.day(of: clock.now()) }
}
