import Foundation
import LifeKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What reaches the terminal (issue 9 §4; SPEC CORE-7, CORE-8): no raw
/// control character from a value, a file name, a stdin line or a database
/// row; echoed values cut; every failure a sysexits status with a sentence;
/// negative numbers checked by the rule; FIFOs and devices refused as inputs;
/// no spec ids in what a person reads.
@Suite(.tags(.endToEnd)) struct TerminalSafetyTests {
    /// The scalars that must never reach a terminal raw (an independent list:
    /// C0 but newline and tab, DEL, C1, the bidi overrides and isolates).
    static func rawControls(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    /// ESC [2J clears the screen, BEL rings, U+009B is the one-byte CSI,
    /// U+202E reverses the text after it.
    static let hostile = "Evil\u{1B}[2J\u{07}\u{9B}31m\u{202E}gpj.exe"
    static let hostileShown = "Evil\\u{1B}[2J\\u{7}\\u{9B}31m\\u{202E}gpj.exe"

    @Test func aDatabaseRowIsEscapedForPeopleAndExactInJSON() throws {
        let cli = try Lifectl()
        let file = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        // A row changed behind lifectl's back, as a synced copy or a hand edit could.
        _ = try cli.sqlite(
            "UPDATE walks SET name = 'Evil' || char(27) || '[2J' || char(7) || char(155) || '31m' || char(8238) || 'gpj.exe'"
        )
        let id = try cli.sqlite("SELECT id FROM walks")
        for arguments in [["walks", "list"], ["walks", "show", id]] {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(Self.rawControls(result.stdout) == [], "\(arguments)")
        }
        #expect(try cli.run("walks", "list").stdout.contains(Self.hostileShown))
        let json = try cli.run("walks", "list", "--json")
        let walks = try #require(try WalksCommandTests.json(json.stdout)["walks"] as? [[String: Any]])
        #expect(walks.first?["name"] as? String == Self.hostile)
        // Deleting it echoes the name, escaped.
        let deleted = try cli.run("walks", "delete", id)
        #expect(deleted.stdout == "deleted \(Self.hostileShown) (\(id))\n")
    }

    @Test func aFileNameIsEscaped() throws {
        let cli = try Lifectl()
        let name = "bad\u{1B}]0;owned\u{07}.gpx"
        let missing = try cli.run("walks", "import", cli.path(name))
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: \(cli.path("bad\\u{1B}]0;owned\\u{7}.gpx")): no such file\n")
        let file = try WalksCommandTests.write(WalksCommandTests.morning, name, in: cli)
        let imported = try cli.run("walks", "import", file)
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("imported \(cli.path("bad\\u{1B}]0;owned\\u{7}.gpx")): 1 walk"))
        #expect(Self.rawControls(imported.stdout + imported.stderr) == [])
    }

    @Test func aStdinLineIsEscaped() throws {
        let cli = try Lifectl()
        let result = try cli.run(
            ["walks", "record"], stdin: "\u{1B}[31m1,0,2026-11-22T08:00:00Z\n0,0,2026-11-22T08:00:05Z\n")
        // A refused line makes the exit status 65; the walk keeps the good line.
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "error: stdin line 1: latitude is '\\u{1B}[31m1'; expected a finite decimal number; skipped\n")
    }

    @Test func errorMessagesEscapeAndCutTheValuesTheyEcho() throws {
        let cli = try Lifectl()
        let escaped = try cli.run("db", "path", "--db", "x\u{1B}[31m/")
        #expect(escaped.status == 64)
        #expect(escaped.stderr == "error: --db is 'x\\u{1B}[31m/'; it must name a database file, such as ~/life.db\n")
        let long = String(repeating: "a", count: 200) + "/"
        let cut = try cli.run("db", "path", "--db", long)
        #expect(cut.status == 64)
        #expect(
            cut.stderr
                == "error: --db is '\(String(repeating: "a", count: 80))…'; it must name a database file, such as ~/life.db\n"
        )
        // The parser's own errors pass the same sink.
        let unknown = try cli.run("db", "path", "--\u{1B}[2J")
        #expect(unknown.status == 64)
        #expect(Self.rawControls(unknown.stderr) == [])
        #expect(unknown.stderr.hasPrefix("error: Unknown option '--\\u{1B}[2J'"))
    }

    @Test func aFolderThatCannotBeCreatedIsAnIOErrorInOneSentence() throws {
        let cli = try Lifectl()
        try Data().write(to: URL(fileURLWithPath: cli.path("plain-file")))
        let result = try cli.run(
            "finite", "setup", "--birthday", "1990-05-14", "--db", cli.path("plain-file/sub/life.db"))
        #expect(result.status == 74)
        #expect(result.stderr == "error: cannot write \(cli.path("plain-file/sub")): Not a directory\n")
    }

    @Test func negativeNumbersMeetTheRule() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let file = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        let walk = try cli.sqlite("SELECT id FROM walks")
        let before = try cli.dump()
        let cases: [([String], String)] = [
            (["finite", "notifications", "--days", "-1"], "days is -1; it must be from 1 to 366"),
            (["finite", "widget", "--limit", "-1"], "--limit is -1; it must be from 0 to 520"),
            (
                ["finite", "mark", "--rating", "-1"],
                "rating is -1; it must be a whole number from 1 (Awful) to 5 (Great)"
            ),
            (
                ["finite", "settings", "--life-expectancy", "-1"],
                "life expectancy is -1; it must be a whole number of years from 1 to 120"
            ),
            (
                ["finite", "setup", "--birthday", "1990-05-14", "--life-expectancy", "-5"],
                "life expectancy is -5; it must be a whole number of years from 1 to 120"
            ),
            (["walks", "doodle", walk, "--size", "-1"], "--size is -1; it must be from 64 to 8192"),
            (
                ["walks", "gallery", "--svg", cli.path("g.svg"), "--columns", "-2"],
                "--columns is -2; it must be 2 or 3"
            ),
        ]
        for (arguments, rule) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: \(rule)\n"), "\(arguments): \(result.stderr)")
        }
        #expect(try cli.dump() == before)
    }

    @Test func aFIFOOrADeviceIsNotAnInputFile() throws {
        let cli = try Lifectl()
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        let fifo = cli.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let null = cli.path("null")
        try FileManager.default.createSymbolicLink(atPath: null, withDestinationPath: "/dev/null")
        let zero = cli.path("zero")
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        let cases: [([String], [String: String], String)] = [
            (["finite", "status", "--db", fifo], [:], "--db \(fifo) is a FIFO; it must be a regular file"),
            (["finite", "status", "--db", null], [:], "--db \(null) is a character device; it must be a regular file"),
            (["finite", "status"], ["LIFECTL_DB": fifo], "$LIFECTL_DB \(fifo) is a FIFO; it must be a regular file"),
            (
                [
                    "hereafter", "plant", "--text", "x", "--at", HereafterCommandTests.gate, "--unlock", "+1d",
                    "--photo",
                    zero,
                ], [:], "--photo \(zero) is a character device; it must be a regular file"
            ),
            (
                [
                    "hereafter", "plant", "--text", "x", "--at", HereafterCommandTests.gate, "--unlock", "+1d",
                    "--photo",
                    fifo,
                ], [:], "--photo \(fifo) is a FIFO; it must be a regular file"
            ),
            (["walks", "import", fifo], [:], "\(fifo) is a FIFO; it must be a regular file"),
            (["walks", "import", null], [:], "\(null) is a character device; it must be a regular file"),
        ]
        let before = try cli.dump()
        for (arguments, environment, message) in cases {
            let result = try cli.run(arguments, extraEnvironment: environment, timeoutSeconds: 10)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(message)\n"), "\(arguments): \(result.stderr)")
        }
        // A FIFO named like a GPX file inside a folder is refused, not waited on.
        try FileManager.default.createDirectory(atPath: cli.path("tracks"), withIntermediateDirectories: true)
        #expect(mkfifo(cli.path("tracks/live.gpx"), 0o600) == 0)
        let folder = try cli.run(["walks", "import", cli.path("tracks")], timeoutSeconds: 10)
        #expect(folder.status == 66)
        #expect(folder.stderr == "error: \(cli.path("tracks/live.gpx")) is a FIFO; it must be a regular file\n")
        #expect(try cli.dump() == before)
    }

    /// Every command's help, searched for a spec id such as "(HA-2)" or "(SPEC WALK-1)".
    @Test func helpNeverCitesSpecIDs() throws {
        let cli = try Lifectl()
        let commands: [[String]] = [
            [], ["db"], ["db", "init"], ["db", "migrate"], ["db", "status"], ["db", "check"], ["db", "schema"],
            ["db", "path"], ["db", "backup"], ["settings"], ["settings", "show"], ["settings", "set"], ["finite"],
            ["finite", "setup"], ["finite", "status"], ["finite", "grid"], ["finite", "show"], ["finite", "mark"],
            ["finite", "unmark"], ["finite", "settings"], ["finite", "notifications"], ["finite", "widget"],
            ["finite", "reveal"], ["walks"], ["walks", "import"], ["walks", "list"], ["walks", "show"],
            ["walks", "doodle"], ["walks", "gallery"], ["walks", "export"], ["walks", "record"], ["walks", "prune"],
            ["walks", "delete"], ["walks", "settings"], ["hereafter"], ["hereafter", "onboard"],
            ["hereafter", "plant"], ["hereafter", "visit"], ["hereafter", "read"], ["hereafter", "reply"],
            ["hereafter", "thread"], ["hereafter", "list"], ["hereafter", "chat"], ["hereafter", "geofences"],
            ["finite", "phase"], ["finite", "phase", "add"], ["finite", "phase", "list"], ["finite", "phase", "edit"],
            ["finite", "phase", "delete"], ["stats"],
        ]
        let specID = try Regex(#"\b(SPEC|CORE|FIN|LT|WALK|HA|DM|REL|STAT)[- ]\d"#)
        for command in commands {
            let help = try cli.run(command + ["--help"])
            #expect(help.status == 0, "\(command): \(help.stderr)")
            #expect(help.stdout.contains("USAGE:"), "\(command)")
            #expect(help.stdout.firstMatch(of: specID) == nil, "\(command): \(help.stdout)")
        }
    }
}
