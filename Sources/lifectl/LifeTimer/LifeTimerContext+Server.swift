import Foundation
import LifeCore
import LifeTimer
import LifeTimerServer

/// Whether a `lifetimer` command may run on the server (SPEC SRV-2): the
/// social commands, `publish` and `unpublish` do; the others work on this device's
/// database and refuse `--server`.
enum ServerUse {
    case allowed, refused
}

extension LifeTimerContext {
    /// The server URL for a command: `--server`, else `$LIFECTL_SERVER` for
    /// the commands that use it. `--server` on another command is refused
    /// rather than ignored.
    static func serverURL(_ flag: String?, use: ServerUse, environment: [String: String]) throws -> String? {
        switch use {
        case .allowed:
            return try ServerConnection.url(flag: flag, field: "--server", environment: environment)
        case .refused:
            guard flag == nil else {
                throw LifeError.invalid(
                    field: "--server",
                    "--server works with follow, unfollow, block, unblock, followers, following, profile, feed, leaderboard, search, report, publish and unpublish; this command works on this device's database"
                )
            }
            return nil
        }
    }

    /// The social graph the command reads and writes: the server's, as the
    /// acting account (which must be on it), or this device's database.
    func graph() throws -> any LifeTimerSocialGraph {
        guard let serverURL else { return store }
        let server = try serverStore(serverURL)
        try server.requireOnServer(try account())
        return server
    }

    func serverStore(_ url: String) throws -> LifeTimerServerStore {
        LifeTimerServerStore(connection: try ServerConnection.open(url), clock: context.clock)
    }
}
