import Foundation
import LifeKitTestSupport
import Testing

/// `lifectl import` of Hereafter's rows, end to end (issue 17, SPEC CORE-12,
/// SYNC-2, SYNC-4, HA-2, HA-3, HA-5): whatever planting or replying refuses,
/// an import refuses (exit 65 naming the table, the row and the column, the
/// database unchanged); no refusal quotes a locked note's words; an older
/// export moves nothing back (a discovered note stays discovered); a second
/// import changes nothing.
@Suite(.tags(.endToEnd)) struct HereafterImportTests {
    typealias Object = [String: Any]

    static let gate = "52.5163,13.3777"
    /// Words only a locked note holds: no output may show them (HA-3).
    static let marker = "zanzibar kite"

    /// Ada's notes at the Brandenburg Gate, planted 2026-11-22 (UTC): the
    /// first with a photo, opening 2026-12-01; the second opening 2027-03-01.
    /// Their ids, in that order.
    static func planted() throws -> (Lifectl, first: String, second: String) {
        let cli = try Lifectl()
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        try DBDoctorTests.png.write(to: URL(fileURLWithPath: cli.path("photo.png")))
        let first = try cli.run(
            "hereafter", "plant", "--text", "First words", "--at", Self.gate, "--place", "Gate", "--unlock",
            "2026-12-01", "--photo", cli.path("photo.png"))
        #expect(first.status == 0, "\(first.stderr)")
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-11-22T12:10:00Z"
        let second = try later.run(
            "hereafter", "plant", "--text", "Second \(Self.marker)", "--at", Self.gate, "--unlock", "2027-03-01")
        #expect(second.status == 0, "\(second.stderr)")
        let ids = try cli.sqlite("SELECT id FROM hereafter_messages ORDER BY created_at").split(separator: "\n")
        return (cli, String(ids[0]), String(ids[1]))
    }

    /// `rows` of `table` in the export of `cli`, changed by `change`, written
    /// to `name`: the file's path.
    static func file(
        _ cli: Lifectl, _ table: String, name: String, _ change: (inout [Object]) throws -> Void
    ) throws -> String {
        let document = try ExchangeImportCheckTests.exported(cli)
        var rows = try WalksImportTests.rows(document, "hereafter", table)
        try change(&rows)
        return try WalksImportTests.write(document, "hereafter", table, rows: rows, to: name, in: cli)
    }

    /// The row of `rows` whose `column` is `value`.
    static func row(_ rows: [Object], _ column: String, _ value: String) throws -> Object {
        try #require(rows.first { $0[column] as? String == value })
    }

    static let newID = "0f0f0f0f-1111-4222-8333-444444444444"
    static let otherID = "0f0f0f0f-1111-4222-8333-555555555555"

    // MARK: Locks (HA-2, HA-3)

    /// An unlock instant before planting, away from its unlock date, is a
    /// lock that contradicts itself: refused (it opened the note on the next
    /// visit). The start of the date in another zone (UTC+14) is a lock.
    @Test func anUnlockInstantThatContradictsItsDateIsRefused() throws {
        let (cli, _, second) = try Self.planted()
        let contradiction =
            "unlock_at is 2026-11-01 00:00:00.000 UTC, which is not the start of the unlock date 2027-03-01 in any time zone"
        let copied = try Self.file(cli, "hereafter_messages", name: "copy.json") { rows in
            var note = try Self.row(rows, "id", second)
            note["id"] = Self.newID
            note["unlock_at"] = "2026-11-01 00:00:00.000"
            rows.append(note)
        }
        try WalksImportTests.expectRefused(
            cli, copied, "the file's hereafter_messages row '\(Self.newID)' is refused: \(contradiction)", "new")
        let edited = try Self.file(cli, "hereafter_messages", name: "edited.json") { rows in
            let index = try #require(rows.firstIndex { $0["id"] as? String == second })
            rows[index]["unlock_at"] = "2026-11-01 00:00:00.000"
        }
        try WalksImportTests.expectRefused(
            cli, edited, "the file's hereafter_messages row '\(second)' is refused: \(contradiction)", "here")
        // Nothing opens on the next visit.
        var next = cli
        next.environment["LIFECTL_NOW"] = "2026-11-23T09:00:00Z"
        let visit = try next.run("hereafter", "visit", "--at", Self.gate, "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: visit.stdoutData) as? Object)
        #expect((report["discovered"] as? [Any])?.isEmpty == true)
        // 2027-03-01 starts at 2027-02-28 10:00 UTC on Kiritimati (UTC+14): a lock.
        let kiritimati = try Self.file(cli, "hereafter_messages", name: "east.json") { rows in
            var note = try Self.row(rows, "id", second)
            note["id"] = Self.newID
            note["unlock_at"] = "2027-02-28 10:00:00.000"
            rows.append(note)
        }
        let accepted = try cli.run("import", kiritimati)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(
            try cli.sqlite("SELECT unlock_at FROM hereafter_messages WHERE id = '\(Self.newID)'")
                == "2027-02-28 10:00:00.000")
    }

    // MARK: Replies (HA-5)

    /// Two messages each the other's parent are no replies: a reply comes
    /// after the message it answers, which is here already or earlier in the
    /// file, so parents never form a cycle.
    @Test func aParentCycleIsRefused() throws {
        let (cli, first, second) = try Self.planted()
        let cycle = try Self.file(cli, "hereafter_messages", name: "cycle.json") { rows in
            var a = try Self.row(rows, "id", second)
            a["id"] = Self.newID
            a["parent_id"] = Self.otherID
            a["created_at"] = "2026-11-22 12:20:00.000"
            var b = a
            b["id"] = Self.otherID
            b["parent_id"] = Self.newID
            b["created_at"] = "2026-11-22 12:30:00.000"
            rows += [b, a]
        }
        try WalksImportTests.expectRefused(
            cli, cycle,
            "the file's hereafter_messages row '\(Self.newID)' is refused: parent_id names message \(Self.otherID), which is neither in this database nor written before it in the file; a reply comes after the message it answers",
            "cycle")
        // A message already here cannot be made the reply of a later one.
        let backwards = try Self.file(cli, "hereafter_messages", name: "backwards.json") { rows in
            let index = try #require(rows.firstIndex { $0["id"] as? String == first })
            rows[index]["parent_id"] = second
        }
        try WalksImportTests.expectRefused(
            cli, backwards,
            "the file's hereafter_messages row '\(first)' is refused: parent_id names message \(second), written after this one (2026-11-22 12:10:00.000 UTC); a reply comes after the message it answers",
            "backwards")
        // Nor the reply of a note not yet discovered.
        let early = try Self.file(cli, "hereafter_messages", name: "early.json") { rows in
            var reply = try Self.row(rows, "id", second)
            reply["id"] = Self.newID
            reply["parent_id"] = first
            reply["created_at"] = "2026-11-22 12:20:00.000"
            rows.append(reply)
        }
        try WalksImportTests.expectRefused(
            cli, early,
            "the file's hereafter_messages row '\(Self.newID)' is refused: parent_id names message \(first), which is not discovered; only a discovered note can be answered",
            "locked parent")
    }

    // MARK: Places and photos (HA-2)

    /// A message joins a thread within 150 m of its centre: one 0.002° of
    /// latitude away (222.7 m near 52.5° N) is refused.
    @Test func aMessageTooFarFromItsThreadIsRefused() throws {
        let (cli, _, second) = try Self.planted()
        let far = try Self.file(cli, "hereafter_messages", name: "far.json") { rows in
            var note = try Self.row(rows, "id", second)
            note["id"] = Self.newID
            note["latitude"] = 52.5183
            rows.append(note)
        }
        let before = try cli.dump()
        let result = try cli.run("import", far)
        #expect(result.status == 65)
        #expect(
            result.stderr.hasPrefix("error: the file's hereafter_messages row '\(Self.newID)' is refused: 222."),
            "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                " m from its thread's centre (columns latitude, longitude); a thread reaches 150 m; nothing was imported\n"
            ))
        #expect(try cli.dump() == before)
    }

    /// A photo is of the type it declares, by its content (HA-2).
    @Test(arguments: [
        (Data("hello".utf8), "no JPEG, PNG or HEIC image"), (Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]), "image/jpeg"),
    ])
    func photoBytesNotOfTheirTypeAreRefused(bytes: Data, found: String) throws {
        let (cli, _, second) = try Self.planted()
        let path = try Self.file(cli, "hereafter_photos", name: "photo.json") { rows in
            rows.append([
                "message_id": second, "media_type": "image/png", "byte_count": bytes.count,
                "bytes": ["base64": bytes.base64EncodedString()],
            ])
        }
        try WalksImportTests.expectRefused(
            cli, path,
            "the file's hereafter_photos row '\(second)' is refused: declared image/png but its bytes are \(found) (columns media_type, bytes)",
            found)
    }

    // MARK: Locked words (HA-3, REL-6)

    /// No refusal of an import quotes a locked note's words, with or
    /// without white space around them, whichever rule refuses it.
    @Test func anImportErrorNeverQuotesALockedNote() throws {
        let (cli, _, second) = try Self.planted()
        let words = Self.marker
        let cases: [(String, String, String, String)] = [
            (
                "spaces", Self.newID, "  \(words) lagoon  ",
                "the file's hereafter_messages row '\(Self.newID)' is refused: text has white space around it, which a saved text never has"
            ),
            (
                "newlines", Self.newID, "\n\(words)\n",
                "the file's hereafter_messages row '\(Self.newID)' is refused: text has white space around it, which a saved text never has"
            ),
            (
                "long", Self.newID, words + String(repeating: " \(words)", count: 40),
                "the file's hereafter_messages row '\(Self.newID)' is refused: text is 573 characters; the limit is 500"
            ),
            (
                "here", second, " \(words) ",
                "the file's hereafter_messages row '\(second)' is refused: text has white space around it, which a saved text never has"
            ),
        ]
        for (name, id, text, message) in cases {
            let path = try Self.file(cli, "hereafter_messages", name: "\(name).json") { rows in
                var note = try Self.row(rows, "id", second)
                note["id"] = id
                note["text"] = text
                if id == second {
                    rows[try #require(rows.firstIndex { $0["id"] as? String == second })] = note
                } else {
                    rows.append(note)
                }
            }
            try WalksImportTests.expectRefused(cli, path, message, name)
            let result = try cli.run("import", path, "--json")
            for part in ["zanzibar", "kite", "ZANZIBAR"] {
                #expect(!result.stderr.contains(part) && !result.stdout.contains(part), "\(name): \(result.stderr)")
            }
        }
    }

    // MARK: Merging (SYNC-2, SYNC-4)

    /// An export from before the visit, imported after it: the note stays
    /// discovered and read, the later name stays, the reply stays; again,
    /// nothing changes. The newer export brings all of it to a copy made
    /// from the older one, once.
    @Test func anOlderExportMovesNothingBackAndADiscoveredNoteStaysDiscovered() throws {
        let (cli, first, _) = try Self.planted()
        #expect(try cli.run("export", "--json", cli.path("old.json")).status == 0)
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-12-02T09:00:00Z"
        #expect(try later.run("hereafter", "visit", "--at", Self.gate).status == 0)
        #expect(try later.run("hereafter", "read", first).status == 0)
        #expect(try later.run("hereafter", "reply", first, "--text", "Thank you").status == 0)
        #expect(try later.run("hereafter", "onboard", "--name", "Ada L").status == 0)
        #expect(try later.run("export", "--json", cli.path("new.json")).status == 0)
        let state = """
            SELECT m.id, m.discovered_at, m.read_at, (SELECT first_name FROM hereafter_profile) FROM hereafter_messages m
            WHERE m.id = '\(first)'
            """
        #expect(
            try cli.sqlite(state) == "\(first)|2026-12-02 09:00:00.000|2026-12-02 09:00:00.000|Ada L")
        let before = try cli.dump()
        for _ in 0..<2 {
            #expect(try WalksImportTests.changed(importing: cli.path("old.json"), into: later) == 0)
            #expect(try cli.dump() == before)
        }
        #expect(try later.run("hereafter", "read", first).stdout.contains("First words"))

        // Forward, once: a copy made from the older export.
        let copy = try Lifectl(now: "2026-12-02T10:00:00Z")
        #expect(try copy.run("import", cli.path("old.json")).status == 0)
        // The profile (its name), the first note (discovered, read) and the reply.
        #expect(try WalksImportTests.changed(importing: cli.path("new.json"), into: copy) == 3)
        #expect(
            try copy.sqlite(state) == "\(first)|2026-12-02 09:00:00.000|2026-12-02 09:00:00.000|Ada L")
        let settled = try copy.dump()
        #expect(try WalksImportTests.changed(importing: cli.path("new.json"), into: copy) == 0)
        #expect(try copy.dump() == settled)
        #expect(try copy.run("db", "check").status == 0)
    }
}
