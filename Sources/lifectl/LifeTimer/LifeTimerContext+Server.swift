import Foundation
import LifeCore
import LifeTimer
import LifeServiceClient
import LifeTimerServer

/// Whether a `lifetimer` command may run on the server (SPEC SRV-2): the
/// social commands, the admins' commands, `publish` and `unpublish` do
/// (`allowed`); a command that changes the acting account on this device
/// brings the account's copy on the server up to date as well (`follows`,
/// SRV-6: no drift); the others read this device's database and refuse
/// `--server`.
enum ServerUse {
    case allowed, follows, refused
}

extension LifeTimerContext {
    /// The server URL for a command: `--server`, else `$LIFECTL_SERVER` for
    /// the commands that use it. `--server` on another command is refused
    /// rather than ignored.
    static func serverURL(_ flag: String?, use: ServerUse, environment: [String: String]) throws -> String? {
        switch use {
        case .allowed, .follows:
            return try ServerConnection.url(flag: flag, field: "--server", environment: environment)
        case .refused:
            guard flag == nil else {
                throw LifeError.invalid(
                    field: "--server",
                    "--server works with follow, unfollow, block, unblock, followers, following, profile, feed, leaderboard, search, report, admin, publish and unpublish, and with the commands that change your account (they keep its copy on the server up to date); this command only reads this device's database"
                )
            }
            return nil
        }
    }

    /// The social graph the command reads and writes: the server's, as the
    /// acting account (which must be on it), or this device's database.
    func graph() throws -> any LifeTimerSocialGraph {
        guard let serverURL else { return store }
        if let service = try serviceGraph() { return service }
        let server = try serverStore(serverURL)
        try server.requireOnServer(try account())
        return server
    }

    /// The server's store when the command runs there (after
    /// `requireOnServer`), else nil.
    func serverGraph() throws -> LifeTimerServerStore? {
        guard let serverURL, !ServiceClient.isServiceURL(serverURL) else { return nil }
        let server = try serverStore(serverURL)
        try server.requireOnServer(try account())
        return server
    }

    /// The social graph through the service (SRV-5) when the URL is one
    /// (http or https): as the signed-in person (`lifectl login`), whose
    /// token decides, not `--as`.
    func serviceGraph() throws -> LifeTimerServiceGraph? {
        guard let serverURL, ServiceClient.isServiceURL(serverURL) else { return nil }
        return LifeTimerServiceGraph(
            client: try ServiceClient(
                url: serverURL, store: try ServiceTokenStore(environment: context.environment),
                clock: { [clock = context.clock] in clock.now() }))
    }

    func serverStore(_ url: String) throws -> LifeTimerServerStore {
        guard !ServiceClient.isServiceURL(url) else {
            throw LifeError.invalid(
                field: "--server",
                "this command needs the operator's PostgreSQL URL; through the service (\(TerminalText.echoed(url))) the social commands work: publish (the profile), follow, unfollow, followers, following, profile, feed, leaderboard, search"
            )
        }
        return LifeTimerServerStore(connection: try ServerConnection.open(url), clock: context.clock)
    }

    /// SRV-6, no drift: after a change on this device, the acting account's
    /// copy on the server (`--server`, else `$LIFECTL_SERVER`) is brought up
    /// to date in the same command, when the account is on the server (an
    /// account goes there the first time with `publish`). The change on
    /// this device stands whatever the server answers; when the server
    /// cannot be reached (exit 74) or refuses (64), the error says so.
    func keepServerInStep() throws {
        guard let serverURL, !ServiceClient.isServiceURL(serverURL) else { return }
        let account = try account()
        do {
            try serverStore(serverURL).update(
                account, goals: try store.goals(of: account), countdown: try store.countdown(of: account))
        } catch let error as LifeError {
            throw LifeError(
                kind: error.kind, field: error.field,
                message:
                    "saved on this device, but \(account.username)'s copy on the server is not up to date: \(error.message); `lifectl lifetimer publish` brings it up to date",
                remedy: error.remedy, subject: error.subject)
        }
    }

    /// The acting account's follows and blocks on the server, adopted by
    /// this device for the accounts it holds that are on the server too
    /// (the social graph is the server's): after a social write there and
    /// after `publish`.
    func adoptServerEdges(from server: LifeTimerServerStore) throws {
        let account = try account()
        let locals = try store.accountIDs()
        let edges = try server.edges(of: account, among: locals)
        try store.adoptServerEdges(
            of: account, follows: edges.follows, blocked: edges.blocked, onServer: edges.onServer)
    }
}

extension LifeTimerContext {
    /// A social write (follow, unfollow, block, unblock) on the graph the
    /// command uses; on the server, the acting account's edges there are
    /// then adopted by this device.
    func socialWrite<T>(_ body: (any LifeTimerSocialGraph, LifeTimerAccount) throws -> T) throws -> T {
        let graph = try graph()
        let value = try body(graph, try account())
        if let server = graph as? LifeTimerServerStore { try adoptServerEdges(from: server) }
        return value
    }

    /// Followers (`followers` true) or following of `username` (default the
    /// acting account), a page of at most `limit` after the username `after`
    /// (any case) when either is given, else all. On the server each page is
    /// read from its index; on this device the list is cut the same way.
    func people(followers: Bool, of username: String?, limit: Int?, after: String?) throws -> [PublicAccount] {
        let viewer = try account()
        if let service = try serviceGraph(), limit != nil || after != nil {
            return try service.page(
                followers ? "followers" : "following", of: username ?? viewer.username,
                limit: limit ?? LifeTimerServerStore.pageSize, after: after)
        }
        if let server = try serverGraph(), limit != nil || after != nil {
            let size = limit ?? LifeTimerServerStore.pageSize
            return followers
                ? try server.followers(of: username, viewer: viewer, limit: size, after: after)
                : try server.following(of: username, viewer: viewer, limit: size, after: after)
        }
        let all =
            followers
            ? try graph().followers(of: username, viewer: viewer) : try graph().following(of: username, viewer: viewer)
        guard limit != nil || after != nil else { return all }
        try LifeTimerSocialRules.checkLimit(limit ?? LifeTimerServerStore.pageSize)
        let start = after.map { name in all.filter { $0.username.lowercased() > name.lowercased() } } ?? all
        return Array(start.prefix(limit ?? LifeTimerServerStore.pageSize))
    }
}
