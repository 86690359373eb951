import Foundation
import LifeKitTestSupport
import Testing

/// Issue 32's adversarial review, end to end: each case answered as the
/// rules say (65 naming the row, field and rule, or a refusal with 64),
/// the database and every other file unchanged.
@Suite(.tags(.endToEnd)) struct RobustnessIssue32Tests {
    // MARK: A ritual whose activity is missing from the catalogue

    /// A completion pointed at an activity that is not in the catalogue (a
    /// `sqlite3` edit with foreign keys off) is a damaged row: every read
    /// says so naming it (exit 65), as `db check` does, and `complete`
    /// changes nothing. It was exit 70 for `profile`, `stamps` and `complete`.
    @Test func aRitualOfAMissingActivityIsADamagedRow() throws {
        let cli = try Lifectl()
        #expect(try cli.run("dailymenu", "complete", "box-breath").status == 0)
        let id = try cli.sqlite("SELECT id FROM dailymenu_completions")
        _ = try cli.sqlite("PRAGMA foreign_keys = OFF; UPDATE dailymenu_completions SET activity_id = 'gone-away'")
        let before = try cli.dump()
        let damaged =
            "error: dailymenu_completions row '\(id)' cannot be read: activity_id is 'gone-away', which is no activity of the catalogue; a ritual is always one of them; the file was changed outside lifectl or is damaged (`lifectl db check` lists every such row)\n"
        for command in [
            ["dailymenu", "profile"], ["dailymenu", "stamps"], ["dailymenu", "complete", "sigh"],
            ["dailymenu", "profile", "--json"], ["dailymenu", "calendar"], ["stats"],
        ] {
            let result = try cli.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr == damaged, "\(command)")
            #expect(result.stdout.isEmpty, "\(command)")
        }
        #expect(try cli.dump() == before)
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(
            check.stdout.contains(
                "dailymenu_completions row '\(id)' cannot be read: activity_id is 'gone-away', which is no activity of the catalogue"
            ))
    }

    // MARK: Stdout on a database that is not the one in use

    /// `1<> other.db` and `>> other.db`: whatever a command prints, its
    /// help included, would land in another database, its write-ahead log
    /// or its journal. Refused before anything is done, every byte kept.
    @Test func stdoutOnAnotherDatabaseIsRefused() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let other = cli.path("other.db")
        _ = try Process.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            arguments: [other, "CREATE TABLE t (x); INSERT INTO t VALUES (42);"]
        )
        .waitUntilExit()
        // A log and a journal by their magic numbers (SQLite's file formats,
        // section 4.1 and 4.3), followed by bytes that stand for frames.
        let wal = Data([0x37, 0x7f, 0x06, 0x82, 0x00, 0x2d, 0xe2, 0x18]) + Data(repeating: 7, count: 56)
        let journal = Data([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]) + Data(repeating: 9, count: 56)
        try wal.write(to: URL(fileURLWithPath: cli.path("other.db-wal")))
        try journal.write(to: URL(fileURLWithPath: cli.path("old.db-journal")))
        let files = ["other.db", "other.db-wal", "old.db-journal", "life.db"].map(cli.path)
        let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let cases: [(String, String)] = [
            ("\"$L\" finite status 1<> other.db", "a SQLite database"),
            ("\"$L\" finite status >> other.db", "a SQLite database"),
            ("\"$L\" db backup - 1<> other.db", "a SQLite database"),
            ("\"$L\" --help 1<> other.db", "a SQLite database"),
            ("\"$L\" finite mark --rating 3 1<> other.db-wal", "a SQLite write-ahead log"),
            ("\"$L\" finite status 1<> old.db-journal", "a SQLite rollback journal"),
        ]
        for (script, kind) in cases {
            let result = try cli.shell(script)
            #expect(result.status == 64, "\(script): \(result.stderr)")
            #expect(
                result.stderr
                    == "error: standard output is \(kind); lifectl never writes over a database, so send it elsewhere\n",
                "\(script)")
        }
        #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        // Nothing was marked either.
        #expect(try cli.sqlite("SELECT count(*) FROM finite_marks") == "0")
        // A new file, or one that is no database, still takes the output.
        #expect(try cli.shell("\"$L\" db backup - > copy.db").status == 0)
        #expect(try cli.shell("echo notes > notes.txt && \"$L\" finite status >> notes.txt").status == 0)
    }

    // MARK: Text made only of invisible characters (CORE-9)

    /// A text of U+202E alone, or of zero-width and other invisible format
    /// characters, draws nothing: it is no text. Required text is refused
    /// (64, naming the field and the character), optional text is absent.
    @Test(arguments: ["\u{202E}", "\u{200B}\u{200D}", " \u{2060}\u{FEFF} ", "\u{3164}", "\u{FE0F}\u{E0041}"])
    func aTextOfInvisibleCharactersIsNoText(text: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let before = try cli.dump()
        let first =
            text.trimmingCharacters(in: .whitespaces).unicodeScalars.first.map {
                "U+" + String(format: "%04X", $0.value)
            } ?? ""
        let refusals: [([String], String)] = [
            (["hereafter", "plant", "--text", text, "--at", "52.5,13.4", "--unlock", "2027-03-01"], "text"),
            (["hereafter", "onboard", "--name", text], "name"),
            (["finite", "phase", "add", text, "--from", "1,000", "--to", "1,100"], "name"),
        ]
        for (arguments, field) in refusals {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr
                    == "error: \(field) is required; it holds only invisible characters (such as \(first)), which draw nothing\n",
                "\(arguments)")
        }
        #expect(try cli.dump() == before)
        // Optional text made of them is no text: the mark has no phrase.
        let mark = try cli.run("finite", "mark", "--rating", "4", "--phrase", text)
        #expect(mark.status == 0, "\(mark.stderr)")
        #expect(try cli.sqlite("SELECT phrase IS NULL FROM finite_marks") == "1")
        // Inside a text with a visible character they stay.
        let planted = try cli.run(
            "hereafter", "plant", "--text", "a\(text)b", "--at", "52.5,13.4", "--unlock", "2027-03-01")
        #expect(planted.status == 0, "\(planted.stderr)")
    }

    /// A stored text of invisible characters (a file, an edit by hand) is
    /// refused by an import and reported by `db check`, naming the column.
    @Test func aStoredTextOfInvisibleCharactersIsReported() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("finite", "phase", "add", "School", "--from", "1,000", "--to", "1,100").status == 0)
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        #expect(
            try cli.run("hereafter", "plant", "--text", "Soon", "--at", "52.5,13.4", "--unlock", "2027-03-01").status
                == 0)
        let id = try cli.sqlite("SELECT id FROM hereafter_messages")
        _ = try cli.sqlite(
            "UPDATE finite_phases SET name = char(8238); UPDATE hereafter_messages SET text = char(8203)")
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(
            check.stdout.contains(
                "phase '\\u{202E}': name is required; it holds only invisible characters (such as U+202E), which draw nothing"
            ), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "message \(id): text holds only invisible characters, which draw nothing; a saved text has a visible one"
            ), "\(check.stdout)")
    }
}
