import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer unpublish`: take the acting account off the server,
/// with everything it owns there and every edge that touches it (LT-1);
/// this device's copy stays.
struct LifeTimerUnpublish: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpublish",
        abstract: "Delete your account from the server (--server or $LIFECTL_SERVER); this device keeps its copy.",
        discussion: """
            Deletes the --as account (default: the owner's) on the server, as itself: its profile, goals, \
            milestones, countdown, active days, follows and blocks both ways, and reports it filed or that \
            name it. Nothing of it is left to query there. `publish` puts it back (without the follows).
            Example: lifectl lifetimer unpublish --as ada --server postgresql:///lifectl?host=/tmp/pg
            """)

    @OptionGroup var options: LifeTimerOptions

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        guard let url = lt.serverURL else {
            throw lt.voice.invalid("--server", .errorNeedsServer, ["command": "unpublish"])
        }
        let account = try lt.account()
        let server = try lt.serverStore(url)
        try server.requireOnServer(account)
        try server.deleteAccount(account)
        try lt.done("unpublish", account: account.username, lt.voice.say(.unpublished, ["username": account.username]))
    }
}
