import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `dailymenu activity add|edit|remove|restore` and one's own
/// rituals through export and import (issue 32), as a new user types them.
@Suite(.tags(.endToEnd)) struct DailyMenuOwnRitualsCommandTests {
    typealias Object = [String: Any]

    static func ok(_ cli: Lifectl, _ now: String, _ arguments: String...) throws -> Lifectl.Result {
        let result = try cli.run(arguments, extraEnvironment: ["LIFECTL_NOW": now])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// A sandbox with "Evening pages" added at 07:00 and done at 08:00 on 2026-11-22; its id.
    static func withRitual() throws -> (Lifectl, String) {
        let cli = try Lifectl()
        let added = try ok(
            cli, "2026-11-22T07:00:00Z", "dailymenu", "activity", "add", "Evening pages", "--category", "Create",
            "--energy", "low", "--minutes", "10", "--how-to", "Three pages, longhand.", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: added.stdoutData) as? Object)
        let id = try #require((object["activity"] as? Object)?["id"] as? String)
        #expect(id.hasPrefix("own-") && id.count == 40)
        #expect((object["activity"] as? Object)?["own"] as? Bool == true)
        _ = try ok(cli, "2026-11-22T08:00:00Z", "dailymenu", "complete", "evening pages", "--mood-after", "better")
        return (cli, id)
    }

    @Test func addEditRemoveRestoreAsAPersonTypesThem() throws {
        let (cli, id) = try Self.withRitual()
        let short = String(id.prefix(12))
        let listed = try Self.ok(cli, "2026-11-22T09:00:00Z", "dailymenu", "activities", "--category", "create")
        #expect(
            listed.stdout.split(separator: "\n").contains {
                $0.hasPrefix(short) && $0.contains("Evening pages") && $0.hasSuffix("yours")
            }, "\(listed.stdout)")
        let edit = try Self.ok(
            cli, "2026-11-22T09:00:00Z", "dailymenu", "activity", "edit", "Evening pages", "--minutes", "15",
            "--no-how-to")
        #expect(
            edit.stdout
                == "Changed the minutes and the how-to of your ritual Evening pages (\(short)): low energy, 15 min.\n")
        let remove = try Self.ok(cli, "2026-11-22T09:00:00Z", "dailymenu", "activity", "remove", short)
        #expect(
            remove.stdout
                == "Removed Evening pages from your menu. The rituals you did of it stay in your history; `lifectl dailymenu activity restore \(short)` brings it back.\n"
        )
        let refused = try cli.run(
            ["dailymenu", "complete", "Evening pages"], extraEnvironment: ["LIFECTL_NOW": "2026-11-23T08:00:00Z"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "error: activity '\(short)' (Evening pages) is a ritual of yours you removed; `lifectl dailymenu activity restore \(short)` puts it back on the menu\n"
        )
        // The history keeps it.
        let day = try Self.ok(cli, "2026-11-23T09:00:00Z", "dailymenu", "day", "2026-11-22")
        #expect(day.stdout.contains("08:00  Evening pages  –       Better"), "\(day.stdout)")
        #expect(
            try Self.ok(cli, "2026-11-23T09:00:00Z", "dailymenu", "activity", "restore", "evening pages").stdout
                == "Evening pages is back on your menu.\n")
        let taken = try cli.run(
            "dailymenu", "activity", "add", "Box Breathing", "--category", "breathe", "--energy",
            "low", "--minutes", "3")
        #expect(taken.status == 64)
        #expect(
            taken.stderr
                == "error: title is 'Box Breathing'; an activity of the catalogue has it ('box-breath'), and rituals are named by title, so choose another\n"
        )
        let missing = try cli.run("dailymenu", "activity", "add", "Stretch")
        #expect(missing.status == 64)
        #expect(try cli.run("db", "check").status == 0)
    }

    /// Export, then import into another database: the ritual, its anchor and
    /// the ritual done of it arrive; a second import changes nothing; an
    /// older export does not take back a change made since; a title of the
    /// catalogue's is refused (65, naming the column).
    @Test func exportAndImportCarryIt() throws {
        let (cli, id) = try Self.withRitual()
        let older = try ExchangeImportCheckTests.exported(cli)
        let olderPath = try WalksImportTests.write(
            older, "dailymenu", "dailymenu_own_activities",
            rows: try WalksImportTests.rows(older, "dailymenu", "dailymenu_own_activities"), to: "older.json", in: cli)
        _ = try Self.ok(
            cli, "2026-11-22T10:00:00Z", "dailymenu", "activity", "edit", "Evening pages", "--title", "Evening Pages")
        let again = try cli.run("import", olderPath)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try cli.sqlite("SELECT title FROM dailymenu_own_activities") == "Evening Pages")

        let other = try Lifectl()
        let imported = try other.run("import", olderPath)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try other.sqlite("SELECT id, title, minutes FROM dailymenu_own_activities") == "\(id)|Evening pages|10")
        #expect(try other.sqlite("SELECT activity_id FROM dailymenu_completions") == id)
        let before = try other.dump()
        #expect(try other.run("import", olderPath).status == 0)
        #expect(try other.dump() == before)
        #expect(try other.run("db", "check").status == 0)

        var rows = try WalksImportTests.rows(older, "dailymenu", "dailymenu_own_activities")
        rows[0]["title"] = "Box breathing"
        let clash = try WalksImportTests.write(
            older, "dailymenu", "dailymenu_own_activities", rows: rows, to: "clash.json", in: cli)
        let fresh = try Lifectl()
        #expect(try fresh.run("db", "init").status == 0)
        try WalksImportTests.expectRefused(
            fresh, clash,
            "the file's dailymenu_own_activities row '\(id)' is refused: title is 'Box breathing'; an activity of the catalogue has it ('box-breath'), and rituals are named by title, so choose another",
            "clash")
    }

    /// After everything is deleted, an older export brings none of it back,
    /// one's own rituals and their anchors included.
    @Test func anOlderExportAfterDeletingEverythingBringsNothingBack() throws {
        let (cli, _) = try Self.withRitual()
        _ = try ExchangeImportCheckTests.exported(cli)
        _ = try Self.ok(cli, "2026-11-22T12:00:00Z", "dailymenu", "delete-all", "--yes")
        let result = try cli.run(
            ["import", cli.path("good.json")], extraEnvironment: ["LIFECTL_NOW": "2026-11-22T12:05:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.sqlite("SELECT count(*) FROM dailymenu_own_activities") == "0")
        #expect(try cli.sqlite("SELECT count(*) FROM dailymenu_activities WHERE id GLOB 'own-*'") == "0")
        #expect(try cli.run("db", "check").status == 0)
    }
}
