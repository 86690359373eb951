import Foundation
import LifeKitTestSupport
import Testing

/// DailyMenu through `lifectl import` (issue 17; SPEC CORE-12, SYNC-2,
/// SYNC-4, DM-1, DM-5, DM-10): a file row is held to the rules a command
/// obeys, the catalogue cannot be changed, an older export moves nothing
/// back, and a second import of a file changes nothing. Each refusal exits
/// 65 naming the table, the row and the column, with the database
/// byte-for-byte unchanged (`.dump`).
@Suite(.tags(.endToEnd)) struct DailyMenuImportTests {
    typealias Object = [String: Any]

    static func ok(_ cli: Lifectl, _ arguments: String...) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
    }

    /// `cli` with its clock at `now`.
    static func at(_ cli: Lifectl, _ now: String) -> Lifectl {
        var moved = cli
        moved.environment["LIFECTL_NOW"] = now
        return moved
    }

    /// The export of `cli`'s database, parsed.
    static func exported(_ cli: Lifectl, _ name: String = "export.json") throws -> Object {
        // A read never creates the database: a fresh sandbox gets one first.
        if !FileManager.default.fileExists(atPath: cli.databasePath) {
            #expect(try cli.run("db", "init").status == 0)
        }
        let result = try cli.run("export", "--json", cli.path(name), "--force")
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: cli.path(name)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? Object)
    }

    static func rows(_ document: Object, _ table: String) throws -> [Object] {
        let products = try #require(document["products"] as? Object)
        let tables = try #require(products["dailymenu"] as? Object)
        return try #require(tables[table] as? [Object])
    }

    /// `document` with DailyMenu's `table` holding `rows`.
    static func with(_ document: Object, _ table: String, _ rows: [Object]) throws -> Object {
        var document = document
        var products = try #require(document["products"] as? Object)
        var tables = try #require(products["dailymenu"] as? Object)
        tables[table] = rows
        products["dailymenu"] = tables
        document["products"] = products
        return document
    }

    static func write(_ document: Object, _ cli: Lifectl, _ name: String) throws -> String {
        let path = cli.path(name)
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    /// Imports `path` expecting a refusal: exit 65, every one of `words`
    /// in the message, the database exactly as it was.
    static func refused(_ cli: Lifectl, _ path: String, _ words: [String]) throws {
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        for word in words { #expect(result.stderr.contains(word), "\(word) not in: \(result.stderr)") }
        #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("INSERT"), "\(result.stderr)")
        #expect(try cli.dump() == before)
    }

    // MARK: The catalogue (DM-1)

    /// The catalogue is this build's: a file that renames an activity, a
    /// category or a pack, changes an activity's minutes or a pack's
    /// season, or brings an activity this build does not have is refused.
    @Test func aChangedCatalogueIsRefused() throws {
        let cli = try Lifectl(now: "2026-11-20T10:00:00Z")
        try Self.ok(cli, "dailymenu", "complete", "box-breath")
        let document = try Self.exported(cli)
        let edits: [(table: String, id: String, column: String, value: Any, said: String)] = [
            ("dailymenu_activities", "box-breath", "title", "Box breath", "title 'Box breath'"),
            ("dailymenu_activities", "box-breath", "minutes", 30, "minutes 30"),
            ("dailymenu_activities", "slow-coffee", "pack_id", NSNull(), "pack_id null"),
            ("dailymenu_categories", "breathe", "name", "Breathing", "name 'Breathing'"),
            ("dailymenu_packs", "slow-mornings", "unlock_season", 2, "unlock_season 2"),
        ]
        for edit in edits {
            var rows = try Self.rows(document, edit.table)
            let index = try #require(rows.firstIndex { $0["id"] as? String == edit.id })
            rows[index][edit.column] = edit.value
            let path = try Self.write(try Self.with(document, edit.table, rows), cli, "renamed.json")
            try Self.refused(
                cli, path, ["\(edit.table) row '\(edit.id)' has \(edit.said) where this build's catalogue has"])
        }
        var activities = try Self.rows(document, "dailymenu_activities")
        var extra = try #require(activities.first { $0["id"] as? String == "box-breath" })
        extra["id"] = "box-breath-two"
        extra["title"] = "Box breathing, twice"
        activities.append(extra)
        let path = try Self.write(try Self.with(document, "dailymenu_activities", activities), cli, "added.json")
        try Self.refused(cli, path, ["dailymenu_activities row 'box-breath-two' is not in this build's catalogue"])
    }

    /// Rows no command could have written, each refused by the rule a
    /// command applies, naming the row and the column. The database (a
    /// sigh with a start, a favourite, a name) is left as it was.
    @Test func aRowNoCommandCouldWriteIsRefused() throws {
        let cli = try Lifectl(now: "2026-11-20T10:00:00Z")
        try Self.ok(cli, "dailymenu", "settings", "--name", "Ada")
        try Self.ok(cli, "dailymenu", "favorite", "haiku")
        try Self.ok(cli, "dailymenu", "start", "sigh", "--mood-before", "low")
        try Self.ok(Self.at(cli, "2026-11-20T10:05:00Z"), "dailymenu", "complete", "sigh", "--mood-after", "better")
        let document = try Self.exported(cli)
        let completion = try #require(try Self.rows(document, "dailymenu_completions").first)
        let id = try #require(completion["id"] as? String)
        var fresh = completion
        fresh["id"] = "00000000-0000-4000-8000-000000000001"
        fresh["start_id"] = NSNull()
        fresh["activity_id"] = "doodle"
        let newRow = "dailymenu_completions row '00000000-0000-4000-8000-000000000001' is refused: "
        let cases: [(table: String, row: Object, words: String)] = [
            (
                "dailymenu_profile",
                try Self.edited(Self.rows(document, "dailymenu_profile")[0], "updated_at", "9999-01-01 00:00:00.000"),
                // A value that only moves forward, dated that far ahead, is
                // refused before any row is merged (SYNC-8).
                "the file's dailymenu_profile row says updated_at 9999-01-01 00:00:00.000, more than a day after now (2026-11-21 10:00:00.000 at the latest)"
            ),
            (
                // Newer than the profile here, so its theme would be taken.
                "dailymenu_profile",
                try Self.edited(
                    Self.edited(Self.rows(document, "dailymenu_profile")[0], "theme", "garden-party"), "updated_at",
                    "2026-11-20 11:00:00.000"),
                "dailymenu_profile row 1 is refused: theme is 'garden-party'; Garden Party opens in the season Summer Meadow at 500 Moments, and the rituals here and in the file have 28"
            ),
            (
                "dailymenu_profile",
                try Self.edited(
                    Self.rows(document, "dailymenu_profile")[0], "display_name", String(repeating: "a", count: 201)),
                "dailymenu_profile row 1 is refused: display_name is 201 characters; the limit is 200"
            ),
            (
                "dailymenu_favorites",
                try Self.edited(Self.rows(document, "dailymenu_favorites")[0], "activity_id", "juggling"),
                "dailymenu_favorites row 'juggling' is refused: activity_id is 'juggling'; this build's catalogue has no activity with that id"
            ),
            (
                "dailymenu_completions", try Self.edited(fresh, "local_time", "11:05"),
                newRow + "local_day and local_time are 2026-11-20 11:05, but completed_at is 2026-11-20 10:05 in UTC"
            ),
            (
                "dailymenu_completions", try Self.edited(fresh, "time_zone", "GMT+1"),
                newRow + "time_zone is 'GMT+1'; it must be an IANA time zone name"
            ),
            (
                "dailymenu_completions", try Self.edited(fresh, "after_mood", "Worse"),
                "dailymenu_completions row '00000000-0000-4000-8000-000000000001' is refused: after_mood is 'Worse'; it must be one of Lower, Same, Better"
            ),
            (
                "dailymenu_completions",
                try Self.edited(
                    Self.edited(
                        Self.edited(fresh, "completed_at", "2026-11-22 10:05:00.000"), "local_day", "2026-11-22"),
                    "local_time", "10:05"),
                newRow + "completed_at is '2026-11-22 10:05:00.000', in the future"
            ),
            (
                "dailymenu_completions", try Self.edited(fresh, "start_id", completion["start_id"] ?? NSNull()),
                newRow + "start_id is '"
            ),
        ]
        for (table, row, words) in cases {
            var rows = try Self.rows(document, table)
            if table == "dailymenu_completions" { rows.append(row) } else { rows[0] = row }
            let path = try Self.write(try Self.with(document, table, rows), cli, "crafted.json")
            try Self.refused(cli, path, [words])
        }
        // (The last case gives the sigh's start to a doodle: refused as a
        // start of another activity before the table's UNIQUE start_id.)
        #expect(try cli.sqlite("SELECT count(*) FROM dailymenu_completions WHERE id = '\(id)'") == "1")
    }

    static func edited(_ row: Object, _ column: String, _ value: Any) throws -> Object {
        var row = row
        row[column] = value
        return row
    }

    // MARK: Packs open with the seasons (DM-5)

    /// A completion in UTC with after-mood Better, made by hand for a file.
    static func completion(_ number: Int, _ activity: String, _ day: String, _ time: String) -> Object {
        [
            "id": String(format: "00000000-0000-4000-8000-%012d", number), "activity_id": activity,
            "start_id": NSNull(), "completed_at": "2026-11-\(day) \(time):00.000", "local_day": "2026-11-\(day)",
            "local_time": time, "time_zone": "UTC", "before_mood": "Low", "after_mood": "Better",
            "feedback": NSNull(),
        ]
    }

    /// Ten rituals on ten days, each started in a Low mood and lifting it,
    /// worked out by hand (DM-4, DM-11): eight, one per category, earn
    /// 10 + 5 + 3 (first of the day) + 8 (new category) + 2 (a day said to
    /// be low) = 28 each,
    /// 224; box breathing on the 9th earns 10 + 5 + 3 + 2 = 20 (244); three
    /// sighs on the 10th at 09:00 earn 20 more: 264, past Spring Bloom (250),
    /// which opens the Slow Mornings pack.
    static func tenRituals() -> [Object] {
        let firsts = ["neck-rolls", "sigh", "doodle", "text-friend", "sky-look", "glass-water", "make-bed", "poem"]
        var rows = firsts.enumerated().map { completion($0.offset + 1, $0.element, "0\($0.offset + 1)", "09:00") }
        rows.append(completion(9, "box-breath", "09", "09:00"))
        rows.append(completion(10, "sigh", "10", "09:00"))
        return rows
    }

    /// The issue's case: slow coffee (Slow Mornings) completed on the 10th
    /// at 08:00, when the rituals before it had 244 Moments and the pack was
    /// locked, is refused, though the pack is open by the end of the file;
    /// at 10:00 (264 Moments before it) the same row is taken.
    @Test func aPackActivityDoneBeforeItsSeasonIsRefused() throws {
        let cli = try Lifectl(now: "2026-11-20T10:00:00Z")
        let document = try Self.exported(cli)
        let early = Self.completion(11, "slow-coffee", "10", "08:00")
        let path = try Self.write(
            try Self.with(document, "dailymenu_completions", Self.tenRituals() + [early]), cli, "early.json")
        try Self.refused(
            cli, path,
            [
                "dailymenu_completions row '00000000-0000-4000-8000-000000000011' is refused: activity_id 'slow-coffee'",
                "Slow Mornings", "Spring Bloom", "244",
            ])
        let onTime = Self.completion(11, "slow-coffee", "10", "10:00")
        let good = try Self.write(
            try Self.with(document, "dailymenu_completions", Self.tenRituals() + [onTime]), cli, "on-time.json")
        let result = try cli.run("import", good)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.sqlite("SELECT count(*) FROM dailymenu_completions") == "11")
        #expect(try cli.run("db", "check").status == 0)
    }

    /// The command holds the same rule: the Moments before the moment of
    /// the ritual, not those of rituals that came after it.
    @Test func theCommandCountsTheMomentsBeforeTheRitual() throws {
        let cli = try Lifectl(now: "2026-11-20T10:00:00Z")
        let document = try Self.exported(cli)
        let path = try Self.write(try Self.with(document, "dailymenu_completions", Self.tenRituals()), cli, "ten.json")
        try Self.ok(cli, "import", path)
        let before = try cli.dump()
        let early = try Self.at(cli, "2026-11-10T08:30:00Z").run("dailymenu", "complete", "slow-coffee")
        #expect(early.status == 64, "\(early.stderr)")
        #expect(early.stderr.contains("Slow Mornings pack, which opens in the season Spring Bloom"), "\(early.stderr)")
        #expect(try cli.dump() == before)
        try Self.ok(Self.at(cli, "2026-11-10T09:30:00Z"), "dailymenu", "complete", "slow-coffee")
    }

    /// `db check` finds a pack activity done before its season written by hand.
    @Test func dbCheckFindsAPackActivityDoneBeforeItsSeason() throws {
        let cli = try Lifectl(now: "2026-11-20T10:00:00Z")
        try Self.ok(cli, "dailymenu", "complete", "sigh")
        #expect(try cli.run("db", "check").status == 0)
        _ = try cli.sqlite(
            "INSERT INTO dailymenu_completions (id, activity_id, completed_at, local_day, local_time, time_zone) VALUES ('00000000-0000-4000-8000-000000000001', 'slow-coffee', '2026-11-19 08:00:00.000', '2026-11-19', '08:00', 'UTC')"
        )
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(
            check.stdout.contains(
                "completion 00000000-0000-4000-8000-000000000001: slow-coffee is in the Slow Mornings pack, which opens in the season Spring Bloom"
            ), "\(check.stdout)")
    }

    /// DM-10 with DM-5: a device that does not share moods withholds them
    /// from its sync file, so the Moments counted here are fewer than its
    /// own. Four rituals lifting the mood, each in a category of its own on
    /// a day the menu was asked with `--energy low` (DM-11):
    /// 4 × (10 + 5 + 8 + 2) + 3 = 103 Moments there,
    /// Morning Dew (100) and its Morning Café theme; without the moods,
    /// 4 × 20 + 3 = 83 here. The theme it chose is taken all the same (an
    /// absent mood may have been withheld), and `db check` agrees.
    @Test func aSyncFileWithWithheldMoodsKeepsItsTheme() throws {
        let a = try Lifectl(now: "2026-11-20T09:00:00Z")
        try Self.ok(a, "dailymenu", "menu", "--energy", "low")
        for name in ["neck-rolls", "sigh", "doodle", "text-friend"] {
            try Self.ok(a, "dailymenu", "complete", name, "--mood-after", "better")
        }
        try Self.ok(a, "dailymenu", "settings", "--theme", "morning-cafe", "--share-mood", "off")
        #expect(try a.run("export", "--json", a.path("sync.json"), "--for-sync").status == 0)
        let b = try Lifectl(now: "2026-11-20T12:00:00Z")
        let result = try b.run("import", a.path("sync.json"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try b.sqlite("SELECT theme || ' ' || share_mood FROM dailymenu_profile") == "morning-cafe 0")
        #expect(try b.sqlite("SELECT count(*) FROM dailymenu_completions WHERE after_mood IS NULL") == "4")
        #expect(try b.run("db", "check").status == 0)
    }

    // MARK: Import is a merge (SYNC-4)

    /// An export made before the name, mood sharing, favourites, hidden
    /// activities and excluded categories changed, imported afterwards,
    /// moves nothing back: a favourite switched off stays off, a hidden
    /// activity shown again stays shown.
    @Test func anOlderExportMovesNothingBack() throws {
        let cli = try Lifectl(now: "2026-11-20T10:00:00Z")
        try Self.ok(cli, "dailymenu", "settings", "--name", "Robin", "--share-mood", "on")
        try Self.ok(cli, "dailymenu", "favorite", "haiku")
        try Self.ok(cli, "dailymenu", "hide", "toe-touch")
        try Self.ok(cli, "dailymenu", "exclude", "tidy")
        try Self.ok(cli, "dailymenu", "complete", "sigh", "--mood-after", "better")
        #expect(try cli.run("export", "--json", cli.path("old.json")).status == 0)
        let later = Self.at(cli, "2026-11-21T10:00:00Z")
        try Self.ok(later, "dailymenu", "settings", "--name", "Sam", "--share-mood", "off")
        try Self.ok(later, "dailymenu", "favorite", "haiku", "off")
        try Self.ok(later, "dailymenu", "favorite", "doodle")
        try Self.ok(later, "dailymenu", "hide", "toe-touch", "off")
        try Self.ok(later, "dailymenu", "exclude", "tidy", "off")
        try Self.ok(later, "dailymenu", "complete", "box-breath", "--mood-before", "low")
        let before = try cli.dump()
        let result = try later.run("import", cli.path("old.json"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(0 added or changed)"), "\(result.stdout)")
        #expect(try cli.dump() == before)
        #expect(try cli.sqlite("SELECT display_name || ' ' || share_mood FROM dailymenu_profile") == "Sam 0")
        let listing = try later.run("dailymenu", "activities", "--json")
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(listing.stdoutData)) as? Object)?["activities"] as? [Object])
        func flags(_ id: String) -> [Bool] {
            guard let item = items.first(where: { ($0["activity"] as? Object)?["id"] as? String == id }) else {
                return []
            }
            return ["favorite", "hidden", "categoryExcluded"].map { item[$0] as? Bool ?? false }
        }
        #expect(flags("haiku") == [false, false, false])
        #expect(flags("doodle") == [true, false, false])
        #expect(flags("toe-touch") == [false, false, false])
        #expect(flags("make-bed") == [false, false, false])
    }

    /// Two devices completed three long sighs on the same day (one
    /// completion per activity per day: the natural key merges them into
    /// the row here, which gains the moods it lacked); the profile here is
    /// newer and stays. The first import changes rows; the second changes
    /// nothing.
    @Test func aSecondImportOfTheSameFileChangesNothing() throws {
        let a = try Lifectl(now: "2026-11-20T09:00:00Z")
        try Self.ok(a, "dailymenu", "settings", "--name", "Ada")
        try Self.ok(a, "dailymenu", "favorite", "haiku")
        try Self.ok(a, "dailymenu", "start", "box-breath", "--mood-before", "low")
        try Self.ok(Self.at(a, "2026-11-20T09:05:00Z"), "dailymenu", "complete", "box-breath", "--mood-after", "better")
        try Self.ok(Self.at(a, "2026-11-20T09:10:00Z"), "dailymenu", "complete", "sigh", "--mood-after", "better")
        #expect(try a.run("export", "--json", a.path("a.json")).status == 0)
        let b = try Lifectl(now: "2026-11-20T12:00:00Z")
        try Self.ok(b, "dailymenu", "complete", "sigh")
        try Self.ok(b, "dailymenu", "settings", "--name", "Bea")
        let first = try b.run("import", a.path("a.json"))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains("(0 added or changed)"), "\(first.stdout)")
        #expect(
            try b.sqlite(
                "SELECT group_concat(activity_id || ' ' || local_time || ' ' || ifnull(after_mood, '-'), ', ') FROM (SELECT * FROM dailymenu_completions ORDER BY completed_at)"
            ) == "box-breath 09:05 Better, sigh 12:00 Better")
        #expect(try b.sqlite("SELECT display_name FROM dailymenu_profile") == "Bea")
        #expect(try b.sqlite("SELECT group_concat(activity_id) FROM dailymenu_favorites WHERE is_on = 1") == "haiku")
        let before = try b.dump()
        let second = try b.run("import", a.path("a.json"))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("(0 added or changed)"), "\(second.stdout)")
        #expect(try b.dump() == before)
        #expect(try b.run("db", "check").status == 0)
    }

    // MARK: Stores own their transactions (CORE-12)

    /// Two processes change the same profile row at once, each another
    /// field, 25 times: every command succeeds and the row ends with each
    /// process's last value (nothing read outside the transaction that
    /// writes).
    @Test func twoProcessesChangingTheProfileLoseNothing() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "dailymenu", "settings", "--name", "Start")
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for round in 0..<25 {
                let arguments =
                    worker == 0
                    ? ["dailymenu", "settings", "--name", "Name \(round)"]
                    : ["dailymenu", "settings", "--share-mood", round % 2 == 0 ? "off" : "on"]
                do {
                    let result = try cli.run(arguments)
                    if result.status != 0 { failures.add("\(arguments): \(result.stderr)") }
                } catch {
                    failures.add("\(arguments): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(try cli.sqlite("SELECT display_name || ' ' || share_mood FROM dailymenu_profile") == "Name 24 0")
        #expect(try cli.run("db", "check").status == 0)
    }
}
