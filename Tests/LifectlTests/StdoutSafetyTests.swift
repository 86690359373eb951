import Foundation
import LifeKitTestSupport
import Testing

/// Standard output that cannot take the bytes, or that is the database
/// itself (CORE-1, CORE-7; docs/output-files.md): a failed write is exit 74
/// with the system's words, never a crash; a reader that goes away leaves no
/// temporary copy of the database behind; stdout opened on the database is
/// refused like any output path naming it.
@Suite(.tags(.endToEnd)) struct StdoutSafetyTests {
    @Test(arguments: [
        "db path", "db status", "db status --json", "db schema", "db check", "finite status", "walks list",
    ])
    func aFullStdoutIsExit74(command: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let result = try cli.shell("\"$L\" \(command) > /dev/full")
        #expect(result.status == 74, "\(command): \(result.stderr)")
        #expect(
            result.stderr
                == "error: cannot write standard output: No space left on device (the command itself was carried out; only this output was lost)\n",
            "\(command)")
    }

    /// `db backup -` copies the database to a temporary file first; a reader
    /// that stops early must not leave that copy (it holds everything).
    @Test func aBackupToAClosedPipeLeavesNoCopy() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let temporary = cli.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        var sandbox = cli
        sandbox.environment["TMPDIR"] = temporary
        let result = try sandbox.shell("\"$L\" db backup - | head -c 10 > /dev/null")
        #expect(result.stderr.isEmpty || result.stderr.hasPrefix("error: cannot write standard output: Broken pipe"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }

    @Test(arguments: [
        "\"$L\" finite grid --svg - 1<>\"$LIFECTL_DB\"", "\"$L\" db backup - >> \"$LIFECTL_DB\"",
        "\"$L\" finite grid --svg /dev/stdout 1<>\"$LIFECTL_DB\"",
    ])
    func stdoutOnTheDatabaseIsRefused(script: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let result = try cli.shell(script)
        #expect(result.status == 64, "\(script): \(result.stderr)")
        #expect(
            result.stderr
                == "error: standard output is the database in use; lifectl never writes over its own database, so send it elsewhere\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        #expect(try cli.run("db", "check").status == 0)
    }

    /// A stderr that cannot be written loses the message but not the exit
    /// status (there is nowhere left to say it; the command must not crash).
    @Test func aFullStderrKeepsTheExitStatus() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.shell("\"$L\" finite mark 99999 --rating 3 2>/dev/full").status == 64)
        #expect(try cli.shell("\"$L\" db status > /dev/full 2>/dev/full").status == 74)
    }

    /// Stdout opened on the database is refused for every command, before it
    /// does anything (not only for `-` outputs).
    @Test(arguments: [
        "db schema 1<>\"$LIFECTL_DB\"", "finite status >> \"$LIFECTL_DB\"", "finite mark --rating 3 >> \"$LIFECTL_DB\"",
    ])
    func anyCommandsStdoutOnTheDatabaseIsRefused(script: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let result = try cli.shell("\"$L\" \(script)")
        #expect(result.status == 64, "\(script): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: standard output is the database in use"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
    }

    /// Arguments that are not UTF-8 are refused (Swift would read them with
    /// U+FFFD, another file name or another text), and nothing is created.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let cli = try Lifectl()
        let result = try cli.shell("\"$L\" finite status --db \"$(printf 'real\\376.db')\"")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("is not valid UTF-8"), "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix("real") }
                == [])
    }

    /// SQLite takes paths of at most 512 bytes with its suffixes: a longer
    /// database path is refused before any file is made.
    @Test func aDatabasePathTooLongForSQLiteIsRefused() throws {
        let cli = try Lifectl()
        var folder = cli.directory.path
        while folder.utf8.count < 520 { folder += "/" + String(repeating: "d", count: 100) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try cli.run("finite", "setup", "--birthday", "1990-05-14", "--db", folder + "/life.db")
        #expect(result.status == 64)
        #expect(result.stderr.contains("SQLite takes at most 504"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/life.db"))
    }

    /// A file name of spaces is no name, as an empty one (it made a file
    /// called " "); `import ""` says what is wrong.
    @Test func aFileNameOfSpacesIsRefused() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let grid = try cli.run("finite", "grid", "--svg", " ")
        #expect(grid.status == 64)
        #expect(grid.stderr == "error: the file name is empty (or only spaces)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.path(" ")))
        let imported = try cli.run("import", "")
        #expect(imported.status == 64)
        #expect(imported.stderr.hasPrefix("error: the file to import is empty"), "\(imported.stderr)")
    }

    /// What a SIGKILL left beside an output (a temporary copy of the
    /// database) is removed by the next write there, when its process is
    /// gone; a live process's file is left alone.
    @Test func aKilledWritersLeftoversAreRemovedNextTime() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let gone = ".copy.db.lifectl-999999-x.tmp"  // no such process
        let alive = ".copy.db.lifectl-1-x.tmp"  // init
        for name in [gone, gone + "-journal", alive] {
            #expect(FileManager.default.createFile(atPath: cli.path(name), contents: Data("x".utf8)))
        }
        #expect(try cli.run("db", "backup", cli.path("copy.db")).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter {
            $0.hasPrefix(".copy")
        }
        #expect(left == [alive])
    }
}
