#if Service
    import Crypto
    import Foundation
    import Hummingbird
    import LifeKitTestSupport
    import LifeService
    import LifeServiceAPI
    import ServerTestSupport
    import Testing

    /// Sign in with Google and Apple (SRV-5): ID tokens verified against a key
    /// set the test makes, with their issuer, audience, expiry and nonce.
    @Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
    struct ServiceIdentityTests {
        static let google = "google-client.apps.example"
        static let apple = "org.example.lifetimer"

        @Test func idTokensSignInOnlyWhenEveryClaimHolds() async throws {
            let provider = try await TestIdentityProvider()
            let stranger = try await TestIdentityProvider(kid: "test-key")  // same kid, another key
            let providers = [
                try await IdentityProvider(name: .google, jwks: provider.jwks, audiences: [Self.google]),
                try await IdentityProvider(name: .apple, jwks: provider.jwks, audiences: [Self.apple]),
            ]
            try await ServiceHarness.run(providers: providers) { service in
                let now = service.clock.now
                let soon = now.addingTimeInterval(300)
                func signIn(_ name: String, _ token: String, nonce: String = "n-123") async throws
                    -> ServiceHarness.Reply
                {
                    try await service.send(
                        .post, "/auth/token",
                        json: TokenRequest(grantType: "id_token", provider: name, idToken: token, nonce: nonce))
                }
                let good = try await provider.token(
                    iss: "https://accounts.google.com", sub: "g-1", aud: Self.google, exp: soon, nonce: "n-123")
                let first = try await signIn("google", good)
                #expect(first.status == .ok)
                let user = try first.decode(TokenGrant.self).user.id
                // The same identity is the same user.
                #expect(try await signIn("google", good).decode(TokenGrant.self).user.id == user)
                // Each broken claim is refused, with the rule's name.
                let cases: [(String, String)] = [
                    (
                        "another app",
                        try await provider.token(
                            iss: "https://accounts.google.com", sub: "g-1", aud: "someone-else", exp: soon,
                            nonce: "n-123")
                    ),
                    (
                        "another issuer",
                        try await provider.token(
                            iss: "https://evil.example", sub: "g-1", aud: Self.google, exp: soon, nonce: "n-123")
                    ),
                    (
                        "expired",
                        try await provider.token(
                            iss: "https://accounts.google.com", sub: "g-1", aud: Self.google,
                            exp: now.addingTimeInterval(-1),
                            nonce: "n-123")
                    ),
                    (
                        "no nonce",
                        try await provider.token(
                            iss: "https://accounts.google.com", sub: "g-1", aud: Self.google, exp: soon, nonce: nil)
                    ),
                    (
                        "another key",
                        try await stranger.token(
                            iss: "https://accounts.google.com", sub: "g-1", aud: Self.google, exp: soon, nonce: "n-123")
                    ),
                ]
                for (why, token) in cases {
                    let reply = try await signIn("google", token)
                    #expect(reply.status == .unauthorized, "\(why)")
                    #expect(reply.error?.error == "invalid_id_token", "\(why)")
                }
                #expect(try await signIn("google", good, nonce: "another nonce").error?.error == "invalid_id_token")
                // Apple puts the nonce's SHA-256 in the token; the app sends the nonce itself.
                let hashed = SHA256.hash(data: Array("raw-nonce".utf8)).map { String(format: "%02x", $0) }.joined()
                let appleToken = try await provider.token(
                    iss: "https://appleid.apple.com", sub: "a-1", aud: Self.apple, exp: soon, nonce: hashed)
                let apple = try await signIn("apple", appleToken, nonce: "raw-nonce")
                #expect(apple.status == .ok)
                #expect(try apple.decode(TokenGrant.self).user.id != user)
                #expect(try await signIn("apple", appleToken, nonce: hashed).status == .unauthorized)
                // A Google token offered as Apple's is refused (issuer and audience).
                #expect(try await signIn("apple", good).status == .unauthorized)
            }
        }

        @Test func aProviderThatIsNotSetUpIsRefused() async throws {
            try await ServiceHarness.run { service in
                let reply = try await service.send(
                    .post, "/auth/token",
                    json: TokenRequest(grantType: "id_token", provider: "apple", idToken: "x", nonce: "n"))
                #expect(reply.status == .badRequest)
                #expect(reply.error?.error == "provider_disabled")
            }
        }
    }
#endif
