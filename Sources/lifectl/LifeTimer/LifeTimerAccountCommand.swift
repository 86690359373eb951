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
        let now = lt.store.clock.now()
        if lt.json { return try JSONOutput.print(LifeTimerJSON.Account(account, admin: admin, now: now)) }
        var table = TextTable([.left, .left])
        table.add("username", account.username + (account.isOwner ? " (the owner's account)" : ""))
        table.add("visibility", account.visibility.rawValue)
        table.add("bio", account.bio ?? "—")
        table.add("avatar", account.avatarPath ?? "—")
        table.add("email", (account.email.map(TerminalText.oneLine) ?? "—") + " (private)")
        if account.identities.isEmpty { table.add("sign-in", "— (no identity linked)") }
        for (index, identity) in account.identities.enumerated() {
            table.add(
                index == 0 ? "sign-in" : "",
                "\(identity.provider.rawValue): \(TerminalText.oneLine(identity.subject)) (private, linked \(Timestamp.iso8601(identity.linkedAt)))"
            )
        }
        table.add("time zone", account.timeZone)
        table.add("admin", admin ? "yes" : "no")
        table.add("goals created", "\(account.goalsCreated) of \(LifeTimerRules.maximumGoals)")
        table.add(
            "streaks",
            "current \(Format.count(account.currentStreakDays(at: now), "day", "days")) · longest \(Format.count(account.longestStreakDays, "day", "days"))"
        )
        table.add("created", Timestamp.iso8601(account.createdAt))
        table.add("last active", Timestamp.iso8601(account.lastActiveAt))
        Terminal.write(table.render())
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account; the first one created is the owner's.",
            discussion: """
                A username is 3–30 letters, digits, _ and . (unique, any case). No password is stored: \
                sign-in is an identity link (--provider and --subject).
                Example: lifectl lifetimer account create ada --email ada@example.org --provider apple --subject 001234.abc --public
                """
        )

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The username.") var username: String
        @Option(help: "E-mail address (never shown to others).") var email: String?
        @Option(help: "Sign-in provider: email, google or apple.") var provider: String?
        @Option(help: "The provider's id for this person.") var subject: String?
        @Option(help: "A short bio (160 characters at most).") var bio: String?
        @Option(help: ArgumentHelp("Avatar image path or URL.", valueName: "path")) var avatar: String?
        @Flag(help: "Make the account public (default private).") var `public` = false
        @Option(help: ArgumentHelp("IANA zone (default the owner's).", valueName: "zone")) var timeZone: String?

        func validate() throws {
            if (provider == nil) != (subject == nil) {
                throw ValidationError("give --provider and --subject together")
            }
        }

        func run() throws {
            let lt = try LifeTimerContext(options)
            var identity: IdentityLink?
            if let provider, let subject {
                identity = IdentityLink(
                    provider: try LifeTimerText.choice(provider, field: "--provider", as: IdentityProvider.self),
                    subject: subject)
            }
            let account = try lt.store.createAccount(
                NewAccount(
                    username: username, email: email, identity: identity, bio: bio, avatarPath: avatar,
                    visibility: self.public ? .public : .private, timeZone: timeZone))
            try LifeTimerAccountCommand.printAccount(account, admin: try lt.store.isAdmin(account), lt: lt)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
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
            abstract: "Change your username, bio, avatar, e-mail, visibility or time zone.",
            discussion: """
                An empty value clears an optional field (--bio '').
                Example: lifectl lifetimer account edit --bio "Counting days" --visibility public
                """
        )

        @OptionGroup var options: LifeTimerOptions
        @Option(help: "A new username.") var username: String?
        @Option(help: "A short bio ('' clears it).") var bio: String?
        @Option(help: ArgumentHelp("Avatar path or URL ('' clears it).", valueName: "path")) var avatar: String?
        @Option(help: "E-mail ('' clears it).") var email: String?
        @Option(help: "public or private.") var visibility: String?
        @Option(help: ArgumentHelp("IANA zone.", valueName: "zone")) var timeZone: String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let change = AccountChange(
                username: username, bio: bio, avatarPath: avatar, email: email,
                visibility: try visibility.map {
                    try LifeTimerText.choice($0, field: "--visibility", as: AccountVisibility.self)
                }, timeZone: timeZone)
            let updated = try lt.store.updateAccount(account, change)
            try lt.keepServerInStep()
            try LifeTimerAccountCommand.printAccount(updated, admin: try lt.store.isAdmin(updated), lt: lt)
        }
    }

    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(
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
            let linked = try lt.store.linkIdentity(try identity.link(), to: account)
            try lt.keepServerInStep()
            try LifeTimerAccountCommand.showAfter(lt, account: account, changed: linked, action: "link")
        }
    }

    struct Unlink: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Unlink a sign-in identity from your account.",
            discussion: "Example: lifectl lifetimer account unlink google 108251234567890 --as ada"
        )

        @OptionGroup var options: LifeTimerOptions
        @OptionGroup var identity: IdentityArguments

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            try lt.store.unlinkIdentity(try identity.link(), from: account)
            try lt.keepServerInStep()
            try LifeTimerAccountCommand.showAfter(lt, account: account, changed: true, action: "unlink")
        }
    }

    /// The identity `link` and `unlink` name: PROVIDER SUBJECT.
    struct IdentityArguments: ParsableArguments {
        @Argument(help: "The provider: email, google or apple.") var provider: String
        @Argument(help: "The provider's id for you.") var subject: String

        func link() throws -> IdentityLink {
            IdentityLink(
                provider: try LifeTimerText.choice(provider, field: "provider", as: IdentityProvider.self),
                subject: subject)
        }
    }

    /// After a link or unlink: the account as it is now, saying whether it changed.
    static func showAfter(_ lt: LifeTimerContext, account: LifeTimerAccount, changed: Bool, action: String) throws {
        guard let now = try lt.store.account(id: account.id) else { return }
        if !lt.json {
            Terminal.write(
                changed
                    ? (action == "link" ? "Linked." : "Unlinked.")
                    : "That identity was already linked to \(now.username).")
        }
        try printAccount(now, admin: try lt.store.isAdmin(now), lt: lt)
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete your account and everything it owns, for good.",
            discussion: """
                Goals, milestones, the countdown, follows and blocks both ways, reports by and about it: all go. \
                With a server (--server or $LIFECTL_SERVER) the account is deleted there first, for good too; \
                when it cannot be reached nothing is deleted.
                Example: lifectl lifetimer account delete --as ada --confirm ada
                """
        )

        @OptionGroup var options: LifeTimerOptions
        @Option(help: ArgumentHelp("The account's username again, to confirm.", valueName: "username"))
        var confirm: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            guard confirm.lowercased() == account.username.lowercased() else {
                throw LifeError.invalid(
                    field: "--confirm", "--confirm is '\(confirm)'; type the account's username, \(account.username)")
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
            Terminal.write("Deleted \(account.username) and everything it owned.")
        }
    }
}
