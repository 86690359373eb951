import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer account`: create, show, edit, delete (LT-1).
struct LifeTimerAccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Create, show, edit or delete an account; link and unlink sign-in identities.",
        subcommands: [Create.self, Show.self, Edit.self, Link.self, Unlink.self, Delete.self]
    )

    static func printAccount(_ account: LifeTimerAccount, admin: Bool, lt: LifeTimerContext) throws {
        let now = lt.now
        if lt.json { return try JSONOutput.print(LifeTimerJSON.Account(account, admin: admin, now: now)) }
        let voice = lt.voice
        var table = TextTable([.left, .left])
        table.add(voice.say(.rowUsername), account.username + (account.isOwner ? voice.say(.ownerMark) : ""))
        table.add(voice.say(.rowVisibility), LifeTimerText.visibility(account.visibility, voice: voice))
        table.add(voice.say(.rowBio), account.bio ?? "—")
        table.add(voice.say(.rowAvatar), account.avatarPath ?? "—")
        table.add(
            voice.say(.rowEmail), voice.say(.emailValue, ["email": account.email.map(TerminalText.oneLine) ?? "—"]))
        if account.identities.isEmpty { table.add(voice.say(.rowSignIn), voice.say(.noIdentity)) }
        for (index, identity) in account.identities.enumerated() {
            table.add(
                index == 0 ? voice.say(.rowSignIn) : "",
                voice.say(
                    .identityLine,
                    [
                        "provider": identity.provider.rawValue, "subject": TerminalText.oneLine(identity.subject),
                        "when": voice.instant(identity.linkedAt),
                    ]))
        }
        table.add(voice.say(.rowTimeZone), account.timeZone)
        table.add(voice.say(.rowAdmin), voice.say(admin ? .yes : .no))
        table.add(
            voice.say(.rowGoalsCreated),
            voice.say(
                .countOf,
                ["count": voice.number(account.goalsCreated), "total": voice.number(LifeTimerRules.maximumGoals)]))
        table.add(
            voice.say(.rowStreaks),
            voice.say(
                .streaksValue,
                [
                    "current": voice.say(.days, count: account.currentStreakDays(at: now)),
                    "longest": voice.say(.days, count: account.longestStreakDays),
                ]))
        table.add(voice.say(.rowCreated), voice.instant(account.createdAt))
        table.add(voice.say(.rowLastActive), voice.lastActive(account.lastActiveAt, now: now))
        Terminal.write(table.render())
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create an account; the first one created is the owner's.",
            discussion: """
                A username is 3–30 letters, digits, _ and . (unique, any case). No password is stored: \
                sign-in is an identity link (--provider and --subject).
                Example: lifectl lifetimer account create ada --email ada@example.org --provider apple --subject 001234.abc --visibility public
                """
        )

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The username.") var username: String
        @Option(help: "E-mail address (never shown to others).") var email: String?
        @Option(help: ArgumentHelp("Sign-in provider.", valueName: "provider")) var provider: Typed<IdentityProvider>?
        @Option(help: "The provider's id for this person.") var subject: String?
        @Option(help: "A short bio (160 characters at most).") var bio: String?
        @Option(help: ArgumentHelp("Avatar image path or URL.", valueName: "path"), completion: .file()) var avatar:
            String?
        @Option(help: ArgumentHelp("Who may see the account (default private).", valueName: "visibility"))
        var visibility: Typed<AccountVisibility>?
        /// The old spelling of `--visibility public` (CORE-13).
        @Flag(name: .customLong("public"), help: .hidden) var oldPublic = false
        @Option(help: ArgumentHelp("IANA zone (default the owner's).", valueName: "zone"))
        var timeZone: Typed<TimeZoneName>?

        func validate() throws {
            if (provider == nil) != (subject == nil) {
                throw ValidationError("give --provider and --subject together")
            }
        }

        func run() throws {
            let lt = try LifeTimerContext(options)
            var chosen = try visibility?.choice("--visibility", voice: lt.voice) ?? .private
            if oldPublic {
                guard visibility == nil else {
                    throw LifeError.invalid(
                        field: "--visibility", "give --visibility only: --public is its old spelling")
                }
                Renamed.notice("--public", isNow: "--visibility public")
                chosen = .public
            }
            var identity: IdentityLink?
            if let provider, let subject {
                identity = IdentityLink(
                    provider: try provider.choice("--provider", voice: lt.voice),
                    subject: subject)
            }
            let account = try lt.store.createAccount(
                NewAccount(
                    username: username, email: email, identity: identity, bio: bio, avatarPath: avatar,
                    visibility: chosen, timeZone: timeZone?.text))
            try LifeTimerAccountCommand.printAccount(account, admin: try lt.store.isAdmin(account), lt: lt)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show your own account, private fields included.",
            discussion: "Example: lifectl lifetimer account show --as ada")

        @OptionGroup var options: LifeTimerOptions

        func run() throws {
            let lt = try LifeTimerContext(options)
            let account = try lt.account()
            try LifeTimerAccountCommand.printAccount(account, admin: try lt.store.isAdmin(account), lt: lt)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change your username, bio, avatar, e-mail, visibility or time zone.",
            discussion: """
                An empty value clears an optional field (--bio '').
                Example: lifectl lifetimer account edit --bio "Counting days" --visibility public
                """
        )

        @OptionGroup var options: LifeTimerOptions
        @Option(help: "A new username.") var username: String?
        @Option(help: "A short bio ('' clears it).") var bio: String?
        @Option(help: ArgumentHelp("Avatar path or URL ('' clears it).", valueName: "path"), completion: .file())
        var avatar: String?
        @Option(help: "E-mail ('' clears it).") var email: String?
        @Option(help: ArgumentHelp("Who may see the account.", valueName: "visibility"))
        var visibility: Typed<AccountVisibility>?
        @Option(help: ArgumentHelp("IANA zone (Europe/Berlin).", valueName: "zone")) var timeZone: Typed<TimeZoneName>?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let change = AccountChange(
                username: username, bio: bio, avatarPath: avatar, email: email,
                visibility: try visibility.map {
                    try $0.choice("--visibility", voice: lt.voice)
                }, timeZone: timeZone?.text)
            let updated = try lt.store.updateAccount(account, change)
            try lt.keepServerInStep()
            try LifeTimerAccountCommand.printAccount(updated, admin: try lt.store.isAdmin(updated), lt: lt)
        }
    }

    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "link",
            abstract: "Link a sign-in identity to your account (several may be linked).",
            discussion: """
                An identity is the provider's id for you; no password is stored. Each identity signs in \
                to one account only.
                Example: lifectl lifetimer account link google 108251234567890 --as ada
                """
        )

        @OptionGroup var options: LifeTimerOptions
        @OptionGroup var identity: IdentityArguments

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let linked = try lt.store.linkIdentity(try identity.link(voice: lt.voice), to: account)
            try lt.keepServerInStep()
            try LifeTimerAccountCommand.showAfter(lt, account: account, changed: linked, action: "link")
        }
    }

    struct Unlink: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlink",
            abstract: "Unlink a sign-in identity from your account.",
            discussion: "Example: lifectl lifetimer account unlink google 108251234567890 --as ada"
        )

        @OptionGroup var options: LifeTimerOptions
        @OptionGroup var identity: IdentityArguments

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            try lt.store.unlinkIdentity(try identity.link(voice: lt.voice), from: account)
            try lt.keepServerInStep()
            try LifeTimerAccountCommand.showAfter(lt, account: account, changed: true, action: "unlink")
        }
    }

    /// The identity `link` and `unlink` name: PROVIDER SUBJECT.
    struct IdentityArguments: ParsableArguments {
        @Argument(help: "The provider: email, google or apple.") var provider: String
        @Argument(help: "The provider's id for you.") var subject: String

        func link(voice: LifeTimerVoice) throws -> IdentityLink {
            IdentityLink(
                provider: try LifeTimerText.choice(
                    provider, field: "provider", as: IdentityProvider.self, voice: voice),
                subject: subject)
        }
    }

    /// After a link or unlink: the account as it is now, saying whether it changed.
    static func showAfter(_ lt: LifeTimerContext, account: LifeTimerAccount, changed: Bool, action: String) throws {
        guard let now = try lt.store.account(id: account.id) else { return }
        if !lt.json {
            Terminal.write(
                changed
                    ? lt.voice.say(action == "link" ? .linked : .unlinked)
                    : lt.voice.say(.alreadyLinked, ["username": now.username]))
        }
        try printAccount(now, admin: try lt.store.isAdmin(now), lt: lt)
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete your account and everything it owns, for good.",
            discussion: """
                Goals, milestones, the countdown, follows and blocks both ways, reports by and about it: all go. \
                With a server (--server or $LIFECTL_SERVER) the account is deleted there first, for good too; \
                when it cannot be reached nothing is deleted.
                Example: lifectl lifetimer account delete --as ada --yes
                """
        )

        @OptionGroup var options: LifeTimerOptions
        @Flag(help: "Confirm: delete the account and everything it owns, for good.") var yes = false
        /// The old spelling of `--yes`: the username again (CORE-13).
        @Option(help: .hidden) var confirm: String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            if let confirm {
                guard !yes else {
                    throw LifeError.invalid(field: "--yes", "give --yes only: --confirm is its old spelling")
                }
                guard confirm.lowercased() == account.username.lowercased() else {
                    throw lt.voice.invalid(
                        "--confirm", .errorConfirm,
                        ["value": TerminalText.echoed(confirm), "username": account.username])
                }
                Renamed.notice("--confirm USERNAME", isNow: "--yes")
            } else if !yes {
                throw lt.voice.invalid("--yes", .errorDeleteNeedsYes, ["username": account.username])
            }
            // SRV-6, no drift: the server's copy goes first, so that a server
            // out of reach leaves both as they were.
            if let url = lt.serverURL {
                let server = try lt.serverStore(url)
                if try server.isOnServer(account) { try server.deleteAccount(account) }
            }
            try lt.store.deleteAccount(account)
            if lt.json {
                return try JSONOutput.print(
                    LifeTimerJSON.Done(action: "deleted", account: account.username, changed: true))
            }
            Terminal.write(lt.voice.say(.accountDeleted, ["username": account.username]))
        }
    }
}
