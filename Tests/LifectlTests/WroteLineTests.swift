import Foundation
import LifeKitTestSupport
import Testing

/// One line for every file a command writes (CORE-13; docs/json.md and
/// docs/design.md, "The front door"): `wrote FILE: WHAT`, on stdout when it
/// is all the command prints there, on stderr when stdout carries the
/// command's answer (`--json`, a countdown beside its picture).
@Suite(.tags(.endToEnd)) struct WroteLineTests {
    /// A sandbox where every product has something to write.
    static func populated() throws -> Lifectl {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        try JSONShapeTests.gpx.write(toFile: cli.path("walk.gpx"), atomically: true, encoding: .utf8)
        for step in [
            ["finite", "setup", "--birthday", "1990-01-01"], ["walks", "import", cli.path("walk.gpx")],
            ["lifetimer", "account", "create", "ada"],
            ["dailymenu", "complete", "box-breath", "--mood-after", "better"],
        ] {
            let result = try cli.run(step)
            #expect(result.status == 0, "\(step): \(result.stderr)")
        }
        try FileManager.default.createDirectory(atPath: cli.path("shared"), withIntermediateDirectories: true)
        #expect(try cli.run("sync", "key", "new", cli.path("sync.key")).status == 0)
        return cli
    }

    /// Each kind of writer: its arguments (`{DIR}` the sandbox, `{WALK}` the
    /// walk), the file, and the line's WHAT, worked out from what was set up.
    static let writers: [(arguments: [String], file: String, what: String)] = [
        (["finite", "grid", "--svg", "{DIR}/grid.svg"], "grid.svg", "your life in weeks, week 1,919 of 4,160"),
        (["walks", "doodle", "{WALK}", "--svg", "{DIR}/d.svg"], "d.svg", "Ridge walk, a doodle of 3.8 km"),
        (["walks", "gallery", "--svg", "{DIR}/g.svg"], "g.svg", "a gallery of 1 walk"),
        (["walks", "export", "{WALK}", "--gpx", "{DIR}/w.gpx"], "w.gpx", "Ridge walk as gpx"),
        (["calendar", "--ics", "{DIR}/c.ics", "--days", "7"], "c.ics", "a calendar of 7 events"),
        (["week", "--svg", "{DIR}/week.svg"], "week.svg", "the week of 2026-11-16"),
        (["stats", "--svg", "{DIR}/stats.svg"], "stats.svg", "a page of statistics"),
        (["dailymenu", "stamps", "--svg", "{DIR}/stamps.svg"], "stamps.svg", "1 stamp"),
        (
            ["dailymenu", "insights", "--pdf", "{DIR}/mood.pdf"], "mood.pdf",
            "a mood report of 26 weeks, one A4 page"
        ),
        (["export", "--json", "{DIR}/e.json", "--only", "walks"], "e.json", "an export of walks, 1 row"),
        (["sync", "key", "new", "{DIR}/k2.key"], "k2.key", "a new sync key; keep it private"),
    ]

    static func arguments(_ template: [String], _ cli: Lifectl) throws -> [String] {
        let walk = try cli.sqlite("SELECT id FROM walks LIMIT 1")
        return template.map {
            $0.replacingOccurrences(of: "{DIR}", with: cli.directory.path).replacingOccurrences(
                of: "{WALK}", with: walk)
        }
    }

    @Test func eachWriterSaysOneLineOnStdout() throws {
        let cli = try Self.populated()
        for writer in Self.writers {
            let result = try cli.run(try Self.arguments(writer.arguments, cli))
            #expect(result.status == 0, "\(writer.arguments): \(result.stderr)")
            #expect(result.stdout == "wrote \(cli.path(writer.file)): \(writer.what)\n", "\(writer.arguments)")
            #expect(result.stderr == "", "\(writer.arguments)")
            #expect(FileManager.default.fileExists(atPath: cli.path(writer.file)))
        }
    }

    /// With `--json` stdout holds the document alone; the line is on stderr.
    @Test func besideJSONTheLineIsOnStderr() throws {
        let cli = try Self.populated()
        for writer in Self.writers where writer.arguments.first != "export" {
            let result = try cli.run(try Self.arguments(writer.arguments, cli) + ["--json"])
            #expect(result.status == 0, "\(writer.arguments): \(result.stderr)")
            #expect(result.stderr == "wrote \(cli.path(writer.file)): \(writer.what)\n", "\(writer.arguments)")
            #expect(
                (try? JSONSerialization.jsonObject(with: result.stdoutData)) is [String: Any], "\(writer.arguments)")
        }
    }

    /// A backup, a sync bundle made by hand and one a folder sync leaves.
    @Test func backupsAndBundles() throws {
        let cli = try Self.populated()
        let size = { (name: String) in
            ((try? FileManager.default.attributesOfItem(atPath: cli.path(name)))?[.size] as? Int) ?? -1
        }
        let backup = try cli.run("db", "backup", cli.path("b.db"))
        let grouped = NumberFormatter.localizedString(from: NSNumber(value: size("b.db")), number: .decimal)
        #expect(backup.stdout == "wrote \(cli.path("b.db")): a backup of \(cli.databasePath), \(grouped) bytes\n")
        let bundle = try cli.run("sync", "export", "--key", cli.path("sync.key"), cli.path("out.lcsync"))
        #expect(bundle.status == 0, "\(bundle.stderr)")
        #expect(bundle.stdout.hasPrefix("wrote \(cli.path("out.lcsync")): a sync bundle of "))
        #expect(bundle.stdout.hasSuffix(" records\n") && bundle.stderr == "")
        let folder = try cli.run("sync", "--dir", cli.path("shared"), "--key", cli.path("sync.key"))
        #expect(folder.status == 0, "\(folder.stderr)")
        let lines = folder.stdout.split(separator: "\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: cli.path("shared"))
        #expect(written.count == 1)
        #expect(
            lines.last?.hasPrefix("wrote \(cli.path("shared"))/\(written.first ?? ""): this device's bundle, ") == true)
        #expect(lines.filter { $0.hasPrefix("wrote ") }.count == 1)
    }

    /// Stdout carries the countdown: the picture's line goes to stderr.
    @Test func aCountdownsPictureIsNamedOnStderr() throws {
        let cli = try Self.populated()
        let result = try cli.run("lifetimer", "countdown", "--svg", "ring.svg")
        #expect(result.status == 0)
        #expect(result.stderr == "wrote ring.svg: the countdown of ada as a picture\n")
        #expect(!result.stdout.contains("wrote"))
    }

    /// A progress chart beside the progress report (or its JSON, which names the file).
    @Test func aProgressChartIsNamedOnStderr() throws {
        let cli = try Self.populated()
        let result = try cli.run("lifetimer", "progress", "--svg", "p.svg")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "wrote p.svg: a chart of your progress over time\n")
        #expect(!result.stdout.isEmpty && !result.stdout.contains("wrote"))
        let json = try cli.run("lifetimer", "progress", "--svg", "q.svg", "--json")
        #expect(json.stderr == "wrote q.svg: a chart of your progress over time\n")
        let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any]
        #expect(object?["svg"] as? String == "q.svg")
    }

    /// A file name with a control character is shown escaped, on one line.
    @Test func thePathIsEscaped() throws {
        let cli = try Self.populated()
        let result = try cli.run("stats", "--svg", "a\u{1B}[31mb.svg")
        #expect(result.status == 0)
        #expect(result.stdout == "wrote a\\u{1B}[31mb.svg: a page of statistics\n")
    }
}
