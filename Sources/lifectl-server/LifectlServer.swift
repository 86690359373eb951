import ArgumentParser
import Foundation

#if Service
    import Hummingbird
    import LifeService
    import Logging
    import PostgresNIO
#endif

/// The service people sign in to (SPEC SRV-5; docs/server.md, "The
/// service"): HTTP on loopback by default, PostgreSQL as `lifectl_service`.
@main
struct LifectlServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifectl-server",
        abstract: "Serve LifeTimer's social graph and sign-in over HTTP (docs/server.md, \"The service\")."
    )

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(help: "PostgreSQL's Unix socket folder (instead of --db-host).") var dbSocket: String?
    @Option(help: "PostgreSQL's host.") var dbHost: String?
    @Option(help: "PostgreSQL's port.") var dbPort = 5432
    @Option(help: "The database.") var dbName = "postgres"
    @Option(help: "The role the service logs in as (Schema/server/0008).") var dbUser = "lifectl_service"
    @Option(help: "A file holding the role's password.") var dbPasswordFile: String?
    @Option(help: "A file holding the secret access tokens are signed with (at least 32 bytes).")
    var tokenSecretFile: String
    @Option(help: "Seconds an access token lives.") var accessTokenSeconds = 600
    @Option(help: "Apple's key set (JWKS JSON, from https://appleid.apple.com/auth/keys).") var appleJwks: String?
    @Option(help: "An app's Sign in with Apple client id (repeat for several).") var appleClientId: [String] = []
    @Option(help: "Google's key set (JWKS JSON, from https://www.googleapis.com/oauth2/v3/certs).")
    var googleJwks: String?
    @Option(help: "An app's Google client id (repeat for several).") var googleClientId: [String] = []
    @Option(help: "scrypt's cost, log2 of N (10–20).") var passwordCost = 15
    @Option(help: "Sign-in attempts per e-mail address in 15 minutes.") var signInLimitEmail = 10
    @Option(help: "Sign-in attempts per client address in 15 minutes.") var signInLimitAddress = 100

    func run() async throws {
        #if Service
            guard (10...20).contains(passwordCost) else {
                throw ValidationError("--password-cost must be from 10 to 20")
            }
            let secret = try Self.read(tokenSecretFile, option: "--token-secret-file")
            let password = try dbPasswordFile.map {
                String(decoding: try Self.read($0, option: "--db-password-file"), as: UTF8.self)
                    .trimmingCharacters(in: .newlines)
            }
            let database: PostgresClient.Configuration
            if let dbSocket {
                database = .init(
                    unixSocketPath: dbSocket + "/.s.PGSQL.\(dbPort)", username: dbUser, password: password,
                    database: dbName)
            } else if let dbHost {
                database = .init(
                    host: dbHost, port: dbPort, username: dbUser, password: password, database: dbName,
                    tls: .prefer(.clientDefault))
            } else {
                throw ValidationError("give --db-socket or --db-host")
            }
            var providers: [IdentityProvider] = []
            for (name, file, clients) in [
                (IdentityProvider.Name.apple, appleJwks, appleClientId), (.google, googleJwks, googleClientId),
            ] {
                guard let file else { continue }
                guard !clients.isEmpty else {
                    throw ValidationError("--\(name.rawValue)-jwks needs at least one --\(name.rawValue)-client-id")
                }
                let jwks = String(decoding: try Self.read(file, option: "--\(name.rawValue)-jwks"), as: UTF8.self)
                providers.append(try await IdentityProvider(name: name, jwks: jwks, audiences: clients))
            }
            let configuration = ServiceConfiguration(
                host: host, port: port, database: database, tokenSecret: secret,
                accessTokenLifetime: TimeInterval(accessTokenSeconds),
                passwordHashing: .init(logRounds: passwordCost, blockSize: 8, parallelism: 1),
                identityProviders: providers,
                signInLimit: .init(perEmail: signInLimitEmail, perAddress: signInLimitAddress, window: 900))
            var logger = Logger(label: "lifectl-server")
            logger.logLevel = .info
            let app = try await LifeServiceApp(configuration: configuration, logger: logger)
            try await app.application().runService()
        #else
            throw ValidationError(
                "this lifectl-server was built without the service; build it with `swift build --traits Service` (docs/server.md)"
            )
        #endif
    }

    static func read(_ path: String, option: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(option): cannot read \(path)")
        }
        return Array(data)
    }
}
