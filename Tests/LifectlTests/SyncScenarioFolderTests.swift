import Foundation
import LifeKitTestSupport
import Testing

/// Issue 27's "one bad file stops everyone" and the bookkeeping findings
/// (SYNC-7): a file in the shared folder that cannot apply is set aside with
/// a one-line reason, the rest still applies and this device's bundle is
/// still written; a huge file is refused without being read whole; a failed
/// export records nothing; `--force` cannot overwrite the key in use. What
/// these tests assume is at the top of SyncScenarioSupport.swift (items 1, 2, 10).
@Suite(.tags(.endToEnd)) struct SyncScenarioFolderTests {
    func at(_ minutes: Int, days: Int = 0) -> String { SyncLab.at(minutes, days: days) }

    /// A cloud drive's half-copied bundle (C's, cut in half), an empty file,
    /// random bytes, a bundle sealed with another key and a text file, all
    /// named `*.lcsync`: B's sync applies A's bundle, writes its own, sets
    /// each bad file aside in one line and lists it in `sync status`. Once
    /// C's file is whole again it applies, and nothing stays set aside.
    @Test func badFilesInTheFolderAreSetAsideAndTheRestStillApplies() throws {
        let lab = try SyncLab(devices: 3)
        try lab.ok(lab.a, at: at(10), "finite", "setup", "--birthday", "1990-05-14")
        try lab.ok(lab.c, at: at(11), "dailymenu", "complete", "sigh")
        try lab.sync(lab.a, at: at(20))
        try lab.sync(lab.c, at: at(21))
        let fromC = try lab.ownBundle(lab.c)
        let whole = try Data(contentsOf: URL(fileURLWithPath: fromC))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: fromC))

        // A bundle of another person's: its own key, its own database.
        let stranger = try Lifectl(now: at(0))
        let strangerKey = stranger.path("their.key")
        try expectSame(stranger.run("sync", "key", "new", strangerKey).status, 0)
        try expectSame(stranger.run("finite", "setup", "--birthday", "1970-01-01").status, 0)
        let foreign = lab.folder + "/foreign.lcsync"
        try expectSame(stranger.run("sync", "export", "--key", strangerKey, foreign).status, 0)
        let empty = lab.folder + "/empty.lcsync"
        let junk = lab.folder + "/junk.lcsync"
        let text = lab.folder + "/notes.lcsync"
        try Data().write(to: URL(fileURLWithPath: empty))
        var generator = SplitMix(seed: 27)
        try Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }).write(
            to: URL(fileURLWithPath: junk))
        try Data("shopping list: milk, eggs\n".utf8).write(to: URL(fileURLWithPath: text))
        let bad = [fromC, foreign, empty, junk, text]

        try lab.ok(lab.b, at: at(29), "dailymenu", "favorite", "box-breath")
        let synced = try lab.sync(lab.b, at: at(30), allowed: SyncNames.setAsideExit)
        try expectSame(lab.b.sqlite("SELECT birthday FROM finite_profile"), "1990-05-14")
        #expect(FileManager.default.fileExists(atPath: try lab.ownBundle(lab.b)), "B's own bundle was not written")
        let said = (synced.stdout + synced.stderr).split(separator: "\n").map(String.init)
        for file in bad {
            let name = (file as NSString).lastPathComponent
            #expect(said.contains { $0.contains(name) }, "no line names \(name): \(said)")
        }
        let listed = try lab.setAside(lab.b, at: at(31))
        for file in bad {
            let name = (file as NSString).lastPathComponent
            let entry = listed.first { $0.file.hasSuffix(name) }
            #expect(entry != nil, "sync status does not list \(name) as set aside: \(listed)")
            if let entry {
                #expect(!entry.reason.isEmpty && !entry.reason.contains("\n"), "\(name): «\(entry.reason)»")
            }
        }
        #expect(listed.count == bad.count, "\(listed)")
        // The other devices are not stopped either: A gets B's favourite (and not yet C's ritual).
        try lab.sync(lab.a, at: at(32), allowed: SyncNames.setAsideExit)
        try expectSame(lab.a.sqlite("SELECT is_on FROM dailymenu_favorites WHERE activity_id = 'box-breath'"), "1")
        try expectSame(lab.a.sqlite("SELECT count(*) FROM dailymenu_completions"), "0")

        // The cloud drive finishes copying C's file; the strays are removed.
        try whole.write(to: URL(fileURLWithPath: fromC))
        for file in [foreign, empty, junk, text] { try FileManager.default.removeItem(atPath: file) }
        try lab.sync(lab.b, at: at(40))
        try expectSame(lab.b.sqlite("SELECT activity_id FROM dailymenu_completions"), "sigh")
        try expectSame(lab.setAside(lab.b, at: at(41)).map(\.file), [])
        try lab.syncRounds(2, at: at(50))
        try lab.expectConverged()
    }

    /// A 300 MB file of zeros named `*.lcsync` is refused without being read
    /// whole (the issue measured 915 MB resident): the sync's peak resident
    /// memory stays under 160 MB, and A's bundle still applies.
    @Test func aHugeJunkFileIsRefusedWithoutReadingItWhole() throws {
        let lab = try SyncLab()
        try lab.ok(lab.a, at: at(10), "finite", "setup", "--birthday", "1990-05-14")
        try lab.sync(lab.a, at: at(20))
        let huge = lab.folder + "/huge.lcsync"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 300 * 1024 * 1024)  // sparse: no disk, no time
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: huge) }

        let measured = try PeakMemory.run(
            lab.b, ["sync", "--dir", lab.folder, "--key", lab.key], environment: ["LIFECTL_NOW": at(30)])
        #expect(measured.result.status != 70, "\(measured.result.stderr)")
        #expect(SyncNames.setAsideExit.contains(measured.result.status), "\(measured.result.stderr)")
        #expect(measured.peakKilobytes < 160 * 1024, "peak resident memory \(measured.peakKilobytes) kB")
        try expectSame(lab.b.sqlite("SELECT birthday FROM finite_profile"), "1990-05-14")
        #expect(try lab.setAside(lab.b, at: at(31)).contains { $0.file.hasSuffix("huge.lcsync") })
    }

    /// `sync export` that fails to write (exit 74: /dev/full, as a file and
    /// as stdout) leaves the database as it was, bookkeeping included: on a
    /// device's first export ever (the issue: six bookkeeping rows were
    /// written), and on the first after mood sharing is switched back on.
    @Test func aFailedExportWritesNothingInTheDatabase() throws {
        let lab = try SyncLab()
        try lab.ok(lab.a, at: at(10), "finite", "setup", "--birthday", "1990-05-14")
        try lab.ok(lab.a, at: at(11), "dailymenu", "settings", "--share-mood", "off")
        try lab.ok(
            lab.a, at: at(12), "dailymenu", "complete", "box-breath", "--mood-before", "low", "--mood-after", "better")
        try Self.expectFailedExportsChangeNothing(lab, at: at(13))
        try lab.syncRounds(2, at: at(20))
        try lab.ok(lab.a, at: at(30), "finite", "mark", "1800", "--rating", "4")
        try lab.ok(lab.a, at: at(31), "dailymenu", "settings", "--share-mood", "on")
        try Self.expectFailedExportsChangeNothing(lab, at: at(40), since: try lab.id(lab.b))
    }

    static func expectFailedExportsChangeNothing(
        _ lab: SyncLab, at now: String, since peer: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try lab.a.dump()
        var attempts = [["sync", "export", "--key", lab.key, "/dev/full"]]
        if let peer { attempts.append(["sync", "export", "--key", lab.key, "--peer", peer, "/dev/full"]) }
        for arguments in attempts {
            let failed = try lab.run(lab.a, at: now, arguments, sourceLocation: sourceLocation)
            #expect(
                failed.status == 74, "\(arguments): \(failed.status) \(failed.stderr)", sourceLocation: sourceLocation)
            #expect(try lab.a.dump() == before, "\(arguments) changed the database", sourceLocation: sourceLocation)
        }
        let toStdout = try lab.a.run(
            [], extraEnvironment: ["LIFECTL_NOW": now, "KEY": lab.key],
            shellScript: "\"$L\" sync export --key \"$KEY\" - > /dev/full")
        #expect(toStdout.status == 74, "\(toStdout.stderr)", sourceLocation: sourceLocation)
        #expect(
            try lab.a.dump() == before, "sync export - > /dev/full changed the database", sourceLocation: sourceLocation
        )
    }

    /// `--force` may replace an output file, never the key file the same
    /// command reads (by its own path or another spelling of it).
    @Test func forceCannotReplaceTheKeyInUse() throws {
        let lab = try SyncLab()
        try lab.ok(lab.a, at: at(10), "finite", "setup", "--birthday", "1990-05-14")
        let keyBytes = try Data(contentsOf: URL(fileURLWithPath: lab.key))
        let otherSpelling = lab.folder + "/../sync.key"
        for output in [lab.key, otherSpelling] {
            let refused = try lab.run(lab.a, at: at(20), ["sync", "export", "--key", lab.key, "--force", output])
            #expect(refused.status == 64, "\(output): \(refused.status) \(refused.stderr)")
            #expect(refused.stderr.hasPrefix("error: "), "\(refused.stderr)")
            try expectSame(Data(contentsOf: URL(fileURLWithPath: lab.key)), keyBytes, "\(output) replaced the key")
        }
        // The key still opens what the other device writes.
        try lab.sync(lab.a, at: at(30))
        try lab.sync(lab.b, at: at(31))
        try expectSame(lab.b.sqlite("SELECT birthday FROM finite_profile"), "1990-05-14")
    }
}

