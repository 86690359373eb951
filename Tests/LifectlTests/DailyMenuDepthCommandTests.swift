import Foundation
import LifeKitTestSupport
import Testing

/// SPEC DM-11 through the built lifectl: the low-energy day said with
/// `menu --energy low`, `undo`, `share`, the calendar's filters and
/// `delete-all`, their refusals (exit 64, nothing changed) and the words.
@Suite(.tags(.endToEnd)) struct DailyMenuDepthCommandTests {
    typealias T = DailyMenuCommandTests

    @Test func aLowDayUndoAndShare() throws {
        let cli = try Lifectl()
        // Asked for low energy at 08:00: the sigh at 08:30 earns
        // 10 + 5 (better) + 3 (first of the day) + 8 (new category) + 2 (low day) = 28.
        try T.ok(cli, "2026-11-20T08:00:00Z", "dailymenu", "menu", "--energy", "low")
        let sigh = try T.ok(cli, "2026-11-20T08:30:00Z", "dailymenu", "complete", "sigh", "--mood-after", "better")
        #expect(sigh.stdout.hasPrefix("Lovely: Three long sighs is done. +28 Moments.\n"))
        #expect(sigh.stdout.contains("  +2 for showing up on a low-energy day\n"))
        // The haiku at 09:00, loved: 10 + 8 (new category) + 2 (low day) = 20.
        try T.ok(cli, "2026-11-20T09:00:00Z", "dailymenu", "complete", "haiku", "--feedback", "loved")
        let share = try T.ok(cli, "2026-11-20T09:05:00Z", "dailymenu", "share")
        #expect(share.stdout == "Today I took 5 minutes for Write a haiku. I loved it. (DailyMenu)\n")
        // The calendar keeps only what a filter admits.
        let loved = try T.json(
            try T.ok(cli, "2026-11-20T09:05:00Z", "dailymenu", "calendar", "--feedback", "loved", "--json"))
        let days = try #require(loved["days"] as? [[String: Any]])
        #expect(days[19]["rituals"] as? Int == 1)
        #expect(days[19]["moodLifted"] as? Int == 0)
        let lifted = try T.ok(cli, "2026-11-20T09:05:00Z", "dailymenu", "calendar", "--mood-lifted")
        #expect(lifted.stdout.contains("Only rituals that lifted your mood.\n1 ritual on 1 day this month.\n"))
        // Undo the latest: the haiku goes, with its 20 Moments; 28 remain.
        let undone = try T.ok(cli, "2026-11-20T09:10:00Z", "dailymenu", "undo")
        #expect(undone.stdout == "Undone: Write a haiku on 2026-11-20, and the 20 Moments it brought.\n")
        #expect(try cli.sqlite("SELECT group_concat(activity_id) FROM dailymenu_completions") == "sigh")
        let profile = try T.json(try T.ok(cli, "2026-11-20T09:10:00Z", "dailymenu", "profile", "--json"))
        #expect((profile["journey"] as? [String: Any])?["moments"] as? Int == 28)
        #expect(try cli.run("db", "check").status == 0)
        // Refusals change nothing.
        let before = try cli.dump()
        for (arguments, message) in [
            (
                ["undo", "zzzz"],
                "error: completion is 'zzzz'; expected a ritual id or its first 4 or more characters\n"
            ),
            (
                ["calendar", "--feedback", "great"],
                "error: --feedback is 'great'; it must be one of loved, nice, not-for-me (or leave it out to skip)\n"
            ),
        ] {
            let result = try cli.run(
                ["dailymenu"] + arguments, extraEnvironment: ["LIFECTL_NOW": "2026-11-20T10:00:00Z"])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
        #expect(try cli.dump() == before)
    }

    @Test func deleteAllAsksForYesThenLeavesNothing() throws {
        let cli = try Lifectl()
        try T.ok(cli, "2026-11-20T08:00:00Z", "dailymenu", "settings", "--name", "Sam")
        try T.ok(cli, "2026-11-20T08:30:00Z", "dailymenu", "complete", "sigh")
        let before = try cli.dump()
        let refused = try cli.run(
            ["dailymenu", "delete-all"], extraEnvironment: ["LIFECTL_NOW": "2026-11-20T09:00:00Z"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("error: --yes is required to delete all your DailyMenu data (1 ritual"))
        #expect(refused.stderr.hasSuffix("nothing was deleted\n"))
        #expect(try cli.dump() == before)
        try T.ok(cli, "2026-11-20T09:00:00Z", "dailymenu", "delete-all", "--yes")
        #expect(try cli.sqlite("SELECT count(*) FROM dailymenu_completions") == "0")
        #expect(try cli.sqlite("SELECT count(*) FROM dailymenu_profile") == "0")
        #expect(try cli.sqlite("SELECT erased_at FROM dailymenu_erasures") == "2026-11-20 09:00:00.000")
        // The catalogue stays, and a ritual done after is a first one again.
        let again = try T.ok(cli, "2026-11-20T09:30:00Z", "dailymenu", "complete", "sigh")
        #expect(again.stdout.contains("A new stamp for your collection: First Ritual."))
        #expect(try cli.run("db", "check").status == 0)
    }
}
