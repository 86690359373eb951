#if Service
    import Crypto
    import Foundation
    import JWTKit

    /// Issues and checks the service's tokens (SPEC SRV-5): access tokens are
    /// JWTs signed with HS256 and the service's secret, living minutes; refresh
    /// tokens are 32 random bytes (base64url), stored only as their SHA-256.
    public struct AccessTokens: Sendable {
        let keys: JWTKeyCollection
        let issuer: String
        let lifetime: TimeInterval

        public init(secret: [UInt8], issuer: String, lifetime: TimeInterval) async throws {
            guard secret.count >= 32 else {
                throw ServiceError.invalid("token secret", "the token secret must be at least 32 bytes")
            }
            keys = JWTKeyCollection()
            await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
            self.issuer = issuer
            self.lifetime = lifetime
        }

        /// A signed access token for `user` in `session`, issued at `now`.
        func issue(user: UUID, session: UUID, now: Date) async throws -> String {
            let claims = AccessClaims(
                sub: SubjectClaim(value: user.uuidString.lowercased()), role: "authenticated",
                aud: AudienceClaim(value: ["authenticated"]), iss: IssuerClaim(value: issuer),
                iat: IssuedAtClaim(value: now), exp: ExpirationClaim(value: now.addingTimeInterval(lifetime)),
                sessionID: session.uuidString.lowercased())
            return try await keys.sign(claims)
        }

        /// The claims of a token this service signed, unexpired at `now`, for
        /// `authenticated`; else the one refusal (`invalid_token`) with the reason.
        func verify(_ token: String, now: Date) async throws -> (claims: AccessClaims, user: UUID, session: UUID) {
            let claims: AccessClaims
            do {
                claims = try await keys.verify(token, as: AccessClaims.self)
            } catch {
                throw ServiceError.token("not one this service signed")
            }
            guard claims.iss.value == issuer, claims.aud.value.contains("authenticated"),
                claims.role == "authenticated",
                let user = claims.user, let session = claims.session
            else { throw ServiceError.token("not one this service signed") }
            guard claims.exp.value > now else { throw ServiceError.token("expired") }
            return (claims, user, session)
        }

        /// A new refresh token and the hash stored for it.
        static func newRefreshToken() -> (token: String, hash: [UInt8]) {
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let token = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            return (token, refreshHash(token))
        }

        static func refreshHash(_ token: String) -> [UInt8] { Array(SHA256.hash(data: Array(token.utf8))) }
    }
#endif
