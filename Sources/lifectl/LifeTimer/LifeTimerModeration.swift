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
            switch try LifeTimerText.choice(kind, field: "kind", as: ReportTarget.self) {
            case .account: .account(username: target)
            case .goal: .goal(id: target)
            case .milestone: .milestone(id: target)
            }
        let id = try lt.graph().report(subject, reason: reason, by: try lt.account())
        if lt.json {
            return try JSONOutput.print(
                LifeTimerJSON.Reported(id: LifeTimerJSON.id(id), target: kind.lowercased(), subject: target))
        }
        Terminal.write("Reported. The admins will see it.")
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

    struct Reports: ParsableCommand {
        static let configuration = CommandConfiguration(
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
            if lt.json { return try JSONOutput.print(reports.map(LifeTimerJSON.Report.init)) }
            guard !reports.isEmpty else { return Terminal.write(open ? "No open reports." : "No reports.") }
            var table = TextTable([.left, .left, .left, .left, .left, .left, .left, .left])
            table.add("id", "when", "by", "about", "account", "what", "reason", "status")
            for report in reports {
                let status =
                    report.decisions.last.map { "\($0.action.rawValue) by \($0.decidedBy ?? "a deleted admin")" }
                    ?? "open"
                table.add(
                    LifeTimerText.short(report.id), Timestamp.iso8601(report.createdAt), report.reporter,
                    report.target.rawValue, report.account + (report.accountSuspended ? " (suspended)" : ""),
                    report.milestoneTitle ?? report.goalTitle ?? "", report.reason, status)
            }
            Terminal.write(table.render())
        }
    }

    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
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
            let choice = try LifeTimerText.choice(action, field: "action", as: ReportDecision.Action.self)
            let decision =
                try lt.serverGraph()?.resolve(report: report, choice, reason: reason, admin: try lt.account())
                ?? lt.store.resolve(report: report, choice, reason: reason, admin: try lt.account())
            if lt.json { return try JSONOutput.print(LifeTimerJSON.Decision(decision)) }
            let account = TerminalText.echoed(decision.account)
            let said =
                switch decision.action {
                case .dismiss: "Dismissed the report about \(account)."
                case .hide: "Hidden: only \(account) sees it now."
                case .suspend: "Suspended \(account): no one else sees it now."
                }
            Terminal.write(said)
        }
    }

    struct Decisions: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every decision on a report, newest first: who decided, when, what and why.",
            discussion: "Example: lifectl lifetimer admin decisions")

        @OptionGroup var options: LifeTimerOptions

        func run() throws {
            let lt = try LifeTimerContext(options, server: .allowed)
            let decisions =
                try lt.serverGraph()?.decisions(admin: try lt.account()) ?? lt.store.decisions(admin: try lt.account())
            if lt.json { return try JSONOutput.print(decisions.map(LifeTimerJSON.Decision.init)) }
            guard !decisions.isEmpty else { return Terminal.write("No decisions.") }
            var table = TextTable([.left, .left, .left, .left, .left, .left])
            table.add("when", "admin", "decided", "account", "report", "reason")
            for decision in decisions {
                table.add(
                    Timestamp.iso8601(decision.decidedAt), decision.decidedBy ?? "(deleted)", decision.action.rawValue,
                    decision.account, decision.reportID.map(LifeTimerText.short) ?? "(deleted)", decision.reason)
            }
            Terminal.write(table.render())
        }
    }

    struct Suspend: ParsableCommand {
        static let configuration = CommandConfiguration(
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
                made ? "Suspended \(username)." : "\(username) was already suspended; the first suspension stands.")
        }
    }

    struct Unsuspend: ParsableCommand {
        static let configuration = CommandConfiguration(
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
            try lt.done("unsuspend", account: username, "Unsuspended \(username).")
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(
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
                made ? "\(username) is an admin." : "\(username) was already an admin.")
        }
    }
}
