#if Service
    import Foundation
    import Hummingbird
    import LifeCore
    import LifeServiceAPI
    import NIOCore
    import PostgresNIO

    /// The hub (SPEC SRV-4): one person's sync bundles between their devices,
    /// as ciphertext the service cannot read, each request as the person under
    /// the policies of Schema/server/0009 (each person reaches only their own).
    /// The server hashes each bundle and takes it only as the next link of its
    /// device's chain, so a device reading the chain back notices a bundle the
    /// hub lost, withheld or changed.
    extension LifeServiceApp {
        static let pageBundles = 1...100
        /// A page of bundles stops once it holds this much ciphertext.
        static let pageBytes = 32 * 1024 * 1024

        func addHubRoutes(to router: Router<ServiceRequestContext>) {
            let group = router.group("sync")
            group.post("bundles") { request, context -> EditedResponse<HubJSON.Stored> in
                let upload = try await request.decode(as: HubJSON.Upload.self, context: context)
                return EditedResponse(
                    status: .created, response: try await store(upload, as: try await person(request)))
            }
            group.get("heads") { request, _ -> [HubJSON.Head] in
                try await database.asPerson(try await person(request)) { connection in
                    try await connection.rows(
                        """
                        SELECT DISTINCT ON (device_id) device_id, sequence, hash,
                               min(sequence) OVER (PARTITION BY device_id) AS first_sequence
                        FROM public.sync_bundles
                        WHERE owner_id = (SELECT auth.uid()) ORDER BY device_id, sequence DESC
                        """, logger: logger
                    ).map {
                        HubJSON.Head(
                            deviceId: try $0.get("device_id"), sequence: Int(try $0.get("sequence", as: Int64.self)),
                            hash: Self.hex(try $0.get("hash", as: ByteBuffer.self)),
                            firstSequence: Int(try $0.get("first_sequence", as: Int64.self)))
                    }
                }
            }
            group.get("bundles") { request, _ -> [HubJSON.Bundle] in
                guard let device = request.uri.queryParameters["device"].flatMap({ UUID(uuidString: String($0)) })
                else {
                    throw ServiceError.invalid("device", "device must be a device's id (a UUID)")
                }
                let after = Int64(request.uri.queryParameters["after"].map(String.init) ?? "0") ?? -1
                guard after >= 0 else { throw ServiceError.invalid("after", "after must be a whole number from 0") }
                let limit = Int(request.uri.queryParameters["limit"].map(String.init) ?? "20") ?? 0
                guard Self.pageBundles.contains(limit) else {
                    throw ServiceError.invalid("limit", "limit must be from 1 to 100")
                }
                return try await database.asPerson(try await person(request)) { connection in
                    let rows = try await connection.query(
                        """
                        SELECT device_id, sequence, previous_hash, hash, ciphertext, received_at FROM public.sync_bundles
                        WHERE owner_id = (SELECT auth.uid()) AND device_id = \(device) AND sequence > \(after)
                        ORDER BY sequence LIMIT \(Int32(limit))
                        """, logger: logger)
                    var page: [HubJSON.Bundle] = []
                    var bytes = 0
                    for try await row in rows {
                        let ciphertext = try row.get("ciphertext", as: ByteBuffer.self)
                        guard page.isEmpty || bytes + ciphertext.readableBytes <= Self.pageBytes else { break }
                        bytes += ciphertext.readableBytes
                        page.append(
                            HubJSON.Bundle(
                                deviceId: try row.get("device_id"),
                                sequence: Int(try row.get("sequence", as: Int64.self)),
                                previousHash: try row.get("previous_hash", as: ByteBuffer?.self).map(Self.hex),
                                hash: Self.hex(try row.get("hash", as: ByteBuffer.self)),
                                ciphertext: Data(buffer: ciphertext), receivedAt: try row.get("received_at")))
                    }
                    return page
                }
            }
            // Pruning: the person's own bundles of one device up to a sequence.
            group.delete("bundles") { request, _ -> HTTPResponse.Status in
                guard let device = request.uri.queryParameters["device"].flatMap({ UUID(uuidString: String($0)) }),
                    let through = request.uri.queryParameters["through"].flatMap({ Int64(String($0)) })
                else { throw ServiceError.invalid("device", "device (a UUID) and through (a sequence) are required") }
                try await database.asPerson(try await person(request)) { connection in
                    try await connection.query(
                        """
                        DELETE FROM public.sync_bundles
                        WHERE owner_id = (SELECT auth.uid()) AND device_id = \(device) AND sequence <= \(through)
                        """, logger: logger)
                }
                return .noContent
            }
        }

        func store(_ upload: HubJSON.Upload, as person: ServiceDatabase.Person) async throws -> HubJSON.Stored {
            guard upload.sequence >= 1 else { throw ServiceError.invalid("sequence", "sequence must be 1 or more") }
            guard !upload.ciphertext.isEmpty else { throw ServiceError.invalid("ciphertext", "the bundle is empty") }
            guard upload.ciphertext.count <= HubJSON.maxBundleBytes else {
                throw ServiceError(
                    .contentTooLarge, "too_large",
                    "a bundle is at most 8 MiB; this one is \(upload.ciphertext.count) bytes",
                    field: "ciphertext")
            }
            let previous = try upload.previousHash.map { text -> ByteBuffer in
                guard let bytes = Self.bytes(hex: text), bytes.count == 32 else {
                    throw ServiceError.invalid("previous_hash", "previous_hash must be a SHA-256 in hex (64 digits)")
                }
                return ByteBuffer(bytes: bytes)
            }
            guard (upload.sequence == 1) == (previous == nil) else {
                throw ServiceError.invalid(
                    "previous_hash", "previous_hash is required after a device's first bundle, and absent on it")
            }
            let ciphertext = ByteBuffer(data: upload.ciphertext)
            let sequence = Int64(upload.sequence)
            return try await database.asPerson(person) { connection in
                do {
                    let hash = try await connection.rows(
                        """
                        INSERT INTO public.sync_bundles (owner_id, device_id, sequence, previous_hash, ciphertext)
                        VALUES ((SELECT auth.uid()), \(upload.deviceId), \(sequence), \(previous), \(ciphertext))
                        RETURNING hash
                        """, logger: logger
                    ).first?.get("hash", as: ByteBuffer.self)
                    return HubJSON.Stored(hash: hash.map(Self.hex) ?? "")
                } catch let error as PSQLError {
                    switch error.serverInfo?[.sqlState] {
                    case "23505":
                        throw ServiceError(
                            .conflict, "out_of_sequence",
                            "bundle \(upload.sequence) of this device is on the hub already", field: "sequence")
                    case "23514":
                        throw ServiceError(
                            .conflict, "out_of_sequence",
                            "bundle \(upload.sequence) does not follow the last bundle the hub has of this device",
                            field: "sequence")
                    case "54000":
                        throw ServiceError(
                            .unprocessableContent, "quota_exceeded",
                            "the hub holds at most 256 MiB and 10,000 bundles per person; delete old bundles first")
                    default: throw error
                    }
                }
            }
        }

        static func hex(_ buffer: ByteBuffer) -> String { Hex.encode(buffer.readableBytesView) }

        static func bytes(hex text: String) -> [UInt8]? { Hex.decode(text) }
    }

    extension HubJSON.Stored: ResponseEncodable {}
    extension HubJSON.Head: ResponseEncodable {}
    extension HubJSON.Bundle: ResponseEncodable {}
#endif
