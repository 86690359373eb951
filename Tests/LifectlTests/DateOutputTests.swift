import Foundation
import LifeKitTestSupport
import Testing

/// Dates print one way per context (CORE-13; docs/design.md, "Dates
/// printed"): human output in the person's zone (`lifectl settings`) on
/// their clock (LifeTimer's 12/24-hour setting, the only one the products
/// define), to the minute; ISO 8601 in UTC only in `--json`.
///
/// The sandbox's clock is 2026-11-22 12:00 UTC and its zone Europe/Berlin
/// (UTC+1 in November), so every instant below reads one hour later.
@Suite(.tags(.endToEnd)) struct DateOutputTests {
    static func berlin() throws -> Lifectl {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        #expect(try cli.run("settings", "set", "--time-zone", "Europe/Berlin").status == 0)
        try JSONShapeTests.gpx.write(toFile: cli.path("walk.gpx"), atomically: true, encoding: .utf8)
        #expect(try cli.run("walks", "import", cli.path("walk.gpx")).status == 0)
        return cli
    }

    /// Sets the owner's LifeTimer clock (and language).
    static func clock(_ cli: Lifectl, _ clock: String, language: String = "en") throws {
        if try cli.sqlite("SELECT count(*) FROM lifetimer_accounts") == "0" {
            #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        }
        #expect(try cli.run("lifetimer", "settings", "--clock", clock, "--language", language).status == 0)
    }

    /// The walk started 2026-11-20 08:00 UTC: 09:00 in Berlin.
    @Test func aWalksDateFollowsTheClock() throws {
        let cli = try Self.berlin()
        #expect(try cli.run("walks", "list").stdout.contains("\n2026-11-20 09:00  Ridge walk"))
        try Self.clock(cli, "12h")
        #expect(try cli.run("walks", "list").stdout.contains("\n2026-11-20 9:00 am  Ridge walk"))
        let id = try cli.sqlite("SELECT id FROM walks")
        #expect(try cli.run("walks", "show", id).stdout.contains("2026-11-20 9:00 am"))
        // JSON keeps the instant in UTC whatever the clock.
        #expect(try cli.run("walks", "show", id, "--json").stdout.contains("\"2026-11-20T08:00:00Z\""))
    }

    /// The export's note said the pruning instant in ISO 8601 UTC.
    @Test func aPrunedExportsNoteIsLocal() throws {
        let cli = try Self.berlin()
        #expect(try cli.run("walks", "prune", "--before", "2026-11-21", "--yes").status == 0)
        let id = try cli.sqlite("SELECT id FROM walks")
        let export = try cli.run("walks", "export", id, "--gpx", "out.gpx")
        #expect(export.status == 0)
        #expect(
            export.stderr
                == "note: the points of this walk were pruned on 2026-11-22 13:00; exporting its simplified path\n")
    }

    /// `db status` said `applied 2026-11-22 12:00:00.000 UTC`; its JSON held
    /// the same database form, which is no ISO 8601.
    @Test func dbStatusSaysLocalTimeAndISOInJSON() throws {
        let cli = try Self.berlin()
        try Self.clock(cli, "12h")
        let text = try cli.run("db", "status").stdout
        #expect(text.contains("0001_core"))
        #expect(text.contains("applied 2026-11-22 1:00 pm"))
        #expect(!text.contains(" UTC"))
        let json = try JSONConsistencyTests.object(cli.run("db", "status", "--json").stdout)
        let first = try #require((json["migrations"] as? [[String: Any]])?.first)
        #expect(first["appliedAt"] as? String == "2026-11-22T12:00:00Z")
    }

    /// `sync status` said `2026-11-22 12:00:00.000 UTC`.
    @Test func syncStatusSaysLocalTime() throws {
        let cli = try Self.berlin()
        try FileManager.default.createDirectory(atPath: cli.path("shared"), withIntermediateDirectories: true)
        #expect(try cli.run("sync", "key", "new", cli.path("sync.key")).status == 0)
        let sync = ["sync", "--dir", cli.path("shared"), "--key", cli.path("sync.key")]
        // Another device syncs first, so this one has a bundle to apply.
        let other = try cli.run(sync, extraEnvironment: ["LIFECTL_DB": cli.path("other.db")])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(try cli.run(sync).status == 0)
        let status = try cli.run("sync", "status").stdout
        #expect(status.contains("Last sync:   2026-11-22 13:00\n"), "\(status)")
        #expect(!status.contains("UTC"), "\(status)")
    }

    /// A ritual's time and Finite's notification time follow the clock too.
    @Test func timesOfDayFollowTheClock() throws {
        let cli = try Self.berlin()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-01-01").status == 0)
        #expect(try cli.run("dailymenu", "complete", "box-breath").status == 0)
        try Self.clock(cli, "12h")
        // Completed at 12:00 UTC, 13:00 in Berlin.
        #expect(try cli.run("dailymenu", "day", "today").stdout.contains("\n1:00 pm"))
        #expect(try cli.run("finite", "settings", "--time", "19:30").stdout.contains("on at 7:30 pm"))
        #expect(try cli.run("finite", "notifications", "--days", "1").stdout.contains("2026-11-22 7:30 pm"))
    }

    /// Portuguese on a 12-hour clock said `às 12:00 PM`: an English suffix
    /// inside a Portuguese phrase. It says the part of the day.
    @Test func portugueseOnTwelveHoursSaysThePartOfTheDay() throws {
        let cli = try Self.berlin()
        try Self.clock(cli, "12h", language: "pt-BR")
        let show = try cli.run("lifetimer", "account", "show").stdout
        #expect(show.contains("22 de novembro de 2026 à 1:00 da tarde"), "\(show)")
        #expect(!show.contains("PM"))
    }
}
