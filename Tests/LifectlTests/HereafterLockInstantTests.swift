import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: the time lock is an instant fixed at planting (SPEC HA-2,
/// HA-3), so changing the owner's zone afterwards opens nothing early.
@Suite(.tags(.endToEnd)) struct HereafterLockInstantTests {
    static let gate = "52.5163,13.3777"

    /// Planted "tomorrow" at UTC-12 on 2026-11-22 12:00 UTC (local 00:00 of
    /// the 22nd): tomorrow is the 23rd, which starts at 2026-11-23 12:00 UTC
    /// there. Switched to Pacific/Kiritimati (UTC+14), where it is already
    /// the 23rd at 02:00: a lock read against today's zone would open now.
    @Test func changingTheZoneAfterPlantingOpensNothingEarly() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z", timeZone: "UTC")
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("finite", "settings", "--time-zone", "Etc/GMT+12").status == 0)
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        let plant = try cli.run(
            "hereafter", "plant", "--text", "Hello later.", "--at", Self.gate, "--unlock", "tomorrow")
        #expect(plant.status == 0, "\(plant.stderr)")
        #expect(
            try cli.sqlite("SELECT unlock_date, unlock_at FROM hereafter_messages")
                == "2026-11-23|2026-11-23 12:00:00.000")
        let zone = try cli.run("finite", "settings", "--time-zone", "Pacific/Kiritimati")
        #expect(zone.status == 0, "\(zone.stderr)")

        for now in ["2026-11-22T12:00:00Z", "2026-11-23T11:59:59.999Z"] {
            var early = cli
            early.environment["LIFECTL_NOW"] = now
            let visit = try early.run("hereafter", "visit", "--at", Self.gate, "--json")
            #expect(visit.status == 0, "\(visit.stderr)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(visit.stdout.utf8)) as? [String: Any])
            #expect((document["discovered"] as? [Any])?.count == 0, "discovered at \(now)")
            #expect(document["stillLocked"] as? Int == 1, "at \(now)")
            let list = try early.run("hereafter", "list", "--json")
            let messages = try #require(
                (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["messages"]
                    as? [[String: Any]])
            #expect(messages.first?["state"] as? String == "locked", "at \(now)")
            #expect(messages.first?["unlockAt"] as? String == "2026-11-23T12:00:00Z")
            let geofences = try early.run("hereafter", "geofences", "--at", Self.gate, "--json")
            #expect(geofences.stdout.contains("\"reason\" : \"upcoming\""), "at \(now): \(geofences.stdout)")
        }
        #expect(try cli.sqlite("SELECT count(*) FROM hereafter_messages WHERE discovered_at IS NOT NULL") == "0")

        // Said in the zone now: in Kiritimati the lock opens on the 24th at
        // 02:00 (the unlock date as planted, the 23rd, has begun there).
        let said = try cli.run("hereafter", "visit", "--at", Self.gate)
        #expect(
            said.stdout.contains("Something here is still locked. The next opens on 24 November 2026 at 02:00."),
            "\(said.stdout)")
        let json = try cli.run("hereafter", "visit", "--at", Self.gate, "--json")
        #expect(json.stdout.contains("\"nextUnlockAt\" : \"2026-11-23T12:00:00Z\""), "\(json.stdout)")
        #expect(json.stdout.contains("\"nextUnlockDate\" : \"2026-11-23\""), "\(json.stdout)")
        // Back in the zone it was planted in: the date alone, as planted.
        var home = cli
        home.environment["TZ"] = "UTC"
        #expect(try cli.run("finite", "settings", "--time-zone", "Etc/GMT+12").status == 0)
        let planted = try home.run("hereafter", "visit", "--at", Self.gate)
        #expect(planted.stdout.contains("The next opens on 23 November 2026."), "\(planted.stdout)")
        #expect(try cli.run("finite", "settings", "--time-zone", "Pacific/Kiritimati").status == 0)

        var open = cli
        open.environment["LIFECTL_NOW"] = "2026-11-23T12:00:00Z"
        let geofences = try open.run("hereafter", "geofences", "--at", Self.gate, "--json")
        #expect(geofences.stdout.contains("\"reason\" : \"discoverable\""), "\(geofences.stdout)")
        let visit = try open.run("hereafter", "visit", "--at", Self.gate, "--json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(visit.stdout.utf8)) as? [String: Any])
        #expect((document["discovered"] as? [Any])?.count == 1)
        #expect(try cli.sqlite("SELECT discovered_at FROM hereafter_messages") == "2026-11-23 12:00:00.000")
        #expect(try open.run("db", "check").status == 0)
    }

    /// `db check` flags a discovery before the unlock instant, not one after
    /// this device's now (another device's clock may have run ahead).
    @Test func checkFlagsADiscoveryOutsideItsWindow() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z", timeZone: "UTC")
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        #expect(
            try cli.run("hereafter", "plant", "--text", "Soon.", "--at", Self.gate, "--unlock", "2026-12-01").status
                == 0)
        let id = try cli.sqlite("SELECT id FROM hereafter_messages")
        _ = try cli.sqlite("UPDATE hereafter_messages SET discovered_at = '2026-11-30 23:59:59.999'")
        let early = try cli.run("db", "check")
        #expect(early.status == 65)
        #expect(
            early.stdout.contains(
                "message \(id): discovered at 2026-11-30 23:59:59.999 UTC, before it unlocks at 2026-12-01 00:00:00.000 UTC"
            ), "\(early.stdout)")
        // Later than this device's now is no fault: a device whose clock
        // ran ahead stamped it, and sync carries it as it is.
        _ = try cli.sqlite("UPDATE hereafter_messages SET discovered_at = '2026-12-02 00:00:00.000'")
        let future = try cli.run("db", "check")
        #expect(future.status == 0, "\(future.stdout)")
        _ = try cli.sqlite("UPDATE hereafter_messages SET discovered_at = NULL")
        #expect(try cli.run("db", "check").status == 0)
    }
}
