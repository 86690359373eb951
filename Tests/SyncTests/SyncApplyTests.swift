import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import LifeKit
import LifeSync
import LifeKitTestSupport
import Testing

/// Two or three devices exchanging bundles (docs/sync.md, sections 5–9):
/// the cases, each policy, and the guarantees of apply.
@Suite struct SyncApplyTests {
    static let birthday = CivilDate(year: 1990, month: 5, day: 14)!

    /// Two devices, each set up on its own.
    func pair() throws -> (SyncDevice, SyncDevice) {
        let a = try SyncDevice("2026-11-22T09:00:00Z")
        let b = try SyncDevice("2026-11-22T09:30:00Z")
        try a.finite.setup(birthday: Self.birthday)
        try b.finite.setup(birthday: Self.birthday)
        return (a, b)
    }

    // MARK: The cases (first paragraph)

    @Test func theSameWeekMarkedOnTwoDevicesConvergesToTheNewerMark() throws {
        let (a, b) = try pair()
        try a.at("2026-11-22T11:00:00Z").finite.mark(.number(1900), rating: 3, phrase: "From A")
        try b.at("2026-11-22T12:00:00Z").finite.mark(.number(1900), rating: 5, phrase: "From B")
        let markA = try #require(try a.finite.mark(at: 1899))
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            let mark = try #require(try device.finite.mark(at: 1899))
            #expect(mark.rating.rawValue == 5)
            #expect(mark.phrase == "From B")
            #expect(mark.id == markA.id)  // the row created first keeps its id
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    @Test func twoDevicesEditingOneValueKeepTheNewerEdit() throws {
        let (a, b) = try pair()
        try SyncDevice.converge([a, b])
        try a.at("2026-11-22T11:00:00Z").finite.updateSettings(FiniteSettingsChange(lifeExpectancyYears: 85))
        try b.at("2026-11-22T12:00:00Z").finite.updateSettings(FiniteSettingsChange(lifeExpectancyYears: 90))
        // Each imports the other's changes (the files used to swap the values).
        let fromA = try a.bundle()
        let fromB = try b.bundle()
        try a.apply(fromB)
        try b.apply(fromA)
        #expect(try a.finite.settings().lifeExpectancyYears == 90)
        #expect(try b.finite.settings().lifeExpectancyYears == 90)
    }

    @Test func aDeleteTravels() throws {
        let (a, b) = try pair()
        try a.finite.mark(.number(1900), rating: 4)
        try SyncDevice.converge([a, b])
        #expect(try b.finite.mark(at: 1899) != nil)
        try a.at("2026-11-22T13:00:00Z").finite.unmark(.number(1900))
        try b.apply(try a.bundle())
        #expect(try b.finite.mark(at: 1899) == nil)
        // An older copy of the mark cannot bring it back.
        let stale = try SyncDevice("2026-11-22T09:00:00Z")
        try stale.apply(try b.fullBundle())
        #expect(try stale.finite.mark(at: 1899) == nil)
    }

    @Test func anUnfavouriteTravels() throws {
        let (a, b) = try pair()
        try a.dailyMenu.setFavorite("box-breath", true)
        try SyncDevice.converge([a, b])
        #expect(try b.dailyMenu.favorites() == ["box-breath"])
        try a.at("2026-11-22T14:00:00Z").dailyMenu.setFavorite("box-breath", false)
        try SyncDevice.converge([a, b])
        #expect(try b.dailyMenu.favorites().isEmpty)
        #expect(try a.exportForSync() == b.exportForSync())
    }

    @Test func aLocalOnlyPreferenceNeverLeaves() throws {
        let (a, b) = try pair()
        try a.dailyMenu.setHidden("box-breath", true)
        try a.finite.updateSettings(FiniteSettingsChange(biometricLock: false))
        let plaintext = try SyncDevice.plaintext(try a.fullBundle())
        #expect(!plaintext.contains("dailymenu_hidden_activities"))
        #expect(!plaintext.contains("biometric_lock"))
        try SyncDevice.converge([a, b])
        #expect(try b.dailyMenu.hiddenActivities().isEmpty)
        #expect(try b.finite.settings().biometricLock == true)
        #expect(try a.finite.settings().biometricLock == false)
    }

    // MARK: Deletes and re-creation

    @Test func deleteThenRecreateOfOneIDSurvivesEverywhere() throws {
        let (a, b) = try pair()
        try a.finite.mark(.number(1900), rating: 4)
        try SyncDevice.converge([a, b])
        try a.at("2026-11-22T12:00:00Z").finite.unmark(.number(1900))
        try a.at("2026-11-22T12:01:00Z").finite.mark(.number(1900), rating: 1, phrase: "again")
        let recreated = try #require(try a.finite.mark(at: 1899))
        // B edited the old mark meanwhile, later than the re-creation: by time
        // (docs/sync.md, section 5), B's mark values are the last ones; the
        // re-creation holds the identity (its id).
        try b.at("2026-11-22T12:30:00Z").finite.mark(.number(1900), rating: 5)
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            let mark = try #require(try device.finite.mark(at: 1899))
            #expect(mark.rating.rawValue == 5 && mark.phrase == nil)
            #expect(mark.id == recreated.id)
        }
        // The re-creation superseded the deletion: its base is the deletion's clock.
        let deletion = try #require(
            try a.queue.fetchOne(Int64.self, "SELECT d FROM sync_row WHERE t = 3 AND k = 1899"))
        #expect(deletion > 0)
        #expect(try a.queue.fetchOne(Int64.self, "SELECT b FROM sync_row WHERE t = 3 AND k = 1899") == deletion)
        #expect(try a.exportForSync() == b.exportForSync())
    }

    // MARK: Apply's guarantees

    @Test func applyingABundleTwiceChangesNothingTheSecondTime() throws {
        let (a, b) = try pair()
        try a.finite.mark(.number(1900), rating: 4, phrase: "once")
        try a.dailyMenu.complete("box-breath", after: .better)
        let bundle = try a.bundle()
        let first = try b.apply(bundle)
        #expect(first.rowsChanged == 4)  // profile (merged), mark, DailyMenu profile, completion
        let snapshot = try b.snapshot()
        let second = try b.apply(bundle)
        #expect(second.rowsChanged == 0)
        #expect(try b.snapshot() == snapshot)
    }

    @Test func bundlesCommute() throws {
        let (a, b) = try pair()
        try a.at("2026-11-22T11:00:00Z").finite.mark(.number(1900), rating: 3, phrase: "A")
        try a.finite.mark(.number(1800), rating: 2)
        try b.at("2026-11-22T12:00:00Z").finite.mark(.number(1900), rating: 5, phrase: "B")
        try b.finite.unmark(.number(1800))
        try b.dailyMenu.setFavorite("box-breath", true)
        let fromA = try a.fullBundle()
        let fromB = try b.fullBundle()
        let c = try SyncDevice("2026-11-22T13:00:00Z")
        let d = try SyncDevice("2026-11-22T13:00:00Z")
        try c.apply(fromA)
        try c.apply(fromB)
        try d.apply(fromB)
        try d.apply(fromA)
        #expect(try c.exportForSync() == d.exportForSync())
        #expect(try c.finite.mark(at: 1899)?.phrase == "B")
    }

    @Test func theSameStateGivesTheSameBytes() throws {
        let (a, _) = try pair()
        try a.finite.mark(.number(1900), rating: 3, phrase: "bytes")
        try a.dailyMenu.complete("box-breath", after: .same)
        let first = try a.fullBundle()
        let second = try a.fullBundle()
        #expect(first == second)
        // The plaintext is sorted JSON lines: the header, then one record per line.
        let lines = try SyncDevice.plaintext(first).split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"clock\":") == true)
        #expect(lines.count == 5)  // the header, Finite's profile and mark, DailyMenu's profile and completion
    }

    @Test func aWrongKeyOrADamagedOrTruncatedBundleIsSetAsideAndChangesNothing() throws {
        let (a, b) = try pair()
        try a.finite.mark(.number(1900), rating: 4)
        let bundle = try a.fullBundle()
        let before = try b.snapshot()
        let otherKey = SyncStore(b.writer, registry: LifeKit.registry, key: SyncKey.random(), clock: b.clock)
        var damaged = bundle
        damaged[damaged.count / 2] ^= 0x01
        let cases: [(String, () throws -> SyncApplyReport)] = [
            ("wrong key", { try otherKey.apply(bundle) }),
            ("damaged", { try b.apply(damaged) }),
            ("truncated", { try b.apply(bundle.prefix(bundle.count - 10)) }),
            ("cut to its magic", { try b.apply(bundle.prefix(12)) }),
            ("not a bundle", { try b.apply(Data("hello".utf8)) }),
        ]
        for (name, attempt) in cases {
            let aside = try #require(throws: SyncSetAside.self, "\(name)") { try attempt() }
            #expect(aside.kind == .unreadable, "\(name)")
            #expect(aside.error.exitCode == 65, "\(name)")
        }
        #expect(try b.snapshot() == before)
        #expect(try b.count("SELECT count(*) FROM sync_peer") == 0)
    }

    @Test func aBundleFromANewerSchemaWaitsUntilThisDeviceMigrates() throws {
        let (a, b) = try pair()
        try a.finite.mark(.number(1900), rating: 4)
        let current = try SyncDevice.plaintext(try a.fullBundle())
        let newer = current.replacingOccurrences(
            of: "\"schemaVersion\":\(LifeDatabase.latestVersion)",
            with: "\"schemaVersion\":\(LifeDatabase.latestVersion + 1)")
        #expect(newer != current)
        let before = try b.snapshot()
        let report = try b.apply(try BundleCipher.seal(Data(newer.utf8), key: SyncDevice.key))
        #expect(report.waitingFor == LifeDatabase.latestVersion + 1)
        #expect(try b.snapshot() == before)
        #expect(try b.sync.status().waitingBundles == 1)
        #expect(try b.sync.applyWaiting().isEmpty)  // still newer than this build
        // Once this device has the schema (here: the bundle kept by an older
        // build of this one), the kept bundle is applied and dropped.
        try b.queue.execute("UPDATE sync_waiting SET schema_version = ?", [LifeDatabase.latestVersion])
        try b.queue.execute(
            "UPDATE sync_waiting SET bytes = ?", [try BundleCipher.seal(Data(current.utf8), key: SyncDevice.key)])
        #expect(try b.sync.applyWaiting().count == 1)
        #expect(try b.finite.mark(at: 1899)?.rating.rawValue == 4)
        #expect(try b.sync.status().waitingBundles == 0)
    }

    @Test func aClockMoreThanADayAheadIsSetAsideUnlessAccepted() throws {
        let (a, b) = try pair()
        try a.at("2026-11-24T10:00:00Z").finite.mark(.number(1900), rating: 4)  // 48 h ahead of B
        let bundle = try a.bundle()
        let before = try b.snapshot()
        let aside = try #require(throws: SyncSetAside.self) { try b.apply(bundle) }
        #expect(aside.kind == .clock)
        #expect(aside.reason.contains("48 hours ahead"))
        #expect(try b.snapshot() == before)
        #expect(try b.count("SELECT count(*) FROM sync_waiting WHERE kind = 'clock'") == 1)  // kept for later
        try b.apply(bundle, acceptSkew: true)
        #expect(try b.count("SELECT count(*) FROM sync_waiting") == 0)  // applied: no longer kept
        #expect(try b.finite.mark(at: 1899)?.rating.rawValue == 4)
        // The clock then follows the bundle's: B's next change is later than A's.
        try b.finite.mark(.number(1900), rating: 2)
        try a.apply(try b.bundle())
        #expect(try a.finite.mark(at: 1899)?.rating.rawValue == 2)
    }

    // MARK: Policies

    @Test func lockedWordsNeverAppearInABundleOrAMessage() throws {
        let (a, b) = try pair()
        let marker = "Zq7Marker\(UUID().uuidString.prefix(8))"
        _ = try a.hereafter { try $0.onboard(firstName: "Ada") }
        let message = try a.hereafter {
            try $0.plant(
                text: "Locked words \(marker) inside", at: try Coordinate(latitude: 52.5, longitude: 13.4),
                unlock: CivilDate(year: 2027, month: 3, day: 1)!)
        }
        let bundle = try a.fullBundle()
        let plaintext = try SyncDevice.plaintext(bundle)
        for haystack in [
            String(decoding: bundle, as: UTF8.self), plaintext, plaintext.lowercased(), bundle.base64EncodedString(),
        ] {
            #expect(!haystack.lowercased().contains(marker.lowercased()))
        }
        #expect(!plaintext.contains(Data(marker.utf8).base64EncodedString().dropLast(2)))
        #expect(plaintext.contains("\"text\":{\"sealed\":"))
        let report = try b.apply(bundle)
        #expect(!"\(report)".contains(marker))
        // B holds the words, still locked there.
        #expect(
            try b.queue.fetchOne(String.self, "SELECT text FROM hereafter_messages WHERE id = ?", [message.id])
                == "Locked words \(marker) inside")
        // B's bundles seal them too.
        let fromB = try b.fullBundle()
        #expect(!(try SyncDevice.plaintext(fromB)).lowercased().contains(marker.lowercased()))
        try a.apply(fromB)
        #expect(try a.exportForSync() == b.exportForSync())
    }

    @Test func withheldMoodsStayOutUntilSharingIsOnAgain() throws {
        let (a, b) = try pair()
        try a.dailyMenu.updateSettings(DailyMenuSettingsChange(shareMood: false))
        try a.at("2026-11-22T10:00:00Z").dailyMenu.complete("box-breath", after: .better, feedback: .lovedIt)
        let withheld = try SyncDevice.plaintext(try a.bundle())
        #expect(!withheld.contains("Better") && !withheld.contains("Loved it"))
        #expect(!withheld.contains("after_mood"))  // absent, not null
        try b.apply(try a.bundle())
        try a.apply(try b.bundle())
        let onB = try #require(try b.dailyMenu.completions().first)
        #expect(onB.afterMood == nil)
        // A mood set here is never erased by the absent one.
        try a.at("2026-11-22T11:00:00Z").dailyMenu.updateSettings(DailyMenuSettingsChange(shareMood: true))
        try SyncDevice.converge([a, b])
        #expect(try b.dailyMenu.completions().first?.afterMood == .better)
        #expect(try b.dailyMenu.completions().first?.feedback == .lovedIt)
        #expect(try a.exportForSync() == b.exportForSync())
    }

    @Test func aServersChangesAreTheOnlyOnesAppliedToServerData() throws {
        let (server, a) = try pair()
        let b = try SyncDevice("2026-11-22T09:45:00Z")
        try server.sync.engine.takeNewIdentity(role: .server)
        for device in [server, a] {
            try device.writer.write { db in
                try db.execute(
                    """
                    INSERT INTO lifetimer_accounts (id, username, visibility, time_zone, created_at, last_active_at, updated_at) VALUES
                      ('00000000-0000-4000-8000-00000000000a', 'ada', 'public', 'UTC', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000'),
                      ('00000000-0000-4000-8000-00000000000b', 'bob', 'public', 'UTC', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """)
            }
        }
        let follow = "SELECT count(*) FROM lifetimer_follows"
        try server.writer.write { db in
            try db.execute(
                "INSERT INTO lifetimer_follows VALUES ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b', '2026-11-22 09:00:00.000')"
            )
        }
        try SyncDevice.converge([server, a, b])
        #expect(try a.count(follow) == 1 && b.count(follow) == 1)
        // A device's own change to server data is not applied anywhere else.
        try a.at("2026-11-22T15:00:00Z").writer.write { db in try db.execute("DELETE FROM lifetimer_follows") }
        try SyncDevice.converge([server, a, b])
        #expect(try a.count(follow) == 0)
        #expect(try server.count(follow) == 1 && b.count(follow) == 1)
        // The server's next word on it replaces the device's.
        try server.at("2026-11-22T16:00:00Z").writer.write { db in
            try db.execute("UPDATE lifetimer_follows SET created_at = '2026-11-22 16:00:00.000'")
        }
        try SyncDevice.converge([server, a, b])
        #expect(try a.count(follow) == 1)
        #expect(try a.exportForSync() == b.exportForSync())
        #expect(try server.exportForSync() == b.exportForSync())
    }

    // MARK: What cannot be shown is parked

    static let accountSQL = """
        INSERT INTO lifetimer_accounts (id, username, time_zone, created_at, last_active_at, updated_at)
        VALUES ('00000000-0000-4000-8000-0000000000a1', 'ada', 'UTC', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000',
                '2026-01-01 00:00:00.000');
        INSERT INTO lifetimer_goals (id, account_id, number, title, created_at, updated_at)
        VALUES ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1', 1, 'See the sea',
                '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
        """

    @Test func aChildWhoseParentWasDeletedElsewhereIsParkedOnEveryDevice() throws {
        let (a, b) = try pair()
        try a.writer.write { db in try db.executeScript(Self.accountSQL) }
        try SyncDevice.converge([a, b])
        try a.at("2026-11-22T12:00:00Z").writer.write { db in
            try db.execute("DELETE FROM lifetimer_goals")
        }
        try b.at("2026-11-22T12:05:00Z").writer.write { db in
            try db.execute(
                """
                INSERT INTO lifetimer_milestones (id, goal_id, account_id, position, title, created_at)
                VALUES ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1',
                        '00000000-0000-4000-8000-0000000000a1', 1, 'Book the train', '2026-11-22 12:05:00.000')
                """)
        }
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            #expect(try device.count("SELECT count(*) FROM lifetimer_goals") == 0)
            #expect(try device.count("SELECT count(*) FROM lifetimer_milestones") == 0)
            #expect(try device.count("SELECT count(*) FROM sync_parked") == 1)
            let held = try #require(try device.sync.status().heldBack.first)
            #expect(held.table == "lifetimer_milestones")
            #expect(
                held.reason
                    == "the lifetimer_goals row it belongs to was deleted while it was changed elsewhere; it comes back if that row does"
            )
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    @Test func aWalkImportedOnTwoDevicesIsShownOnceTheFirstImport() throws {
        let (a, b) = try pair()
        let gpx = SyncCatalogTests.sourceRoot.appendingPathComponent("examples/walks/ridge-loop.gpx").path
        let atA = try a.at("2026-11-22T10:00:00Z")
        let first = try WalksStoreAccess.importGPX(atA.writer, clock: atA.clock, path: gpx)
        let atB = try b.at("2026-11-22T10:30:00Z")
        _ = try WalksStoreAccess.importGPX(atB.writer, clock: atB.clock, path: gpx)
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            #expect(try device.queue.fetchAll("SELECT id FROM walks").map { $0[0] } == [.text(first)])
            #expect(try device.count("SELECT count(*) FROM sync_parked") == 1)
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }
}
