import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: what `lifectl import` refuses or skips (issue 13 review).
/// Each case edits the database's own export, imports it, and compares
/// the exit status, the words and the `.dump` with what they must be.
@Suite(.tags(.endToEnd)) struct ExchangeImportCheckTests {
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
    /// WALK-4, HA-2, HA-6). Issue 17: the rows are those already here, so a
    /// merge would keep this database's values; the file's row is refused
    /// on its own by its product's import rules (the table, the row and the
    /// column named), where the invariants before the commit refused it.
    @Test func rowsThatBreakAProductsRulesAreRefusedUnchanged() throws {
        let cli = try ExchangeCommandTests.populated()
        let document = try Self.exported(cli)
        let walk = try #require(try Self.firstRow(document, "walks", "walks")["id"] as? String)
        let photo = try #require(try Self.firstRow(document, "hereafter", "hereafter_photos")["message_id"] as? String)
        let message = try #require(try Self.firstRow(document, "hereafter", "hereafter_messages")["id"] as? String)
        let before = try cli.dump()
        func moved(_ points: Any?) -> Any {
            let segments = (points as? Object)?["track"] as? [[[Any]]] ?? []
            return [
                "track": segments.map { segment in
                    segment.map { point in [((point[0] as? Double) ?? 0) + 0.01] + point.dropFirst() }
                }
            ]
        }
        let walkRow = "error: the file's walks row '\(walk)' is refused: "
        let cases: [(String, String, String, (inout Object) -> Void, [String])] = [
            (
                // The encoding's bytes, which do not decode.
                "walks", "walks", "points do not decode", { $0["points"] = ["base64": "AAAA"] },
                [
                    walkRow
                        + "its points do not decode: track encoding version 0 is unknown; this build reads 1 (column points)"
                ]
            ),
            (
                "walks", "walks", "distance", { $0["distance_m"] = 1.0 },
                [walkRow + "distance is stored as 1.0 m but its points give", "(column distance_m)"]
            ),
            (
                // Points moved north: the first figure that disagrees is the distance.
                "walks", "walks", "points moved", { $0["points"] = moved($0["points"]) },
                [walkRow + "distance is stored as", "but its points give", "(column distance_m)"]
            ),
            (
                "walks", "walks", "simplified", { $0["simplified"] = ["track": [] as [Any]] },
                [walkRow + "its simplified path is not the one its points give (column simplified)"]
            ),
            (
                "hereafter", "hereafter_photos", "photo",
                {
                    $0["bytes"] = ["base64": Data("hello".utf8).base64EncodedString()]; $0["byte_count"] = 5
                },
                [
                    "error: the file's hereafter_photos row '\(photo)' is refused: declared image/png but its bytes are no JPEG, PNG or HEIC image (columns media_type, bytes)"
                ]
            ),
            (
                "hereafter", "hereafter_messages", "message moved",
                { $0["latitude"] = (($0["latitude"] as? Double) ?? 0) + 0.01 },
                [
                    "error: the file's hereafter_messages row '\(message)' is refused: ",
                    " m from its thread's centre (columns latitude, longitude); a thread reaches 150 m",
                ]
            ),
        ]
        for (product, table, name, change, words) in cases {
            let path = try Self.edited(cli, document, product, table, change)
            let result = try cli.run("import", path)
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix(words[0]), "\(name): \(result.stderr)")
            for word in words { #expect(result.stderr.contains(word), "\(name): \(result.stderr)") }
            #expect(result.stderr.hasSuffix("; nothing was imported\n"), "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(try cli.dump() == before, "\(name)")
        }
        // A longest streak is derived (recomputed from the active days after a
        // merge, never taken from a file): a file that says 9 changes nothing.
        let streak = try Self.edited(cli, document, "lifetimer", "lifetimer_accounts") {
            $0["longest_streak_days"] = 9
        }
        let derived = try cli.run("import", streak)
        #expect(derived.status == 0, "\(derived.stderr)")
        #expect(try cli.dump() == before)
        // Afterwards the backup still works: the file is unchanged, and export too.
        #expect(try cli.run("export", "--json", cli.path("after.json")).status == 0)
    }

    /// A problem the database already had is not the file's: an import
    /// that adds none goes through, and `db check` still reports the old one.
    /// Issue 17: the file brings a walk new here (a rename of a walk here
    /// is no longer the file's to make: no command renames a walk, its name
    /// is set once).
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
        let path = try Self.edited(cli, document, "walks", "walks") {
            $0["id"] = Self.copyID
            $0["source_sha256"] = String(repeating: "ab", count: 32)
            $0["name"] = "Another canal walk"
        }
        let result = try cli.run("import", path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try cli.sqlite("SELECT count(*) FROM walks WHERE id = '\(Self.copyID)' AND name = 'Another canal walk'")
                == "1")
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-11-24T12:00:00Z"
        let check = try later.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stdout.contains("walk \(other): distance is stored as 2.0 m"), "\(check.stdout)")
    }

    /// An id no row here has, for a walk new to this database.
    static let copyID = "0f0f0f0f-1111-4222-8333-444444444444"

    /// Values no column of the table allows: exit 65 with one line naming
    /// the table, the row by its key and the column, never SQLite's words,
    /// and nothing imported (REL-3). Issue 17: on a walk new here (another
    /// id, another file): a row already here merges by its columns'
    /// policies, and what the file leaves out is taken from it; numbers are
    /// quoted as the column holds them (-5.0); a walk whose file is here
    /// already is refused when broken, not left out.
    @Test func valuesATableRefusesAreMalformedInput() throws {
        let cli = try ExchangeCommandTests.populated()
        let document = try Self.exported(cli)
        let copy = Self.copyID
        let before = try cli.dump()
        let cases: [(String, (inout Object) -> Void, String)] = [
            (
                "negative", { $0["distance_m"] = -5 },
                "the file's walks row '\(copy)' is refused: distance_m is -5.0; it must be a finite number of metres from 0 to 1,000,000,000"
            ),
            (
                "state", { $0["state"] = "paused" },
                "the file's walks row '\(copy)' is refused: state is 'paused'; it must be one of recording, finished"
            ),
            (
                "id", { $0["id"] = "NOT-A-UUID" },
                "the file's walks row 'NOT-A-UUID' is refused: id is 'NOT-A-UUID'; it must be a lower-case UUID"
            ),
            (
                "type", { $0["distance_m"] = "abc" },
                "the file's walks row '\(copy)' is refused: distance_m is 'abc'; it must be a number"
            ),
            (
                "missing", { $0["points"] = nil },
                "the file's walks row '\(copy)' has source, state, points, simplified and pruned_at that do not fit together by the table's rules (points not in the file)"
            ),
            (
                "no source", { $0["source"] = nil },
                "the file's walks row '\(copy)' is refused: source is missing; it is required"
            ),
            ("no id", { $0["id"] = nil }, "the file's walks row 1 has no id, which identifies its row"),
        ]
        for (name, change, expected) in cases {
            let path = try Self.edited(cli, document, "walks", "walks") {
                $0["id"] = copy
                $0["source_sha256"] = String(repeating: "ab", count: 32)
                change(&$0)
            }
            let result = try cli.run("import", path)
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr == "error: \(expected); nothing was imported\n", "\(name)")
            #expect(try cli.dump() == before, "\(name)")
        }
        // The walk here under another id, broken: refused, not left out as a copy.
        let broken = try Self.edited(cli, document, "walks", "walks") {
            $0["id"] = copy
            $0["distance_m"] = -5
        }
        let result = try cli.run("import", broken)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "error: the file's walks row '\(copy)' is refused: distance_m is -5.0; it must be a finite number of metres from 0 to 1,000,000,000; nothing was imported\n"
        )
        #expect(try cli.dump() == before)
    }

    /// WALK-1 across devices: a walk whose GPX file this database already
    /// holds under another id is skipped and said so, in text and in --json;
    /// the walk already here is left as it is. Issue 17: the report is the
    /// kernel's, for any product's row (`skipped`: product, table, id,
    /// existingId, reason), where it was Walks' own (`skippedWalks`).
    @Test func aWalkWhoseFileIsAlreadyHereIsSkippedAndReported() throws {
        let cli = try ExchangeCommandTests.populated()
        let document = try Self.exported(cli)
        let walk = try #require(try Self.firstRow(document, "walks", "walks")["id"] as? String)
        let copy = Self.copyID
        let path = try Self.edited(cli, document, "walks", "walks") {
            $0["id"] = copy
            $0["name"] = "Another name"
        }
        let rows = try #require(document["products"] as? Object).values.compactMap { $0 as? Object }
            .flatMap(\.values).compactMap { $0 as? [Any] }.reduce(0) { $0 + $1.count }
        let reason = "its GPX file (canal.gpx) is already imported here as walk \(walk)"
        let before = try cli.dump()
        let text = try cli.run("import", path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout == """
                Imported \(rows - 1) rows from \(path) (0 added or changed); skipped 1 row:
                  skipped walks walks row \(copy): \(reason)

                """)
        #expect(try cli.dump() == before)
        let json = try cli.run("import", path, "--json")
        #expect(json.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? Object)
        #expect(summary["rows"] as? Int == rows)
        #expect(summary["imported"] as? Int == rows - 1)
        #expect(summary["changed"] as? Int == 0)
        let skipped = try #require(summary["skipped"] as? [Object])
        #expect(skipped.count == 1)
        #expect(skipped.first?["product"] as? String == "walks")
        #expect(skipped.first?["table"] as? String == "walks")
        #expect(skipped.first?["id"] as? String == copy)
        #expect(skipped.first?["existingId"] as? String == walk)
        #expect(skipped.first?["reason"] as? String == reason)
        #expect(try cli.dump() == before)
        // Its own export imports with nothing skipped.
        let same = try cli.run("import", cli.path("good.json"), "--json")
        let sameSummary = try #require(try JSONSerialization.jsonObject(with: same.stdoutData) as? Object)
        #expect((sameSummary["skipped"] as? [Any])?.isEmpty == true)
        #expect(sameSummary["imported"] as? Int == rows)
    }

    /// Two devices, each with its own LifeTimer owner, merged both ways
    /// (CORE-10, LT-8): each database keeps its owner, the other device's
    /// owner joins as an account of its own with its goal; nothing is
    /// overwritten (the one-owner index was merged on, and replaced this
    /// owner's username with the other's).
    @Test func twoDevicesOwnersMergeBothWays() throws {
        let a = try Lifectl()
        #expect(try a.run("lifetimer", "account", "create", "dan", "--visibility", "public").status == 0)
        #expect(try a.run("lifetimer", "goal", "add", "A goal").status == 0)
        let c = try Lifectl()
        #expect(try c.run("lifetimer", "account", "create", "bee", "--visibility", "public").status == 0)
        #expect(try c.run("lifetimer", "goal", "add", "C goal").status == 0)
        #expect(try a.run("export", "--json", a.path("a.json")).status == 0)
        #expect(try c.run("export", "--json", c.path("c.json")).status == 0)
        let intoA = try a.run("import", c.path("c.json"))
        #expect(intoA.status == 0, "\(intoA.stderr)")
        let intoC = try c.run("import", a.path("a.json"))
        #expect(intoC.status == 0, "\(intoC.stderr)")
        let accounts =
            "SELECT username || ':' || is_owner || ':' || goals_created FROM lifetimer_accounts ORDER BY username"
        #expect(try a.sqlite(accounts) == "bee:0:1\ndan:1:1")
        #expect(try c.sqlite(accounts) == "bee:1:1\ndan:0:1")
        let goals =
            "SELECT a.username || ' ' || g.number || ' ' || g.title FROM lifetimer_goals g JOIN lifetimer_accounts a ON a.id = g.account_id ORDER BY 1"
        #expect(try a.sqlite(goals) == "bee 1 C goal\ndan 1 A goal")
        let goalsInA = try a.sqlite(goals)
        #expect(try c.sqlite(goals) == goalsInA)
        #expect(try a.run("db", "check").status == 0)
        #expect(try c.run("db", "check").status == 0)
        // Again: nothing left to change, and the summary says so.
        let before = try a.dump()
        let again = try a.run("import", c.path("c.json"))
        #expect(again.stdout.hasSuffix(" (0 added or changed).\n"), "\(again.stdout)")
        #expect(try a.dump() == before)
    }

    /// A goal whose account is nowhere is told as such, not by the
    /// numbering rule it then also breaks.
    @Test func aGoalOfNoAccountIsNamed() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "dan").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Swim").status == 0)
        let document = try Self.exported(cli)
        let nowhere = "0f0f0f0f-1111-4222-8333-444444444444"
        let path = try Self.edited(cli, document, "lifetimer", "lifetimer_goals") {
            $0["account_id"] = nowhere
            $0["id"] = "0f0f0f0f-1111-4222-8333-555555555555"
        }
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65)
        // Exit 65 naming the table and the row (the merge contract, issue 17).
        #expect(
            result.stderr
                == "error: the file's lifetimer_goals row '0f0f0f0f-1111-4222-8333-555555555555' is refused: goal 'Swim' belongs to account '\(nowhere)', which is neither in the file nor in this database; nothing was imported\n"
        )
        #expect(try cli.dump() == before)
    }

    /// CORE-9 holds for imported text as for typed text: no control
    /// character but newline and tab, in any table.
    @Test(arguments: ["a\u{0}b", "a\u{7}b", "a\rb", "a\u{85}b"])
    func aControlCharacterInImportedTextIsRefused(text: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "dan", "--bio", "Hello").status == 0)
        let document = try Self.exported(cli)
        let path = try Self.edited(cli, document, "lifetimer", "lifetimer_accounts") { $0["bio"] = text }
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65)
        let code = String(text.unicodeScalars.dropFirst().first?.value ?? 0, radix: 16, uppercase: true)
        let id = try cli.sqlite("SELECT id FROM lifetimer_accounts")
        #expect(
            result.stderr
                == "error: the file's lifetimer_accounts row '\(id)' has bio with the control character U+\(String(repeating: "0", count: 4 - code.count) + code); only newline and tab are allowed in text; nothing was imported\n"
        )
        #expect(try cli.dump() == before)
        // Newline and tab are text: a newer edit of the profile (its
        // updated_at later) brings them in (import merges, issue 17).
        let fine = try Self.edited(cli, document, "lifetimer", "lifetimer_accounts") {
            $0["bio"] = "a\nb\tc"
            $0["updated_at"] = "2026-11-22 12:00:01.000"
        }
        #expect(try cli.run("import", fine).status == 0)
        #expect(try cli.sqlite("SELECT hex(bio) FROM lifetimer_accounts") == "610A620963")
    }

    /// A file of the wrong shape is told by where it is wrong, in words,
    /// not by Swift's description of a decoding error.
    @Test func aFileOfTheWrongShapeIsToldInWords() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        var document = try Self.exported(cli)
        var products = try #require(document["products"] as? Object)
        products["finite"] = [Any]()
        document["products"] = products
        let path = cli.path("shape.json")
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65)
        // The file is one line; the list starts after `"finite":`.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let member = try #require(text.range(of: "\"finite\":[]"))
        let column = text.distance(from: text.startIndex, to: member.lowerBound) + "\"finite\":".count + 1
        #expect(result.stderr == "error: \(path):1:\(column): products.finite must be an object of tables\n")
        #expect(!result.stderr.contains("DecodingError"))
        #expect(try cli.dump() == before)
    }

    /// CORE-10: an account merges by id only. Another device's account with
    /// a username taken here is refused with 65; the local account is not
    /// overwritten with the file's bio and visibility (an upsert on the
    /// username index did that).
    @Test func anAccountWithATakenUsernameIsRefusedNotMerged() throws {
        let here = try Lifectl()
        #expect(try here.run("lifetimer", "account", "create", "zed").status == 0)
        #expect(try here.run("lifetimer", "account", "create", "bob", "--bio", "local bob").status == 0)
        let there = try Lifectl()
        #expect(
            try there.run("lifetimer", "account", "create", "bob", "--bio", "remote bob", "--visibility", "public")
                .status == 0)
        #expect(try there.run("export", "--json", there.path("there.json")).status == 0)
        let before = try here.dump()
        let result = try here.run("import", there.path("there.json"))
        #expect(result.status == 65)
        #expect(result.stderr.contains("has the same username as another row"), "\(result.stderr)")
        #expect(try here.dump() == before)
        #expect(
            try here.sqlite("SELECT bio || ' ' || visibility FROM lifetimer_accounts WHERE username = 'bob'")
                == "local bob private")
    }

    /// Two devices' Hereafter threads: the R*Tree keys are each database's
    /// own numbering, so a thread new here whose key is taken gets the next
    /// free one; both threads are found at their places afterwards.
    @Test func twoDevicesThreadsKeepTheirPlaces() throws {
        let a = try Lifectl()
        let b = try Lifectl()
        for cli in [a, b] { #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0) }
        #expect(try a.run("hereafter", "plant", "--text", "a", "--at", "10,10", "--unlock", "2027-01-01").status == 0)
        #expect(try b.run("hereafter", "plant", "--text", "b", "--at", "20,20", "--unlock", "2027-01-01").status == 0)
        #expect(try b.run("export", "--json", b.path("b.json")).status == 0)
        let result = try a.run("import", b.path("b.json"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try a.sqlite("SELECT count(DISTINCT location_key) FROM hereafter_threads") == "2")
        for place in ["10,10", "20,20"] {
            let regions = try a.run("hereafter", "geofences", "--at", place, "--json")
            #expect(regions.stdout.contains("\"distanceMeters\" : 0"), "\(place): \(regions.stdout)")
        }
        #expect(try a.run("db", "check").status == 0)
    }

    /// CORE-5 holds for imported LifeTimer zones as for typed ones: an
    /// offset is no IANA name; refused (65) with the row, and `db check`
    /// flags one written by hand.
    /// (A countdown already here is left as it is by an import, and a
    /// trigger keeps it from being edited, so accounts carry the case.)
    @Test(arguments: ["lifetimer_accounts"])
    func anImportedOffsetZoneIsRefused(table: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "dan").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Swim").status == 0)
        #expect(try cli.run("lifetimer", "start").status == 0)
        let document = try Self.exported(cli)
        let path = try Self.edited(cli, document, "lifetimer", table) { $0["time_zone"] = "GMT+5" }
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65, "\(result.stderr)")
        // The row and column named, by the same rule the commands apply (exit 65).
        let id = try cli.sqlite("SELECT \(table == "lifetimer_accounts" ? "id" : "account_id") FROM \(table)")
        #expect(
            result.stderr
                == "error: the file's \(table) row '\(id)' is refused: time_zone is 'GMT+5'; it must be an IANA time zone name such as Europe/Berlin or UTC; nothing was imported\n"
        )
        #expect(try cli.dump() == before)
        _ = try cli.sqlite("UPDATE \(table) SET time_zone = 'GMT+5'")
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(check.stdout.contains("'GMT+5' is not a known IANA time zone name"), "\(check.stdout)")
    }

    /// An export lists goals in no particular order; an import into an
    /// empty database takes each account's goals in the order of their
    /// numbers (LT-2), so several accounts with several goals come back.
    @Test func manyGoalsOfManyAccountsComeBack() throws {
        let cli = try Lifectl()
        for name in ["ada", "bob", "dee"] { #expect(try cli.run("lifetimer", "account", "create", name).status == 0) }
        for number in 1...6 {
            for name in ["bob", "dee"] {
                #expect(try cli.run("lifetimer", "goal", "add", "\(name) \(number)", "--as", name).status == 0)
            }
        }
        #expect(try cli.run("lifetimer", "goal", "delete", "2", "--as", "bob").status == 0)
        #expect(try cli.run("export", "--json", cli.path("all.json")).status == 0)
        let empty = try Lifectl()
        let result = try empty.run("import", cli.path("all.json"))
        #expect(result.status == 0, "\(result.stderr)")
        let goals =
            "SELECT a.username || ' ' || g.number FROM lifetimer_goals g JOIN lifetimer_accounts a ON a.id = g.account_id ORDER BY 1"
        let expected = try cli.sqlite(goals)
        #expect(try empty.sqlite(goals) == expected)
        #expect(
            try empty.sqlite(
                "SELECT group_concat(goals_created) FROM (SELECT goals_created FROM lifetimer_accounts ORDER BY username)"
            ) == "0,6,6")
    }

    /// DM-10: a `--for-sync` export withholds moods and feedback (null) when
    /// mood sharing is off; importing it back (a sync round trip) leaves the
    /// moods stored here as they are, and changes nothing.
    @Test func aSyncFileDoesNotEraseWithheldMoods() throws {
        let a = try Lifectl(now: "2026-11-20T10:00:00Z")
        #expect(try a.run("dailymenu", "settings", "--name", "Robin", "--share-mood", "off").status == 0)
        var early = a
        early.environment["LIFECTL_NOW"] = "2026-11-19T03:30:00Z"
        #expect(
            try early.run(
                "dailymenu", "complete", "box-breath", "--mood-before", "low", "--mood-after", "better", "--feedback",
                "loved"
            )
            .status == 0)
        #expect(try a.run("dailymenu", "start", "box-breath", "--mood-before", "okay").status == 0)
        #expect(try a.run("export", "--json", a.path("sync.json"), "--for-sync").status == 0)
        let file = try String(contentsOfFile: a.path("sync.json"), encoding: .utf8)
        #expect(!file.contains("Better") && !file.contains("Loved it"))  // withheld
        let before = try a.dump()
        let result = try a.run("import", a.path("sync.json"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(0 added or changed)"), "\(result.stdout)")
        #expect(try a.dump() == before)
        #expect(
            try a.sqlite("SELECT before_mood || ' ' || after_mood || ' ' || feedback FROM dailymenu_completions")
                == "Low Better Loved it")
        #expect(try a.sqlite("SELECT before_mood FROM dailymenu_starts") == "Okay")
    }
}
