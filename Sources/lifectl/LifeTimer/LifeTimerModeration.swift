import ArgumentParser
import Foundation
import LifeCore
import LifeTimer
import LifeTimerServer

/// `lifectl lifetimer report`: report an account, a goal or a milestone (LT-8).
struct LifeTimerReport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report an account, a goal or a milestone to the admins, with a reason.",
        discussion: """
            A goal or milestone is named by its id or its first 4+ characters, as `profile` shows them.
            Example: lifectl lifetimer report account bob --reason "spam"
            Example: lifectl lifetimer report goal 3f2a9c1e --reason "offensive title"
            """)

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "account, goal or milestone.") var kind: String
    @Argument(help: "A username, or a goal's or milestone's id.") var target: String
    @Option(help: "Why (500 characters at most).") var reason: String

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let subject: LifeTimerStore.ReportSubject =
            switch try LifeTimerText.choice(kind, field: "kind", as: ReportTarget.self, voice: lt.voice) {
            case .account: .account(username: target)
            case .goal: .goal(id: target)
            case .milestone: .milestone(id: target)
            }
        let id = try lt.graph().report(subject, reason: reason, by: try lt.account())
        if lt.json {
            return try JSONOutput.print(
                LifeTimerJSON.Reported(id: LifeTimerJSON.id(id), target: kind.lowercased(), subject: target))
        }
        Terminal.write(lt.voice.say(.reported))
    }
}

