import Foundation
import LifeKitTestSupport
import Testing

/// `lifectl settings`: the owner's time zone and units, shared by every
/// product, set in one place (issue 9 §4; SPEC CORE-5). The product commands
/// that change them keep working and change the same row.
@Suite(.tags(.endToEnd)) struct SettingsCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func showsTheDefaultsThenSetsBothTogether() throws {
        let cli = try Lifectl(timeZone: "Europe/Lisbon")
        #expect(try cli.run("db", "init").status == 0)
        let shown = try cli.run("settings")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == "time zone  Europe/Lisbon (the system's)\nunits      metric\n")
        let set = try cli.run("settings", "set", "--time-zone", "Pacific/Auckland", "--units", "imperial", "--json")
        #expect(set.status == 0, "\(set.stderr)")
        let object = try Self.json(set.stdout)
        #expect(object["timeZone"] as? String == "Pacific/Auckland")
        #expect(object["timeZoneIsSystem"] as? Bool == false)
        #expect(object["units"] as? String == "imperial")
        #expect(try cli.sqlite("SELECT time_zone, units FROM owner") == "Pacific/Auckland|imperial")
        // The products read the same row.
        #expect(try Self.json(cli.run("walks", "settings", "--json").stdout)["units"] as? String == "imperial")
        // "today" follows it: 2026-11-22T12:00Z is 2026-11-23 01:00 in Auckland (UTC+13).
        let born = try cli.run("finite", "setup", "--birthday", "2026-11-23")
        #expect(born.stderr == "error: birthday is 2026-11-23; it must be in the past (today is 2026-11-23)\n")
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("finite", "settings").stdout.contains("time zone           Pacific/Auckland"))
        let show = try cli.run("settings", "show", "--json")
        #expect(try Self.json(show.stdout)["timeZone"] as? String == "Pacific/Auckland")
        let back = try cli.run("settings", "set", "--time-zone", "system")
        #expect(back.stdout == "time zone  Europe/Lisbon (the system's)\nunits      imperial\n")
    }

    @Test func theProductCommandsStillChangeTheSharedRow() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("finite", "settings", "--time-zone", "Asia/Tokyo").status == 0)
        #expect(try cli.run("settings", "set", "--units", "imperial").status == 0)
        let shown = try cli.run("settings")
        #expect(shown.stdout == "time zone  Asia/Tokyo\nunits      imperial\n")
    }

    /// Offsets that Foundation accepts as zone names are not IANA names, and
    /// Foundation reads `GMT+5` as UTC+5, the opposite of IANA's `Etc/GMT+5`
    /// and of POSIX `TZ=GMT+5`: refused (64) as a setting and as `TZ`, before
    /// any write (`GMT+05:00` used to reach the schema's CHECK: exit 70).
    @Test(arguments: ["GMT+5", "GMT+05:00", "GMT+0530", "UTC-3", "GMT-14"])
    func anOffsetIsNotAZoneName(name: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("settings", "set", "--units", "metric").status == 0)
        let before = try cli.dump()
        let set = try cli.run("settings", "set", "--time-zone", name)
        #expect(set.status == 64)
        #expect(
            set.stderr
                == "error: time zone is '\(name)'; it must be an IANA time zone name such as Europe/Berlin or UTC\n")
        #expect(try cli.dump() == before)
        var system = cli
        system.environment["TZ"] = name
        let setup = try system.run("finite", "setup", "--birthday", "1990-05-14")
        #expect(setup.status == 64)
        #expect(
            setup.stderr == "error: TZ is '\(name)'; it must be an IANA time zone name such as Europe/Berlin or UTC\n")
        #expect(try cli.dump() == before)
    }

    /// The IANA spellings of the same offsets, and links, are accepted; the
    /// sign is IANA's (Etc/GMT+5 is five hours behind UTC).
    @Test func ianaNamesAndLinksAreAccepted() throws {
        let cli = try Lifectl(now: "2026-11-23T03:00:00Z")
        for name in ["Etc/GMT+5", "UTC", "Etc/UTC", "GMT", "US/Eastern", "Europe/Kyiv"] {
            let set = try cli.run("settings", "set", "--time-zone", name)
            #expect(set.status == 0, "\(name): \(set.stderr)")
        }
        #expect(try cli.run("settings", "set", "--time-zone", "Etc/GMT+5").status == 0)
        // 03:00 UTC is 22:00 the day before at UTC-5.
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        let plant = try cli.run("hereafter", "plant", "--text", "x", "--at", "1,1", "--unlock", "tomorrow", "--json")
        #expect(plant.stdout.contains("\"plantedOn\" : \"2026-11-22\""), "\(plant.stdout)")
        #expect(plant.stdout.contains("\"unlockAt\" : \"2026-11-23T05:00:00Z\""), "\(plant.stdout)")
    }

    @Test func aBadValueChangesNothing() throws {
        let cli = try Lifectl()
        #expect(try cli.run("settings", "set", "--units", "metric").status == 0)
        let before = try cli.dump()
        let zone = try cli.run("settings", "set", "--units", "imperial", "--time-zone", "Mars/Olympus")
        #expect(zone.status == 64)
        #expect(
            zone.stderr
                == "error: time zone is 'Mars/Olympus'; it must be an IANA time zone name such as Europe/Berlin or UTC\n"
        )
        let units = try cli.run("settings", "set", "--time-zone", "Asia/Tokyo", "--units", "furlongs")
        #expect(units.status == 64)
        #expect(units.stderr == "error: --units is 'furlongs'; it must be metric or imperial\n")
        #expect(try cli.dump() == before)
        let nothing = try cli.run("settings", "set")
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("error: give --time-zone ZONE, --units UNITS or both\n"))
    }
}
