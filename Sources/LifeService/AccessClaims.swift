#if Service
    import Foundation
    import JWTKit

    /// An access token's claims, as Supabase's (GoTrue's) tokens carry them:
    /// `sub` the user (and the LifeTimer account) id, `role` `authenticated`,
    /// `aud` `authenticated`, `session_id` the sign-in it belongs to. The same
    /// claims, as JSON, become `request.jwt.claims` for the request, which
    /// `auth.uid()` reads.
    public struct AccessClaims: JWTPayload, Equatable {
        public var sub: SubjectClaim
        public var role: String
        public var aud: AudienceClaim
        public var iss: IssuerClaim
        public var iat: IssuedAtClaim
        public var exp: ExpirationClaim
        public var sessionID: String

        enum CodingKeys: String, CodingKey {
            case sub, role, aud, iss, iat, exp
            case sessionID = "session_id"
        }

        /// The checks that need the service's clock and issuer are `AccessTokens.verify`'s.
        public func verify(using algorithm: some JWTAlgorithm) async throws {}

        /// The user, when `sub` is a UUID.
        var user: UUID? { UUID(uuidString: sub.value) }
        var session: UUID? { UUID(uuidString: sessionID) }

        /// `request.jwt.claims` for PostgreSQL: UUIDs and fixed words only.
        func settingsJSON(user: UUID, session: UUID) -> String {
            let sub = user.uuidString.lowercased()
            let sid = session.uuidString.lowercased()
            return #"{"sub":"\#(sub)","role":"authenticated","aud":"authenticated","session_id":"\#(sid)"}"#
        }
    }
#endif
