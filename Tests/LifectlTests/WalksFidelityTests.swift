import Foundation
import LifeKitTestSupport
import Testing

/// GPX fidelity end to end (SPEC WALK-1, WALK-3, WALK-7, WALK-8, CORE-7): what
/// a file says is what `walks show`, `walks list` and the exports say, and
/// what a file must not hold is refused with exit 65 and FILE:LINE, saving
/// nothing.
@Suite(.tags(.endToEnd)) struct WalksFidelityTests {
    static func write(_ bytes: [UInt8], _ name: String, in cli: Lifectl) throws -> String {
        let path = cli.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func gpx(name: String?, points: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"t\">\n<trk>"
            + (name.map { "<name>\($0)</name>" } ?? "") + "<trkseg>\n" + points + "</trkseg></trk>\n</gpx>\n"
    }

    static func walks(_ cli: Lifectl) throws -> [[String: Any]] {
        let list = try cli.run("walks", "list", "--json")
        return try #require(try WalksCommandTests.json(list.stdout)["walks"] as? [[String: Any]])
    }

    /// A file's last time ends 41.370, which as a `Date` (a Double of
    /// seconds since 2001) is 41.36999…: rounded down to the millisecond it
    /// was written 41.369. The database, `--json`, the GPX and the GeoJSON
    /// all say 41.370.
    @Test func millisecondTimesAreWrittenAsTheFileSaysThem() throws {
        let cli = try Lifectl()
        let points = """
            <trkpt lat="46.5" lon="13.6"><time>2004-01-15T08:28:00.125Z</time></trkpt>
            <trkpt lat="46.5" lon="13.601"><time>2004-01-15T08:28:41.370Z</time></trkpt>

            """
        let file = try Self.write(Array(Self.gpx(name: "Ridge", points: points).utf8), "ridge.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        #expect(
            try cli.sqlite("SELECT started_at || '|' || ended_at FROM walks")
                == "2004-01-15 08:28:00.125|2004-01-15 08:28:41.370")
        let walk = try #require(try Self.walks(cli).first)
        #expect(walk["startedAt"] as? String == "2004-01-15T08:28:00.125Z")
        #expect(walk["endedAt"] as? String == "2004-01-15T08:28:41.370Z")
        let id = try #require(walk["id"] as? String)
        let exported = try cli.run("walks", "export", id, "--gpx", "-")
        #expect(exported.stdout.contains("<time>2004-01-15T08:28:41.370Z</time>"))
        let geojson = try cli.run("walks", "export", id, "--geojson", "-")
        let properties = try #require(try WalksCommandTests.json(geojson.stdout)["properties"] as? [String: Any])
        #expect(properties["endedAt"] as? String == "2004-01-15T08:28:41.370Z")
    }

    /// An exported walk keeps its name on re-import, a name from the file's
    /// name included (the export is another file).
    @Test func anExportedWalkKeepsItsNameOnReimport() throws {
        let cli = try Lifectl()
        let points = "<trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1\" lon=\"2.001\"/>\n"
        let named = try Self.write(Array(Self.gpx(name: "Café &amp; back", points: points).utf8), "a.gpx", in: cli)
        let unnamed = try Self.write(
            Array(Self.gpx(name: nil, points: points.replacingOccurrences(of: "2.001", with: "2.002")).utf8),
            "ridge.gpx", in: cli)
        #expect(try cli.run("walks", "import", named, unnamed).status == 0)
        let names = Set(try Self.walks(cli).compactMap { $0["displayName"] as? String })
        #expect(names == ["Café & back", "ridge.gpx"])
        let other = try Lifectl()
        for walk in try Self.walks(cli) {
            let id = try #require(walk["id"] as? String)
            let copy = other.path("export-\(id).gpx")
            #expect(try cli.run("walks", "export", id, "--gpx", copy).status == 0)
            #expect(try other.run("walks", "import", copy).status == 0)
        }
        #expect(Set(try Self.walks(other).compactMap { $0["displayName"] as? String }) == names)
    }

    @Test func anISO88591FileKeepsItsAccents() throws {
        let cli = try Lifectl()
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx version=\"1.1\"><trk><name>Z".utf8)
            + [0xFC] + Array("rich Seebr".utf8) + [0xFC, 0x63, 0x6B, 0x65]
            + Array("</name><trkseg><trkpt lat=\"47.36\" lon=\"8.54\"/></trkseg></trk></gpx>\n".utf8)
        let file = try Self.write(bytes, "zurich.gpx", in: cli)
        let result = try cli.run("walks", "import", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.walks(cli).first?["name"] as? String == "Zürich Seebrücke")
    }

    /// Each refused with 65, its file and line, and nothing saved; the good
    /// file given with them is still imported.
    @Test(
        arguments: [
            (
                "gzip", [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03],
                ": the gzip data ends early (truncated?); nothing was imported"
            ),
            (
                "nul", Array("<gpx version=\"1.1\">\n<trk>".utf8) + [0x00, 0x00] + Array("</trk></gpx>".utf8),
                ":2: a NUL byte"
            ),
            (
                "name", Array("<gpx version=\"1.1\">\n\n<trk><name>\u{1B}[2Jgone</name></trk></gpx>".utf8),
                ":3: <name> contains the control character U+001B"
            ),
            (
                "encoding", Array("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><gpx version=\"1.1\"/>".utf8),
                ":1: the XML declaration's encoding \"KOI8-R\" is not supported"
            ),
        ] as [(String, [UInt8], String)])
    func malformedFilesAreRefusedWithFileAndLine(kind: String, bytes: [UInt8], message: String) throws {
        let cli = try Lifectl()
        let bad = try Self.write(bytes, "\(kind).gpx", in: cli)
        let good = try Self.write(
            Array(Self.gpx(name: "Good", points: "<trkpt lat=\"1\" lon=\"2\"/>").utf8), "good.gpx", in: cli)
        let result = try cli.run("walks", "import", bad, good)
        #expect(result.status == 65)
        #expect(result.stderr.contains("error: \(bad)\(message)"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "no raw escape reaches the terminal")
        #expect(try Self.walks(cli).compactMap { $0["name"] as? String } == ["Good"])
    }

    /// A walk with one timed point has a date but no duration, and says
    /// why; an untimed walk is dated by when it was added and marked so in
    /// the list.
    @Test func oneTimedPointAndUntimedWalksSaySo() throws {
        let cli = try Lifectl()
        let one = try Self.write(
            Array(
                Self.gpx(
                    name: "One time",
                    points: "<trkpt lat=\"1\" lon=\"2\"><time>2026-03-01T10:00:00Z</time></trkpt>"
                        + "<trkpt lat=\"1\" lon=\"2.001\"/>\n"
                ).utf8), "one.gpx", in: cli)
        let none = try Self.write(
            Array(
                Self.gpx(name: "No time", points: "<trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1\" lon=\"2.002\"/>").utf8),
            "none.gpx", in: cli)
        #expect(try cli.run("walks", "import", one, none).status == 0)
        let walks = try Self.walks(cli)
        let oneID = try #require(walks.first { $0["name"] as? String == "One time" }?["id"] as? String)
        let noneID = try #require(walks.first { $0["name"] as? String == "No time" }?["id"] as? String)

        let shown = try cli.run("walks", "show", oneID, "--sketch", "off")
        #expect(shown.stdout.contains("date      2026-03-01 10:00\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("duration  – (only one point has a time, so there is no duration or pace)"))
        #expect(shown.stdout.contains("points    2 points (1 timed)"))
        let untimed = try cli.run("walks", "show", noneID, "--sketch", "off")
        #expect(untimed.stdout.contains("date      2026-11-22 12:00 (added; the walk has no times)"))
        #expect(untimed.stdout.contains("duration  – (no times in this walk, so no duration or pace)"))

        // Newest first: the untimed walk added on 2026-11-22, then 2026-03-01.
        let list = try cli.run("walks", "list")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("2026-11-22 12:00 (added)  No time "), "\(list.stdout)")
        #expect(lines[1].contains(" no times "))
        #expect(lines[2].hasPrefix("2026-03-01 10:00          One time "), "\(list.stdout)")
        #expect(lines[2].contains(" 1 time "))
    }
}
