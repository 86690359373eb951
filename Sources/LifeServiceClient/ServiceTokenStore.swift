import Foundation
import LifeCore
import LifeServiceAPI

/// Where `lifectl login` keeps its tokens (SPEC SRV-5): one file,
/// `$XDG_CONFIG_HOME/lifectl/service-tokens.json` (else
/// `~/.config/lifectl/…`), created 0600 in a 0700 folder, holding each
/// service's session by its URL. Never in the database, never printed.
public struct ServiceTokenStore: Sendable {
    public struct Session: Codable, Sendable, Equatable {
        public var accessToken: String
        public var refreshToken: String
        public var expiresAt: Date
        public var user: UUID
        /// How the person signed in: `email`, `apple` or `google` (nil in a
        /// file written before it was kept).
        public var provider: String?
        /// The e-mail address signed in with (`email` only).
        public var email: String?

        public init(
            accessToken: String, refreshToken: String, expiresAt: Date, user: UUID, provider: String? = nil,
            email: String? = nil
        ) {
            self.accessToken = accessToken
            self.refreshToken = refreshToken
            self.expiresAt = expiresAt
            self.user = user
            self.provider = provider
            self.email = email
        }
    }

    public let path: String

    public init(environment: [String: String]) throws {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.config"
        } else {
            throw LifeError.invalid(
                field: "HOME", "neither XDG_CONFIG_HOME nor HOME is set: nowhere to keep the sign-in")
        }
        path = base + "/lifectl/service-tokens.json"
    }

    /// A service URL as the file keys it: without a trailing slash.
    public static func key(_ url: String) -> String {
        var key = url
        while key.hasSuffix("/") { key.removeLast() }
        return key
    }

    func all() throws -> [String: Session] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        do {
            return try ServiceJSON.decoder().decode([String: Session].self, from: data)
        } catch {
            throw LifeError(
                kind: .malformedInput, field: "sign-in",
                message: "\(path) is not lifectl's sign-in file; remove it and sign in again")
        }
    }

    public func session(for url: String) throws -> Session? { try all()[Self.key(url)] }

    public func save(_ session: Session?, for url: String) throws {
        var sessions = try all()
        sessions[Self.key(url)] = session
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try ServiceJSON.encoder().encode(sessions)
        // Written whole to a new 0600 file beside it, then renamed over it.
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw LifeError(
                kind: .io, field: "sign-in", message: "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw LifeError(kind: .io, field: "sign-in", message: "cannot write \(path)")
        }
    }
}
