#if Service
    import Foundation
    import LifeCore
    import LifeDB
    import LifeKitTestSupport
    import LifeServer
    import LifeServiceClient
    import LifeTimer
    import LifeTimerServer
    import LifeTimerTestSupport
    import ServerTestSupport
    import Synchronization
    import Testing

    /// REL-8 through the HTTP service: REL-6's random social graphs, built
    /// on the device and mirrored on the server as ServerTests does, then
    /// read by every viewer through the service (libcurl on a loopback port,
    /// the viewer's own access token, `LifeTimerServiceGraph`): every read
    /// path answers line for line what `LifeTimerServerStore` answers on the
    /// server, which REL-8 holds equal to the device and the model. The
    /// service logs in as the schema's owner here only so that the server's
    /// clock can be pinned at the reads' instant, as the operator pins it
    /// for the store; it still runs each request as `authenticated`.
    ///
    /// `LIFETIMER_REL8_SEED=N` explores other graphs; a failure names the seed.
    @Suite(.tags(.server, .property), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
    struct ServicePrivacyPropertyTests {
        static let graphs = 12

        @Test func everyViewerReadsTheSameThroughTheService() async throws {
            let seed =
                ProcessInfo.processInfo.environment["LIFETIMER_REL8_SEED"].flatMap { UInt64($0) }
                ?? 0x5EB8_0726_0045_F077
            var master = SplitMix64(state: seed)
            var reads = 0
            for index in 0..<Self.graphs {
                let graphSeed = master.next()
                do {
                    reads += try await Self.run(graphSeed)
                } catch {
                    Issue.record(
                        "REL-8 (service) graph \(index) failed: \(error). Reproduce with LIFETIMER_REL8_SEED=\(seed) (graph seed \(graphSeed))"
                    )
                    return
                }
            }
            #expect(reads > Self.graphs * 50)
        }

        /// One graph on a fresh database and service; answers the reads compared.
        static func run(_ seed: UInt64) async throws -> Int {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rel8-service-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let readAt = RandomSocialGraph.readAt
            let reads = Reads()
            try await ServiceHarness.run(live: true, asOwner: true, start: readAt) { service in
                let url = try #require(service.url)
                // libpq and libcurl block: the whole graph runs on a thread of its own.
                let count = try await blocking {
                    try Self.build(seed, service: service, url: url, folder: folder, at: readAt)
                }
                reads.add(count)
            }
            return reads.value
        }

        static func build(_ seed: UInt64, service: ServiceHarness, url: String, folder: URL, at readAt: Date)
            throws -> Int
        {
            let device = try TestDatabase.queue(
                path: folder.appendingPathComponent("life.db").path, now: RandomSocialGraph.base)
            try TestDatabase.setTimeZone("UTC", in: device)
            let connection = try service.admin()
            let mirror = ServerGraphMirror(device: device, connection: connection)
            let graph = try RandomSocialGraph(
                seed: seed, db: device, afterWrite: { try mirror.wrote($0, at: $1, model: $2) },
                afterOperation: { try mirror.operated($0, model: $1) })
            let reader = LifeTimerServerStore(connection: connection, clock: .fixed(readAt))
            let store = try ServiceTokenStore(
                environment: ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path])
            var reads = 0
            for v in graph.model.people.indices {
                let viewer = try graph.account(v, db: device)
                // The viewer as a signed-up user with a session, and its access token.
                try connection.execute(
                    "INSERT INTO lifectl.service_users (id, created_at) VALUES ($1, now()) ON CONFLICT DO NOTHING",
                    [viewer.id])
                guard
                    let session = try connection.row(
                        "SELECT lifectl.service_session_open($1, sha256(convert_to($2, 'UTF8')), now() + interval '1 day', now()) AS id",
                        [viewer.id, UUID().uuidString]
                    )?.get("id", as: UUID.self)
                else { throw RandomSocialGraph.Failure("no session for \(viewer.username)") }
                let token = LifeServiceTokenForger.hs256(
                    user: viewer.id, session: session, at: readAt, secret: ServiceHarness.secret)
                try store.save(
                    .init(
                        accessToken: token, refreshToken: "-", expiresAt: readAt.addingTimeInterval(600),
                        user: viewer.id),
                    for: url)
                let service = LifeTimerServiceGraph(
                    client: try ServiceClient(url: url, store: store, clock: { readAt }))
                let onServer = try graph.checkReads(of: v, viewer: viewer, through: reader)
                let throughService = try graph.checkReads(of: v, viewer: viewer, through: service)
                for (line, (serverLine, serviceLine)) in zip(onServer.rendering, throughService.rendering).enumerated()
                where serverLine != serviceLine {
                    throw RandomSocialGraph.Failure(
                        "viewer \(viewer.username), answer \(line): server \(serverLine) ≠ service \(serviceLine)")
                }
                guard onServer.rendering.count == throughService.rendering.count else {
                    throw RandomSocialGraph.Failure("the server and the service gave different numbers of answers")
                }
                reads += throughService.reads
            }
            return reads
        }
    }

    /// The reads counted across the harness's closure.
    final class Reads: Sendable {
        private let total = Mutex(0)
        func add(_ n: Int) { total.withLock { $0 += n } }
        var value: Int { total.withLock { $0 } }
    }
#endif
