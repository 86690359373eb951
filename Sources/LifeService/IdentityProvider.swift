#if Service
    import Crypto
    import Foundation
    import JWTKit

    /// Sign in with Apple or Google (SPEC SRV-5): the provider's ID token is
    /// verified against its key set (JWKS, from a file the operator refreshes
    /// from the provider's URL: Apple's https://appleid.apple.com/auth/keys,
    /// Google's https://www.googleapis.com/oauth2/v3/certs), then its `iss`,
    /// `aud` (the app's client ids), `exp` and `nonce`.
    public struct IdentityProvider: Sendable {
        public enum Name: String, Sendable, Codable, CaseIterable {
            case apple, google
        }

        public let name: Name
        public let issuers: [String]
        public let audiences: [String]
        let keys: JWTKeyCollection

        /// `jwks` is the key set's JSON. Apple's issuer is
        /// `https://appleid.apple.com`, Google's `https://accounts.google.com`
        /// (and `accounts.google.com`) unless given.
        public init(name: Name, jwks: String, audiences: [String], issuers: [String]? = nil) async throws {
            self.name = name
            self.audiences = audiences
            self.issuers =
                issuers
                ?? (name == .apple
                    ? ["https://appleid.apple.com"] : ["https://accounts.google.com", "accounts.google.com"])
            keys = JWTKeyCollection()
            do {
                try await keys.add(jwksJSON: jwks)
            } catch {
                throw ServiceError.invalid(
                    "\(name.rawValue) key set", "the \(name.rawValue) key set is not a JWKS: \(error)")
            }
        }

        struct Claims: JWTPayload {
            var iss: IssuerClaim
            var sub: SubjectClaim
            var aud: AudienceClaim
            var exp: ExpirationClaim
            var nonce: String?
            func verify(using algorithm: some JWTAlgorithm) async throws {}
        }

        /// The subject of a valid ID token for this service's apps at `now`,
        /// issued for `nonce` (the raw nonce the app made: Google puts it in the
        /// token as it is, Apple its SHA-256 in hex, as the app asked).
        func subject(of token: String, nonce: String, now: Date) async throws -> String {
            let claims: Claims
            do {
                claims = try await keys.verify(token, as: Claims.self)
            } catch {
                throw Self.refused("its signature is not the provider's")
            }
            guard issuers.contains(claims.iss.value) else { throw Self.refused("it was issued by someone else") }
            guard claims.aud.value.contains(where: audiences.contains) else {
                throw Self.refused("it was issued for another app")
            }
            guard claims.exp.value > now else { throw Self.refused("it has expired") }
            let expected =
                name == .apple
                ? SHA256.hash(data: Array(nonce.utf8)).map { String(format: "%02x", $0) }.joined() : nonce
            guard !nonce.isEmpty, let given = claims.nonce,
                PasswordHasher.constantTimeEqual(Array(given.utf8), Array(expected.utf8))
            else { throw Self.refused("its nonce is not this sign-in's") }
            return claims.sub.value
        }

        static func refused(_ why: String) -> ServiceError {
            ServiceError(.unauthorized, "invalid_id_token", "the ID token is refused: \(why)")
        }
    }
#endif
