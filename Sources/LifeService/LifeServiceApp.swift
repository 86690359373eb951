#if Service
    import Foundation
    import Hummingbird
    import LifeServiceAPI
    import Logging
    import PostgresNIO

    /// The service (SPEC SRV-5): its routes over the database and the
    /// sign-in machinery. `application()` gives the Hummingbird application,
    /// which runs the PostgreSQL pool beside the HTTP server.
    public struct LifeServiceApp: Sendable {
        let configuration: ServiceConfiguration
        let database: ServiceDatabase
        let tokens: AccessTokens
        let passwords: PasswordHasher
        let limiter: SignInLimiter
        let providers: [IdentityProvider.Name: IdentityProvider]
        let logger: Logger

        public init(configuration: ServiceConfiguration, logger: Logger = Logger(label: "lifectl-server")) async throws
        {
            self.configuration = configuration
            self.logger = logger
            database = ServiceDatabase(
                client: PostgresClient(configuration: configuration.database, backgroundLogger: logger), logger: logger,
                clock: configuration.clock)
            tokens = try await AccessTokens(
                secret: configuration.tokenSecret, issuer: configuration.issuer,
                lifetime: configuration.accessTokenLifetime)
            passwords = try PasswordHasher(cost: configuration.passwordHashing)
            limiter = SignInLimiter(limits: configuration.signInLimit)
            providers = Dictionary(configuration.identityProviders.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        }

        var now: Date { configuration.clock() }

        /// The routes, for the application and for tests.
        public func router() -> Router<ServiceRequestContext> {
            let router = Router(context: ServiceRequestContext.self)
            router.add(middleware: ErrorMiddleware(logger: logger))
            router.get("/health") { _, _ -> HTTPResponse.Status in .ok }
            addAuthRoutes(to: router)
            addLifeTimerRoutes(to: router)
            addHubRoutes(to: router)
            return router
        }

        /// The application: the routes on `host:port`, with the pool run as a service.
        public func application() -> some ApplicationProtocol {
            var app = Application(
                router: router(),
                configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
                logger: logger)
            app.addServices(database.client)
            return app
        }

        /// The person the request's bearer token names, verified (signature,
        /// issuer, audience, role, expiry); whether the session is still live
        /// is checked in the request's transaction (`ServiceDatabase.asPerson`).
        func person(_ request: Request) async throws -> ServiceDatabase.Person {
            guard let header = request.headers[.authorization] else { throw ServiceError.token("missing") }
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw ServiceError.token("not a bearer token")
            }
            let (claims, user, session) = try await tokens.verify(String(parts[1]), now: now)
            return .init(user: user, session: session, claims: claims.settingsJSON(user: user, session: session))
        }
    }

    /// Every error a route throws becomes a JSON refusal: the service's own as
    /// they are, a PostgreSQL refusal by its SQLSTATE, anything else a 500
    /// (logged, never shown: it may hold what a client must not see).
    struct ErrorMiddleware: RouterMiddleware {
        typealias Context = ServiceRequestContext
        let logger: Logger

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
            async throws
            -> Response
        {
            do {
                return try await next(request, context)
            } catch let error as ServiceError {
                return try error.response(from: request, context: context)
            } catch let error as PSQLError {
                let refusal = ServiceError.from(error)
                if refusal.status == .internalServerError {
                    logger.error("database: \(String(reflecting: error))")
                }
                return try refusal.response(from: request, context: context)
            } catch let error as HTTPResponseError {
                return try ServiceError(error.status, "http", "the request is not one this service takes")
                    .response(from: request, context: context)
            } catch {
                logger.error("failed: \(String(reflecting: error))")
                return try ServiceError(.internalServerError, "internal", "the service failed; try again later")
                    .response(from: request, context: context)
            }
        }
    }
#endif
