#if Service
    import Foundation
    import Hummingbird
    import LifeCore
    import LifeKitTestSupport
    import LifeServer
    import LifeService
    import LifeServiceAPI
    import LifeServiceClient
    import ServerTestSupport
    import Testing

    /// The hub (SRV-4): a person's bundles between their devices, as
    /// ciphertext, each person reaching only their own (through HTTP and by
    /// raw SQL as another person), a chain the devices check, and limits.
    @Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
    struct ServiceHubTests {
        static func sha(_ data: Data) -> String {
            var hasher = LifeCore.SHA256()
            hasher.update([UInt8](data))
            return hasher.finalizeHex()
        }

        func upload(_ device: UUID, _ sequence: Int, previous: Data?, _ text: String) -> HubJSON.Upload {
            HubJSON.Upload(
                deviceId: device, sequence: sequence, previousHash: previous.map(Self.sha), ciphertext: Data(text.utf8))
        }

        @Test func aChainGoesUpFromOneDeviceAndComesBackToAnother() async throws {
            try await ServiceHarness.run { service in
                let ada = try await service.signUp("ada@example.org")
                let phone = UUID()
                let first = try await service.send(
                    .post, "/sync/bundles", token: ada.accessToken, json: upload(phone, 1, previous: nil, "one"))
                #expect(first.status == .created)
                #expect(try first.decode(HubJSON.Stored.self).hash == Self.sha(Data("one".utf8)))
                #expect(
                    try await service.send(
                        .post, "/sync/bundles", token: ada.accessToken,
                        json: upload(phone, 2, previous: Data("one".utf8), "two")
                    ).status == .created)
                // Out of sequence: again, a gap, a wrong previous hash, no previous hash.
                for (body, field) in [
                    (upload(phone, 2, previous: Data("one".utf8), "again"), "sequence"),
                    (upload(phone, 4, previous: Data("two".utf8), "four"), "sequence"),
                    (upload(phone, 3, previous: Data("one".utf8), "three"), "sequence"),
                ] {
                    let reply = try await service.send(.post, "/sync/bundles", token: ada.accessToken, json: body)
                    #expect(reply.status == .conflict)
                    #expect(reply.error?.error == "out_of_sequence")
                    #expect(reply.error?.field == field)
                }
                let noPrevious = try await service.send(
                    .post, "/sync/bundles", token: ada.accessToken, json: upload(phone, 3, previous: nil, "three"))
                #expect(noPrevious.error?.field == "previous_hash")
                // Another device of hers reads the chain back, in order, with the hashes.
                let heads: [HubJSON.Head] = try await service.send(.get, "/sync/heads", token: ada.accessToken).decode()
                #expect(
                    heads == [
                        HubJSON.Head(deviceId: phone, sequence: 2, hash: Self.sha(Data("two".utf8)), firstSequence: 1)
                    ])
                let bundles: [HubJSON.Bundle] = try await service.send(
                    .get, "/sync/bundles?device=\(phone)&after=0", token: ada.accessToken
                ).decode()
                #expect(bundles.map(\.sequence) == [1, 2])
                #expect(bundles.map { String(decoding: $0.ciphertext, as: UTF8.self) } == ["one", "two"])
                #expect(bundles.map(\.previousHash) == [nil, Self.sha(Data("one".utf8))])
                let after: [HubJSON.Bundle] = try await service.send(
                    .get, "/sync/bundles?device=\(phone)&after=1", token: ada.accessToken
                ).decode()
                #expect(after.map(\.sequence) == [2])
            }
        }

        @Test func eachPersonReachesOnlyTheirOwnBundles() async throws {
            try await ServiceHarness.run { service in
                let ada = try await service.signUp("ada@example.org")
                let eve = try await service.signUp("eve@example.org")
                let phone = UUID()
                _ = try await service.send(
                    .post, "/sync/bundles", token: ada.accessToken, json: upload(phone, 1, previous: nil, "secret"))
                // Through HTTP: eve sees no head and no bundle of ada's device, and cannot extend its chain.
                let heads: [HubJSON.Head] = try await service.send(.get, "/sync/heads", token: eve.accessToken).decode()
                #expect(heads.isEmpty)
                let bundles: [HubJSON.Bundle] = try await service.send(
                    .get, "/sync/bundles?device=\(phone)", token: eve.accessToken
                ).decode()
                #expect(bundles.isEmpty)
                // Eve's own chain for that device id is hers: it starts at 1 and leaves ada's alone.
                let reply = try await service.send(
                    .post, "/sync/bundles", token: eve.accessToken,
                    json: upload(phone, 2, previous: Data("secret".utf8), "mine"))
                #expect(reply.status == .conflict)
                #expect(
                    try await service.send(.delete, "/sync/bundles?device=\(phone)&through=9", token: eve.accessToken)
                        .status == .noContent)
                // By raw SQL as eve: nothing to read, no row to write for ada, nothing deleted.
                let admin = try service.admin()
                let adaID = ada.user.id.uuidString.lowercased()
                #expect(try admin.act(as: eve.user.id, "SELECT 1 FROM public.sync_bundles") == nil)
                let seen = try admin.probe(as: eve.user.id) { connection in
                    try connection.rows("SELECT ciphertext FROM public.sync_bundles").count
                }
                #expect(seen == 0)
                let forged = try admin.act(
                    as: eve.user.id,
                    "INSERT INTO public.sync_bundles (owner_id, device_id, sequence, previous_hash, ciphertext) VALUES ($1::uuid, $2::uuid, 2, sha256('secret'), 'x')",
                    [adaID, phone.uuidString.lowercased()])
                #expect(forged?.sqlState == "42501")
                // The refusal is the same whether the chain matches or not: it tells nothing about ada's.
                let blind = try admin.act(
                    as: eve.user.id,
                    "INSERT INTO public.sync_bundles (owner_id, device_id, sequence, previous_hash, ciphertext) VALUES ($1::uuid, $2::uuid, 2, sha256('nothing'), 'x')",
                    [adaID, phone.uuidString.lowercased()])
                #expect(blind == forged)
                #expect(
                    try admin.act(as: eve.user.id, "UPDATE public.sync_bundles SET ciphertext = 'x'")?.sqlState
                        == "42501")
                #expect(
                    try admin.rows("SELECT 1 FROM public.sync_bundles WHERE owner_id = $1::uuid", [adaID]).count == 1)
                // Deleting ada's account deletes her bundles (LT-1).
                #expect(try await service.send(.delete, "/auth/user", token: ada.accessToken).status == .noContent)
                #expect(try admin.rows("SELECT 1 FROM public.sync_bundles WHERE owner_id = $1::uuid", [adaID]).isEmpty)
                #expect(try admin.rows("SELECT 1 FROM lifectl.sync_usage WHERE owner_id = $1::uuid", [adaID]).isEmpty)
            }
        }

        @Test func bundleSizeAndQuotaAreLimited() async throws {
            try await ServiceHarness.run { service in
                let ada = try await service.signUp("ada@example.org")
                let phone = UUID()
                let big = HubJSON.Upload(
                    deviceId: phone, sequence: 1, previousHash: nil,
                    ciphertext: Data(count: HubJSON.maxBundleBytes + 1))
                let tooLarge = try await service.send(.post, "/sync/bundles", token: ada.accessToken, json: big)
                #expect(tooLarge.status == .contentTooLarge)
                #expect(tooLarge.error?.field == "ciphertext")
                _ = try await service.send(
                    .post, "/sync/bundles", token: ada.accessToken, json: upload(phone, 1, previous: nil, "one"))
                // One byte short of 256 MiB used: a two-byte bundle is over, and is not kept.
                let admin = try service.admin()
                try admin.execute("UPDATE lifectl.sync_usage SET bytes = 268435455")
                let over = try await service.send(
                    .post, "/sync/bundles", token: ada.accessToken,
                    json: upload(phone, 2, previous: Data("one".utf8), "tw"))
                #expect(over.status == .unprocessableContent)
                #expect(over.error?.error == "quota_exceeded")
                #expect(try admin.rows("SELECT 1 FROM public.sync_bundles").count == 1)
                // Deleting old bundles frees the room.
                #expect(
                    try await service.send(.delete, "/sync/bundles?device=\(phone)&through=1", token: ada.accessToken)
                        .status == .noContent)
                let usage = try admin.rows("SELECT bytes, bundles FROM lifectl.sync_usage")
                #expect(try usage.first?.get("bytes", as: Int.self) == 268435455 - 3)
                #expect(try usage.first?.get("bundles", as: Int.self) == 0)
            }
        }

        /// The device's side (HubTransport, through libcurl on a live
        /// loopback port): a chain sent by one device comes back whole to
        /// another, and a bundle the hub lost or changed is an error.
        @Test func theTransportNoticesABundleTheHubLostOrChanged() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try await ServiceHarness.run(live: true) { service in
                let url = try #require(service.url)
                let store = try ServiceTokenStore(environment: ["XDG_CONFIG_HOME": folder])
                let client = try ServiceClient(url: url, store: store, clock: { service.clock.now })
                let user = try await blocking {
                    try client.signIn(email: "ada@example.org", password: "correct horse battery", signUp: true)
                }
                let hub = HubTransport(client: client)
                let phone = UUID()
                let texts = ["one", "two", "three", "four"]
                let sent = try await blocking {
                    var position: HubTransport.Position?
                    var positions: [HubTransport.Position] = []
                    for text in texts {
                        position = try hub.send(device: phone, after: position, ciphertext: Data(text.utf8))
                        positions.append(try #require(position))
                    }
                    return positions
                }
                #expect(sent.map(\.sequence) == [1, 2, 3, 4])
                let all = try await blocking { try hub.receive(device: phone, after: nil) }
                #expect(all.map { String(decoding: $0.ciphertext, as: UTF8.self) } == texts)
                let rest = try await blocking { try hub.receive(device: phone, after: sent[1]) }
                #expect(rest.map(\.position) == Array(sent[2...]))
                // The hub changes bundle 3 (the operator's SQL stands for a hub that cheats) …
                let admin = try service.admin()
                try admin.execute(
                    "ALTER TABLE public.sync_bundles DISABLE TRIGGER USER; UPDATE public.sync_bundles SET ciphertext = 'THREE' WHERE sequence = 3"
                )
                let changed = await #expect(throws: LifeError.self) {
                    try await blocking { try hub.receive(device: phone, after: sent[0]) }
                }
                #expect(changed?.message.contains("bundle 3 of device") == true)
                // … even with a hash to match: then bundle 4 names another.
                try admin.execute("UPDATE public.sync_bundles SET hash = sha256(ciphertext) WHERE sequence = 3")
                let rehashed = await #expect(throws: LifeError.self) {
                    try await blocking { try hub.receive(device: phone, after: sent[0]) }
                }
                #expect(rehashed?.message.contains("bundle 4 of device") == true)
                // … or loses bundle 2: the next one names a hash the device does not have.
                try admin.execute("DELETE FROM public.sync_bundles WHERE sequence = 2")
                let lost = await #expect(throws: LifeError.self) {
                    try await blocking { try hub.receive(device: phone, after: sent[0]) }
                }
                #expect(lost?.message.contains("bundle 2 of device") == true)
                #expect(user != UUID())
            }
        }
    }
#endif
