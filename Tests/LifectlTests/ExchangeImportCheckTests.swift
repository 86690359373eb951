import Foundation
import Testing

/// End-to-end: what `lifectl import` refuses or skips (issue 13 review).
/// Each case edits the database's own export, imports it, and compares
/// the exit status, the words and the `.dump` with what they must be.
@Suite struct ExchangeImportCheckTests {
    typealias Object = [String: Any]

    /// The export of `cli`'s database, parsed.
    static func exported(_ cli: Lifectl) throws -> Object {
        let result = try cli.run("export", "--json", cli.path("good.json"), "--force")
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: cli.path("good.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? Object)
    }

    /// Writes `document` with `change` applied to the first row of
    /// `product`.`table`, and returns the file's path.
    static func edited(
        _ cli: Lifectl, _ document: Object, _ product: String, _ table: String, row: Int = 0,
        _ change: (inout Object) -> Void
    ) throws -> String {
        var document = document
        var products = try #require(document["products"] as? Object)
        var tables = try #require(products[product] as? Object)
        var rows = try #require(tables[table] as? [Object])
        change(&rows[row])
        tables[table] = rows
        products[product] = tables
        document["products"] = products
        let path = cli.path("edited.json")
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func firstRow(_ document: Object, _ product: String, _ table: String) throws -> Object {
        let products = try #require(document["products"] as? Object)
        let tables = try #require(products[product] as? Object)
        return try #require((tables[table] as? [Object])?.first)
    }

    /// Rows whose stored figures disagree with what they are worked out
    /// from: each is refused with exit 65, naming the product's row and what
    /// is wrong, and nothing of the file is imported (CORE-11, WALK-3,
    /// WALK-4, HA-2, HA-6).
    @Test func rowsThatBreakAProductsRulesAreRefusedUnchanged() throws {
        let cli = try ExchangeCommandTests.populated()
        let document = try Self.exported(cli)
        let walk = try #require(try Self.firstRow(document, "walks", "walks")["id"] as? String)
        let photo = try #require(try Self.firstRow(document, "hereafter", "hereafter_photos")["message_id"] as? String)
        let message = try #require(try Self.firstRow(document, "hereafter", "hereafter_messages")["id"] as? String)
        let account = try #require(
            try Self.firstRow(document, "lifetimer", "lifetimer_accounts")["username"] as? String)
        let before = try cli.dump()
        func moved(_ points: Any?) -> Any {
            let segments = (points as? Object)?["track"] as? [[[Any]]] ?? []
            return [
                "track": segments.map { segment in
                    segment.map { point in [((point[0] as? Double) ?? 0) + 0.01] + point.dropFirst() }
                }
            ]
        }
        let cases: [(String, String, String, (inout Object) -> Void, [String])] = [
            (
                "walks", "walks", "points do not decode", { $0["points"] = ["base64": "AAAA"] },
                [
                    "walks: walk \(walk): its points do not decode"
                ]
            ),
            (
                "walks", "walks", "distance", { $0["distance_m"] = 1.0 },
                [
                    "walks: walk \(walk): distance is stored as 1.0 m but its points give", "(column distance_m)",
                ]
            ),
            (
                "walks", "walks", "points moved", { $0["points"] = moved($0["points"]) },
                [
                    "walks: walk \(walk): southern bound is stored as", "(column min_latitude)",
                ]
            ),
            (
                "walks", "walks", "simplified", { $0["simplified"] = ["track": [] as [Any]] },
                [
                    "walks: walk \(walk): its simplified path is not the one its points give (column simplified)"
                ]
            ),
            (
                "hereafter", "hereafter_photos", "photo",
                {
                    $0["bytes"] = ["base64": Data("hello".utf8).base64EncodedString()]; $0["byte_count"] = 5
                },
                [
                    "hereafter: photo of message \(photo): declared image/png but its bytes are no JPEG, PNG or HEIC image"
                ]
            ),
            (
                "hereafter", "hereafter_messages", "message moved",
                { $0["latitude"] = (($0["latitude"] as? Double) ?? 0) + 0.01 },
                [
                    "hereafter: message \(message): ", "m from its thread's centre; a thread reaches 150 m",
                ]
            ),
            (
                "lifetimer", "lifetimer_accounts", "streak", { $0["longest_streak_days"] = 9 },
                [
                    "lifetimer: account \(account): longest streak is stored as 9 days but the active days make"
                ]
            ),
        ]
        for (product, table, name, change, words) in cases {
            let path = try Self.edited(cli, document, product, table, change)
            let result = try cli.run("import", path)
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: the file's rows break the products' rules: "), "\(name)")
            for word in words { #expect(result.stderr.contains(word), "\(name): \(result.stderr)") }
            #expect(result.stderr.hasSuffix("; nothing was imported\n"), "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(try cli.dump() == before, "\(name)")
        }
        // Afterwards the backup still works: the file is unchanged, and export too.
        #expect(try cli.run("export", "--json", cli.path("after.json")).status == 0)
    }

    /// A problem the database already had is not the file's: an import
    /// that adds none goes through, and `db check` still reports the old one.
    @Test func aProblemAlreadyInTheDatabaseDoesNotStopAnImport() throws {
        let cli = try ExchangeCommandTests.populated()
        let document = try Self.exported(cli)
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1"><trk><name>Other</name><trkseg>
            <trkpt lat="48.0" lon="11.0"><time>2026-11-20T08:00:00Z</time></trkpt>
            <trkpt lat="48.01" lon="11.0"><time>2026-11-20T08:10:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        try gpx.write(toFile: cli.path("other.gpx"), atomically: true, encoding: .utf8)
        #expect(try cli.run("walks", "import", cli.path("other.gpx")).status == 0)
        _ = try cli.sqlite("UPDATE walks SET distance_m = 2.0 WHERE name = 'Other'")
        let other = try cli.sqlite("SELECT id FROM walks WHERE name = 'Other'")
        let path = try Self.edited(cli, document, "walks", "walks") { $0["name"] = "Renamed canal walk" }
        let result = try cli.run("import", path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.sqlite("SELECT count(*) FROM walks WHERE name = 'Renamed canal walk'") == "1")
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-11-24T12:00:00Z"
        let check = try later.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stdout.contains("walk \(other): distance is stored as 2.0 m"), "\(check.stdout)")
    }

    /// Values no column of the table allows: exit 65 with one line naming
    /// the table, the row by its key and the column, never SQLite's words,
    /// and nothing imported (REL-3).
    @Test func valuesATableRefusesAreMalformedInput() throws {
        let cli = try ExchangeCommandTests.populated()
        let document = try Self.exported(cli)
        let walk = try #require(try Self.firstRow(document, "walks", "walks")["id"] as? String)
        let before = try cli.dump()
        let cases: [(String, (inout Object) -> Void, String)] = [
            (
                "negative", { $0["distance_m"] = -5 },
                "the file's walks row '\(walk)' has distance_m -5, which the table does not allow"
            ),
            (
                "state", { $0["state"] = "paused" },
                "the file's walks row '\(walk)' has state 'paused', which the table does not allow"
            ),
            (
                "id", { $0["id"] = "NOT-A-UUID" },
                "the file's walks row 'NOT-A-UUID' has id 'NOT-A-UUID', which the table does not allow"
            ),
            (
                "type", { $0["distance_m"] = "abc" },
                "the file's walks row '\(walk)' has distance_m 'abc', but the column holds real values"
            ),
            (
                "missing", { $0["points"] = nil },
                "the file's walks row '\(walk)' has source, state, points, simplified and pruned_at that do not fit together by the table's rules (points not in the file)"
            ),
            (
                "no source", { $0["source"] = nil },
                "the file's walks row '\(walk)' has no source, which the table requires"
            ),
            ("no id", { $0["id"] = nil }, "the file's walks row 1 has no id, which the table requires"),
        ]
        for (name, change, expected) in cases {
            let path = try Self.edited(cli, document, "walks", "walks", change)
            let result = try cli.run("import", path)
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr == "error: \(expected); nothing was imported\n", "\(name)")
            #expect(try cli.dump() == before, "\(name)")
        }
    }

