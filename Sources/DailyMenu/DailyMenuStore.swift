import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// DailyMenu's rules over the database (SPEC §7): the catalogue, the owner's
/// preferences and settings, rituals started and completed, and everything
/// computed from them. Every write is one transaction; every rule is checked
/// here, before SQLite's CHECK constraints would have to.
public struct DailyMenuStore {
    public let db: Database
    public let clock: Clock

    public init(db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    var owner: Owner { Owner(db) }

    // MARK: The catalogue (DM-1)

    public func categories() throws -> [ActivityCategory] {
        var result: [ActivityCategory] = []
        try db.forEachRow(table: "dailymenu_categories", "SELECT id, name FROM dailymenu_categories ORDER BY position")
        {
            result.append(ActivityCategory(id: try $0["id"], name: try $0["name"]))
        }
        return result
    }

    public func packs() throws -> [ActivityPack] {
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
    public func activities() throws -> [Activity] {
        var result: [Activity] = []
        try db.forEachRow(table: "dailymenu_activities", Self.activityColumns) {
            result.append(try Self.activity(from: $0))
        }
        return result
    }

    static let activityColumns = """
        SELECT a.id AS id, a.title AS title, a.category AS category, a.energy AS energy, a.minutes AS minutes,
               a.how_to AS how_to, a.pack_id AS pack_id
        FROM dailymenu_activities AS a JOIN dailymenu_categories AS c ON c.id = a.category
        ORDER BY a.pack_id IS NOT NULL, a.pack_id, c.position, a.title
        """

    /// An activity from a row of `activityColumns`, read by name.
    static func activity(from row: TableRow) throws -> Activity {
        Activity(
            id: try row["id"], title: try row["title"], category: try row["category"],
            energy: try row["energy", as: Energy.self], minutes: try row["minutes"], howTo: try row["how_to"],
            pack: try row["pack_id", as: String?.self])
    }

    /// The activity a person named: its id, or its title in any case.
    public func activity(named text: String) throws -> Activity {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let found = try activities().first(where: { $0.id == key || $0.title.lowercased() == key }) else {
            throw LifeError(
                kind: .invalidValue, field: "activity", message: DailyMenuVoice.unknownActivity(text),
                remedy: .dailyMenuActivities)
        }
        return found
    }

    /// The category a person named: its id or its name, in any case.
    public func category(named text: String) throws -> ActivityCategory {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        let all = try categories()
        guard let found = all.first(where: { $0.id == key || $0.name.lowercased() == key }) else {
            throw LifeError.invalid(field: "category", DailyMenuVoice.unknownCategory(text, known: all.map(\.id)))
        }
        return found
    }

    /// The catalogue as the owner sees it: preferences and locks beside each.
    public func listing() throws -> [ActivityListing] {
        let favorites = try favorites()
        let hidden = try hiddenActivities()
        let excluded = try excludedCategories()
        let unlocked = Set(try journey().season.unlockedPacks)
        return try activities().map { activity in
            ActivityListing(
                activity: activity, favorite: favorites.contains(activity.id), hidden: hidden.contains(activity.id),
                categoryExcluded: excluded.contains(activity.category),
                locked: activity.pack.map { !unlocked.contains($0) } ?? false)
        }
    }

    // MARK: Preferences (DM-1; hidden and excluded are local only, DM-10)

    public func favorites() throws -> Set<String> {
        try keys("dailymenu_favorites", column: "activity_id")
    }

    public func hiddenActivities() throws -> Set<String> {
        try keys("dailymenu_hidden_activities", column: "activity_id")
    }

    public func excludedCategories() throws -> Set<String> {
        try keys("dailymenu_excluded_categories", column: "category")
    }

    /// The keys of a one-key preference table, read by name.
    private func keys(_ table: String, column: String) throws -> Set<String> {
        var keys: Set<String> = []
        try db.forEachRow(table: table, "SELECT \(column) FROM \(table)") { keys.insert(try $0[column]) }
        return keys
    }

    /// Marks or unmarks a favourite; doing what is already so changes nothing.
    @discardableResult
    public func setFavorite(_ name: String, _ on: Bool) throws -> Activity {
        let activity = try activity(named: name)
        try setFlag(table: "dailymenu_favorites", column: "activity_id", key: activity.id, on)
        return activity
    }

    @discardableResult
    public func setHidden(_ name: String, _ on: Bool) throws -> Activity {
        let activity = try activity(named: name)
        try setFlag(table: "dailymenu_hidden_activities", column: "activity_id", key: activity.id, on)
        return activity
    }

    @discardableResult
    public func setExcluded(_ name: String, _ on: Bool) throws -> ActivityCategory {
        let category = try category(named: name)
        try setFlag(table: "dailymenu_excluded_categories", column: "category", key: category.id, on)
        return category
    }

    /// `table` and `column` are this file's constants, never input.
    private func setFlag(table: String, column: String, key: String, _ on: Bool) throws {
        try db.writeTransaction { db in
            try ensureProfile(db)
            if on {
                try db.execute(
                    "INSERT INTO \(table) (\(column), created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    [key, clock.now()])
            } else {
                try db.execute("DELETE FROM \(table) WHERE \(column) = ?", [key])
            }
        }
    }

    // MARK: Profile and settings (DM-9, DM-10)

    /// Makes the profile row on the first write: the member-since date is the
    /// owner's local day of that write.
    func ensureProfile(_ db: Database) throws {
        let now = clock.now()
        try db.execute(
            """
            INSERT INTO dailymenu_profile (id, member_since, created_at, updated_at) VALUES (1, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """, [CivilDate.of(now, in: try owner.timeZone()), now, now])
    }

    public func settings() throws -> DailyMenuSettings {
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

    /// Applies `change` in one transaction: all of it or none of it. A theme
    /// must have been unlocked by a season.
    @discardableResult
    public func updateSettings(_ change: DailyMenuSettingsChange) throws -> DailyMenuSettings {
        let name = try change.displayName.map {
            try TextRule.optional($0, field: DailyMenuVoice.displayNameField, limit: DailyMenuRules.displayNameLimit)
        }
        if case .some(.some(let theme)) = change.theme {
            let progress = try journey().season
            if !progress.unlockedThemes.contains(theme) {
                let season = DailyMenuRules.seasons.first { $0.unlock == .theme(theme) }
                throw LifeError.invalid(
                    field: "theme", DailyMenuVoice.themeLocked(theme, season: season?.name ?? ""))
            }
        }
        try db.writeTransaction { db in
            try ensureProfile(db)
            if let zone = change.timeZone { try owner.setTimeZone(zone, now: clock.now()) }
            if let name {
                try db.execute(
                    "UPDATE dailymenu_profile SET display_name = ?, updated_at = ? WHERE id = 1", [name, clock.now()])
            }
            if let share = change.shareMood {
                try db.execute(
                    "UPDATE dailymenu_profile SET share_mood = ?, updated_at = ? WHERE id = 1", [share, clock.now()])
            }
            if let theme = change.theme {
                try db.execute(
                    "UPDATE dailymenu_profile SET theme = ?, updated_at = ? WHERE id = 1",
                    [theme?.rawValue, clock.now()])
            }
        }
        return try settings()
    }

    // MARK: Time

    public func timeZone() throws -> TimeZone { try owner.timeZone() }

    public func today() throws -> CivilDate { try owner.day(of: clock.now()) }
}