/// `lifectl lifetimer admin`: reports and suspensions (LT-8), for admins.
struct LifeTimerAdminCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "For admins: list and resolve reports, suspend and unsuspend accounts, make another admin.",
        discussion: """
            The owner's account (the first created) is an admin. With --server (or $LIFECTL_SERVER) each \
            command runs on the server as the --as account, which must be an admin there (granted by the \
            operator, or by another admin with `admin grant --server`).
            """,
        subcommands: [Reports.self, Resolve.self, Decisions.self, Suspend.self, Unsuspend.self, Grant.self]
    )

    /// A report's status as a person reads it: what its latest decision did.
    static func status(_ action: ReportDecision.Action, voice: LifeTimerVoice) -> String {
        switch action {
        case .dismiss: voice.say(.statusDismissed)
        case .hide: voice.say(.statusHidden)
        case .suspend: voice.say(.statusSuspended)
        }
    }

    struct Reports: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reports",
            abstract: "Every report, newest first, with its status (open, or the latest decision).",
            discussion: """
                The id's first 8 characters name the report for `admin resolve`.
                Example: lifectl lifetimer admin reports --open
                """)

        @OptionGroup var options: LifeTimerOptions
        @Flag(help: "Only the reports no admin has decided on.") var open = false

        func run() throws {
            let lt = try LifeTimerContext(options, server: .allowed)
            let reports =
                try lt.serverGraph()?.reports(admin: try lt.account(), openOnly: open)
                ?? lt.store.reports(admin: try lt.account(), openOnly: open)
            if lt.json { return try JSONOutput.print("reports", reports.map(LifeTimerJSON.Report.init)) }
            let voice = lt.voice
            guard !reports.isEmpty else { return Terminal.write(voice.say(open ? .noOpenReports : .noReports)) }
            var table = TextTable([.left, .left, .left, .left, .left, .left, .left, .left])
            table.add(
                voice.say(.columnID), voice.say(.columnWhen), voice.say(.columnBy), voice.say(.columnAbout),
                voice.say(.columnAccount), voice.say(.columnWhat), voice.say(.columnReason), voice.say(.columnStatus))
            for report in reports {
                // The latest decision (`decisions` is oldest first) is the status.
                let status =
                    report.decisions.last.map {
                        voice.say(
                            .statusDecided,
                            [
                                "action": LifeTimerAdminCommand.status($0.action, voice: voice),
                                "admin": $0.decidedBy ?? voice.say(.deletedAdminName),
                            ])
                    } ?? voice.say(.statusOpen)
                table.add(
                    LifeTimerText.short(report.id), voice.recent(report.createdAt, now: lt.now), report.reporter,
                    LifeTimerText.target(report.target, voice: voice),
                    report.account + (report.accountSuspended ? voice.say(.suspendedMark) : ""),
                    report.milestoneTitle ?? report.goalTitle ?? "", report.reason, status)
            }
            Terminal.write(table.render())
        }
    }

    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Decide on a report: dismiss it, hide the goal or milestone, or suspend the account.",
            discussion: """
                hide: the goal or milestone reported is seen by its own account only. suspend: the account \
                reported (or the owner of what was reported) is seen by no one else. Every decision is kept, \
                with who decided, when and why; a report can be decided again.
                Example: lifectl lifetimer admin resolve 3f2a9c1e hide --reason "offensive title"
                """)

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The report's id, or its first 4+ characters.") var report: String
        @Argument(help: "dismiss, hide or suspend.") var action: String
        @Option(help: "Why (500 characters at most).") var reason: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .allowed)
            let choice = try LifeTimerText.choice(
                action, field: "action", as: ReportDecision.Action.self, voice: lt.voice)
            let decision =
                try lt.serverGraph()?.resolve(report: report, choice, reason: reason, admin: try lt.account())
                ?? lt.store.resolve(report: report, choice, reason: reason, admin: try lt.account())
            if lt.json { return try JSONOutput.print(LifeTimerJSON.Decision(decision)) }
            let said: LifeTimerPhrase =
                switch decision.action {
                case .dismiss: .resolvedDismiss
                case .hide: .resolvedHide
                case .suspend: .resolvedSuspend
                }
            Terminal.write(lt.voice.say(said, ["account": TerminalText.echoed(decision.account)]))
        }
    }

    struct Decisions: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decisions",
            abstract: "Every decision on a report, newest first: who decided, when, what and why.",
            discussion: "Example: lifectl lifetimer admin decisions")

        @OptionGroup var options: LifeTimerOptions

        func run() throws {
            let lt = try LifeTimerContext(options, server: .allowed)
            let decisions =
                try lt.serverGraph()?.decisions(admin: try lt.account()) ?? lt.store.decisions(admin: try lt.account())
            if lt.json { return try JSONOutput.print("decisions", decisions.map(LifeTimerJSON.Decision.init)) }
            let voice = lt.voice
            guard !decisions.isEmpty else { return Terminal.write(voice.say(.noDecisions)) }
            var table = TextTable([.left, .left, .left, .left, .left, .left])
            table.add(
                voice.say(.columnWhen), voice.say(.columnAdmin), voice.say(.columnDecided), voice.say(.columnAccount),
                voice.say(.columnReport), voice.say(.columnReason))
            for decision in decisions {
                let action: LifeTimerPhrase =
                    switch decision.action {
                    case .dismiss: .decisionDismiss
                    case .hide: .decisionHide
                    case .suspend: .decisionSuspend
                    }
                table.add(
                    voice.recent(decision.decidedAt, now: lt.now), decision.decidedBy ?? voice.say(.deletedAdmin),
                    voice.say(action), decision.account,
                    decision.reportID.map(LifeTimerText.short) ?? voice.say(.deletedReport), decision.reason)
            }
            Terminal.write(table.render())
        }
    }

    struct Suspend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "suspend",
            abstract: "Suspend an account: no one else sees it until it is unsuspended.",
            discussion: "Example: lifectl lifetimer admin suspend bob --reason \"spam\"")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The username.") var username: String
        @Option(help: "Why.") var reason: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .allowed)
            let made =
                try lt.serverGraph()?.suspend(username, reason: reason, admin: try lt.account())
                ?? lt.store.suspend(username, reason: reason, admin: try lt.account())
            try lt.done(
                "suspend", account: username, changed: made,
                lt.voice.say(made ? .suspended : .alreadySuspended, ["username": TerminalText.echoed(username)]))
        }
    }

    struct Unsuspend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unsuspend",
            abstract: "Lift a suspension.", discussion: "Example: lifectl lifetimer admin unsuspend bob")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The username.") var username: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .allowed)
            if let server = try lt.serverGraph() {
                try server.unsuspend(username, admin: try lt.account())
            } else {
                try lt.store.unsuspend(username, admin: try lt.account())
            }
            try lt.done(
                "unsuspend", account: username, lt.voice.say(.unsuspended, ["username": TerminalText.echoed(username)]))
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "grant",
            abstract: "Make another account an admin.", discussion: "Example: lifectl lifetimer admin grant carol")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The username.") var username: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .allowed)
            let made =
                try lt.serverGraph()?.grantAdmin(username, admin: try lt.account())
                ?? lt.store.grantAdmin(username, admin: try lt.account())
            try lt.done(
                "grant", account: username, changed: made,
                lt.voice.say(made ? .granted : .alreadyAdmin, ["username": TerminalText.echoed(username)]))
        }
    }
}
