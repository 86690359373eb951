#if Service
    import Foundation
    import PostgresNIO

    /// Everything the service is started with (docs/server.md, "The service").
    public struct ServiceConfiguration: Sendable {
        /// Where it listens: loopback by default (a proxy in front terminates TLS).
        public var host: String
        public var port: Int
        /// The database, as the role `lifectl_service` (Schema/server/0008).
        public var database: PostgresClient.Configuration
        /// Signs and checks access tokens (HS256, as Supabase's JWT secret): at least 32 bytes.
        public var tokenSecret: [UInt8]
        /// The access tokens' `iss`.
        public var issuer: String
        /// How long an access token lives (short: a revoked session's tokens
        /// are refused at once anyway).
        public var accessTokenLifetime: TimeInterval
        /// How long a refresh token lives unused.
        public var refreshTokenLifetime: TimeInterval
        /// The password hash's cost.
        public var passwordHashing: PasswordHasher.Cost
        /// Apple and Google, each with its key set, issuers and audiences.
        public var identityProviders: [IdentityProvider]
        /// Sign-in attempts per e-mail and per client address in a window.
        public var signInLimit: SignInLimiter.Limits
        /// The service's clock (tests pin it).
        public var clock: @Sendable () -> Date

        public init(
            host: String = "127.0.0.1", port: Int = 8080, database: PostgresClient.Configuration, tokenSecret: [UInt8],
            issuer: String = "lifectl", accessTokenLifetime: TimeInterval = 600,
            refreshTokenLifetime: TimeInterval = 30 * 86_400, passwordHashing: PasswordHasher.Cost = .standard,
            identityProviders: [IdentityProvider] = [], signInLimit: SignInLimiter.Limits = .standard,
            clock: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.host = host
            self.port = port
            self.database = database
            self.tokenSecret = tokenSecret
            self.issuer = issuer
            self.accessTokenLifetime = accessTokenLifetime
            self.refreshTokenLifetime = refreshTokenLifetime
            self.passwordHashing = passwordHashing
            self.identityProviders = identityProviders
            self.signInLimit = signInLimit
            self.clock = clock
        }
    }
#endif