    /// WALK-1 across devices: a walk whose GPX file this database already
    /// holds under another id is skipped and said so, in text and in --json;
    /// the walk already here is left as it is.
    @Test func aWalkWhoseFileIsAlreadyHereIsSkippedAndReported() throws {
        let cli = try ExchangeCommandTests.populated()
        let document = try Self.exported(cli)
        let walk = try #require(try Self.firstRow(document, "walks", "walks")["id"] as? String)
        let copy = "0f0f0f0f-1111-4222-8333-444444444444"
        let path = try Self.edited(cli, document, "walks", "walks") {
            $0["id"] = copy
            $0["name"] = "Another name"
        }
        let rows = try #require(document["products"] as? Object).values.compactMap { $0 as? Object }
            .flatMap(\.values).compactMap { $0 as? [Any] }.reduce(0) { $0 + $1.count }
        let before = try cli.dump()
        let text = try cli.run("import", path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout == """
                Imported \(rows - 1) rows from \(path); skipped 1 walk already imported:
                  skipped walk \(copy): its GPX file (canal.gpx) is already imported here as walk \(walk)

                """)
        #expect(try cli.dump() == before)
        let json = try cli.run("import", path, "--json")
        #expect(json.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? Object)
        #expect(summary["rows"] as? Int == rows)
        #expect(summary["imported"] as? Int == rows - 1)
        let skipped = try #require(summary["skippedWalks"] as? [Object])
        #expect(skipped.count == 1)
        #expect(skipped.first?["id"] as? String == copy)
        #expect(skipped.first?["existingId"] as? String == walk)
        #expect(skipped.first?["sourceFile"] as? String == "canal.gpx")
        #expect(skipped.first?["sourceTrack"] as? Int == 0)
        #expect(try cli.dump() == before)
        // Its own export imports with nothing skipped.
        let same = try cli.run("import", cli.path("good.json"), "--json")
        let sameSummary = try #require(try JSONSerialization.jsonObject(with: same.stdoutData) as? Object)
        #expect((sameSummary["skippedWalks"] as? [Any])?.isEmpty == true)
        #expect(sameSummary["imported"] as? Int == rows)
    }
}
