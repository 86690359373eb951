import ArgumentParser
import Foundation
import LifeCore
import LifeServiceClient
import LifeTimer

/// `lifectl lifetimer publish`: put the acting account on the server, or
/// bring the server's copy up to date (SPEC SRV-2).
struct LifeTimerPublish: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Put your account on the server (--server or $LIFECTL_SERVER), or bring it up to date there.",
        discussion: """
            Publishes the --as account (default: the owner's): its profile, goal titles and milestones and the \
            countdown; e-mail and time zone go to a table only the account itself can read, and its sign-in \
            identities are linked by the operator (this URL). The server dates completions itself and keeps the \
            active days and streaks from them. Goals and milestones deleted here are deleted there. Once \
            published, every change to the account made here with a server given (--server or $LIFECTL_SERVER) \
            reaches it in the same command, and its follows and blocks there come back to this device.
            Example: lifectl lifetimer publish --server postgresql:///lifectl?host=/tmp/pg
            """)

    @OptionGroup var options: LifeTimerOptions

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        guard let url = lt.serverURL else {
            throw lt.voice.invalid("--server", .errorNeedsServer, ["command": "publish"])
        }
        let account = try lt.account()
        if let service = try lt.serviceGraph() {
            // Through the service (SRV-5): the signed-in person's profile;
            // goals and milestones go through the API's own requests.
            let created = try service.saveAccount(account)
            if lt.json {
                return try JSONOutput.print(
                    Published(account: account.username, created: created, goals: 0, milestones: 0, activeDays: 0))
            }
            return Terminal.write(
                "\(created ? "Put" : "Brought up to date") \(account.username)'s profile on the service, as the signed-in person; goals and milestones are not sent through the service yet."
            )
        }
        let server = try lt.serverStore(url)
        let summary = try server.publish(
            account, goals: try lt.store.goals(of: account), countdown: try lt.store.countdown(of: account))
        // The follows and blocks it made here go too, as the server's rules allow; then its edges there come back.
        let edges = try lt.store.edgesMade(by: account)
        try server.offerEdges(of: account, follows: edges.follows, blocked: edges.blocked)
        try lt.adoptServerEdges(from: server)
        if lt.json {
            return try JSONOutput.print(
                Published(
                    account: account.username, created: summary.created, goals: summary.goals,
                    milestones: summary.milestones, activeDays: summary.activeDays))
        }
        let voice = lt.voice
        Terminal.write(
            voice.say(
                summary.created ? .publishCreated : .publishUpdated,
                [
                    "username": account.username, "goals": voice.say(.goalsCount, count: summary.goals),
                    "milestones": voice.say(.milestonesCount, count: summary.milestones),
                    "days": voice.say(.activeDaysCount, count: summary.activeDays),
                ]))
    }

    /// `publish --json` (docs/json.md).
    struct Published: Encodable {
        let account: String
        let created: Bool
        let goals: Int
        let milestones: Int
        let activeDays: Int
    }
}