/// A small deterministic generator for test bytes.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A command's peak resident memory, as GNU time (`/usr/bin/time -f %M`,
/// Debian's `time` package) or BSD time (`-l`) reports it.
enum PeakMemory {
    struct Measured {
        let result: Lifectl.Result
        let peakKilobytes: Int
    }

    static func run(_ cli: Lifectl, _ arguments: [String], environment: [String: String]) throws -> Measured {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            Issue.record("measuring peak memory needs \(time) (Debian: apt-get install time)")
            return Measured(
                result: Lifectl.Result(stdoutData: Data(), stdout: "", stderr: "", status: -1), peakKilobytes: 0)
        }
        let report = cli.path("time-\(UUID().uuidString).txt")
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
            separator: " ")
        #if os(Linux)
            let script = "\(time) -f %M -o '\(report)' \"$L\" \(quoted)"
        #else
            let script = "\(time) -l \"$L\" \(quoted) 2> '\(report)'"
        #endif
        let result = try cli.run([], extraEnvironment: environment, shellScript: script)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        #if os(Linux)
            let kilobytes = Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? Int.max
        #else
            let line = text.split(separator: "\n").first { $0.contains("maximum resident set size") }
            let kilobytes = (line.flatMap { Int($0.split(separator: " ").first ?? "") } ?? Int.max) / 1024
        #endif
        return Measured(result: result, peakKilobytes: kilobytes)
    }
}
