import Foundation
import LifeKitTestSupport
import Testing

/// A newcomer's first minutes (CORE-13): a mistyped command gets "did you
/// mean", `help` with a name that is no command is refused, and a command
/// that only reads never creates a database (it says there is none and how
/// to make one, the way git does outside a repository).
@Suite(.tags(.endToEnd)) struct FrontDoorTests {
    @Test(arguments: [
        (
            ["finte", "status"],
            "error: 'finte' is not a lifectl command; did you mean 'finite'? (see `lifectl --help`)\n"
        ),
        (
            ["finite", "stauts"],
            "error: 'stauts' is not a command of lifectl finite; did you mean 'status'? (see `lifectl finite --help`)\n"
        ),
        (
            ["walks", "lsit"],
            "error: 'lsit' is not a command of lifectl walks; did you mean 'list'? (see `lifectl walks --help`)\n"
        ),
        // Options of the group before the subcommand are skipped with their values.
        (
            ["lifetimer", "--as", "ada", "feeed"],
            "error: 'feeed' is not a command of lifectl lifetimer; did you mean 'feed'? (see `lifectl lifetimer --help`)\n"
        ),
        (
            ["finite", "phase", "ad", "School"],
            "error: 'ad' is not a command of lifectl finite phase; did you mean 'add'? (see `lifectl finite phase --help`)\n"
        ),
        // The start of a name is enough to be offered it.
        (["life"], "error: 'life' is not a lifectl command; did you mean 'lifetimer'? (see `lifectl --help`)\n"),
        (["zzz"], "error: 'zzz' is not a lifectl command (see `lifectl --help`)\n"),
    ])
    func aMistypedCommandGetsDidYouMean(arguments: [String], expected: String) throws {
        let cli = try Lifectl()
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == expected)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test(arguments: [
        (["help", "nonexist"], "error: 'nonexist' is not a lifectl command (see `lifectl --help`)\n"),
        (
            ["help", "finite", "stauts"],
            "error: 'stauts' is not a command of lifectl finite; did you mean 'status'? (see `lifectl finite --help`)\n"
        ),
        (["help", "walk"], "error: 'walk' is not a lifectl command; did you mean 'walks'? (see `lifectl --help`)\n"),
    ])
    func helpForNoCommandIsRefused(arguments: [String], expected: String) throws {
        let cli = try Lifectl()
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == expected)
        #expect(result.stdout.isEmpty)
    }

    /// `help` with real names still prints their help, exit 0.
    @Test func helpForACommandStillWorks() throws {
        let cli = try Lifectl()
        let result = try cli.run("help", "finite", "status")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("OVERVIEW: Show the current week, weeks lived and weeks remaining."))
    }

    /// A usage error that is not about a command name keeps the parser's words.
    @Test func otherUsageErrorsAreUnchanged() throws {
        let cli = try Lifectl()
        let result = try cli.run("finite", "status", "--bogus")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Unknown option '--bogus'"), "\(result.stderr)")
    }

    /// Every command that only reads, on a database path that does not
    /// exist (in a folder that does not exist either): exit 66, the one
    /// sentence, and neither file nor folder made. The list is docs/design.md's.
    static let readCommands: [[String]] = [
        ["db", "status"], ["db", "check"], ["db", "schema"], ["db", "migrate"], ["db", "backup", "copy.db"],
        ["settings"], ["settings", "show"],
        ["finite", "status"], ["finite", "show", "1"], ["finite", "grid"], ["finite", "grid", "--svg", "p.svg"],
        ["finite", "notifications"], ["finite", "widget"], ["finite", "reveal"], ["finite", "phase", "list"],
        ["finite", "settings"],
        ["walks", "list"], ["walks", "show", "abcd"], ["walks", "doodle", "abcd"],
        ["walks", "gallery", "--html", "g.html"],
        ["walks", "export", "abcd", "--gpx", "w.gpx"], ["walks", "settings"], ["walks", "stats"],
        ["hereafter", "list"], ["hereafter", "thread", "abcd"], ["hereafter", "chat"],
        ["hereafter", "geofences", "--at", "1,1"], ["hereafter", "notifications"],
        ["lifetimer", "countdown"], ["lifetimer", "progress"], ["lifetimer", "goal", "list"],
        ["lifetimer", "account", "show"], ["lifetimer", "followers"], ["lifetimer", "following"],
        ["lifetimer", "profile"], ["lifetimer", "feed"], ["lifetimer", "leaderboard"], ["lifetimer", "search", "ad"],
        ["lifetimer", "admin", "reports"], ["lifetimer", "admin", "decisions"], ["lifetimer", "notifications"],
        ["lifetimer", "settings"],
        ["dailymenu", "activities"], ["dailymenu", "calendar"], ["dailymenu", "day"],
        ["dailymenu", "profile"], ["dailymenu", "stamps"], ["dailymenu", "insights"], ["dailymenu", "share"],
        ["dailymenu", "settings"],
        ["search", "walk"], ["today"], ["week"], ["calendar", "--ics", "c.ics"], ["stats"],
        ["export", "--json", "life.json"],
        ["sync", "status"],
    ]

    @Test(arguments: readCommands)
    func aReadCommandNeverCreatesADatabase(arguments: [String]) throws {
        let cli = try Lifectl()
        let missing = cli.path("typo/life.db")
        let result = try cli.run(arguments + ["--db", missing])
        #expect(result.status == 66, "\(arguments): \(result.stderr)")
        #expect(
            result.stderr
                == "error: no database at \(missing) (from --db); this command only reads, so it made none: `lifectl db init` creates it, as does any command that saves something\n",
            "\(arguments)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("typo")), "\(arguments) made the folder")
        // Nor any file it would have written.
        for name in ["copy.db", "p.svg", "g.html", "w.gpx", "c.ics", "life.json"] {
            #expect(!FileManager.default.fileExists(atPath: cli.path(name)), "\(arguments) wrote \(name)")
        }
    }

    /// The same through $LIFECTL_DB and the default location, which the
    /// sentence names.
    @Test func theSentenceSaysWhereTheDatabaseWasLookedFor() throws {
        var cli = try Lifectl()
        let viaEnvironment = try cli.run("walks", "list")
        #expect(viaEnvironment.status == 66)
        #expect(viaEnvironment.stderr.hasPrefix("error: no database at \(cli.databasePath) (from $LIFECTL_DB);"))
        cli.environment["LIFECTL_DB"] = nil
        let byDefault = try cli.run("finite", "status")
        #expect(byDefault.status == 66)
        // The path is longer than an echo's 80 characters, so it is cut with "…".
        let path = "\(cli.directory.path)/.local/share/lifectl/life.db"
        #expect(path.count > 80)
        #expect(
            byDefault.stderr == "error: no database at \(path.prefix(80))… (the default location);"
                + " this command only reads, so it made none: `lifectl db init` creates it, as does any command that saves something\n",
            "\(byDefault.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path(".local")))
    }

    /// A command that saves something still creates the database (CORE-1).
    @Test func aCommandThatSavesStillCreatesIt() throws {
        let cli = try Lifectl()
        let result = try cli.run("finite", "setup", "--birthday", "1990-05-14", "--db", cli.path("new/life.db"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.path("new/life.db")))
    }

    /// A saving command still creates it when its settings command is given a change.
    @Test(arguments: [
        ["settings", "set", "--units", "imperial"], ["finite", "settings", "--life-expectancy", "90"],
        ["hereafter", "notifications", "--unlocks", "off"], ["lifetimer", "notifications", "--time", "07:30"],
        ["dailymenu", "settings", "--name", "Ada"], ["lifetimer", "settings", "--theme", "dark"],
    ])
    func aSettingsChangeCreatesIt(arguments: [String]) throws {
        let cli = try Lifectl()
        let result = try cli.run(arguments)
        // Finite, Hereafter and LifeTimer then refuse for their own reason
        // (no birthday, no onboarding, no account), never for want of a database.
        #expect(!result.stderr.contains("no database"), "\(arguments): \(result.stderr)")
        if ["walks", "dailymenu"].contains(arguments[0]) {
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: cli.databasePath), "\(arguments)")
    }

    /// The README's "Using it" block, line by line, on a fresh machine (a
    /// new HOME, the default database location): every line succeeds, after
    /// the README's own earlier steps, and the search finds what they saved.
    @Test func theReadmeExamplesWorkOnAFreshDatabase() throws {
        var cli = try Lifectl()
        cli.environment["LIFECTL_DB"] = nil
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "## Using it\n").dropFirst().first)
        let code =
            try #require(block.components(separatedBy: "```sh\n").dropFirst().first)
            .components(separatedBy: "\n```").first ?? ""
        // `scripts/install` builds a release: the test has the debug build.
        let lines = code.split(separator: "\n").map(String.init).filter {
            !$0.isEmpty && !$0.hasPrefix("scripts/install")
        }
        #expect(lines.count >= 19)
        try FileManager.default.createSymbolicLink(
            atPath: cli.path("examples"), withDestinationPath: root.appendingPathComponent("examples").path)
        try FileManager.default.createDirectory(atPath: cli.path("bin"), withIntermediateDirectories: true)
        for (number, line) in lines.enumerated() {
            try line.write(toFile: cli.path("line\(number).sh"), atomically: true, encoding: .utf8)
            let result = try cli.shell(
                "ln -sf \"$L\" bin/lifectl && PATH=\"$PWD/bin:$PATH\" exec bash -o pipefail line\(number).sh")
            #expect(result.status == 0, "\(line): \(result.stderr)")
            #expect(!result.stderr.contains("error:"), "\(line): \(result.stderr)")
            if line.contains("lifectl search") {
                #expect(
                    result.stdout.contains("walks  walk  ") && result.stdout.contains("Ridge loop"), "\(result.stdout)")
            }
            if line.contains("--geojson -") { #expect(result.stdout.contains("\"name\": \"Ridge loop\"")) }
        }
        #expect(FileManager.default.fileExists(atPath: cli.path(".local/share/lifectl/life.db")))
    }
}
