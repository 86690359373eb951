import Foundation
import LifeCore
import LifeServiceAPI

/// The service as lifectl reaches it (SPEC SRV-5): JSON over HTTP with the
/// signed-in session's access token, refreshed (and the refresh token
/// rotated and saved) when it is about to expire. Refusals become
/// `LifeError`s carrying the service's words: 401 and 403 exit 64 with
/// what to do, 5xx and no answer exit 74.
public struct ServiceClient: Sendable {
    public let url: String
    public let store: ServiceTokenStore
    public let clock: @Sendable () -> Date
    let transport = HTTPTransport()

    public init(url: String, store: ServiceTokenStore, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw LifeError.invalid(field: "--server", "the service's URL must start with http:// or https://")
        }
        self.url = ServiceTokenStore.key(url)
        self.store = store
        self.clock = clock
    }

    /// True for a URL of the service (http or https), false for PostgreSQL's.
    public static func isServiceURL(_ url: String) -> Bool { url.hasPrefix("http://") || url.hasPrefix("https://") }

    // MARK: Signing in and out

    /// Signs in (or up, with `signUp`) and keeps the session; answers the user.
    @discardableResult
    public func signIn(email: String, password: String, signUp: Bool, id: UUID? = nil) throws -> UUID {
        let reply =
            signUp
            ? try send("POST", "/auth/signup", body: SignUpRequest(email: email, password: password, id: id))
            : try send(
                "POST", "/auth/token", body: TokenRequest(grantType: "password", email: email, password: password))
        let grant = try decode(TokenGrant.self, reply)
        try keep(grant, provider: "email", email: email)
        return grant.user.id
    }

    /// Signs in with an ID token from Apple or Google (`provider`), issued
    /// for `nonce`; the service verifies it against the provider's key set.
    @discardableResult
    public func signIn(provider: String, idToken: String, nonce: String) throws -> UUID {
        let reply = try send(
            "POST", "/auth/token",
            body: TokenRequest(grantType: "id_token", provider: provider, idToken: idToken, nonce: nonce))
        let grant = try decode(TokenGrant.self, reply)
        try keep(grant, provider: provider, email: nil)
        return grant.user.id
    }

    /// Who the kept session is, as the service answers now (refreshing the
    /// session first when due): a revoked or ended sign-in is refused (64,
    /// with `lifectl login` as the remedy) and forgotten here.
    public func currentUser() throws -> (session: ServiceTokenStore.Session, user: ServiceUser) {
        let token = try accessToken()
        let reply = try send("GET", "/auth/user", token: token, body: nil as String?)
        if reply.status == 401 { try store.save(nil, for: url) }
        let user = try decode(ServiceUser.self, reply)
        return (try requireSession(), user)
    }

    /// Signs out on the service (this session) and forgets it here; a
    /// session the service no longer takes is forgotten all the same.
    public func signOut() throws -> Bool {
        guard let session = try store.session(for: url) else { return false }
        let reply = try send(
            "POST", "/auth/logout", token: session.accessToken, body: LogoutRequest(scope: "local"))
        try store.save(nil, for: url)
        if reply.status >= 500 { throw failure(reply) }
        return true
    }

    /// Keeps a grant; `provider` and `email` (nil: those of the session it
    /// renews) say how the person signed in.
    func keep(_ grant: TokenGrant, provider: String? = nil, email: String? = nil) throws {
        let previous = provider == nil ? try store.session(for: url) : nil
        try store.save(
            .init(
                accessToken: grant.accessToken, refreshToken: grant.refreshToken, expiresAt: grant.expiresAt,
                user: grant.user.id, provider: provider ?? previous?.provider, email: email ?? previous?.email),
            for: url)
    }

    /// The session kept for this service; refused (with `lifectl login` as
    /// the remedy) when there is none. Asks nothing of the service.
    @discardableResult
    public func requireSession() throws -> ServiceTokenStore.Session {
        guard let session = try store.session(for: url) else {
            throw LifeError(
                kind: .invalidValue, field: "--server", message: "not signed in to \(url)", remedy: .serviceLogin,
                subject: url)
        }
        return session
    }

    /// The signed-in session's access token, refreshed first when it
    /// expires within a minute.
    func accessToken() throws -> String {
        let session = try requireSession()
        guard session.expiresAt.timeIntervalSince(clock()) < 60 else { return session.accessToken }
        let reply = try send(
            "POST", "/auth/token", body: TokenRequest(grantType: "refresh_token", refreshToken: session.refreshToken))
        if reply.status == 401 {
            try store.save(nil, for: url)
            throw LifeError(
                kind: .invalidValue, field: "--server",
                message: "the sign-in to \(url) has ended (signed out elsewhere, revoked, or expired)",
                remedy: .serviceLogin, subject: url)
        }
        let grant = try decode(TokenGrant.self, reply)
        try keep(grant)
        return grant.accessToken
    }

    // MARK: Requests

    /// A request as the signed-in person; its JSON answer as `T`.
    public func call<T: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = nil as String?) throws
        -> T
    {
        try decode(T.self, try send(method, path, token: try accessToken(), body: body))
    }

    /// A request as the signed-in person whose answer has no body.
    public func call(_ method: String, _ path: String) throws {
        let reply = try send(method, path, token: try accessToken(), body: nil as String?)
        guard (200..<300).contains(reply.status) else { throw failure(reply) }
    }

    func send(_ method: String, _ path: String, token: String? = nil, body: (some Encodable)?) throws
        -> HTTPTransport.Reply
    {
        var headers = ["Accept: application/json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        var data: Data?
        if let body {
            headers.append("Content-Type: application/json")
            data = try ServiceJSON.encoder().encode(body)
        }
        return try transport.send(method, url + path, headers: headers, body: data)
    }

    func decode<T: Decodable>(_ type: T.Type, _ reply: HTTPTransport.Reply) throws -> T {
        guard (200..<300).contains(reply.status) else { throw failure(reply) }
        do {
            return try ServiceJSON.decoder().decode(T.self, from: reply.body)
        } catch {
            throw LifeError(
                kind: .malformedInput, field: "--server",
                message: "the service at \(url) answered what lifectl cannot read")
        }
    }

    /// A refusal's `LifeError`: the service's words, escaped for a terminal.
    func failure(_ reply: HTTPTransport.Reply) -> LifeError {
        let body = try? ServiceJSON.decoder().decode(ServiceErrorBody.self, from: reply.body)
        let words = TerminalText.echoed(body?.message ?? "HTTP status \(reply.status)")
        switch reply.status {
        case 401:
            return LifeError(
                kind: .invalidValue, field: "--server", message: "the service refused the sign-in: \(words)",
                remedy: .serviceLogin, subject: url)
        case 500...:
            return LifeError(kind: .io, field: "--server", message: "the service at \(url) failed: \(words)")
        default:
            return LifeError(kind: .invalidValue, field: body?.field ?? "--server", message: words)
        }
    }
}

extension LifeError.Remedy {
    /// Sign in to the service again (`subject` is its URL).
    public static let serviceLogin = LifeError.Remedy(rawValue: "service.login")
}
