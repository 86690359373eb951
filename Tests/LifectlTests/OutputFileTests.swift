import Foundation
import LifeKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one output rule (issue 9 §1; SPEC CORE-1, CORE-7), end to end, on
/// every command that writes a file: the database in use is never written
/// over, an existing file only with --force, `-` is stdout and nothing else,
/// FIFOs and devices are written in place, new files are 0600.
///
/// Devices are reached through symlinks in the sandbox (`null -> /dev/null`):
/// the code path is the same (the rule follows the link), and a build that
/// still replaced its target would replace the sandbox's link, not the
/// machine's /dev/null.
@Suite(.tags(.endToEnd)) struct OutputFileTests {
    /// A command that writes a file, given the target.
    struct Writer: CustomStringConvertible {
        let description: String
        let arguments: (String) -> [String]
        /// Whether the bytes are the same on every run (a backup's are not
        /// compared; its header and integrity are).
        var deterministic = true
        /// Whether the command also takes the `--json` report flag (`export`'s
        /// `--json` names its file instead).
        var takesJSONFlag = true
    }

    /// A sandbox with something for every writer: a Finite birthday, one
    /// walk, a discovered Hereafter message with a photo. The clock is the
    /// day after planting, so the message can be read.
    static func sandbox() throws -> (cli: Lifectl, writers: [Writer]) {
        var cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let gpx = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", gpx).status == 0)
        let walk = try cli.sqlite("SELECT id FROM walks")
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        try png.write(to: URL(fileURLWithPath: cli.path("p.png")))
        let gate = HereafterCommandTests.gate
        let plant = try cli.run(
            "hereafter", "plant", "--text", "x", "--at", gate, "--unlock", "+1d", "--photo", cli.path("p.png"))
        #expect(plant.status == 0, "\(plant.stderr)")
        cli.environment["LIFECTL_NOW"] = "2026-11-23T09:00:00Z"
        #expect(try cli.run("hereafter", "visit", "--at", gate).status == 0)
        let message = try cli.sqlite("SELECT message_id FROM hereafter_photos")
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "See the sea").status == 0)
        #expect(try cli.run("dailymenu", "complete", "box-breath", "--mood-after", "better").status == 0)
        let writers = [
            Writer(description: "finite grid --svg") { ["finite", "grid", "--svg", $0] },
            Writer(description: "walks doodle --svg") { ["walks", "doodle", walk, "--svg", $0] },
            Writer(description: "walks gallery --svg") { ["walks", "gallery", "--svg", $0] },
            Writer(description: "walks gallery --html") { ["walks", "gallery", "--html", $0] },
            Writer(description: "walks export --gpx") { ["walks", "export", walk, "--gpx", $0] },
            Writer(description: "walks export --geojson") { ["walks", "export", walk, "--geojson", $0] },
            Writer(description: "walks export --svg") { ["walks", "export", walk, "--svg", $0] },
            Writer(description: "hereafter read --save-photo") { ["hereafter", "read", message, "--save-photo", $0] },
            Writer(description: "db backup", arguments: { ["db", "backup", $0] }, deterministic: false),
            Writer(description: "lifetimer countdown --svg") { ["lifetimer", "countdown", "--svg", $0] },
            Writer(description: "dailymenu calendar --svg") { ["dailymenu", "calendar", "--svg", $0] },
            Writer(description: "dailymenu stamps --svg") { ["dailymenu", "stamps", "--svg", $0] },
            Writer(description: "dailymenu insights --svg") { ["dailymenu", "insights", "--svg", $0] },
            Writer(description: "dailymenu insights --pdf") { ["dailymenu", "insights", "--pdf", $0] },
            Writer(description: "week --svg") { ["week", "--svg", $0] },
            Writer(description: "calendar --ics") { ["calendar", "--ics", $0] },
            Writer(description: "export --json", arguments: { ["export", "--json", $0] }, takesJSONFlag: false),
        ]
        return (cli, writers)
    }

    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    static func attributes(_ path: String) throws -> [FileAttributeKey: Any] {
        try FileManager.default.attributesOfItem(atPath: path)
    }

    static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

    /// The database's content and its header: what "unchanged" means here.
    static func databaseState(_ cli: Lifectl) throws -> String {
        let header = bytes(cli.databasePath)?.prefix(16) ?? Data()
        return "\(header == sqliteHeader)\n" + (try cli.dump())
    }

    @Test func theDatabaseInUseIsNeverWrittenOverEvenWithForce() throws {
        let (cli, writers) = try Self.sandbox()
        try FileManager.default.createSymbolicLink(atPath: cli.path("link.db"), withDestinationPath: cli.databasePath)
        try FileManager.default.linkItem(atPath: cli.databasePath, toPath: cli.path("hard.db"))
        let before = try Self.databaseState(cli)
        // Relative with ./, through a symlink, through a hard link, and the
        // companions SQLite creates beside it (absent between commands).
        let targets: [(String, String)] = [
            ("./life.db", "is the database in use"), ("link.db", "is the database in use"),
            ("hard.db", "is the database in use"), ("life.db-wal", "is the database's -wal file"),
            ("./life.db-shm", "is the database's -shm file"), ("life.db-journal", "is the database's -journal file"),
        ]
        for writer in writers {
            for (target, words) in targets {
                let result = try cli.run(writer.arguments(target) + ["--force"])
                #expect(result.status == 64, "\(writer) \(target): \(result.stderr)")
                #expect(
                    result.stderr
                        == "error: \(target) \(words); lifectl never writes over its own database, so choose another file\n",
                    "\(writer) \(target)")
                #expect(result.stdout == "", "\(writer) \(target)")
            }
        }
        #expect(try Self.databaseState(cli) == before)
        #expect(try cli.sqlite("PRAGMA integrity_check") == "ok")
        // The message whose photo could not be saved is still unread (one transaction per command).
        #expect(try cli.sqlite("SELECT count(*) FROM hereafter_messages WHERE read_at IS NOT NULL") == "0")
    }

    @Test func anExistingFileIsReplacedOnlyWithForceAndThenAtomically() throws {
        let (cli, writers) = try Self.sandbox()
        for (index, writer) in writers.enumerated() {
            let target = cli.path("existing-\(index).out")
            try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: target))
            let inodeBefore = try Self.attributes(target)[.systemFileNumber] as? UInt64
            let refused = try cli.run(writer.arguments(target))
            #expect(refused.status == 64, "\(writer): \(refused.stderr)")
            #expect(refused.stderr == "error: \(target) already exists; give --force to replace it\n", "\(writer)")
            #expect(Self.bytes(target) == Data("keep me\n".utf8), "\(writer)")

            let forced = try cli.run(writer.arguments(target) + ["--force"])
            #expect(forced.status == 0, "\(writer): \(forced.stderr)")
            let written = try #require(Self.bytes(target))
            if writer.deterministic {
                let fresh = cli.path("fresh-\(index).out")
                #expect(try cli.run(writer.arguments(fresh)).status == 0)
                #expect(written == Self.bytes(fresh), "\(writer)")
            } else {
                #expect(written.prefix(16) == Self.sqliteHeader)
            }
            let after = try Self.attributes(target)
            // A new file renamed over the old one, not the old one truncated.
            #expect(after[.systemFileNumber] as? UInt64 != inodeBefore, "\(writer)")
            #expect(after[.posixPermissions] as? Int == 0o600, "\(writer)")
        }
        // No temporary file is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path)
            .filter { $0.hasSuffix(".tmp") || $0.contains(".tmp-") }
        #expect(leftovers == [])
    }

    @Test func newFilesAreMode0600WhateverTheUmask() throws {
        let (cli, writers) = try Self.sandbox()
        for (index, writer) in writers.enumerated() {
            let target = cli.path("new-\(index).out")
            let result = try cli.run(writer.arguments(target), umask: "022")
            #expect(result.status == 0, "\(writer): \(result.stderr)")
            #expect(try Self.attributes(target)[.posixPermissions] as? Int == 0o600, "\(writer)")
        }
    }

    @Test func dashIsStdoutAndNothingElseGoesThere() throws {
        let (cli, writers) = try Self.sandbox()
        for (index, writer) in writers.enumerated() {
            let file = cli.path("file-\(index).out")
            #expect(try cli.run(writer.arguments(file)).status == 0, "\(writer)")
            for json in writer.takesJSONFlag ? [false, true] : [false] {
                let result = try cli.run(writer.arguments("-") + (json ? ["--json"] : []))
                #expect(result.status == 0, "\(writer): \(result.stderr)")
                #expect(result.stderr == "", "\(writer)")
                if writer.deterministic {
                    #expect(result.stdoutData == Self.bytes(file), "\(writer) json: \(json)")
                } else {
                    // The backup on stdout is a whole database.
                    let copy = cli.path("from-stdout-\(json).db")
                    try result.stdoutData.write(to: URL(fileURLWithPath: copy))
                    var other = cli
                    other.environment["LIFECTL_DB"] = copy
                    #expect(try other.sqlite("PRAGMA integrity_check") == "ok")
                    #expect(try other.sqlite("SELECT count(*) FROM walks") == "1")
                    #expect(result.stdoutData.count == Self.bytes(file)?.count)
                }
            }
        }
        // A file named "-" is never created.
        #expect(!FileManager.default.fileExists(atPath: cli.path("-")))
    }

    @Test func devStdoutIsWrittenInPlaceAsStdout() throws {
        let (cli, _) = try Self.sandbox()
        let link = cli.path("to-stdout")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/stdout")
        let viaDash = try cli.run("finite", "grid", "--svg", "-")
        let viaLink = try cli.run("finite", "grid", "--svg", link)
        #expect(viaLink.status == 0, "\(viaLink.stderr)")
        #expect(viaLink.stdoutData == viaDash.stdoutData)
        #expect(viaLink.stdout.hasPrefix("<?xml"))
        #expect(!viaLink.stdout.contains("wrote "))
        #expect(try Self.attributes(link)[.type] as? FileAttributeType == .typeSymbolicLink)
    }

    @Test func devicesAreWrittenInPlaceNeverReplaced() throws {
        let (cli, writers) = try Self.sandbox()
        let null = cli.path("null")
        let full = cli.path("full")
        try FileManager.default.createSymbolicLink(atPath: null, withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        for writer in writers {
            let result = try cli.run(writer.arguments(null))
            #expect(result.status == 0, "\(writer): \(result.stderr)")
            #expect(try Self.attributes(null)[.type] as? FileAttributeType == .typeSymbolicLink, "\(writer)")
            // /dev/full refuses every byte: an I/O error, exit 74.
            let refused = try cli.run(writer.arguments(full))
            #expect(refused.status == 74, "\(writer): \(refused.stderr)")
            #expect(refused.stderr == "error: cannot write \(full): No space left on device\n", "\(writer)")
            #expect(try Self.attributes(full)[.type] as? FileAttributeType == .typeSymbolicLink, "\(writer)")
        }
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        let (cli, writers) = try Self.sandbox()
        for (index, writer) in writers.enumerated() {
            let fifo = cli.path("pipe-\(index)")
            #expect(mkfifo(fifo, 0o600) == 0)
            // A second name for the FIFO, to release the reader should the
            // FIFO's name be taken over by a regular file.
            #expect(link(fifo, fifo + ".link") == 0)
            let reader = FIFOReader(path: fifo)
            let result = try cli.run(writer.arguments(fifo), timeoutSeconds: 20)
            FIFOReader.release(fifo + ".link")
            let received = reader.wait(seconds: 20)
            #expect(result.status == 0, "\(writer): \(result.stderr)")
            #expect(isFIFO(fifo), "\(writer)")
            if writer.deterministic {
                #expect(received == (try cli.run(writer.arguments("-")).stdoutData), "\(writer)")
            } else {
                #expect(received?.prefix(16) == Self.sqliteHeader, "\(writer)")
                #expect((received?.count ?? 0) % 4096 == 0)
            }
        }
    }

    func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    @Test func backupToAFolderThatIsMissingIsAnIOError() throws {
        let (cli, _) = try Self.sandbox()
        let target = cli.path("no/such/folder/copy.db")
        let result = try cli.run("db", "backup", target)
        #expect(result.status == 74)
        #expect(
            result.stderr == "error: cannot write \(target): the folder \(cli.path("no/such/folder")) does not exist\n")
    }
}

/// Reads a FIFO to its end on its own thread (opening it blocks until a writer comes).
final class FIFOReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread.detachNewThread { [self] in
            let handle = FileHandle(forReadingAtPath: path)
            let bytes = handle?.readDataToEndOfFile()
            try? handle?.close()
            lock.withLock { data = bytes }
            done.signal()
        }
    }

    /// Opens and closes the FIFO for writing without blocking, so a reader still
    /// waiting to open it sees the end; harmless once the reader is done.
    static func release(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
    }

    func wait(seconds: Double) -> Data? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { data }
    }
}
