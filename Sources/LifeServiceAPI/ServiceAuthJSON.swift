import Foundation

/// Sign-up: `POST /auth/signup`.
public struct SignUpRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    /// The id the user takes (a device's LifeTimer account going on the
    /// service); a new one when absent.
    public var id: UUID?

    public init(email: String, password: String, id: UUID? = nil) {
        self.email = email
        self.password = password
        self.id = id
    }
}

/// Sign-in and refresh: `POST /auth/token`, by `grant_type`:
/// `password` (email, password), `refresh_token` (refresh_token),
/// `id_token` (provider `apple|google`, id_token, nonce).
public struct TokenRequest: Codable, Sendable, Equatable {
    public var grantType: String
    public var email: String?
    public var password: String?
    public var refreshToken: String?
    public var provider: String?
    public var idToken: String?
    public var nonce: String?

    public init(
        grantType: String, email: String? = nil, password: String? = nil, refreshToken: String? = nil,
        provider: String? = nil, idToken: String? = nil, nonce: String? = nil
    ) {
        self.grantType = grantType
        self.email = email
        self.password = password
        self.refreshToken = refreshToken
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
    }
}

/// A signed-in session's tokens (sign-up, sign-in, refresh), as GoTrue words them.
public struct TokenGrant: Codable, Sendable, Equatable {
    public struct User: Codable, Sendable, Equatable {
        public var id: UUID
        public init(id: UUID) { self.id = id }
    }

    public var accessToken: String
    public var tokenType: String
    /// Seconds the access token lives.
    public var expiresIn: Int
    public var expiresAt: Date
    public var refreshToken: String
    public var user: User

    public init(accessToken: String, expiresIn: Int, expiresAt: Date, refreshToken: String, user: UUID) {
        self.accessToken = accessToken
        self.tokenType = "bearer"
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.user = User(id: user)
    }
}

/// Sign-out: `POST /auth/logout`; scope `local` (this session, the
/// default) or `global` (every session of the user).
public struct LogoutRequest: Codable, Sendable, Equatable {
    public var scope: String?
    public init(scope: String? = nil) { self.scope = scope }
}

/// `GET /auth/user`: who the token is.
public struct ServiceUser: Codable, Sendable, Equatable {
    public var id: UUID
    public var sessionId: UUID
    public init(id: UUID, sessionId: UUID) {
        self.id = id
        self.sessionId = sessionId
    }
}

/// Every refusal's body: the rule, the words, the field when there is one.
public struct ServiceErrorBody: Codable, Sendable, Equatable {
    public var error: String
    public var message: String
    public var field: String?
    public init(error: String, message: String, field: String? = nil) {
        self.error = error
        self.message = message
        self.field = field
    }
}
