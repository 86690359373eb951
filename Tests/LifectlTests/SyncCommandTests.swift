import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `lifectl sync` between two devices (two database files)
/// through a shared folder, by hand as the issue asks (issue 18: the cases
/// of its first paragraph converge to the newer edit; a delete travels; an
/// unfavourite travels; a local-only preference never leaves; a wrong key
/// is refused).
@Suite(.tags(.endToEnd)) struct SyncCommandTests {
    /// Two devices with pinned clocks, a key both hold and a shared folder.
    struct Pair {
        var a: Lifectl
        var b: Lifectl
        let key: String
        let folder: String

        init() throws {
            a = try Lifectl(now: "2026-11-22T09:00:00Z")
            b = try Lifectl(now: "2026-11-22T09:00:00Z")
            key = a.path("sync.key")
            folder = a.path("shared")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let made = try a.run("sync", "key", "new", key)
            #expect(made.status == 0, "\(made.stderr)")
        }

        /// `lifectl ARGS` on `device` at `now`, which must succeed.
        @discardableResult
        func ok(_ device: Lifectl, at now: String, _ arguments: String...) throws -> Lifectl.Result {
            let result = try device.run(arguments, extraEnvironment: ["LIFECTL_NOW": now])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }

        /// Each device syncs through the folder, A, B, then A again.
        func syncAll(at now: String) throws {
            for device in [a, b, a] { try ok(device, at: now, "sync", "--dir", folder, "--key", key) }
        }

        /// `export --for-sync` of each device: equal bytes mean converged.
        func exports() throws -> (Data, Data) {
            for (device, name) in [(a, "a.json"), (b, "b.json")] {
                try ok(device, at: "2026-11-23T00:00:00Z", "export", "--for-sync", "--json", device.path(name))
            }
            return (
                try Data(contentsOf: URL(fileURLWithPath: a.path("a.json"))),
                try Data(contentsOf: URL(fileURLWithPath: b.path("b.json")))
            )
        }
    }

    @Test func theSameWeekMarkedOnTwoDevicesEndsWithTheNewerMarkOnBoth() throws {
        let pair = try Pair()
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "finite", "setup", "--birthday", "1990-05-14")
        try pair.ok(pair.b, at: "2026-11-22T09:00:00Z", "finite", "setup", "--birthday", "1990-05-14")
        try pair.ok(pair.a, at: "2026-11-22T11:00:00Z", "finite", "mark", "--rating", "3", "--phrase", "on A")
        try pair.ok(pair.b, at: "2026-11-22T12:00:00Z", "finite", "mark", "--rating", "5", "--phrase", "on B")
        let idOnA = try pair.a.sqlite("SELECT id FROM finite_marks")
        try pair.syncAll(at: "2026-11-22T13:00:00Z")
        for device in [pair.a, pair.b] {
            #expect(try device.sqlite("SELECT id, rating, phrase FROM finite_marks") == "\(idOnA)|5|on B")
        }
        let (a, b) = try pair.exports()
        #expect(a == b)
    }

    /// The import case of the issue: two devices reading each other's
    /// changes swapped their values; through bundles both keep the newer.
    @Test func twoDevicesExchangingBundlesKeepTheNewerSetting() throws {
        let pair = try Pair()
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "settings", "set", "--time-zone", "Europe/Berlin")
        try pair.syncAll(at: "2026-11-22T09:30:00Z")
        // Each device changes the value (setting the value a row already
        // holds changes nothing, so it is no edit to sync).
        try pair.ok(pair.a, at: "2026-11-22T11:00:00Z", "settings", "set", "--time-zone", "Europe/Paris")
        try pair.ok(pair.b, at: "2026-11-22T12:00:00Z", "settings", "set", "--time-zone", "Asia/Tokyo")
        let fromA = pair.a.path("from-a.lcsync")
        let fromB = pair.b.path("from-b.lcsync")
        try pair.ok(pair.a, at: "2026-11-22T12:30:00Z", "sync", "export", "--key", pair.key, fromA)
        try pair.ok(pair.b, at: "2026-11-22T12:30:00Z", "sync", "export", "--key", pair.key, fromB)
        let applied = try pair.ok(pair.a, at: "2026-11-22T12:31:00Z", "sync", "import", "--key", pair.key, fromB)
        // Lines name the file by its name in full (docs/sync.md).
        #expect(applied.stdout.hasPrefix("Applied from-b.lcsync: "))
        try pair.ok(pair.b, at: "2026-11-22T12:31:00Z", "sync", "import", "--key", pair.key, fromA)
        #expect(try pair.a.sqlite("SELECT time_zone FROM owner") == "Asia/Tokyo")
        #expect(try pair.b.sqlite("SELECT time_zone FROM owner") == "Asia/Tokyo")
        // A second import changes nothing.
        let again = try pair.ok(
            pair.a, at: "2026-11-22T12:32:00Z", "sync", "import", "--key", pair.key, fromB, "--json")
        #expect(again.stdout.contains("\"changed\" : 0"))
    }

    @Test func aDeletedWalkAndAnUnfavouriteTravel() throws {
        let pair = try Pair()
        let gpx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/walks/ridge-loop.gpx").path
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "walks", "import", gpx)
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "dailymenu", "favorite", "box-breath")
        try pair.syncAll(at: "2026-11-22T10:00:00Z")
        #expect(try pair.b.sqlite("SELECT count(*) FROM walks") == "1")
        #expect(try pair.b.sqlite("SELECT is_on FROM dailymenu_favorites WHERE activity_id = 'box-breath'") == "1")
        let walk = try pair.a.sqlite("SELECT id FROM walks")
        try pair.ok(pair.a, at: "2026-11-22T11:00:00Z", "walks", "delete", walk)
        try pair.ok(pair.a, at: "2026-11-22T11:00:00Z", "dailymenu", "favorite", "box-breath", "off")
        try pair.syncAll(at: "2026-11-22T12:00:00Z")
        #expect(try pair.b.sqlite("SELECT count(*) FROM walks") == "0")
        #expect(try pair.b.sqlite("SELECT is_on FROM dailymenu_favorites WHERE activity_id = 'box-breath'") == "0")
        let (a, b) = try pair.exports()
        #expect(a == b)
    }

    @Test func aLocalOnlyPreferenceNeverLeaves() throws {
        let pair = try Pair()
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "dailymenu", "hide", "box-breath")
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "dailymenu", "exclude", "move")
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "finite", "setup", "--birthday", "1990-05-14")
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "finite", "settings", "--biometric-lock", "off")
        try pair.syncAll(at: "2026-11-22T10:00:00Z")
        #expect(try pair.b.sqlite("SELECT count(*) FROM dailymenu_hidden_activities") == "0")
        #expect(try pair.b.sqlite("SELECT count(*) FROM dailymenu_excluded_categories") == "0")
        #expect(try pair.b.sqlite("SELECT biometric_lock FROM finite_profile") == "1")
        #expect(try pair.a.sqlite("SELECT biometric_lock FROM finite_profile") == "0")
    }

    /// A bundle this key cannot open is set aside, never a failure of the
    /// whole sync (SYNC-7): nothing of it is applied, the line names the
    /// file and why, `sync status` lists it, and this device's own bundle
    /// is still written.
    @Test func aWrongKeyIsSetAsideAndAppliesNothing() throws {
        let pair = try Pair()
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "finite", "setup", "--birthday", "1990-05-14")
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "sync", "--dir", pair.folder, "--key", pair.key)
        let other = pair.b.path("other.key")
        try pair.ok(pair.b, at: "2026-11-22T09:00:00Z", "sync", "key", "new", other)
        try pair.ok(pair.b, at: "2026-11-22T09:00:00Z", "db", "init")
        let set = try pair.ok(pair.b, at: "2026-11-22T09:00:00Z", "sync", "--dir", pair.folder, "--key", other)
        #expect(set.stdout.hasPrefix("Set aside "))
        #expect(set.stdout.contains("it cannot be opened with this key"))
        #expect(try pair.b.sqlite("SELECT count(*) FROM finite_profile") == "0")
        // B's own bundle is written beside A's.
        #expect(try FileManager.default.contentsOfDirectory(atPath: pair.folder).count == 2)
        let status = try pair.ok(pair.b, at: "2026-11-22T09:01:00Z", "sync", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let aside = try #require(object["setAside"] as? [[String: Any]])
        #expect(aside.map { $0["kind"] as? String } == ["unreadable"])
    }

    /// The last case: two devices that each add a LifeTimer goal
    /// before the start used to refuse each other's files for ever.
    @Test func goalsAddedOnTwoDevicesBeforeTheStartMerge() throws {
        let pair = try Pair()
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "lifetimer", "account", "create", "ada")
        try pair.syncAll(at: "2026-11-22T09:10:00Z")
        try pair.ok(pair.a, at: "2026-11-22T10:00:00Z", "lifetimer", "goal", "add", "Swim a mile")
        try pair.ok(pair.b, at: "2026-11-22T10:05:00Z", "lifetimer", "goal", "add", "Learn the cello")
        try pair.syncAll(at: "2026-11-22T11:00:00Z")
        for device in [pair.a, pair.b] {
            #expect(
                try device.sqlite(
                    "SELECT group_concat(title, ', ') FROM (SELECT title FROM lifetimer_goals ORDER BY title)")
                    == "Learn the cello, Swim a mile")
            #expect(try device.sqlite("SELECT goals_created FROM lifetimer_accounts") == "2")
            #expect(try device.run("db", "check").status == 0)
        }
        let (a, b) = try pair.exports()
        #expect(a == b)
    }

    @Test func statusTellsThisDeviceAndItsPeers() throws {
        let pair = try Pair()
        try pair.ok(pair.a, at: "2026-11-22T09:00:00Z", "finite", "setup", "--birthday", "1990-05-14")
        try pair.syncAll(at: "2026-11-22T10:00:00Z")
        let status = try pair.ok(pair.a, at: "2026-11-22T10:01:00Z", "sync", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let idA = try pair.a.sqlite("SELECT lower(hex(site)) FROM sync_site")
        let idB = try pair.b.sqlite("SELECT lower(hex(site)) FROM sync_site")
        #expect(object["id"] as? String == idA)
        #expect(object["role"] as? String == "device")
        #expect(object["pendingChanges"] as? Int == 0)
        #expect(object["lastSyncAt"] as? String == "2026-11-22T10:00:00Z")
        let peers = try #require(object["peers"] as? [[String: Any]])
        #expect(peers.map { $0["id"] as? String } == [idB])
        let text = try pair.ok(pair.a, at: "2026-11-22T10:01:00Z", "sync", "status")
        #expect(text.stdout.hasPrefix("This device: \(idA) (device)\n"))
        #expect(text.stdout.contains("Pending:     0 rows with changes another device has not seen"))
    }

    @Test func aKeyFileIsNewRandomAndPrivate() throws {
        let pair = try Pair()
        let attributes = try FileManager.default.attributesOfItem(atPath: pair.key)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let text = try String(contentsOfFile: pair.key, encoding: .utf8)
        #expect(text.hasPrefix("lifectl sync key 1\n") && text.count == "lifectl sync key 1\n".count + 45)
        let again = try pair.a.run("sync", "key", "new", pair.key)
        #expect(again.status == 64)
        #expect(again.stderr.contains("already exists; give --force to replace it"))
        #expect(try String(contentsOfFile: pair.key, encoding: .utf8) == text)
    }
}
