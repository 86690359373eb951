import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer`: the 1,356-day bucket-list challenge (SPEC §4).
struct LifeTimerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifetimer",
        abstract: "The 1,356-day challenge: goals, milestones, the countdown, progress, and the people you follow.",
        discussion: """
            Several accounts share the database. Every command acts as one: --as USERNAME, else the owner's \
            account (the first one created with `lifectl lifetimer account create`).
            """,
        subcommands: [
            LifeTimerAccountCommand.self, LifeTimerGoalCommand.self, LifeTimerMilestoneCommand.self,
            LifeTimerStart.self, LifeTimerCountdown.self, LifeTimerProgress.self, LifeTimerFollow.self,
            LifeTimerUnfollow.self, LifeTimerBlock.self, LifeTimerUnblock.self, LifeTimerFollowers.self,
            LifeTimerFollowing.self, LifeTimerProfile.self, LifeTimerFeed.self, LifeTimerLeaderboard.self,
            LifeTimerSearch.self, LifeTimerReport.self, LifeTimerAdminCommand.self, LifeTimerNotifications.self,
            LifeTimerSettingsCommand.self, LifeTimerAbout.self, LifeTimerPublish.self, LifeTimerUnpublish.self,
        ]
    )

    // The options may come before the subcommand too: `lifectl lifetimer --server URL feed`.
    @OptionGroup var options: LifeTimerOptions
}

/// The options of every `lifetimer` command: the global ones and `--as`.
struct LifeTimerOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Option(
        name: .customLong("as"),
        help: ArgumentHelp("Act as this account (default: the owner's).", valueName: "username"))
    var actingAs: String?

    @Option(
        name: .customLong("server"),
        help: ArgumentHelp(
            "Run a social command on this PostgreSQL server as the --as account (default: $LIFECTL_SERVER).",
            valueName: "url"))
    var server: String?
}

extension CommandContext {
    /// The LifeTimer store over the opened database (created when missing
    /// unless `create` is false).
    func lifeTimerStore(create: Bool = true) throws -> LifeTimerStore {
        LifeTimerStore(try open(create: create), clock: clock)
    }
}

/// The store and the acting account for one command.
struct LifeTimerContext {
    let context: CommandContext
    let store: LifeTimerStore

    /// `server`: whether the command may run on the server (the social
    /// commands); the others refuse `--server` (LifeTimerContext+Server.swift).
    init(_ options: LifeTimerOptions, server: ServerUse = .refused) throws {
        context = try CommandContext(options.global)
        serverURL = try Self.serverURL(options.server, use: server, environment: context.environment)
        // On the server, this device's database only says who the acting
        // account is: it is read, never created for the occasion.
        store = try context.lifeTimerStore(create: serverURL == nil)
        actingAs = options.actingAs
    }

    private let actingAs: String?
    /// The server this command runs on, or nil for this device's database.
    let serverURL: String?

    var json: Bool { context.json }

    /// The account this command acts as (`--as`, else the owner's).
    func account() throws -> LifeTimerAccount { try store.actingAccount(username: actingAs) }

    /// The answer of a command that changes one edge or flag: `{ account,
    /// action, changed }` with --json, else `text`.
    func done(_ action: String, account: String, changed: Bool = true, _ text: String) throws {
        if json { return try JSONOutput.print(LifeTimerJSON.Done(action: action, account: account, changed: changed)) }
        Terminal.write(text)
    }

    /// A list of accounts (`followers`, `following`): `{ account, count,
    /// accounts }` with --json, else a table or `empty`.
    func people(_ accounts: [PublicAccount], of name: String, empty: String) throws {
        if json {
            return try JSONOutput.print(
                LifeTimerJSON.People(
                    account: name, count: accounts.count, accounts: accounts.map(LifeTimerJSON.PublicAccount.init)))
        }
        Terminal.write(LifeTimerText.people(accounts, empty: empty))
    }
}

/// Shared phrasing for LifeTimer's human output.
enum LifeTimerText {
    static func percent(_ fraction: Double) -> String { Format.fixed(fraction * 100, decimals: 1) + " %" }

    static func short(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    /// An instant as the account's wall clock, in its 12- or 24-hour style.
    static func local(_ instant: Date, zone: TimeZone, style: LifeTimerSettings.ClockStyle) -> String {
        let text = Timestamp.local(instant, in: zone)
        guard style == .twelveHour, let hour = Int(text.dropFirst(11).prefix(2)) else { return text }
        let minutes = text.suffix(2)
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return "\(text.prefix(10)) \(twelve):\(minutes) \(hour < 12 ? "am" : "pm")"
    }

    static func remaining(_ r: CountdownStatus.Remaining) -> String {
        "\(Format.grouped(r.days)) d \(r.hours) h \(r.minutes) m \(r.seconds) s"
    }

    static func onOff(_ text: String, field: String) throws -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw LifeError.invalid(field: field, "\(field) is '\(text)'; it must be on or off")
        }
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, field: String, as: T.Type) throws -> T
    where T.RawValue == String {
        guard let value = T(rawValue: text.lowercased()) else {
            throw LifeError.invalid(
                field: field,
                "\(field) is '\(text)'; it must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// People as a table: username, bio, last active.
    static func people(_ accounts: [PublicAccount], empty: String) -> String {
        guard !accounts.isEmpty else { return empty }
        var table = TextTable([.left, .left, .left])
        table.add("username", "last active", "bio")
        for account in accounts {
            table.add(account.username, Timestamp.iso8601(account.lastActiveAt), account.bio ?? "")
        }
        return table.render()
    }
}
