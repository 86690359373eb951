import Foundation
import LifeKitTestSupport
import Testing

/// One spelling per concept (CORE-13; the table in docs/design.md): the
/// kept spelling is the option; the old one still works, gives the same
/// stdout and `--json`, and says once on stderr what it is now. Old
/// spellings are hidden: neither help nor any completion script offers them.
@Suite(.tags(.endToEnd)) struct OneSpellingTests {
    /// A renamed spelling: the setup both runs share, then the command with
    /// the kept spelling and with the old one, and the one notice line.
    struct Rename: CustomStringConvertible, Sendable {
        let setup: [[String]]
        let kept: [String]
        let old: [String]
        let notice: String
        var description: String { old.joined(separator: " ") }
    }

    static let gpx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/walks/ridge-loop.gpx").path

    static let finite = [["finite", "setup", "--birthday", "1990-05-14"]]
    static let ada = [["lifetimer", "account", "create", "ada"]]
    static let adaWithGoal = ada + [["lifetimer", "goal", "add", "Run"]]

    static let renames: [Rename] = [
        Rename(
            setup: finite, kept: ["finite", "grid", "--svg", "-", "--view", "bw"],
            old: ["finite", "grid", "--svg", "-", "--mode", "bw"], notice: "note: --mode is now --view\n"),
        Rename(
            setup: finite, kept: ["finite", "settings", "--time", "07:30", "--json"],
            old: ["finite", "settings", "--notification-time", "07:30", "--json"],
            notice: "note: --notification-time is now --time\n"),
        Rename(
            setup: finite, kept: ["finite", "widget", "--limit", "2", "--json"],
            old: ["finite", "widget", "--entries", "2", "--json"], notice: "note: --entries is now --limit\n"),
        Rename(
            setup: [], kept: ["dailymenu", "complete", "box-breath", "--mood-before", "low", "--mood-after", "better"],
            old: ["dailymenu", "complete", "box-breath", "--before", "low", "--after", "better"],
            notice: "note: --before is now --mood-before\nnote: --after is now --mood-after\n"),
        Rename(
            setup: [], kept: ["dailymenu", "start", "box-breath", "--mood-before", "okay"],
            old: ["dailymenu", "start", "box-breath", "--before", "okay"],
            notice: "note: --before is now --mood-before\n"),
        Rename(
            setup: [["dailymenu", "favorite", "box-breath"]],
            kept: ["dailymenu", "favorite", "box-breath", "off", "--json"],
            old: ["dailymenu", "favorite", "box-breath", "--off", "--json"],
            notice: "note: --off is now dailymenu favorite ACTIVITY off\n"),
        Rename(
            setup: [["dailymenu", "exclude", "tidy"]], kept: ["dailymenu", "exclude", "tidy", "off"],
            old: ["dailymenu", "exclude", "tidy", "--off"],
            notice: "note: --off is now dailymenu exclude CATEGORY off\n"),
        Rename(
            setup: [["hereafter", "onboard", "--name", "Ada"]],
            kept: ["hereafter", "notifications", "--anniversaries", "off", "--json"],
            old: ["hereafter", "notifications", "--mute", "anniversaries", "--json"],
            notice: "note: --mute anniversaries is now --anniversaries off\n"),
        Rename(
            setup: [["hereafter", "onboard", "--name", "Ada"], ["hereafter", "notifications", "--unlocks", "off"]],
            kept: ["hereafter", "notifications", "--unlocks", "on"],
            old: ["hereafter", "notifications", "--unmute", "unlocks"],
            notice: "note: --unmute unlocks is now --unlocks on\n"),
        Rename(
            setup: adaWithGoal, kept: ["lifetimer", "notifications", "--streaks", "off", "--json"],
            old: ["lifetimer", "notifications", "--mute", "streaks", "--json"],
            notice: "note: --mute streaks is now --streaks off\n"),
        Rename(
            setup: [], kept: ["lifetimer", "account", "create", "ada", "--visibility", "public"],
            old: ["lifetimer", "account", "create", "ada", "--public"],
            notice: "note: --public is now --visibility public\n"),
        Rename(
            setup: adaWithGoal, kept: ["lifetimer", "milestone", "add", "1", "10 km", "--visibility", "public"],
            old: ["lifetimer", "milestone", "add", "1", "10 km", "--public"],
            notice: "note: --public is now --visibility public\n"),
        Rename(
            setup: adaWithGoal + [["lifetimer", "milestone", "add", "1", "10 km"]],
            kept: ["lifetimer", "milestone", "edit", "1.1", "--visibility", "public", "--json"],
            old: ["lifetimer", "milestone", "edit", "1.1", "--public", "on", "--json"],
            notice: "note: --public on is now --visibility public\n"),
        Rename(
            setup: ada, kept: ["lifetimer", "goal", "add", "Aurora", "--at", "69.65,18.96", "--place", "Tromsø"],
            old: [
                "lifetimer", "goal", "add", "Aurora", "--latitude", "69.65", "--longitude", "18.96", "--place",
                "Tromsø",
            ],
            notice: "note: --latitude/--longitude is now --at LAT,LON\n"),
        Rename(
            setup: ada, kept: ["lifetimer", "account", "delete", "--yes", "--json"],
            old: ["lifetimer", "account", "delete", "--confirm", "ada", "--json"],
            notice: "note: --confirm USERNAME is now --yes\n"),
    ]

    /// Ids and instants made by the run differ between two databases.
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(
            of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "ID",
            options: .regularExpression)
    }

    @Test(arguments: renames)
    func theOldSpellingStillWorksWithItsNotice(rename: Rename) throws {
        var results: [Lifectl.Result] = []
        for arguments in [rename.kept, rename.old] {
            let cli = try Lifectl()
            for step in rename.setup {
                let done = try cli.run(step)
                #expect(done.status == 0, "\(step): \(done.stderr)")
            }
            results.append(try cli.run(arguments))
        }
        let (kept, old) = (results[0], results[1])
        #expect(kept.status == 0, "\(rename.kept): \(kept.stderr)")
        #expect(kept.stderr == "")
        #expect(old.status == 0, "\(rename.old): \(old.stderr)")
        #expect(old.stderr == rename.notice)
        #expect(Self.masked(old.stdout) == Self.masked(kept.stdout))
        #expect(!kept.stdout.isEmpty)
    }

    /// The two spellings at once are refused, naming the kept one.
    @Test(arguments: [
        (
            ["finite", "widget", "--limit", "2", "--entries", "3"],
            "error: give --limit only: --entries is its old spelling\n"
        ),
        (
            ["dailymenu", "favorite", "box-breath", "on", "--off"],
            "error: give on or off only: --off is its old spelling\n"
        ),
        (
            ["lifetimer", "goal", "add", "X", "--at", "1,2", "--latitude", "1", "--longitude", "2"],
            "error: give --at only: --latitude and --longitude are its old spelling\n"
        ),
    ])
    func bothSpellingsAreRefused(arguments: [String], expected: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        let before = try cli.dump()
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == expected)
        #expect(try cli.dump() == before)
    }

    /// The values the kept spellings read: the visibility, the place and the
    /// on/off of a preference are what was asked for, read back.
    @Test func theKeptSpellingsDoWhatTheySay() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "ada", "--visibility", "public").status == 0)
        let account = try cli.run("lifetimer", "account", "show", "--json")
        #expect(account.stdout.contains("\"visibility\" : \"public\""), "\(account.stdout)")
        let goal = try cli.run("lifetimer", "goal", "add", "Aurora", "--at", "69.65, 18.96", "--json")
        #expect(goal.status == 0, "\(goal.stderr)")
        #expect(goal.stdout.contains("\"latitude\" : 69.65"), "\(goal.stdout)")
        #expect(goal.stdout.contains("\"longitude\" : 18.96"), "\(goal.stdout)")
        let bad = try cli.run("lifetimer", "goal", "add", "Nowhere", "--at", "69.65")
        #expect(bad.status == 64)
        #expect(
            bad.stderr == "error: --at is '69.65'; expected LAT,LON in decimal degrees such as 69.65,18.96\n")
        #expect(try cli.run("dailymenu", "favorite", "box-breath").stdout.contains("favourite"))
        let off = try cli.run("dailymenu", "favorite", "box-breath", "off", "--json")
        #expect(off.stdout.contains("\"on\" : false"), "\(off.stdout)")
        let sketch = try cli.run("walks", "import", Self.gpx)
        #expect(sketch.status == 0, "\(sketch.stderr)")
        let id = try #require(try cli.run("walks", "list", "--json").stdout.firstMatch(of: /"id" : "([0-9a-f-]+)"/))
        let with = try cli.run("walks", "show", String(id.1))
        let without = try cli.run("walks", "show", String(id.1), "--sketch", "off")
        let old = try cli.run("walks", "show", String(id.1), "--no-sketch")
        #expect(without.stdout == old.stdout)
        #expect(old.stderr == "note: --no-sketch is now --sketch off\n")
        #expect(with.stdout.hasPrefix(without.stdout.trimmingCharacters(in: .newlines)))
        #expect(with.stdout.count > without.stdout.count + 100)
        // The units are every product's: `walks settings --units` was their old spelling.
        let units = try cli.run("walks", "settings", "--units", "imperial")
        #expect(units.stdout == "units  imperial\n")
        #expect(units.stderr == "note: walks settings --units is now settings set --units\n")
        #expect(try cli.run("settings").stdout.contains("imperial"))
    }

    /// `server --url` is `--server` now: the notice, then the same refusal.
    @Test func theServerOptionIsServer() throws {
        let cli = try Lifectl()
        let kept = try cli.run("server", "status", "--server", "http://example.org")
        let old = try cli.run("server", "status", "--url", "http://example.org")
        #expect(kept.status != 0)
        #expect(old.status == kept.status)
        #expect(
            old.stderr == "note: --url is now --server\n"
                + kept.stderr.replacingOccurrences(of: "--server", with: "--url"))
        let none = try cli.run(["server", "status"], extraEnvironment: ["LIFECTL_SERVER": ""])
        #expect(none.stderr == "error: no server given: pass --server URL or set LIFECTL_SERVER\n")
    }

    /// `sync export --peer DEVICE`; `--since` is its old spelling.
    @Test func theDeviceOfASyncExportIsPeer() throws {
        let cli = try Lifectl()
        #expect(try cli.run("sync", "key", "new", cli.path("k.key")).status == 0)
        let kept = try cli.run("sync", "export", "--key", cli.path("k.key"), "--peer", "abcd", cli.path("out.lcsync"))
        #expect(kept.status == 64)
        #expect(
            kept.stderr
                == "error: --peer 'abcd' is no device this one has heard from (see `lifectl sync status`)\n")
        let old = try cli.run("sync", "export", "--key", cli.path("k.key"), "--since", "abcd", cli.path("out.lcsync"))
        #expect(old.status == 64)
        #expect(
            old.stderr
                == "note: --since is now --peer\nerror: --since 'abcd' is no device this one has heard from (see `lifectl sync status`)\n"
        )
    }

    /// Destructive commands: `--yes`, and `--dry-run` where a preview helps.
    @Test func deletingAnAccountAsksForYes() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        let refused = try cli.run("lifetimer", "account", "delete")
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "error: --yes is required to delete the account ada and everything it owns, for good; nothing was deleted\n"
        )
        let wrong = try cli.run("lifetimer", "account", "delete", "--confirm", "bob")
        #expect(wrong.status == 64)
        #expect(try cli.run("lifetimer", "account", "show").status == 0)
        let deleted = try cli.run("lifetimer", "account", "delete", "--yes")
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try cli.run("lifetimer", "account", "show").status != 0)
    }

    @Test func pruningPreviewsWithDryRun() throws {
        let cli = try Lifectl()
        #expect(try cli.run("walks", "import", Self.gpx).status == 0)
        let before = try cli.dump()
        let preview = try cli.run("walks", "prune", "--before", "2026-01-01", "--dry-run")
        #expect(preview.status == 0, "\(preview.stderr)")
        // ridge-loop.gpx starts on 2026-11-14: nothing before 2026-01-01.
        #expect(preview.stdout == "--yes would prune 0 walks before 2026-01-01 (0 points); nothing was changed\n")
        #expect(try cli.dump() == before)
        let json = try cli.run("walks", "prune", "--before", "2030-01-01", "--dry-run", "--json")
        #expect(json.stdout.contains("\"dryRun\" : true"))
        #expect(json.stdout.contains("\"pointCount\" : 1690"), "\(json.stdout)")
        #expect(try cli.dump() == before)
        let text = try cli.run("walks", "prune", "--before", "2030-01-01", "--dry-run")
        #expect(
            text.stdout.hasPrefix("--yes would prune 1 walk before 2030-01-01 (1,690 points); nothing was changed\n"))
        let pruned = try cli.run("walks", "prune", "--before", "2030-01-01", "--yes")
        #expect(pruned.status == 0)
        #expect(pruned.stderr == "")
        #expect(pruned.stdout.hasPrefix("pruned 1 walk before 2030-01-01"), "\(pruned.stdout)")
        let none = try cli.run("walks", "prune", "--before", "2030-01-01", "--dry-run")
        #expect(none.stdout == "--yes would prune 0 walks before 2030-01-01 (0 points); nothing was changed\n")
        let old = try cli.run("walks", "prune", "--before", "2030-01-01")
        #expect(old.status == 0)
        #expect(old.stderr == "note: walks prune without --yes is now walks prune --yes (--dry-run to see first)\n")
    }

    @Test func deleteAllPreviewsWithDryRun() throws {
        let cli = try Lifectl()
        #expect(try cli.run("dailymenu", "complete", "box-breath").status == 0)
        let before = try cli.dump()
        let preview = try cli.run("dailymenu", "delete-all", "--dry-run")
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.hasPrefix("--yes would delete all your DailyMenu data (1 ritual"), "\(preview.stdout)")
        #expect(preview.stdout.hasSuffix("; nothing was deleted\n"))
        let json = try cli.run("dailymenu", "delete-all", "--dry-run", "--json")
        #expect(json.stdout.contains("\"dryRun\" : true"))
        #expect(json.stdout.contains("\"rituals\" : 1"))
        #expect(try cli.dump() == before)
        #expect(try cli.run("dailymenu", "delete-all", "--dry-run", "--yes").status == 64)
    }

    /// Old spellings are hidden: not in help, not offered by any shell.
    @Test func oldSpellingsAreNeitherShownNorCompleted() throws {
        let cli = try Lifectl()
        let hidden: [([String], [String])] = [
            (["finite", "grid"], ["--mode"]), (["finite", "settings"], ["--notification-time"]),
            (["finite", "widget"], ["--entries"]), (["dailymenu", "complete"], ["--before", "--after"]),
            (["dailymenu", "favorite"], ["--off"]), (["walks", "show"], ["--no-sketch"]),
            (["hereafter", "notifications"], ["--mute", "--unmute"]),
            (["lifetimer", "notifications"], ["--mute", "--unmute"]),
            (["lifetimer", "account", "create"], ["--public"]), (["lifetimer", "milestone", "edit"], ["--public"]),
            (["lifetimer", "goal", "add"], ["--latitude", "--longitude"]), (["sync", "export"], ["--since"]),
            (["server", "status"], ["--url"]), (["lifetimer", "account", "delete"], ["--confirm"]),
            (["walks", "settings"], ["--units"]),
        ]
        for (command, options) in hidden {
            let help = try cli.run(command + ["--help"]).stdout
            for option in options { #expect(!help.contains("\n  " + option), "\(command) \(option)") }
        }
        let bash = try cli.run("--generate-completion-script", "bash").stdout
        for option in ["--notification-time", "--entries", "--no-sketch", "--mute", "--latitude", "--confirm", "--url"]
        {
            #expect(!bash.contains(option), "\(option)")
        }
        let fish = try cli.run("--generate-completion-script", "fish").stdout
        #expect(!fish.contains("-l 'notification-time'"))
        #expect(!fish.contains("-l 'mute'"))
    }
}
