#if Service
    import Crypto
    import Foundation
    import LifeCore
    import LifeKitTestSupport
    import LifeService
    import LifeServiceAPI
    import LifeServiceClient
    import ServerTestSupport
    import Testing

    /// One sign-in per device and service (SRV-5, issue 29 item 4), as
    /// `lifectl login` keeps it: by e-mail or with an Apple or Google ID
    /// token, told by `login --status` (the service asked), and forgotten
    /// with a clear refusal once it is revoked elsewhere.
    @Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
    struct ServiceClientIdentityTests {
        @Test func aSignInWithAppleIsTheDevicesIdentityUntilItIsRevoked() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("login-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let apple = try await TestIdentityProvider()
            let providers = [
                try await IdentityProvider(name: .apple, jwks: apple.jwks, audiences: ["org.example.dailymenu"])
            ]
            try await ServiceHarness.run(providers: providers, live: true) { service in
                let url = try #require(service.url)
                let store = try ServiceTokenStore(environment: ["XDG_CONFIG_HOME": folder])
                let client = try ServiceClient(url: url, store: store, clock: { service.clock.now })
                // Apple's token holds the SHA-256 of the nonce the app made; the app sends the nonce itself.
                let hashed = SHA256.hash(data: Array("n-42".utf8)).map { String(format: "%02x", $0) }.joined()
                let token = try await apple.token(
                    iss: "https://appleid.apple.com", sub: "apple-ada", aud: "org.example.dailymenu",
                    exp: service.clock.now.addingTimeInterval(300), nonce: hashed)
                // A token issued for another nonce is refused, and nothing is kept.
                await #expect(throws: LifeError.self) {
                    try await blocking { try client.signIn(provider: "apple", idToken: token, nonce: "n-43") }
                }
                #expect(try store.session(for: url) == nil)
                let user = try await blocking { try client.signIn(provider: "apple", idToken: token, nonce: "n-42") }
                let (session, answer) = try await blocking { try client.currentUser() }
                #expect(answer.id == user)
                #expect(session.provider == "apple" && session.email == nil)
                // The file never holds the ID token, only the session.
                let file = try String(contentsOfFile: store.path, encoding: .utf8)
                #expect(!file.contains(token))

                // Revoked elsewhere (every session signed out): the next
                // question refuses with the way back, and the session is
                // forgotten here.
                #expect(
                    try await service.send(
                        .post, "/auth/logout", token: session.accessToken, json: LogoutRequest(scope: "global")
                    ).status == .noContent)
                let revoked = await #expect(throws: LifeError.self) {
                    try await blocking { try client.currentUser() }
                }
                #expect(revoked?.remedy == .serviceLogin)
                #expect(try store.session(for: url) == nil)

                // By e-mail, the address is kept beside the session.
                try await blocking {
                    try client.signIn(email: "ada@example.org", password: "correct horse battery", signUp: true)
                }
                let kept = try #require(try store.session(for: url))
                #expect(kept.provider == "email" && kept.email == "ada@example.org")
            }
        }
    }
#endif
