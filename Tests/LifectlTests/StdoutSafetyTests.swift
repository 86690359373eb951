import Foundation
import Testing

/// Standard output that cannot take the bytes, or that is the database
/// itself (CORE-1, CORE-7; docs/output-files.md): a failed write is exit 74
/// with the system's words, never a crash; a reader that goes away leaves no
/// temporary copy of the database behind; stdout opened on the database is
/// refused like any output path naming it.
@Suite struct StdoutSafetyTests {
    /// Runs `script` in `/bin/sh` with `$L` the lifectl binary and the
    /// sandbox's environment; returns the exit status and stderr.
    static func shell(_ cli: Lifectl, _ script: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = cli.environment.merging(["L": try Lifectl.binary().path]) { $1 }
        process.currentDirectoryURL = cli.directory
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [
        "db path", "db status", "db status --json", "db schema", "db check", "finite status", "walks list",
    ])
    func aFullStdoutIsExit74(command: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let result = try Self.shell(cli, "\"$L\" \(command) > /dev/full")
        #expect(result.status == 74, "\(command): \(result.stderr)")
        #expect(result.stderr == "error: cannot write standard output: No space left on device\n", "\(command)")
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
        let result = try Self.shell(sandbox, "\"$L\" db backup - | head -c 10 > /dev/null; exit ${PIPESTATUS:-0}")
        #expect(result.stderr.isEmpty || result.stderr == "error: cannot write standard output: Broken pipe\n")
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
        let result = try Self.shell(cli, script)
        #expect(result.status == 64, "\(script): \(result.stderr)")
        #expect(
            result.stderr
                == "error: standard output is the database in use; lifectl never writes over its own database, so choose another file\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        #expect(try cli.run("db", "check").status == 0)
    }

    /// A stderr that cannot be written loses the message but not the exit
    /// status (there is nowhere left to say it; the command must not crash).
    @Test func aFullStderrKeepsTheExitStatus() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try Self.shell(cli, "\"$L\" finite mark 99999 --rating 3 2>/dev/full").status == 64)
        #expect(try Self.shell(cli, "\"$L\" db status > /dev/full 2>/dev/full").status == 74)
    }
}
