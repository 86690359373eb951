import Foundation
import LifeCore
import LifeServiceAPI
import LifeTimer

/// LifeTimer's social graph through the service (SPEC SRV-5): what the
/// signed-in person's token allows, under the server's policies. The
/// person is the token's: `viewer` names this device's account and is not
/// sent (the service acts as no one else).
public struct LifeTimerServiceGraph: LifeTimerSocialGraph {
    typealias JSON = LifeTimerServiceJSON
    public let client: ServiceClient

    public init(client: ServiceClient) { self.client = client }

    static func path(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).addingPercentEncoding(
            withAllowedCharacters: .urlPathAllowed.subtracting(
                CharacterSet(charactersIn: "/?#"))) ?? ""
    }

    static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    public func profile(of username: String?, viewer: LifeTimerAccount) throws -> Profile {
        let path = username.map { "/lifetimer/profile/" + Self.path($0) } ?? "/lifetimer/profile"
        return try (client.call("GET", path) as JSON.ProfileBody).value
    }

    public func followers(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try everyPage("followers", username ?? viewer.username)
    }

    public func following(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try everyPage("following", username ?? viewer.username)
    }

    /// One page of followers or following, by username after `after`.
    public func page(_ kind: String, of username: String, limit: Int, after: String?) throws -> [PublicAccount] {
        try LifeTimerSocialRules.checkLimit(limit)
        let after = after.map { "&after=" + Self.query($0) } ?? ""
        return try client.call("GET", "/lifetimer/\(kind)/\(Self.path(username))?limit=\(limit)\(after)")
    }

    private func everyPage(_ kind: String, _ username: String) throws -> [PublicAccount] {
        var all: [PublicAccount] = []
        var after: String?
        while true {
            let page = try page(kind, of: username, limit: 500, after: after)
            all += page
            guard page.count == 500, let last = page.last else { return all }
            after = last.username
        }
    }

    public func feed(viewer: LifeTimerAccount, limit: Int) throws -> [FeedItem] {
        try LifeTimerSocialRules.checkLimit(limit)
        return try (client.call("GET", "/lifetimer/feed?limit=\(limit)") as [JSON.FeedEntry]).map(\.value)
    }

    public func leaderboard(_ kind: LeaderboardKind, viewer: LifeTimerAccount, limit: Int) throws -> Leaderboard {
        try LifeTimerSocialRules.checkLimit(limit)
        return try (client.call("GET", "/lifetimer/leaderboard/\(kind.rawValue)?limit=\(limit)") as JSON.Board).value
    }

    public func search(_ text: String, viewer: LifeTimerAccount, limit: Int) throws -> [PublicAccount] {
        try LifeTimerSocialRules.checkLimit(limit)
        _ = try LifeTimerSocialRules.searchPattern(text)
        return try client.call("GET", "/lifetimer/search?q=\(Self.query(text))&limit=\(limit)")
    }

    @discardableResult
    public func follow(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        try (client.call("PUT", "/lifetimer/follows/\(Self.path(username))") as JSON.Followed).followed
    }

    public func unfollow(_ username: String, viewer: LifeTimerAccount) throws {
        try client.call("DELETE", "/lifetimer/follows/\(Self.path(username))")
    }

    @discardableResult
    public func block(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        throw Self.notYet("block")
    }

    public func unblock(_ username: String, viewer: LifeTimerAccount) throws {
        throw Self.notYet("unblock")
    }

    @discardableResult
    public func report(_ subject: LifeTimerStore.ReportSubject, reason: String, by reporter: LifeTimerAccount) throws
        -> UUID
    {
        throw Self.notYet("report")
    }

    /// What the service does not carry yet (docs/server.md, "Known limits").
    static func notYet(_ command: String) -> LifeError {
        LifeError.invalid(
            field: "--server",
            "\(command) does not go through the service yet; it works with the operator's PostgreSQL URL")
    }

    /// Puts the signed-in person's account on the service, or brings it up to date.
    public func saveAccount(_ account: LifeTimerAccount) throws -> Bool {
        let body = JSON.Account(
            username: account.username, bio: account.bio, avatarPath: account.avatarPath,
            visibility: account.visibility, timeZone: account.timeZone, email: account.email)
        return try (client.call("PUT", "/lifetimer/account", body: body) as JSON.AccountSaved).created
    }
}
