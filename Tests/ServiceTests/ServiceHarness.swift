#if Service
    import Crypto
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import LifeService
    import LifeServiceAPI
    import LifeServer
    import NIOCore
    import ServerTestSupport
    import Synchronization

    /// The service on a fresh migrated database of the PostgreSQL scripts/test
    /// starts (SRV-3), reached through Hummingbird's router test client (no
    /// socket), logged in as `lifectl_service` like the real one.
    struct ServiceHarness: Sendable {
        let client: any TestClientProtocol
        /// The service's URL on 127.0.0.1 (live runs only).
        var url: String? { client.port.map { "http://127.0.0.1:\($0)" } }
        /// The operator's URL of the test's database.
        let databaseURL: String
        let clock: TestClock

        /// The operator's connection to the test's database (libpq).
        func admin() throws -> PostgresConnection { try PostgresConnection(url: databaseURL) }

        static let secret = Array("a test secret of at least thirty-two bytes".utf8)

        /// Runs `body` against a new service; the database is dropped afterwards.
        static func run(
            limits: SignInLimiter.Limits = .init(perEmail: 1000, perAddress: 1000, window: 900),
            providers: [IdentityProvider] = [],
            live: Bool = false,
            asOwner: Bool = false,
            start: Date = Date(timeIntervalSince1970: 1_800_000_000),
            _ body: @Sendable (ServiceHarness) async throws -> Void
        ) async throws {
            let database = try TestServer.database()
            defer { database.drop() }
            let admin = try database.connect()
            try admin.execute("ALTER ROLE lifectl_service LOGIN")
            let url = database.url
            let clock = TestClock(start)
            let configuration = ServiceConfiguration(
                port: live ? 0 : 8080,
                database: .init(
                    unixSocketPath: try socketFolder(database.url) + "/.s.PGSQL.5432",
                    username: asOwner ? "postgres" : "lifectl_service",
                    password: nil, database: database.name),
                tokenSecret: secret, passwordHashing: .testing, identityProviders: providers, signInLimit: limits,
                clock: { clock.now })
            let app = try await LifeServiceApp(configuration: configuration)
            try await app.application().test(live ? .live : .router) { client in
                try await body(ServiceHarness(client: client, databaseURL: url, clock: clock))
            }
        }

        /// The socket folder of a libpq URL (`postgresql:///db?host=/tmp/…`).
        static func socketFolder(_ url: String) throws -> String {
            guard let host = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "host" })?.value else {
                throw NoSocket(url: url)
            }
            return host
        }

        // MARK: Requests

        struct Reply: Sendable {
            let status: HTTPResponse.Status
            let headers: HTTPFields
            let body: Data

            func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
                try ServiceJSON.decoder().decode(T.self, from: body)
            }
            var error: ServiceErrorBody? { try? decode(ServiceErrorBody.self) }
        }

        func send(_ method: HTTPRequest.Method, _ uri: String, token: String? = nil) async throws -> Reply {
            try await send(method, uri, token: token, body: nil)
        }

        func send(_ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: some Encodable) async throws
            -> Reply
        {
            try await send(method, uri, token: token, body: ByteBuffer(bytes: try ServiceJSON.encoder().encode(json)))
        }

        func send(_ method: HTTPRequest.Method, _ uri: String, token: String?, body: ByteBuffer?) async throws -> Reply
        {
            var headers: HTTPFields = [.contentType: "application/json"]
            if let token { headers[.authorization] = "Bearer \(token)" }
            let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
            return Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        }

        /// A new user signed up with `email`: its tokens.
        func signUp(_ email: String, password: String = "correct horse battery", id: UUID? = nil) async throws
            -> TokenGrant
        {
            let reply = try await send(
                .post, "/auth/signup", json: SignUpRequest(email: email, password: password, id: id))
            guard reply.status == .created else { throw Unexpected(reply: reply) }
            return try reply.decode()
        }

        func signIn(_ email: String, password: String = "correct horse battery") async throws -> Reply {
            try await send(
                .post, "/auth/token", json: TokenRequest(grantType: "password", email: email, password: password))
        }

        struct NoSocket: Error {
            let url: String
        }

        struct Unexpected: Error, CustomStringConvertible {
            let reply: Reply
            var description: String { "\(reply.status): \(String(decoding: reply.body, as: UTF8.self))" }
        }
    }

    /// A clock a test moves.
    final class TestClock: Sendable {
        private let instant: Mutex<Date>
        init(_ start: Date) { instant = Mutex(start) }
        var now: Date { instant.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }
#endif
