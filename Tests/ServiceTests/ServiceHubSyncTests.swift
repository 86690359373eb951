#if Service
    import Foundation
    import LifeCore
    import LifeKit
    import LifeKitTestSupport
    import LifeServiceAPI
    import LifeServiceClient
    import LifeSync
    import ServerTestSupport
    import Testing

    /// `lifectl sync --server` (SRV-4): two devices of one person sync
    /// through the hub with only a sign-in and the key, as through a
    /// folder; a hub that loses or rolls back a chain is noticed and set
    /// aside, never silently skipped; another person's devices see nothing.
    @Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
    struct ServiceHubSyncTests {
        /// One device: its database, its own sign-in file, the shared key.
        struct Device {
            let path = TestDatabase.temporaryPath("device")
            let config = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID())").path
            let key: SyncKey

            func client(_ url: String, now: @escaping @Sendable () -> Date) throws -> ServiceClient {
                try ServiceClient(
                    url: url, store: try ServiceTokenStore(environment: ["XDG_CONFIG_HOME": config]), clock: now)
            }

            func sync(_ url: String, now: @escaping @Sendable () -> Date) throws -> HubSync.Outcome {
                let store = SyncStore(try LifeKit.open(path: path), registry: LifeKit.registry, key: key)
                return try HubSync(store, hub: HubTransport(client: try client(url, now: now))).run()
            }

            func units() throws -> String? {
                try LifeKit.open(path: path).fetchOne(String.self, "SELECT units FROM owner")
            }

            func set(units: Units) throws {
                _ = try OwnerStore(try LifeKit.open(path: path), clock: .system).update(units: units)
            }
        }

        /// A device keeps its last `HubSync.kept` bundles on the hub (the
        /// quota holds for a person who syncs often); a device that never
        /// read the chain, or stopped before the deleted ones, starts at the
        /// oldest kept one and ends with everything.
        @Test func aDeviceDeletesItsOldBundlesAndAReaderFarBehindStillCatchesUp() async throws {
            let key = SyncKey.random()
            let phone = Device(key: key)
            let laptop = Device(key: key)
            let tablet = Device(key: key)
            defer {
                for device in [phone, laptop, tablet] { try? FileManager.default.removeItem(atPath: device.config) }
            }
            try await ServiceHarness.run(live: true) { service in
                let url = try #require(service.url)
                let now: @Sendable () -> Date = { service.clock.now }
                try await blocking {
                    for (number, device) in [phone, laptop, tablet].enumerated() {
                        try device.client(url, now: now).signIn(
                            email: "ada@example.org", password: "correct horse battery", signUp: number == 0)
                    }
                }
                // The tablet reads the phone's first bundle, then stops syncing.
                try phone.set(units: .imperial)
                _ = try await blocking { try phone.sync(url, now: now) }
                _ = try await blocking { try tablet.sync(url, now: now) }
                #expect(try tablet.units() == "imperial")
                let changes = HubSync.kept + 8
                for change in 0..<changes {
                    try phone.set(units: change % 2 == 0 ? .metric : .imperial)
                    _ = try await blocking { try phone.sync(url, now: now) }
                }
                let heads = try await blocking { try HubTransport(client: try phone.client(url, now: now)).heads() }
                let phoneID = try SiteID(
                    hex: SyncStore(try LifeKit.open(path: phone.path), registry: LifeKit.registry, key: key).status().id
                )
                let head = try #require(heads.first { $0.deviceId == phoneID?.uuid })
                #expect(head.sequence == changes + 1)
                #expect(head.firstSequence == changes + 1 - HubSync.kept + 1)
                let admin = try service.admin()
                #expect(
                    try admin.rows(
                        "SELECT 1 FROM public.sync_bundles WHERE device_id = $1::uuid",
                        [try #require(phoneID).uuid.uuidString.lowercased()]
                    ).count == HubSync.kept)
                // The tablet stopped at bundle 1: it starts at the oldest kept
                // bundle, which holds what it had not seen.
                let caught = try await blocking { try tablet.sync(url, now: now) }
                #expect(caught.setAside.isEmpty, "\(caught.setAside)")
                #expect(try tablet.units() == phone.units())
                // A device the phone never heard from starts there too; as
                // through a folder, the phone's next bundle, made once it
                // has heard from it, brings it the rest.
                for device in [laptop, phone, laptop] {
                    let round = try await blocking { try device.sync(url, now: now) }
                    #expect(round.setAside.isEmpty, "\(round.setAside)")
                }
                #expect(try laptop.units() == phone.units())
            }
        }

        @Test func twoDevicesSyncThroughTheHubAndAHubThatLosesAChainIsNoticed() async throws {
            let key = SyncKey.random()
            let phone = Device(key: key)
            let laptop = Device(key: key)
            defer {
                for device in [phone, laptop] { try? FileManager.default.removeItem(atPath: device.config) }
            }
            try await ServiceHarness.run(live: true) { service in
                let url = try #require(service.url)
                let now: @Sendable () -> Date = { service.clock.now }
                try await blocking {
                    try phone.client(url, now: now).signIn(
                        email: "ada@example.org", password: "correct horse battery", signUp: true)
                    try laptop.client(url, now: now).signIn(
                        email: "ada@example.org", password: "correct horse battery", signUp: false)
                }
                // The phone's change goes up; the laptop brings it down.
                try phone.set(units: .imperial)
                let first = try await blocking { try phone.sync(url, now: now) }
                #expect(first.applied.isEmpty && first.setAside.isEmpty && !first.unchanged)
                #expect(first.sent.hasSuffix("/1"))
                let down = try await blocking { try laptop.sync(url, now: now) }
                #expect(down.applied.count == 1)
                #expect(down.applied.first?.report.rowsChanged == 1)
                #expect(try laptop.units() == "imperial")
                // Back the other way.
                try laptop.set(units: .metric)
                _ = try await blocking { try laptop.sync(url, now: now) }
                let back = try await blocking { try phone.sync(url, now: now) }
                #expect(back.setAside.isEmpty)
                #expect(try phone.units() == "metric")
                // Quiet after a round or two: nothing new is read, nothing is sent again.
                for _ in 0..<2 {
                    _ = try await blocking { try laptop.sync(url, now: now) }
                    _ = try await blocking { try phone.sync(url, now: now) }
                }
                let quiet = try await blocking { try phone.sync(url, now: now) }
                #expect(quiet.applied.isEmpty && quiet.unchanged)
                let admin = try service.admin()
                let chains = try admin.rows(
                    "SELECT device_id, max(sequence) AS last FROM public.sync_bundles GROUP BY device_id")
                #expect(chains.count == 2)

                // The hub rolls the laptop's chain back (the operator's SQL
                // stands for a hub that lost it): the phone sets that chain
                // aside with why, and still sends its own bundle.
                let laptopID = try SyncStore(try LifeKit.open(path: laptop.path), registry: LifeKit.registry, key: key)
                    .status().id
                try admin.execute(
                    "ALTER TABLE public.sync_bundles DISABLE TRIGGER USER; DELETE FROM public.sync_bundles WHERE device_id = '\(SiteID(hex: laptopID)!.uuid.uuidString.lowercased())' AND sequence > 1; ALTER TABLE public.sync_bundles ENABLE TRIGGER USER"
                )
                try phone.set(units: .imperial)
                let lost = try await blocking { try phone.sync(url, now: now) }
                #expect(lost.setAside.count == 1)
                #expect(lost.setAside.first?.device == laptopID)
                #expect(lost.setAside.first?.reason.contains("lost or changed") == true)
                #expect(!lost.unchanged)
                let status = try SyncStore(try LifeKit.open(path: phone.path), registry: LifeKit.registry, key: key)
                    .status()
                #expect(status.setAside.contains { $0.device == laptopID })

                // Signed out everywhere from the laptop: the phone's sign-in is
                // revoked, and its next sync stops and says so, changing nothing.
                let laptopSession = try #require(
                    try ServiceTokenStore(environment: ["XDG_CONFIG_HOME": laptop.config]).session(for: url))
                #expect(
                    try await service.send(
                        .post, "/auth/logout", token: laptopSession.accessToken, json: LogoutRequest(scope: "global")
                    ).status == .noContent)
                try phone.set(units: .metric)
                let revoked = await #expect(throws: LifeError.self) {
                    try await blocking { try phone.sync(url, now: now) }
                }
                #expect(revoked?.message.contains("refused the sign-in") == true, "\(String(describing: revoked))")
                #expect(revoked?.remedy == .serviceLogin)

                // Another person's device reads none of it.
                let eve = Device(key: key)
                defer { try? FileManager.default.removeItem(atPath: eve.config) }
                try await blocking {
                    try eve.client(url, now: now).signIn(
                        email: "eve@example.org", password: "correct horse battery", signUp: true)
                }
                let hers = try await blocking { try eve.sync(url, now: now) }
                #expect(hers.applied.isEmpty && hers.setAside.isEmpty)
                #expect(try eve.units() != "imperial")
            }
        }
    }
#endif
