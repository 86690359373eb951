#if Service
    import Crypto
    import Foundation
    import JWTKit

    /// Tokens a test makes itself: the service's claims signed with a secret
    /// that is not the service's, or not signed at all.
    struct LifeServiceTokenForger {
        let keys = JWTKeyCollection()

        init(secret: [UInt8]) async throws {
            await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        }

        static func claims(user: UUID, at now: Date) -> [String: String] {
            [
                "sub": user.uuidString.lowercased(), "role": "authenticated", "aud": "authenticated", "iss": "lifectl",
                "session_id": UUID().uuidString.lowercased(),
            ]
        }

        func token(user: UUID, at now: Date) async throws -> String {
            try await token(user: user, session: UUID(), at: now)
        }

        /// The service's own claims for `session`, signed with this forger's secret.
        func token(user: UUID, session: UUID, at now: Date) async throws -> String {
            struct Claims: JWTPayload {
                var sub: SubjectClaim
                var role = "authenticated"
                var aud = AudienceClaim(value: ["authenticated"])
                var iss = IssuerClaim(value: "lifectl")
                var iat: IssuedAtClaim
                var exp: ExpirationClaim
                var session_id: String
                func verify(using algorithm: some JWTAlgorithm) async throws {}
            }
            return try await keys.sign(
                Claims(
                    sub: SubjectClaim(value: user.uuidString.lowercased()), iat: IssuedAtClaim(value: now),
                    exp: ExpirationClaim(value: now.addingTimeInterval(600)),
                    session_id: session.uuidString.lowercased()))
        }

        /// The service's claims for `session` signed with HS256 and `secret`,
        /// without jwt-kit (synchronously, for code on a thread of its own).
        static func hs256(user: UUID, session: UUID, at now: Date, secret: [UInt8]) -> String {
            var claims: [String: Any] = claims(user: user, at: now)
            claims["session_id"] = session.uuidString.lowercased()
            claims["iat"] = Int(now.timeIntervalSince1970)
            claims["exp"] = Int(now.timeIntervalSince1970) + 600
            let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
            let body = base64URL((try? JSONSerialization.data(withJSONObject: claims)) ?? Data())
            let signature = HMAC<SHA256>.authenticationCode(
                for: Data((header + "." + body).utf8), using: SymmetricKey(data: secret))
            return header + "." + body + "." + base64URL(Data(signature))
        }

        /// `{"alg":"none"}` with the claims and no signature.
        static func unsigned(user: UUID, at now: Date) -> String {
            var claims: [String: Any] = claims(user: user, at: now)
            claims["exp"] = Int(now.timeIntervalSince1970) + 600
            let header = base64URL(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
            let body = base64URL((try? JSONSerialization.data(withJSONObject: claims)) ?? Data())
            return header + "." + body + "."
        }

        static func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
    }

    /// An identity provider of the test's own: a P-256 key, its JWKS, and ID
    /// tokens signed with it (Apple and Google sign with RS256; the checks are
    /// the same for any algorithm of the key set).
    struct TestIdentityProvider {
        let kid: String
        let key: P256.Signing.PrivateKey
        let keys = JWTKeyCollection()

        init(kid: String = "test-key") async throws {
            self.kid = kid
            key = P256.Signing.PrivateKey()
            await keys.add(ecdsa: try ES256PrivateKey(backing: key), kid: JWKIdentifier(string: kid))
        }

        /// The key set, as a provider publishes it.
        var jwks: String {
            let raw = key.publicKey.rawRepresentation
            let x = LifeServiceTokenForger.base64URL(raw.prefix(32))
            let y = LifeServiceTokenForger.base64URL(raw.suffix(32))
            return
                #"{"keys":[{"kty":"EC","crv":"P-256","alg":"ES256","use":"sig","kid":"\#(kid)","x":"\#(x)","y":"\#(y)"}]}"#
        }

        struct Claims: JWTPayload {
            var iss: IssuerClaim
            var sub: SubjectClaim
            var aud: AudienceClaim
            var exp: ExpirationClaim
            var iat: IssuedAtClaim
            var nonce: String?
            func verify(using algorithm: some JWTAlgorithm) async throws {}
        }

        func token(iss: String, sub: String, aud: String, exp: Date, nonce: String?) async throws -> String {
            try await keys.sign(
                Claims(
                    iss: IssuerClaim(value: iss), sub: SubjectClaim(value: sub), aud: AudienceClaim(value: [aud]),
                    exp: ExpirationClaim(value: exp), iat: IssuedAtClaim(value: exp.addingTimeInterval(-600)),
                    nonce: nonce),
                kid: JWKIdentifier(string: kid))
        }
    }
#endif
