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
        abstract:
            "Delete your account from the server for good (--server or $LIFECTL_SERVER); this device keeps its copy.",
        discussion: """
            Deletes the --as account (default: the owner's) on the server, as itself: its profile, e-mail, \
            identities, goals, milestones, countdown, active days, follows both ways and the blocks it made. \
            The moderation facts about it stay there with its id (a suspension, blocks against it, reports and \
            decisions), and that id never comes back: this account cannot be published again. To leave others' \
            sight for a while, make it private instead.
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
