import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer publish`: put the acting account on the server, or
/// bring the server's copy up to date (SPEC SRV-2).
struct LifeTimerPublish: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Put your account on the server (--server or $LIFECTL_SERVER), or bring it up to date there.",
        discussion: """
            Publishes the --as account (default: the owner's): its profile, goal titles and milestones, the \
            countdown and its active days; e-mail, sign-in identity and time zone go to a table only the account \
            itself can read. Goals, milestones and days deleted here are deleted there. Publish again after changes \
            on this device; the social commands with --server then see them.
            Example: lifectl lifetimer publish --server postgresql:///lifectl?host=/tmp/pg
            """)

    @OptionGroup var options: LifeTimerOptions

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        guard let url = lt.serverURL else {
            throw lt.voice.invalid("--server", .errorNeedsServer, ["command": "publish"])
        }
        let account = try lt.account()
        let summary = try lt.serverStore(url).publish(
            account, goals: try lt.store.goals(of: account), countdown: try lt.store.countdown(of: account),
            activeDays: try lt.store.activeDays(of: account))
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
