import Foundation
import LifeKitTestSupport
import Testing

/// Issue 27's merge findings (SYNC-7, SYNC-8, SYNC-4): deletes and edits
/// ordered by time, not by counting toggles; one GPX imported on two
/// devices is one walk, deleted once; re-applying an old bundle changes
/// nothing; with mood sharing off every device shows the same awards; an
/// import from the year 9999 pins nothing. What these tests assume is at
/// the top of SyncScenarioSupport.swift (items 6–9).
@Suite(.tags(.endToEnd)) struct SyncScenarioMergeTests {
    func at(_ minutes: Int, days: Int = 0) -> String { SyncLab.at(minutes, days: days) }

    /// Two devices with Finite set up and `weeks` marked on A, synced.
    static func finiteLab(marking weeks: [Int], devices: Int = 2) throws -> SyncLab {
        let lab = try SyncLab(devices: devices)
        try lab.ok(lab.a, at: SyncLab.at(0), "finite", "setup", "--birthday", "1990-05-14")
        for week in weeks {
            try lab.ok(lab.a, at: SyncLab.at(1), "finite", "mark", "\(week)", "--rating", "3", "--phrase", "first")
        }
        try lab.syncRounds(2, at: SyncLab.at(5))
        return lab
    }

    /// A week marked on both devices; A unmarks it on day 2; B, not having
    /// heard, re-marks it on day 5. The later edit wins on both: the week is
    /// marked with B's values (the issue: the unmark won by counting).
    @Test func aWeekReMarkedOnDayFiveSurvivesAnUnmarkOfDayTwo() throws {
        let lab = try Self.finiteLab(marking: [1800])
        try lab.ok(lab.a, at: at(0, days: 2), "finite", "unmark", "1800")
        try lab.ok(lab.b, at: at(0, days: 5), "finite", "mark", "1800", "--rating", "5", "--phrase", "day five")
        try lab.syncRounds(2, at: at(60, days: 5))
        for device in lab.devices {
            try expectSame(lab.mark(device, week: 1800), "5|day five", "\(lab.name(device))")
        }
        try lab.expectConverged()
    }

    /// An edit made after a delete brings the row back, on a table without
    /// a natural key: a life phase deleted on A on day 2, renamed on B on
    /// day 5, is there on both with B's name.
    @Test func anEditAfterADeleteRevivesTheRow() throws {
        let lab = try Self.finiteLab(marking: [])
        try lab.ok(lab.a, at: at(2), "finite", "phase", "add", "School", "--from", "300", "--to", "900")
        try lab.syncRounds(2, at: at(5))
        try lab.ok(lab.a, at: at(0, days: 2), "finite", "phase", "delete", "School")
        try lab.ok(lab.b, at: at(0, days: 5), "finite", "phase", "edit", "School", "--name", "Schooldays")
        try lab.syncRounds(2, at: at(60, days: 5))
        for device in lab.devices {
            try expectSame(
                device.sqlite("SELECT name, start_week_index + 1, end_week_index + 1 FROM finite_phases"),
                "Schooldays|300|900", "\(lab.name(device))")
        }
        try lab.expectConverged()
    }

    /// A delete made after an edit removes the row, even when the editing
    /// device toggled more: B unmarks and re-marks the week on days 1 and 2
    /// (two toggles), A unmarks it on day 5 (one). The week ends unmarked on
    /// both (the issue: the device with more toggles won).
    @Test func aDeleteAfterAnEditRemovesTheRow() throws {
        let lab = try Self.finiteLab(marking: [1801])
        try lab.ok(lab.b, at: at(0, days: 1), "finite", "unmark", "1801")
        try lab.ok(lab.b, at: at(0, days: 2), "finite", "mark", "1801", "--rating", "4", "--phrase", "again")
        try lab.ok(lab.a, at: at(0, days: 5), "finite", "unmark", "1801")
        try lab.syncRounds(2, at: at(60, days: 5))
        for device in lab.devices {
            try expectSame(lab.mark(device, week: 1801), "", "\(lab.name(device))")
        }
        try lab.expectConverged()
        // Re-creating the deleted natural key works, and travels.
        try lab.ok(lab.b, at: at(0, days: 6), "finite", "mark", "1801", "--rating", "2", "--phrase", "third life")
        try lab.syncRounds(2, at: at(60, days: 6))
        for device in lab.devices {
            try expectSame(lab.mark(device, week: 1801), "2|third life", "\(lab.name(device))")
        }
        try lab.expectConverged()
    }

    /// The ids of the walks `walks list --json` shows.
    static func walkIDs(_ lab: SyncLab, _ device: Lifectl) throws -> [String] {
        let object = try SyncLab.object(try lab.ok(device, at: SyncLab.at(0, days: 3), "walks", "list", "--json"))
        let walks = try #require(object["walks"] as? [[String: Any]], "\(object)")
        return walks.compactMap { $0["id"] as? String }.sorted()
    }

    /// A small GPX file of one track, its points drawn from `seed`.
    static func gpx(_ lab: SyncLab, seed: Int) throws -> String {
        var points = ""
        for index in 0..<30 {
            let latitude = 47.0 + Double(seed) * 0.01 + Double(index) * 0.0005
            let longitude = 8.0 + Double(index % 7) * 0.0004
            let minute = String(format: "%02d", index)
            points +=
                "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><ele>\(400 + index)</ele><time>2026-10-0\(1 + seed % 8)T08:\(minute):00Z</time></trkpt>\n"
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="sync scenario" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Walk \(seed)</name><trkseg>
            \(points)</trkseg></trk>
            </gpx>

            """
        let path = lab.a.path("walk-\(seed).gpx")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The same GPX imported on both devices is one walk on both; the
    /// device whose copy is not the one shown deletes it once, and it is
    /// gone everywhere, for good (the issue: the parked copy came back).
    @Test func oneGPXImportedOnTwoDevicesIsOneWalkDeletedOnce() throws {
        let lab = try SyncLab()
        let file = try Self.gpx(lab, seed: 1)
        try lab.ok(lab.a, at: at(10), "walks", "import", file)
        try lab.ok(lab.b, at: at(20), "walks", "import", file)
        try lab.syncRounds(2, at: at(30))
        let onA = try Self.walkIDs(lab, lab.a)
        #expect(onA.count == 1)
        try expectSame(Self.walkIDs(lab, lab.b), onA)
        try lab.expectConverged()
        let shown = try #require(onA.first)
        try lab.ok(lab.b, at: at(40), "walks", "delete", shown)
        try lab.syncRounds(2, at: at(50))
        for device in lab.devices {
            try expectSame(Self.walkIDs(lab, device), [], "\(lab.name(device))")
        }
        try lab.syncRounds(2, at: at(0, days: 1))
        for device in lab.devices {
            try expectSame(Self.walkIDs(lab, device), [], "\(lab.name(device)), a day later")
        }
        try lab.expectConverged()
    }

    /// The same the other way round: the device that imported first deletes
    /// it, before it ever heard of the other's import; one delete is enough.
    @Test func oneGPXImportedTwiceIsGoneAfterTheFirstImportersDelete() throws {
        let lab = try SyncLab()
        let file = try Self.gpx(lab, seed: 2)
        try lab.ok(lab.a, at: at(10), "walks", "import", file)
        try lab.ok(lab.b, at: at(20), "walks", "import", file)
        let own = try #require(try Self.walkIDs(lab, lab.a).first)
        try lab.ok(lab.a, at: at(25), "walks", "delete", own)
        try lab.syncRounds(3, at: at(30))
        for device in lab.devices {
            try expectSame(Self.walkIDs(lab, device), [], "\(lab.name(device))")
        }
        try lab.expectConverged()
    }

    /// `sync status --json` without the moments of the last applies (they move with every apply).
    static func statusWithoutInstants(_ lab: SyncLab, _ device: Lifectl, at now: String) throws -> String {
        var status = try lab.status(device, at: now)
        status.removeValue(forKey: "lastSyncAt")
        if let peers = status["peers"] as? [[String: Any]] {
            status["peers"] = peers.map { peer in peer.filter { $0.key != "lastAppliedAt" } }
        }
        let data = try JSONSerialization.data(withJSONObject: status, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// A re-applied old bundle of B's changes nothing on A: no row, no byte
    /// of `export --for-sync`, not what A records B has (the issue: the
    /// peer's vector moved back, so A sent B again what B had), as `sync
    /// status --json` and A's bundle for B show.
    @Test func reApplyingAnOldBundleChangesNothing() throws {
        let lab = try Self.finiteLab(marking: [])
        try lab.ok(lab.b, at: at(10), "finite", "mark", "1800", "--rating", "4")
        let old = try lab.exportBundle(lab.b, at: at(11), "old.lcsync")
        try lab.ok(lab.a, at: at(12), "finite", "mark", "1801", "--rating", "2")
        try lab.sync(lab.a, at: at(13))
        try lab.sync(lab.b, at: at(14))  // B now has A's week 1801
        try lab.ok(lab.b, at: at(15), "finite", "mark", "1802", "--rating", "5")
        let new = try lab.exportBundle(lab.b, at: at(16), "new.lcsync")
        try lab.importBundle(lab.a, at: at(20), old)
        try lab.importBundle(lab.a, at: at(21), new)
        let idB = try lab.id(lab.b)
        let export = try lab.exportForSync(lab.a)
        let status = try Self.statusWithoutInstants(lab, lab.a, at: at(22))
        let forB = try lab.a.path("for-b.lcsync")
        try lab.ok(lab.a, at: at(22), "sync", "export", "--key", lab.key, "--peer", idB, forB)
        let bundleForB = try Data(contentsOf: URL(fileURLWithPath: forB))

        let again = try lab.ok(lab.a, at: at(30), "sync", "import", "--key", lab.key, old, "--json")
        try expectSame(SyncLab.object(again)["changed"] as? Int, 0, "\(again.stdout)")
        try expectSame(lab.exportForSync(lab.a), export)
        try expectSame(Self.statusWithoutInstants(lab, lab.a, at: at(31)), status)
        try lab.ok(lab.a, at: at(31), "sync", "export", "--key", lab.key, "--peer", idB, "--force", forB)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: forB)) == bundleForB,
            "A's bundle for B grew after B's old bundle was re-applied")
        try lab.syncRounds(2, at: at(40))
        try lab.expectConverged()
    }

    /// With mood sharing off, the device that has the moods and the one that
    /// does not show the same DailyMenu profile (totals, mood lifted,
    /// Moments, season, warmth) and stamps (the issue: 28 vs 21).
    @Test func moodSharingOffGivesEveryDeviceTheSameAwards() throws {
        let lab = try SyncLab()
        try lab.ok(lab.a, at: at(0), "dailymenu", "settings", "--share-mood", "off")
        try lab.syncRounds(2, at: at(1))
        let rituals = ["box-breath", "sigh", "box-breath", "sigh", "box-breath", "sigh", "box-breath"]
        for (day, activity) in rituals.enumerated() {
            try lab.ok(
                lab.a, at: at(0, days: day), "dailymenu", "complete", activity, "--mood-before", "low", "--after",
                "better", "--feedback", "loved")
        }
        // B completes one too, with moods, and its own stay on B as well.
        try lab.ok(
            lab.b, at: at(120, days: 7), "dailymenu", "complete", "sigh", "--mood-before", "okay", "--mood-after",
            "better")
        try lab.syncRounds(2, at: at(180, days: 7))
        let now = at(240, days: 7)
        for command in [["dailymenu", "profile", "--json"], ["dailymenu", "stamps", "--json"]] {
            let onA = try lab.run(lab.a, at: now, command)
            let onB = try lab.run(lab.b, at: now, command)
            #expect(onA.status == 0 && onB.status == 0, "\(onA.stderr)\(onB.stderr)")
            #expect(
                onA.stdout == onB.stdout,
                "\(command.joined(separator: " ")) differs:\nA: \(onA.stdout)\nB: \(onB.stdout)")
        }
        try lab.expectConverged()
    }

    /// An export edited to say Finite's profile and the owner's settings
    /// were updated in 9999: the import either refuses it (65, nothing
    /// changed) or takes it without pinning the rows — edits made later on
    /// B win on both devices, through sync and through `import` of B's
    /// export (the issue: the rows stayed pinned, and `db check` passed).
    @Test func anImportFromTheYear9999PinsNothing() throws {
        let lab = try SyncLab()
        try lab.ok(lab.a, at: at(0), "finite", "setup", "--birthday", "1990-05-14")
        try lab.ok(lab.a, at: at(0), "settings", "set", "--time-zone", "Europe/Berlin")
        let exported = lab.a.path("life.json")
        try lab.ok(lab.a, at: at(1), "export", "--json", exported)
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported))) as? [String: Any])
        var products = try #require(document["products"] as? [String: [String: [[String: Any]]]])
        let future = "9999-12-31 23:59:59.000"
        var finite = try #require(products["finite"])
        var profile = try #require(finite["finite_profile"]?.first)
        profile["updated_at"] = future
        profile["life_expectancy_years"] = 70
        finite["finite_profile"] = [profile]
        products["finite"] = finite
        var core = try #require(products["core"])
        var owner = try #require(core["owner"]?.first)
        owner["updated_at"] = future
        core["owner"] = [owner]
        products["core"] = core
        document["products"] = products
        let edited = lab.a.path("edited.json")
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: edited))

        let before = try lab.a.dump()
        let imported = try lab.run(lab.a, at: at(10), ["import", edited])
        #expect([0, 65].contains(imported.status), "\(imported.status) \(imported.stderr)")
        if imported.status != 0 { #expect(try lab.a.dump() == before) }
        try lab.syncRounds(2, at: at(20))
        try lab.ok(lab.b, at: at(30), "finite", "settings", "--life-expectancy", "90")
        try lab.ok(lab.b, at: at(30), "settings", "set", "--time-zone", "Asia/Tokyo")
        try lab.syncRounds(2, at: at(40))
        for device in lab.devices {
            try expectSame(
                device.sqlite("SELECT life_expectancy_years FROM finite_profile"), "90", "\(lab.name(device))")
            try expectSame(device.sqlite("SELECT time_zone FROM owner"), "Asia/Tokyo", "\(lab.name(device))")
        }
        // B's later edit, carried by an export and imported on A, wins there too.
        let fromB = lab.b.path("b.json")
        try lab.ok(lab.b, at: at(50), "finite", "settings", "--life-expectancy", "85")
        try lab.ok(lab.b, at: at(50), "export", "--json", fromB)
        try lab.ok(lab.a, at: at(60), "import", fromB)
        try expectSame(lab.a.sqlite("SELECT life_expectancy_years FROM finite_profile"), "85")
        try lab.syncRounds(2, at: at(70))
        try lab.expectConverged()
    }
}
