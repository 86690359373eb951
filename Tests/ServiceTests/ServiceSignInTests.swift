#if Service
    import Foundation
    import Hummingbird
    import LifeKitTestSupport
    import LifeService
    import LifeServiceAPI
    import LifeServer
    import ServerTestSupport
    import Testing

    /// Sign-up, sign-in, tokens and deletion through the service (SRV-5, LT-1),
    /// as a new user and as an attacker would try them.
    @Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
    struct ServiceSignInTests {
        @Test func signUpThenSignInGivesWorkingTokens() async throws {
            try await ServiceHarness.run { service in
                let grant = try await service.signUp("Ada@Example.org")
                #expect(grant.tokenType == "bearer")
                #expect(grant.expiresIn == 600)
                // Any case of the address signs in; the user is the same.
                let reply = try await service.signIn("ada@example.ORG")
                #expect(reply.status == .ok)
                let again: TokenGrant = try reply.decode()
                #expect(again.user.id == grant.user.id)
                #expect(again.refreshToken != grant.refreshToken)
                let me = try await service.send(.get, "/auth/user", token: again.accessToken)
                #expect(me.status == .ok)
                #expect(try me.decode(ServiceUser.self).id == grant.user.id)
            }
        }

        @Test func anUnknownAddressAndAWrongPasswordGetTheSameAnswer() async throws {
            try await ServiceHarness.run { service in
                _ = try await service.signUp("ada@example.org")
                let wrong = try await service.signIn("ada@example.org", password: "not the password")
                let unknown = try await service.signIn("nobody@example.org", password: "not the password")
                #expect(wrong.status == .unauthorized)
                #expect(unknown.status == .unauthorized)
                #expect(wrong.body == unknown.body)
                #expect(wrong.error?.error == "invalid_credentials")
                // No password is stored as given: only its scrypt hash, salted per user.
                let stored = try service.admin().rows(
                    "SELECT password_hash FROM lifectl.service_users"
                ).map { try $0.get("password_hash", as: String.self) }
                #expect(stored.count == 1)
                #expect(stored.first?.hasPrefix("$scrypt$ln=10,r=8,p=1$") == true)
                #expect(stored.first?.contains("correct horse") == false)
            }
        }

        @Test func signUpRefusesBadInputNamingTheField() async throws {
            try await ServiceHarness.run { service in
                let short = try await service.send(
                    .post, "/auth/signup", json: SignUpRequest(email: "ada@example.org", password: "short"))
                #expect(short.status == .badRequest)
                #expect(short.error?.field == "password")
                let email = try await service.send(
                    .post, "/auth/signup", json: SignUpRequest(email: "no address", password: "long enough password"))
                #expect(email.status == .badRequest)
                #expect(email.error?.field == "email")
                let garbage = try await service.send(.post, "/auth/signup", json: ["email": "ada@example.org"])
                #expect(garbage.status == .badRequest)
                #expect(garbage.error?.field == "password")
                _ = try await service.signUp("ada@example.org")
                let taken = try await service.send(
                    .post, "/auth/signup", json: SignUpRequest(email: "ADA@example.org", password: "another password"))
                #expect(taken.status == .conflict)
                #expect(taken.error?.error == "email_taken")
            }
        }

        @Test func tokensMissingForgedOrExpiredAreRefused() async throws {
            try await ServiceHarness.run { service in
                let grant = try await service.signUp("ada@example.org")
                let none = try await service.send(.get, "/lifetimer/feed")
                #expect(none.status == .unauthorized)
                #expect(none.error?.error == "invalid_token")
                #expect(none.headers[.wwwAuthenticate] != nil)
                // The same claims signed with another secret.
                let forger = try await LifeServiceTokenForger(
                    secret: Array("another secret that is thirty-two bytes".utf8))
                let forged = try await forger.token(user: grant.user.id, at: service.clock.now)
                #expect(try await service.send(.get, "/lifetimer/feed", token: forged).error?.error == "invalid_token")
                // alg "none", and a token cut short.
                let unsigned = LifeServiceTokenForger.unsigned(user: grant.user.id, at: service.clock.now)
                #expect(try await service.send(.get, "/lifetimer/feed", token: unsigned).status == .unauthorized)
                let cut = String(grant.accessToken.dropLast(3))
                #expect(try await service.send(.get, "/lifetimer/feed", token: cut).status == .unauthorized)
                // The real one until it expires, ten minutes on.
                #expect(try await service.send(.get, "/auth/user", token: grant.accessToken).status == .ok)
                service.clock.advance(601)
                let expired = try await service.send(.get, "/auth/user", token: grant.accessToken)
                #expect(expired.status == .unauthorized)
                #expect(expired.error?.message.contains("expired") == true)
            }
        }

        @Test func refreshRotatesAndAReusedTokenRevokesItsSession() async throws {
            try await ServiceHarness.run { service in
                let first = try await service.signUp("ada@example.org")
                let rotated = try await service.send(
                    .post, "/auth/token",
                    json: TokenRequest(grantType: "refresh_token", refreshToken: first.refreshToken))
                #expect(rotated.status == .ok)
                let second: TokenGrant = try rotated.decode()
                #expect(second.user.id == first.user.id)
                // The used token again (a stolen copy): refused, and the whole session with it.
                let reused = try await service.send(
                    .post, "/auth/token",
                    json: TokenRequest(grantType: "refresh_token", refreshToken: first.refreshToken))
                #expect(reused.status == .unauthorized)
                #expect(reused.error?.error == "invalid_grant")
                let next = try await service.send(
                    .post, "/auth/token",
                    json: TokenRequest(grantType: "refresh_token", refreshToken: second.refreshToken))
                #expect(next.status == .unauthorized)
                #expect(try await service.send(.get, "/auth/user", token: second.accessToken).status == .unauthorized)
                // Another sign-in is a session of its own, untouched.
                let other: TokenGrant = try await service.signIn("ada@example.org").decode()
                #expect(try await service.send(.get, "/auth/user", token: other.accessToken).status == .ok)
                // An unknown token, and an expired one (30 days on).
                let unknown = try await service.send(
                    .post, "/auth/token", json: TokenRequest(grantType: "refresh_token", refreshToken: "no-such-token"))
                #expect(unknown.error?.error == "invalid_grant")
                service.clock.advance(30 * 86_400 + 1)
                let late = try await service.send(
                    .post, "/auth/token",
                    json: TokenRequest(grantType: "refresh_token", refreshToken: other.refreshToken))
                #expect(late.error?.error == "invalid_grant")
            }
        }

        @Test func signingOutRevokesTheSessionOrEveryOne() async throws {
            try await ServiceHarness.run { service in
                let phone = try await service.signUp("ada@example.org")
                let laptop: TokenGrant = try await service.signIn("ada@example.org").decode()
                let tablet: TokenGrant = try await service.signIn("ada@example.org").decode()
                // No body: this session only.
                #expect(try await service.send(.post, "/auth/logout", token: phone.accessToken).status == .noContent)
                #expect(try await service.send(.get, "/auth/user", token: phone.accessToken).status == .unauthorized)
                let refresh = try await service.send(
                    .post, "/auth/token",
                    json: TokenRequest(grantType: "refresh_token", refreshToken: phone.refreshToken))
                #expect(refresh.status == .unauthorized)
                #expect(try await service.send(.get, "/auth/user", token: laptop.accessToken).status == .ok)
                #expect(
                    try await service.send(
                        .post, "/auth/logout", token: laptop.accessToken, json: LogoutRequest(scope: "global")
                    ).status == .noContent)
                #expect(try await service.send(.get, "/auth/user", token: tablet.accessToken).status == .unauthorized)
            }
        }

        @Test func signInAttemptsAreLimitedPerAddressAndPerClient() async throws {
            try await ServiceHarness.run(limits: .init(perEmail: 4, perAddress: 5, window: 900)) { service in
                // Sign-up is an attempt too: the address's first of four, the client's first of five.
                _ = try await service.signUp("ada@example.org")
                for _ in 0..<3 {
                    #expect(
                        try await service.signIn("ada@example.org", password: "wrong password").status == .unauthorized)
                }
                // The fifth for this address is refused, even with the right password.
                let limited = try await service.signIn("ada@example.org")
                #expect(limited.status == .tooManyRequests)
                #expect(limited.error?.error == "too_many_attempts")
                #expect(limited.headers[.retryAfter] == "900")
                // The client's sixth, for another address, is refused too.
                let client = try await service.signIn("bob@example.org")
                #expect(client.status == .tooManyRequests)
                // After the window the right password works again.
                service.clock.advance(901)
                #expect(try await service.signIn("ada@example.org").status == .ok)
            }
        }

        @Test func deletingTheAccountRevokesEverythingAndTheIdNeverComesBack() async throws {
            try await ServiceHarness.run { service in
                let grant = try await service.signUp("ada@example.org")
                let other: TokenGrant = try await service.signIn("ada@example.org").decode()
                let account = LifeTimerServiceJSON.Account(
                    username: "ada", visibility: .public, timeZone: "UTC", email: "ada@example.org")
                #expect(
                    try await service.send(.put, "/lifetimer/account", token: grant.accessToken, json: account).status
                        == .ok)
                #expect(try await service.send(.delete, "/auth/user", token: grant.accessToken).status == .noContent)
                // Every token of every session is refused; the address signs in no more.
                #expect(try await service.send(.get, "/auth/user", token: other.accessToken).status == .unauthorized)
                let refresh = try await service.send(
                    .post, "/auth/token",
                    json: TokenRequest(grantType: "refresh_token", refreshToken: other.refreshToken))
                #expect(refresh.status == .unauthorized)
                #expect(try await service.signIn("ada@example.org").error?.error == "invalid_credentials")
                // Nothing personal is left: no account row, no address, no hash, no session.
                let admin = try service.admin()
                let id = grant.user.id
                #expect(try admin.rows("SELECT 1 FROM public.lifetimer_accounts WHERE id = $1", [id]).isEmpty)
                #expect(
                    try admin.rows("SELECT 1 FROM public.lifetimer_account_private WHERE account_id = $1", [id]).isEmpty
                )
                #expect(try admin.rows("SELECT 1 FROM lifectl.service_users").isEmpty)
                #expect(try admin.rows("SELECT 1 FROM lifectl.service_sessions").isEmpty)
                #expect(try admin.rows("SELECT 1 FROM lifectl.service_refresh_tokens").isEmpty)
                // The id is a tombstone: signing up with it again is refused.
                let back = try await service.send(
                    .post, "/auth/signup",
                    json: SignUpRequest(email: "ada2@example.org", password: "long enough password", id: id))
                #expect(back.status == .conflict)
                #expect(back.error?.error == "id_unavailable")
                // The address is free again, for a new id.
                let fresh = try await service.signUp("ada@example.org")
                #expect(fresh.user.id != id)
            }
        }

        @Test func theServiceRoleReadsNoTableAndPeopleCallNoSignInFunction() async throws {
            try await ServiceHarness.run { service in
                _ = try await service.signUp("ada@example.org")
                let url = service.databaseURL.replacingOccurrences(of: "user=postgres", with: "user=lifectl_service")
                let asService = try PostgresConnection(url: url)
                for table in ["lifectl.service_users", "lifectl.service_sessions", "public.lifetimer_accounts"] {
                    #expect(try asService.failure("SELECT * FROM \(table)") == "42501")
                }
                let admin = try service.admin()
                let asPerson = try admin.probe(as: UUID()) { connection in
                    [
                        try connection.failure("SELECT * FROM lifectl.service_password_of('ada@example.org')"),
                        try connection.failure("SELECT lifectl.service_delete_user(gen_random_uuid(), now())"),
                    ]
                }
                #expect(asPerson == ["42501", "42501"])
                let asAnon = try admin.probe(as: nil, role: "anon") { connection in
                    try connection.failure("SELECT * FROM lifectl.service_password_of('ada@example.org')")
                }
                #expect(asAnon == "42501")
            }
        }
    }
#endif
