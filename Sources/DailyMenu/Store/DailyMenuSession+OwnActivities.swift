import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// A person's own rituals (issue 32): added, changed, removed and restored,
/// and held to the same rules by an import and `db check`. Once added, a
/// ritual of one's own is an activity like the catalogue's for the menu,
/// starting and completing, Moments, stamps, the calendar and sync
/// (`Schema/0025_dailymenu_own_rituals.sql` keeps its anchor in the
/// catalogue's table, so every row that names an activity can name it).
extension DailyMenuSession {
    /// Adds a ritual of one's own; answers it as the catalogue shows it.
    func addActivity(title: String, category: String, energy: Energy, minutes: Int, howTo: String?) throws
        -> Activity
    {
        let cleanTitle = try DailyMenuRules.ownTitle(title)
        let cleanHowTo = try DailyMenuRules.ownHowTo(howTo)
        try DailyMenuRules.checkOwnMinutes(minutes)
        let chosen = try self.category(named: category)
        try checkTitleIsFree(cleanTitle, except: nil)
        try ensureProfile()
        let now = try writeInstant()
        let id = Activity.ownPrefix + UUID().uuidString.lowercased()
        try db.execute(
            """
            INSERT INTO dailymenu_own_activities (id, title, category, energy, minutes, how_to, is_on, created_at,
                updated_at)
            VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
            """, [id, cleanTitle, chosen.id, energy.rawValue, minutes, cleanHowTo, now, now])
        return try activity(named: id)
    }

    /// Changes the title, energy, minutes or how-to of a ritual of one's
    /// own; answers it after and the fields that changed.
    func editActivity(_ name: String, change: OwnActivityChange) throws -> (Activity, [String]) {
        guard !change.isEmpty else {
            throw LifeError.invalid(field: "change", DailyMenuVoice.ownNothingToChange)
        }
        let activity = try ownActivity(named: name)
        var changed: [String] = []
        var title = activity.title
        if let typed = change.title {
            title = try DailyMenuRules.ownTitle(typed)
            if title != activity.title {
                try checkTitleIsFree(title, except: activity.id)
                changed.append("title")
            }
        }
        let energy = change.energy ?? activity.energy
        if energy != activity.energy { changed.append("energy") }
        let minutes = change.minutes ?? activity.minutes
        try DailyMenuRules.checkOwnMinutes(minutes)
        if minutes != activity.minutes { changed.append("minutes") }
        let howTo =
            try change.howTo.map { try DailyMenuRules.ownHowTo($0) } ?? (activity.howTo.isEmpty ? nil : activity.howTo)
        if (howTo ?? "") != activity.howTo { changed.append("how-to") }
        guard !changed.isEmpty else { return (activity, []) }
        let now = try writeInstant()
        try db.execute(
            """
            UPDATE dailymenu_own_activities SET title = ?, energy = ?, minutes = ?, how_to = ?,
                updated_at = max(?, updated_at)
            WHERE id = ?
            """, [title, energy.rawValue, minutes, howTo, now, activity.id])
        return (try self.activity(named: activity.id), changed)
    }

    /// Removes a ritual of one's own from the menu (`on` false) or brings it
    /// back (`on` true). It stays, with every ritual done of it: the history
    /// keeps its name, Moments and stamps. Answers it and whether it changed.
    func setActivityOn(_ name: String, _ on: Bool) throws -> (Activity, Bool) {
        let activity = try ownActivity(named: name)
        guard activity.removed == on else { return (activity, false) }
        let now = try writeInstant()
        try db.execute(
            "UPDATE dailymenu_own_activities SET is_on = ?, updated_at = max(?, updated_at) WHERE id = ?",
            [on, now, activity.id])
        return (try self.activity(named: activity.id), true)
    }

    /// A ritual of one's own, named by its id or title; the catalogue's
    /// are refused with a word on what can be done with them.
    func ownActivity(named name: String) throws -> Activity {
        let activity = try activity(named: name)
        guard activity.own else {
            throw LifeError.invalid(field: "activity", DailyMenuVoice.notOwn(activity))
        }
        guard try db.fetchOne(Int.self, "SELECT 1 FROM dailymenu_own_activities WHERE id = ?", [activity.id]) != nil
        else {
            throw LifeError.invalid(field: "activity", DailyMenuVoice.ownDeletedElsewhere(activity.id))
        }
        return activity
    }

    /// A title no other activity has, ignoring case (names are typed by
    /// title), nor any activity's id.
    private func checkTitleIsFree(_ title: String, except id: String?) throws {
        let key = title.lowercased()
        if let taken = try activities().first(where: { $0.id != id && ($0.title.lowercased() == key || $0.id == key) })
        {
            throw LifeError.invalid(field: "title", DailyMenuVoice.titleTaken(title, by: taken))
        }
    }

    // MARK: Import and db check

