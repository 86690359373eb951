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

/// The store and the acting account for one command, and the voice it
/// speaks in: the acting account's language, clock and zone (LT-9).
struct LifeTimerContext {
    let context: CommandContext
    let store: LifeTimerStore
    /// How the command speaks to the person acting (`--as`, else the owner).
    let voice: LifeTimerVoice

    /// `server`: whether the command may run on the server (the social
    /// commands); the others refuse `--server` (LifeTimerContext+Server.swift).
    init(_ options: LifeTimerOptions, server: ServerUse = .refused) throws {
        context = try CommandContext(options.global)
        serverURL = try Self.serverURL(options.server, use: server, environment: context.environment)
        // On the server, this device's database only says who the acting
        // account is: it is read, never created for the occasion.
        let opened = try context.lifeTimerStore(create: serverURL == nil)
        voice = opened.voice(forActing: options.actingAs)
        store = opened.speaking(voice)
        LifeTimerText.voice = voice
        actingAs = options.actingAs
    }

    private let actingAs: String?
    /// The server this command runs on, or nil for this device's database.
    let serverURL: String?

    var json: Bool { context.json }

    /// The account this command acts as (`--as`, else the owner's).
    func account() throws -> LifeTimerAccount { try store.actingAccount(username: actingAs) }

    /// Now, as the command's clock has it (`LIFECTL_NOW`).
    var now: Date { store.clock.now() }

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
        Terminal.write(LifeTimerText.people(accounts, empty: empty, voice: voice, now: now))
    }

    /// A date as a person types it (CORE-6), refused in the voice's words.
    func date(_ text: String, field: String, today: CivilDate) throws -> CivilDate {
        do {
            return try DateExpression.date(text, field: field, today: today)
        } catch let error as LifeError {
            throw voice.reworded(error, .errorDateForm, ["value": TerminalText.echoed(text)])
        }
    }
}

/// Shared phrasing for LifeTimer's human output: every word from the
/// voice's catalogue (`LifeTimerCatalogue`).
enum LifeTimerText {
    /// The voice of this process's LifeTimer command (set by
    /// `LifeTimerContext`): the remedies `LifeCtl` appends to an error are
    /// worded in it. One command runs per process.
    nonisolated(unsafe) static var voice = LifeTimerVoice.english

    static func short(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    static func remaining(_ r: CountdownStatus.Remaining, voice: LifeTimerVoice) -> String {
        voice.say(
            .remaining,
            [
                "days": voice.number(r.days), "hours": String(r.hours), "minutes": String(r.minutes),
                "seconds": String(r.seconds),
            ])
    }

    static func onOff(_ text: String, field: String, voice: LifeTimerVoice) throws -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw voice.invalid(field, .errorOnOff, ["value": TerminalText.echoed(text)])
        }
    }

    static func choice<T: RawRepresentable & CaseIterable>(
        _ text: String, field: String, as: T.Type, voice: LifeTimerVoice
    ) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text.lowercased()) else {
            throw voice.invalid(
                field, .errorChoice,
                ["value": TerminalText.echoed(text), "choices": T.allCases.map(\.rawValue).joined(separator: ", ")])
        }
        return value
    }

    /// People as a table: username, last active (FR 1.5, as the reader
    /// reads it: `now`, `today at 17:00`), bio.
    static func people(_ accounts: [PublicAccount], empty: String, voice: LifeTimerVoice, now: Date) -> String {
        guard !accounts.isEmpty else { return empty }
        var table = TextTable([.left, .left, .left])
        table.add(voice.say(.columnUsername), voice.say(.columnLastActive), voice.say(.columnBio))
        for account in accounts {
            table.add(account.username, voice.lastActive(account.lastActiveAt, now: now), account.bio ?? "")
        }
        return table.render()
    }

    /// The command that sets right what a LifeTimer error reports missing,
    /// in this process's voice (`LifeCtl.remedy` asks).
    static func remedy(_ remedy: LifeError.Remedy, subject: String?) -> String {
        switch remedy {
        case .lifeTimerGoalAdd: voice.say(.remedyGoalAdd)
        case .lifeTimerAccountCreate: voice.say(.remedyAccountCreate)
        case .lifeTimerPublish: voice.say(.remedyPublish, ["username": subject ?? "USERNAME"])
        default: ""
        }
    }

    static func visibility(_ visibility: AccountVisibility, voice: LifeTimerVoice) -> String {
        voice.say(visibility == .public ? .visibilityPublic : .visibilityPrivate)
    }

    static func target(_ target: ReportTarget, voice: LifeTimerVoice) -> String {
        switch target {
        case .account: voice.say(.targetAccount)
        case .goal: voice.say(.targetGoal)
        case .milestone: voice.say(.targetMilestone)
        }
    }
}
