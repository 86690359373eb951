#if Service
    import Foundation
    import Hummingbird
    import LifeCore
    import LifeServiceAPI
    import LifeTimer
    import PostgresNIO

    /// Sign-up, sign-in, refresh, sign-out and deletion (SPEC SRV-5, LT-1),
    /// under `/auth`, in GoTrue's shapes where it has one.
    extension LifeServiceApp {
        static let passwordBytes = 8...1024

        func addAuthRoutes(to router: Router<ServiceRequestContext>) {
            let auth = router.group("auth")
            auth.post("signup") { request, context -> EditedResponse<TokenGrant> in
                let body = try await request.decode(as: SignUpRequest.self, context: context)
                return EditedResponse(
                    status: .created, response: try await signUp(body, address: context.clientAddress))
            }
            auth.post("token") { request, context -> TokenGrant in
                let body = try await request.decode(as: TokenRequest.self, context: context)
                switch body.grantType {
                case "password": return try await signIn(body, address: context.clientAddress)
                case "refresh_token": return try await refresh(body)
                case "id_token": return try await signIn(identity: body, address: context.clientAddress)
                default:
                    throw ServiceError.invalid("grant_type", "grant_type must be password, refresh_token or id_token")
                }
            }
            auth.get("user") { request, _ -> ServiceUser in
                let person = try await person(request)
                try await database.asPerson(person) { _ in }
                return ServiceUser(id: person.user, sessionId: person.session)
            }
            auth.post("logout") { request, _ -> HTTPResponse.Status in
                let person = try await person(request)
                // No body: this session.
                let body = try await request.body.collect(upTo: 4096)
                var scope = "local"
                if body.readableBytes > 0 {
                    guard let asked = try? ServiceJSON.decoder().decode(LogoutRequest.self, from: Data(buffer: body))
                    else { throw ServiceError.invalid("body", "the body is not the JSON this request takes") }
                    scope = asked.scope ?? "local"
                }
                guard scope == "local" || scope == "global" else {
                    throw ServiceError.invalid("scope", "scope must be local or global")
                }
                let now = now
                try await database.asPerson(person) { connection in
                    try await connection.query("RESET ROLE", logger: logger)
                    try await connection.query(
                        "SELECT lifectl.service_sign_out(\(person.session), \(person.user), \(scope == "global"), \(now))",
                        logger: logger)
                }
                return .noContent
            }
            // LT-1: the account and everything it owns go, as the person
            // (the policies let an account delete only itself); then the
            // sign-in data, which revokes every session at once.
            auth.delete("user") { request, _ -> HTTPResponse.Status in
                let person = try await person(request)
                let now = now
                try await database.asPerson(person) { connection in
                    try await connection.query(
                        "DELETE FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())", logger: logger)
                    try await connection.query("RESET ROLE", logger: logger)
                    try await connection.query(
                        "SELECT lifectl.service_delete_user(\(person.user), \(now))", logger: logger)
                }
                return .noContent
            }
        }

        /// An e-mail address as the limits and the table key it: trimmed, lower case.
        static func emailKey(_ email: String) -> String { email.trimmingCharacters(in: .whitespaces).lowercased() }

        func checkLimit(email: String?, address: String) async throws {
            if let wait = await limiter.attempt(email: email, address: address, now: now) {
                throw ServiceError.tooManyAttempts(wait)
            }
        }

        func signUp(_ body: SignUpRequest, address: String) async throws -> TokenGrant {
            let email: String
            do {
                guard let valid = try LifeTimerRules.email(body.email) else {
                    throw ServiceError.invalid("email", "email is required")
                }
                email = valid
            } catch let error as LifeError {
                throw ServiceError.invalid("email", error.message)
            }
            guard Self.passwordBytes.contains(body.password.utf8.count) else {
                throw ServiceError.invalid("password", "password must be 8 to 1024 bytes long")
            }
            try await checkLimit(email: Self.emailKey(email), address: address)
            let hash = try await passwords.hash(body.password)
            let now = now
            let user: UUID? = try await database.asService { connection in
                do {
                    return try await connection.rows(
                        "SELECT lifectl.service_sign_up(\(email), \(hash), \(body.id), \(now)) AS id", logger: logger
                    ).first?.get("id", as: UUID?.self)
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                    throw ServiceError(
                        .conflict, "id_unavailable", "that id is or was in use, and an id never comes back", field: "id"
                    )
                }
            }
            // Without mail delivery a taken address cannot be hidden here (as
            // Supabase with confirmations off); the limits bound the asking.
            guard let user else {
                throw ServiceError(
                    .conflict, "email_taken", "an account with this e-mail address exists; sign in", field: "email")
            }
            return try await openSession(for: user)
        }

        func signIn(_ body: TokenRequest, address: String) async throws -> TokenGrant {
            guard let email = body.email, let password = body.password else {
                throw ServiceError.invalid("email", "email and password are required")
            }
            let key = Self.emailKey(email)
            try await checkLimit(email: key, address: address)
            let row = try await database.asService { connection in
                try await connection.rows(
                    "SELECT user_id, password_hash FROM lifectl.service_password_of(\(key))", logger: logger
                ).first.map { (try $0.get("user_id", as: UUID.self), try $0.get("password_hash", as: String.self)) }
            }
            // The same work and the same answer for no such address as for a wrong password.
            guard try await passwords.verify(password, against: row?.1), let user = row?.0 else {
                throw ServiceError.invalidCredentials
            }
            return try await openSession(for: user)
        }

        func signIn(identity body: TokenRequest, address: String) async throws -> TokenGrant {
            guard let name = body.provider.flatMap(IdentityProvider.Name.init(rawValue:)) else {
                throw ServiceError.invalid("provider", "provider must be apple or google")
            }
            guard let provider = providers[name] else {
                throw ServiceError(
                    .badRequest, "provider_disabled", "sign-in with \(name.rawValue) is not set up on this service",
                    field: "provider")
            }
            guard let token = body.idToken, let nonce = body.nonce else {
                throw ServiceError.invalid("id_token", "id_token and nonce are required")
            }
            try await checkLimit(email: nil, address: address)
            let subject = try await provider.subject(of: token, nonce: nonce, now: now)
            let now = now
            let user = try await database.asService { connection in
                try await connection.rows(
                    "SELECT lifectl.service_identity_user(\(name.rawValue), \(subject), \(now)) AS id", logger: logger
                ).first?.get("id", as: UUID.self)
            }
            guard let user else { throw ServiceError(.internalServerError, "internal", "the service failed") }
            return try await openSession(for: user)
        }

        func refresh(_ body: TokenRequest) async throws -> TokenGrant {
            guard let old = body.refreshToken else {
                throw ServiceError.invalid("refresh_token", "refresh_token is required")
            }
            let (token, hash) = AccessTokens.newRefreshToken()
            let now = now
            let expires = now.addingTimeInterval(configuration.refreshTokenLifetime)
            let oldHash = ByteBuffer(bytes: AccessTokens.refreshHash(old))
            let newHash = ByteBuffer(bytes: hash)
            let row = try await database.asService { connection in
                try await connection.rows(
                    "SELECT user_id, session_id FROM lifectl.service_refresh(\(oldHash), \(newHash), \(expires), \(now))",
                    logger: logger
                ).first.map { (try $0.get("user_id", as: UUID.self), try $0.get("session_id", as: UUID.self)) }
            }
            guard let (user, session) = row else { throw ServiceError.invalidGrant }
            return try await grant(user: user, session: session, refreshToken: token)
        }

        /// A new session for `user`: its first refresh token and an access token.
        func openSession(for user: UUID) async throws -> TokenGrant {
            let (token, hash) = AccessTokens.newRefreshToken()
            let now = now
            let expires = now.addingTimeInterval(configuration.refreshTokenLifetime)
            let stored = ByteBuffer(bytes: hash)
            let session = try await database.asService { connection in
                try await connection.rows(
                    "SELECT lifectl.service_session_open(\(user), \(stored), \(expires), \(now)) AS id", logger: logger
                ).first?.get("id", as: UUID.self)
            }
            guard let session else { throw ServiceError(.internalServerError, "internal", "the service failed") }
            return try await grant(user: user, session: session, refreshToken: token)
        }

        func grant(user: UUID, session: UUID, refreshToken: String) async throws -> TokenGrant {
            let now = now
            let access = try await tokens.issue(user: user, session: session, now: now)
            return TokenGrant(
                accessToken: access, expiresIn: Int(configuration.accessTokenLifetime),
                expiresAt: now.addingTimeInterval(configuration.accessTokenLifetime), refreshToken: refreshToken,
                user: user)
        }
    }

    extension TokenGrant: ResponseEncodable {}
    extension ServiceUser: ResponseEncodable {}
#endif
