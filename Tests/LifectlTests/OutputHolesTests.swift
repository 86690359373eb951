import Foundation
import LifeKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The last output holes (issue 22 §6; SPEC HA-3, CORE-1, CORE-7, CORE-8,
/// WALK-1, WALK-2): locked words only into a regular file, no backup on a
/// terminal, stderr on the database refused, echoed values cut at 80
/// characters, `--json` escaping invisible controls, one elevation rule for
/// `walks record` and `walks import`, a plain demo in a pipe.
@Suite(.tags(.endToEnd)) struct OutputHolesTests {
    /// `command` run by `script(1)` on a pseudo-terminal: stdout and stderr
    /// are that terminal; what it showed and the status (printed last).
    static func onTerminal(_ cli: Lifectl, _ command: String) throws -> (shown: String, status: String) {
        let result = try cli.run(
            [], timeoutSeconds: 60,
            shellScript: "script -qec '\(command); echo status=$?' /dev/null")
        let shown = result.stdout
        let status = shown.components(separatedBy: "status=").last?.trimmingCharacters(in: .whitespacesAndNewlines)
        return (shown, status ?? "")
    }

    // MARK: 6a, locked words only into a regular file

    @Test func lockedWordsGoOnlyToARegularFile() throws {
        let cli = try TimelineCommandTests.week()
        let secret = TimelineCommandTests.secret
        let fifo = cli.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: cli.path("tty-link.json"), withDestinationPath: "/dev/tty")
        let cases: [(String, String)] = [
            ("-", "standard output, a pipe or FIFO"),
            ("/dev/stdout", "standard output, a pipe or FIFO"),
            ("/dev/stderr", "a pipe or FIFO"),
            ("/dev/fd/2", "a pipe or FIFO"),
            (fifo, "a pipe or FIFO"),
            ("/dev/null", "a character device (a terminal, /dev/null)"),
            ("/dev/tty", "a character device (a terminal, /dev/null)"),
            (cli.path("tty-link.json"), "a character device (a terminal, /dev/null)"),
        ]
        for (target, what) in cases {
            let result = try cli.run(["export", "--json", target], timeoutSeconds: 30)
            #expect(result.status == 64, "\(target): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(target)")
            #expect(!result.stderr.contains(secret), "\(target)")
            #expect(
                result.stderr
                    == "error: --json is '\(target)': the export holds Hereafter notes that are still locked, whose words go only to a regular file, and this is \(what); write it to a file, or leave Hereafter out with --only\n",
                "\(target)")
        }
        // On a terminal, by its own name: refused, nothing shown.
        let terminal = try Self.onTerminal(cli, "\"$L\" export --json /dev/tty")
        #expect(terminal.status == "64", "\(terminal.shown)")
        #expect(!terminal.shown.contains(secret))
        // A regular file takes them (and without Hereafter, stdout does).
        let file = try cli.run("export", "--json", cli.path("life.json"))
        #expect(file.status == 0, "\(file.stderr)")
        #expect(try String(contentsOfFile: cli.path("life.json"), encoding: .utf8).contains(secret))
        let walks = try cli.run("export", "--json", "/dev/stdout", "--only", "walks")
        #expect(walks.status == 0, "\(walks.stderr)")
        #expect(walks.stdout.hasPrefix("{"))
    }

    // MARK: 6b, no backup on a terminal

    @Test func aBackupIsNeverWrittenToATerminal() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        for target in ["-", "/dev/stdout", "/dev/tty"] {
            let terminal = try Self.onTerminal(cli, "\"$L\" db backup \(target)")
            #expect(terminal.status == "64", "\(target): \(terminal.shown)")
            #expect(!terminal.shown.contains("SQLite format 3"), "\(target)")
            let what = target == "/dev/tty" ? "a terminal" : "standard output, a terminal"
            #expect(
                terminal.shown.contains(
                    "error: \(target) is \(what); a backup holds every private word, locked notes included, so it goes to a file or a pipe"
                ), "\(target): \(terminal.shown)")
        }
        // Into a pipe it is still the whole database.
        let piped = try cli.run("db", "backup", "-")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutData.prefix(16) == Data("SQLite format 3\0".utf8))
    }

    // MARK: 6c, stderr on the database

    @Test func standardErrorOnTheDatabaseIsRefusedAndTheDatabaseKept() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let database = URL(fileURLWithPath: cli.databasePath)
        let before = try Data(contentsOf: database)
        #expect(before.prefix(16) == Data("SQLite format 3\0".utf8))
        let commands = [
            "\"$L\" finite status 2<> \"$LIFECTL_DB\"",
            "\"$L\" finite status --no-such-option 2<> \"$LIFECTL_DB\"",
            "\"$L\" walks show zzzz 2<> \"$LIFECTL_DB\"",
            "\"$L\" finite setup --birthday 1990-02-30 2>> \"$LIFECTL_DB\"",
            "\"$L\" finite status 1<> \"$LIFECTL_DB\" 2<> \"$LIFECTL_DB\"",
            "\"$L\" finite status --db \"$LIFECTL_DB\" 2<> \"$LIFECTL_DB-journal\"",
        ]
        for command in commands {
            let result = try cli.shell(command)
            #expect(result.status == 64, "\(command): \(result.stdout)")
            #expect(try Data(contentsOf: database) == before, "\(command)")
        }
        // Said on stdout, since stderr is the database.
        let said = try cli.shell(commands[0])
        #expect(
            said.stdout
                == "error: standard error is a SQLite database; lifectl never writes over a database, so send it elsewhere\n"
        )
        let journal = try cli.shell(commands[5])
        #expect(journal.stdout.hasPrefix("error: standard error is the database's -journal file;"))
        try? FileManager.default.removeItem(atPath: cli.databasePath + "-journal")
        #expect(try cli.run("db", "check").status == 0)
        #expect(try cli.run("finite", "status").status == 0)
    }

    // MARK: 6d, echoed values cut at 80 characters

    @Test func aLongValueIsEchoedCutInEveryRefusal() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        let before = try cli.dump()
        for value in [String(repeating: "x", count: 100_000), String(repeating: "xy ", count: 33_334)] {
            let v = value
            let commands: [[String]] = [
                ["finite", "setup", "--birthday", v], ["finite", "show", v], ["finite", "grid", "--view", v],
                ["finite", "mark", "--week", v], ["finite", "settings", "--life-expectancy", v],
                ["walks", "show", v], ["walks", "delete", v], ["settings", "set", "--units", v],
                ["walks", "export", v, "--gpx", "x.gpx"], ["walks", "list", "--after", v],
                ["hereafter", "plant", "--text", "hi", "--at", v, "--unlock", "2027-01-01"],
                ["hereafter", "plant", "--text", "hi", "--at", "1,2", "--unlock", v],
                ["hereafter", "read", v], ["hereafter", "thread", v], ["hereafter", "visit", "--at", v],
                ["lifetimer", "goal", "show", v], ["lifetimer", "milestone", "add", v, "x"],
                ["lifetimer", "follow", v], ["lifetimer", "account", "show", v],
                ["dailymenu", "complete", v], ["dailymenu", "settings", "--time-zone", v],
                ["dailymenu", "settings", "--share-mood", v], ["settings", "set", "--time-zone", v],
                ["export", "--json", "x.json", "--only", v], ["import", v], ["walks", "import", v],
                ["today", "--date", v], ["week", "--date", v], ["search", "--kind", v, "snow"],
                ["finite", "status", "--" + v], ["finite", "status", "--db", v + "/"], ["no-such-command-" + v],
            ]
            for arguments in commands {
                // A timeout: a message of 100,000 characters fills the pipe the
                // harness reads second, and the command would wait on it.
                let result = try cli.run(arguments, timeoutSeconds: 60)
                #expect(result.status != 0 && result.status != 70, "\(arguments.prefix(3)): \(result.status)")
                #expect(
                    result.stderr.count < 1_500, "\(arguments.prefix(3)): \(result.stderr.prefix(300))")
                #expect(!result.stderr.contains(String(repeating: "x", count: 81)))
                #expect(!result.stderr.contains(String(repeating: "xy ", count: 28)))
            }
            let now = try cli.run(["finite", "status"], extraEnvironment: ["LIFECTL_NOW": v])
            #expect(now.status == 64 && now.stderr.count < 1_500, "\(now.stderr.prefix(300))")
        }
        #expect(try cli.dump() == before)
    }

    // MARK: 6e, --json escapes invisible controls

    @Test func jsonEscapesC1AndBidirectionalControls() throws {
        let cli = try Lifectl()
        let file = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        // char(155) is U+009B (CSI), 8238 U+202E, 8294 U+2066, 8206 U+200E,
        // 1564 U+061C, 133 U+0085, 127 DEL, 8232 U+2028.
        _ = try cli.sqlite(
            "UPDATE walks SET name = 'a' || char(155) || 'b' || char(8238) || 'c' || char(8294) || 'd' || char(8206) || 'e' || char(1564) || 'f' || char(133) || 'g' || char(127) || 'h' || char(8232) || 'i' || char(8297) || 'j'"
        )
        let result = try cli.run("walks", "list", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let expected = #""name" : "a\u009Bb\u202Ec\u2066d\u200Ee\u061Cf\u0085g\u007Fh\u2028i\u2069j""#
        #expect(result.stdout.contains(expected), "\(result.stdout)")
        #expect(TerminalSafetyTests.rawControls(result.stdout) == [])
        #expect(!result.stdoutData.contains(0xC2))
        // Still the same value for a JSON reader.
        let walks = try #require(try WalksCommandTests.json(result.stdout)["walks"] as? [[String: Any]])
        #expect(
            walks.first?["name"] as? String
                == "a\u{9B}b\u{202E}c\u{2066}d\u{200E}e\u{061C}f\u{85}g\u{7F}h\u{2028}i\u{2069}j")
    }

    // MARK: 6f, one elevation rule

    @Test func walksRecordTakesTheElevationsImportTakes() throws {
        let cli = try Lifectl()
        let lines = [
            "52.5,13.4,2026-11-22T08:00:00Z,9000", "52.501,13.4,2026-11-22T08:00:10Z,9000.5",
            "52.502,13.4,2026-11-22T08:00:20Z,-500", "52.503,13.4,2026-11-22T08:00:30Z,-500.01",
            "52.504,13.4,2026-11-22T08:00:40Z,99999999", "52.505,13.4,2026-11-22T08:00:50Z,12",
        ]
        let result = try cli.run(["walks", "record", "--json"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 65)
        let rule = "it is out of range (an elevation is from -500 to 9,000 metres); skipped"
        #expect(
            result.stderr == """
                error: stdin line 2: elevation is 9000.5 m; \(rule)
                error: stdin line 4: elevation is -500.01 m; \(rule)
                error: stdin line 5: elevation is 99999999.0 m; \(rule)

                """)
        let report = try WalksCommandTests.json(result.stdout)
        #expect(report["pointsStored"] as? Int == 3, "\(result.stdout)")
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "1")
        // Its GPX file imports again, every point kept.
        let id = try cli.sqlite("SELECT id FROM walks")
        #expect(try cli.run("walks", "export", id, "--gpx", cli.path("back.gpx")).status == 0)
        let other = try Lifectl()
        let imported = try other.run("walks", "import", cli.path("back.gpx"))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")
    }

    // MARK: 6g, the demo's headings

    @Test func theDemoHeadingsArePlainInAPipeAndWithNoColor() throws {
        let cli = try Lifectl()
        let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/lib/demo.sh").path
        let call = "bash -c \". \(library); chapter Finite weeks\""
        let piped = try cli.shell(call)
        #expect(piped.stdout == "\n== Finite weeks ==\n")
        let terminal = try Self.onTerminal(cli, call)
        #expect(terminal.shown.contains("\u{1B}[1m== Finite weeks ==\u{1B}[0m"), "\(terminal.shown)")
        let noColor = try Self.onTerminal(cli, "NO_COLOR=1 \(call)")
        #expect(noColor.shown.contains("== Finite weeks =="))
        #expect(!noColor.shown.contains("\u{1B}"), "\(noColor.shown)")
        // The tour itself takes its headings from there.
        let demo = try String(
            contentsOfFile: URL(fileURLWithPath: library).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("demo").path, encoding: .utf8)
        #expect(demo.contains(". scripts/lib/demo.sh"))
        #expect(!demo.contains("\\033"))
    }
}
