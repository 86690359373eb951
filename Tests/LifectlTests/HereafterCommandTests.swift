import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: the built lifectl's `hereafter` commands (SPEC §6, REL-3, REL-6).
@Suite(.tags(.endToEnd)) struct HereafterCommandTests {
    static let gate = "52.5163,13.3777"
    /// 149 m and 151 m north of the gate (Python geographiclib, WGS-84 Direct).
    static let north149 = "52.5176389990,13.3777"
    static let north151 = "52.5176569722,13.3777"

    static func onboarded(now: String = "2026-11-22T12:00:00Z", zone: String = "UTC") throws -> Lifectl {
        let cli = try Lifectl(now: now, timeZone: zone)
        let result = try cli.run("hereafter", "onboard", "--name", "Ada")
        #expect(result.status == 0, "onboard failed: \(result.stderr)")
        return cli
    }

    /// The same sandbox with its clock moved.
    static func at(_ cli: Lifectl, _ now: String) -> Lifectl {
        var moved = cli
        moved.environment["LIFECTL_NOW"] = now
        return moved
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// REL-6: a note with a unique text, and every `hereafter` command, human and
    /// --json, before discovery: the text appears in no output. Then, once
    /// discovered, it does appear (so the search for it works).
    @Test func lockedTextAppearsInNoOutputBeforeDiscovery() throws {
        let cli = try Self.onboarded()
        let secret = "zq-\(UUID().uuidString)-unique words"
        let plant = try cli.run(
            "hereafter", "plant", "--text", secret, "--at", Self.gate, "--place", "Gate", "--unlock", "2027-03-01")
        #expect(plant.status == 0, "\(plant.stderr)")
        let plantJSON = try cli.run(
            "hereafter", "plant", "--text", secret + " 2", "--at", Self.north149, "--unlock", "2027-06-01", "--json")
        #expect(plantJSON.status == 0)
        let id = try cli.sqlite("SELECT id FROM hereafter_messages WHERE text = '\(secret)'")
        try #require(id.count == 36)
        let thread = try cli.sqlite("SELECT thread_id FROM hereafter_messages WHERE id = '\(id)'")
        let commands: [[String]] = [
            ["hereafter", "onboard", "--name", "Ada"],
            ["hereafter", "visit", "--at", Self.gate],
            ["hereafter", "read", id],
            ["hereafter", "read", String(id.prefix(8))],
            ["hereafter", "reply", id, "--text", "answer"],
            ["hereafter", "thread", id],
            ["hereafter", "thread", thread],
            ["hereafter", "list"],
            ["hereafter", "list", "--search", "unique"],
            ["hereafter", "list", "--search", secret],
            ["hereafter", "geofences", "--at", Self.gate],
            ["hereafter", "geofences", "--at", Self.gate, "--previous", thread],
            ["hereafter", "chat"],
            ["db", "check"],
            ["db", "status"],
        ]
        var outputs: [String] = [plant.stdout, plant.stderr, plantJSON.stdout, plantJSON.stderr]
        // Visits the day before the unlock date, at the place itself.
        let early = Self.at(cli, "2027-02-28T23:00:00Z")
        for command in commands {
            for arguments in [command, command + ["--json"]] {
                let result = try early.run(arguments)
                outputs += [result.stdout, result.stderr]
                #expect(result.status == 0 || result.status == 64, "\(arguments): \(result.stderr)")
            }
        }
        for output in outputs {
            #expect(!output.contains("zq-"), "locked text leaked: \(output)")
        }
        // The same read the day after the unlock date, after a visit: the text is there.
        let later = Self.at(cli, "2027-03-01T10:00:00Z")
        #expect(try later.run("hereafter", "visit", "--at", Self.gate).status == 0)
        let read = try later.run("hereafter", "read", id)
        #expect(read.status == 0)
        #expect(read.stdout.contains(secret))
        // The other note (unlock 2027-06-01) is still locked everywhere.
        for arguments in [
            ["hereafter", "list", "--json"], ["hereafter", "chat"], ["hereafter", "thread", id, "--json"],
        ] {
            #expect(!(try later.run(arguments).stdout.contains(secret + " 2")))
        }
    }

    @Test func theIssueEdgesFromTheCommandLine() throws {
        let cli = try Self.onboarded()
        let before = try cli.dump()
        let long = try cli.run(
            "hereafter", "plant", "--text", String(repeating: "é", count: 501), "--at", Self.gate, "--unlock", "+1y")
        #expect(long.status == 64)
        #expect(long.stderr == "error: text is 501 characters; the limit is 500\n")
        let today = try cli.run("hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "today")
        #expect(today.status == 64)
        #expect(
            today.stderr
                == "error: unlock date is 2026-11-22; it must be tomorrow (2026-11-23) or later in the owner's time zone (UTC)\n"
        )
        #expect(try cli.dump() == before)
        let ok = try cli.run(
            "hereafter", "plant", "--text", String(repeating: "é", count: 500), "--at", Self.gate, "--unlock",
            "tomorrow")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try cli.sqlite("SELECT unlock_date FROM hereafter_messages") == "2026-11-23")
        // A locked message's JSON has no text key at all (docs/json.md).
        let listed = try #require(
            (try Self.json(try cli.run("hereafter", "list", "--json").stdout) as? [String: Any])?["messages"]
                as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["text"] == nil && listed.first?["photo"] == nil)
        #expect(listed.first?["locked"] as? Bool == true && listed.first?["state"] as? String == "locked")
        #expect(
            listed.first?["unlockDate"] as? String == "2026-11-23"
                && listed.first?["plantedOn"] as? String == "2026-11-22")
        // 151 m away the next day: nothing; 149 m away: discovered, with the notification.
        let next = Self.at(cli, "2026-11-23T09:00:00Z")
        let far = try next.run("hereafter", "visit", "--at", Self.north151)
        #expect(far.stdout == "Nothing to discover here right now.\n")
        let near = try next.run("hereafter", "visit", "--at", Self.north149, "--json")
        let object = try #require(try Self.json(near.stdout) as? [String: Any])
        let notifications = try #require(object["notifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect(notifications.first?["title"] as? String == "Hereafter")
        #expect(
            notifications.first?["body"] as? String
                == "Something you left at 52.5163° N, 13.3777° E on 22 November 2026 just unlocked.")
        #expect(notifications.first?["actions"] as? [String] == ["Read", "Later"])
        let id = try cli.sqlite("SELECT id FROM hereafter_messages")
        #expect(try cli.sqlite("SELECT read_at IS NULL FROM hereafter_messages") == "1")
        #expect(try next.run("hereafter", "read", String(id.prefix(8))).status == 0)
        #expect(try cli.sqlite("SELECT read_at FROM hereafter_messages") == "2026-11-23 09:00:00.000")
    }

    @Test func photosFromFiles() throws {
        let cli = try Self.onboarded()
        let renamed = cli.path("photo.jpg")
        try Data("Dear diary, this is text.\n".utf8).write(to: URL(fileURLWithPath: renamed))
        let before = try cli.dump()
        let text = try cli.run(
            "hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "+1d", "--photo", renamed)
        #expect(text.status == 64)
        #expect(
            text.stderr
                == "error: photo is not a JPEG, PNG or HEIC image by its content (whatever its file name says)\n")
        var big = Data([0xFF, 0xD8, 0xFF, 0xE0])
        big.append(Data(count: 10_000_001 - 4))
        try big.write(to: URL(fileURLWithPath: cli.path("big.jpg")))
        let tooBig = try cli.run(
            "hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "+1d", "--photo", cli.path("big.jpg"))
        #expect(tooBig.status == 64)
        #expect(tooBig.stderr == "error: photo is 10,000,001 bytes; the limit is 10,000,000 (10 MB)\n")
        let missing = try cli.run(
            "hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "+1d", "--photo", cli.path("nope.png"))
        #expect(missing.status == 66)
        #expect(try cli.dump() == before)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        try png.write(to: URL(fileURLWithPath: cli.path("p.png")))
        #expect(
            try cli.run(
                "hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "+1d", "--photo", cli.path("p.png")
            ).status == 0)
        #expect(
            try cli.sqlite("SELECT media_type, hex(bytes) FROM hereafter_photos") == "image/png|89504E470D0A1A0A010203")
        let next = Self.at(cli, "2026-11-23T09:00:00Z")
        #expect(try next.run("hereafter", "visit", "--at", Self.gate).status == 0)
        let id = try cli.sqlite("SELECT message_id FROM hereafter_photos")
        // A photo that cannot be written: exit 74, and the message is not marked read (CORE-7).
        let unwritable = try next.run("hereafter", "read", id, "--save-photo", cli.path("no/such/folder/out.png"))
        #expect(unwritable.status == 74)
        #expect(try cli.sqlite("SELECT read_at IS NULL FROM hereafter_messages WHERE id = '\(id)'") == "1")
        let saved = try next.run("hereafter", "read", id, "--save-photo", cli.path("out.png"))
        #expect(saved.status == 0)
        // Stdout carries the message; the file's one line is on stderr (docs/json.md, "wrote").
        #expect(
            saved.stderr
                == "wrote \(cli.path("out.png")): the photo of message \(id.lowercased().prefix(8)), PNG, 11 bytes\n")
        #expect(saved.stdout.hasPrefix("x\n[photo, PNG, 11 bytes]\n"))
        #expect(try cli.sqlite("SELECT read_at IS NOT NULL FROM hereafter_messages WHERE id = '\(id)'") == "1")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("out.png"))) == png)
    }

    /// REL-3: bad inputs each get `error: …` naming the field, exit 64 (66 for a
    /// missing file), and leave the database's content unchanged.
    @Test func badInputsAreRefusedAndChangeNothing() throws {
        let cli = try Self.onboarded()
        #expect(
            try cli.run("hereafter", "plant", "--text", "keep", "--at", Self.gate, "--unlock", "2027-01-01").status == 0
        )
        let id = try cli.sqlite("SELECT id FROM hereafter_messages")
        let plant = ["hereafter", "plant", "--text", "ok", "--unlock", "2027-01-01", "--at"]
        let corpus: [(arguments: [String], field: String)] = [
            (plant + ["91,0"], "--at"),
            (plant + ["0,181"], "--at"),
            (plant + ["abc"], "--at"),
            (plant + ["nan,0"], "--at"),
            (plant + ["52.5,"], "--at"),
            (plant + ["1e999,0"], "--at"),
            (
                [
                    "hereafter", "plant", "--text", String(repeating: "x", count: 501), "--at", Self.gate, "--unlock",
                    "+1y",
                ], "text"
            ),
            (["hereafter", "plant", "--text", "   ", "--at", Self.gate, "--unlock", "+1y"], "text"),
            (
                [
                    "hereafter", "plant", "--text", String(repeating: "🌊", count: 30_000), "--at", Self.gate,
                    "--unlock", "+1y",
                ], "text"
            ),
            (["hereafter", "plant", "--text", "bell\u{07}", "--at", Self.gate, "--unlock", "+1y"], "text"),
            (["hereafter", "plant", "--text", "nul\u{1B}[31m", "--at", Self.gate, "--unlock", "+1y"], "text"),
            (["hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "2026-02-30"], "--unlock"),
            (["hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "someday"], "--unlock"),
            (["hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "2027-03-01T08:00"], "--unlock"),
            (["hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "yesterday"], "unlock date"),
            (
                [
                    "hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "+1y", "--place",
                    String(repeating: "p", count: 101),
                ], "place"
            ),
            (
                ["hereafter", "plant", "--text", "x", "--at", Self.gate, "--unlock", "+1y", "--place", "a\u{7F}b"],
                "place"
            ),
            (["hereafter", "onboard", "--name", ""], "name"),
            (["hereafter", "onboard", "--name", String(repeating: "n", count: 51)], "name"),
            (["hereafter", "visit", "--at", "-91,0"], "--at"),
            (["hereafter", "geofences", "--at", "x,y"], "--at"),
            (
                ["hereafter", "geofences", "--at", Self.gate, "--previous", "'; DROP TABLE hereafter_threads; --"],
                "--previous"
            ),
            (["hereafter", "read", "00000000-0000-0000-0000-000000000000"], "id"),
            (["hereafter", "read", "'; DELETE FROM hereafter_messages; --"], "id"),
            (["hereafter", "read", "ab"], "id"),
            (["hereafter", "read", id], "message"),
            (["hereafter", "reply", "ffffffff", "--text", "x"], "id"),
            (["hereafter", "reply", id, "--text", "x"], "message"),
            (["hereafter", "thread", "12345678-1234-1234-1234-123456789abc"], "id"),
        ]
        let before = try cli.dump()
        for (arguments, field) in corpus {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments): exit \(result.status), \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(field), "\(arguments) should name \(field): \(result.stderr)")
            #expect(result.stdout == "", "\(arguments) printed \(result.stdout)")
            #expect(try cli.dump() == before, "\(arguments) changed the database")
        }
        // SQL in a message is stored verbatim and harmless.
        let sql = "'); DROP TABLE hereafter_messages; -- \"x\" %_"
        #expect(try cli.run("hereafter", "plant", "--text", sql, "--at", Self.gate, "--unlock", "+1y").status == 0)
        #expect(
            try cli.sqlite(
                "SELECT count(*) FROM hereafter_messages WHERE text = '''); DROP TABLE hereafter_messages; -- \"x\" %_'"
            ) == "1")
    }

    @Test func geofencesFromTheCommandLine() throws {
        let cli = try Self.onboarded()
        #expect(
            try cli.run("hereafter", "plant", "--text", "a", "--at", Self.gate, "--unlock", "2027-05-01").status == 0)
        #expect(
            try cli.run(
                "hereafter", "plant", "--text", "b", "--at", "52.5200,13.4050", "--place", "Alex", "--unlock",
                "2027-01-01"
            )
            .status == 0)
        let threads = try cli.sqlite("SELECT id FROM hereafter_threads ORDER BY latitude").split(separator: "\n").map(
            String.init)
        #expect(threads.count == 2)
        let stale = "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
        let result = try cli.run(
            "hereafter", "geofences", "--at", Self.gate, "--previous", "\(threads[0]),\(stale)", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try Self.json(result.stdout) as? [String: Any])
        let regions = try #require(object["regions"] as? [[String: Any]])
        // Both upcoming: Alex unlocks first (2027-01-01), though it is farther.
        #expect(regions.map { $0["threadId"] as? String } == [threads[1], threads[0]])
        #expect(regions.map { $0["radiusMeters"] as? Double } == [150, 150])
        #expect(object["added"] as? [String] == [threads[1]])
        #expect(object["removed"] as? [String] == [stale])
        // Distances in the owner's units: gate to Alex is 1,898.37 m = 1.18 mi
        // (geographiclib WGS-84 Inverse); the gate's own thread is 0 m = 0 ft.
        let metric = try cli.run("hereafter", "geofences", "--at", Self.gate)
        #expect(metric.stdout.contains("1.9 km  Alex"), "\(metric.stdout)")
        #expect(metric.stdout.contains(" 0 m  "), "\(metric.stdout)")
        #expect(try cli.run("settings", "set", "--units", "imperial").status == 0)
        let imperial = try cli.run("hereafter", "geofences", "--at", Self.gate)
        #expect(imperial.stdout.contains("1.2 mi  Alex"), "\(imperial.stdout)")
        #expect(imperial.stdout.contains(" 0 ft  "), "\(imperial.stdout)")
    }
}