    /// A file's row of `dailymenu_own_activities`, as `addActivity` and
    /// `editActivity` write one.
    func checkImportedOwnActivity(_ row: ImportRow, now: Date) throws {
        let id = try row.text("id")
        guard id.hasPrefix(Activity.ownPrefix), UUID(uuidString: String(id.dropFirst(Activity.ownPrefix.count))) != nil,
            id == id.lowercased()
        else {
            throw LifeError.invalid(field: "id", DailyMenuVoice.ownBadID(id))
        }
        try TextRule.checkStored(try row.text("title"), field: "title", limit: DailyMenuRules.ownTitleLimit)
        try DailyMenuRules.checkOneLine(try row.text("title"), field: "title")
        if let howTo = try row.optionalText("how_to") {
            try TextRule.checkStored(howTo, field: "how_to", limit: DailyMenuRules.ownHowToLimit)
            try DailyMenuRules.checkOneLine(howTo, field: "how_to")
        }
        let category = try row.text("category")
        guard try db.fetchOne(Int.self, "SELECT 1 FROM dailymenu_categories WHERE id = ?", [category]) != nil else {
            throw LifeError.invalid(field: "category", DailyMenuVoice.importUnknownCategory(category))
        }
        _ = try row.choice("energy", as: Energy.self)
        try DailyMenuRules.checkOwnMinutes(Int(try row.integer("minutes", in: 1...60)))
        _ = try row.bool("is_on")
        try Self.checkVersion(row, now: now)
        // No title of the catalogue's (a ritual of one's own is named apart
        // from them); two of one's own may share one, added on two devices
        // at once, and are then told apart by id.
        let key = try row.text("title").lowercased()
        if let taken = try activities().first(where: { !$0.own && ($0.title.lowercased() == key || $0.id == key) }) {
            throw LifeError.invalid(field: "title", DailyMenuVoice.titleTaken(try row.text("title"), by: taken))
        }
    }

    /// A file's ritual of one's own left out here (deleted with everything
    /// here) still has its anchor for the file's catalogue rows to be
    /// checked against: it is made now, and `pruneOrphanAnchors` takes it
    /// away after the import.
    func anchorImportedOwnActivity(_ row: ImportRow) throws {
        try db.execute(
            """
            INSERT OR IGNORE INTO dailymenu_activities (id, title, category, energy, minutes, how_to, pack_id)
            VALUES (?1, ?1, ?2, 'low', 1, 'A ritual of your own.', NULL)
            """, [row["id"], row["category"]])
    }

    /// Anchors no ritual of one's own and no row needs any more.
    func pruneOrphanAnchors() throws {
        try db.execute("DELETE FROM dailymenu_activities AS a WHERE \(Self.orphanAnchor)")
    }

    /// An anchor (`own-…` in `dailymenu_activities`) of no ritual of one's
    /// own that no row names any more; `a` is the anchor.
    static let orphanAnchor = """
        a.id GLOB 'own-*'
            AND NOT EXISTS (SELECT 1 FROM dailymenu_own_activities WHERE id = a.id)
            AND NOT EXISTS (SELECT 1 FROM dailymenu_completions WHERE activity_id = a.id)
            AND NOT EXISTS (SELECT 1 FROM dailymenu_starts WHERE activity_id = a.id)
            AND NOT EXISTS (SELECT 1 FROM dailymenu_favorites WHERE activity_id = a.id)
            AND NOT EXISTS (SELECT 1 FROM dailymenu_hidden_activities WHERE activity_id = a.id)
            AND NOT EXISTS (SELECT 1 FROM dailymenu_undone_completions WHERE activity_id = a.id)
        """

    /// `db check`: each ritual of one's own within its rules and anchored
    /// under its own category; every anchor belongs to one, or to a ritual
    /// still named by a row here.
    func ownActivityProblems() throws -> [String] {
        var problems: [String] = []
        try db.forEachRow(
            table: "dailymenu_own_activities",
            """
            SELECT o.id AS id, o.title AS title, o.how_to AS how_to, o.category AS category,
                   a.category AS anchored, a.title AS anchor_title, a.energy AS anchor_energy,
                   a.minutes AS anchor_minutes, a.how_to AS anchor_how_to
            FROM dailymenu_own_activities AS o LEFT JOIN dailymenu_activities AS a ON a.id = o.id ORDER BY o.id
            """
        ) { row in
            let id: String = try row["id"]
            do {
                try TextRule.checkStored(try row["title"], field: "title", limit: DailyMenuRules.ownTitleLimit)
                try DailyMenuRules.checkOneLine(try row["title"], field: "title")
                if let howTo: String = try row["how_to"] {
                    try TextRule.checkStored(howTo, field: "how_to", limit: DailyMenuRules.ownHowToLimit)
                    try DailyMenuRules.checkOneLine(howTo, field: "how_to")
                }
            } catch let error as LifeError {
                problems.append(DailyMenuVoice.invariantOwn(id, error.message))
            }
            let anchored: String? = try row["anchored"]
            let category: String = try row["category"]
            let exact =
                try row["anchor_title", as: String?.self] == id && row["anchor_energy", as: String?.self] == "low"
                && row["anchor_minutes", as: Int?.self] == 1
                && row["anchor_how_to", as: String?.self] == "A ritual of your own."
            if anchored != category || !exact {
                problems.append(DailyMenuVoice.invariantOwn(id, DailyMenuVoice.ownAnchorWrong))
            }
        }
        let orphans =
            try db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_activities AS a WHERE \(Self.orphanAnchor)") ?? 0
        if orphans > 0 { problems.append(DailyMenuVoice.invariantOrphanAnchors(orphans)) }
        return problems
    }
}
