import Foundation
import LifeCore
import LifeServer
import LifeTimer

/// Reports, decisions and suspensions on the server (LT-8, LT-10), under
/// the same policies: a report names only what the reporter may see; only
/// an admin decides on one or suspends.
extension LifeTimerServerStore {
    /// The lowest and highest ids that start with `prefix` (4 to 36
    /// characters of an id, dashes where an id has them), for a range scan.
    static func idRange(_ prefix: String) -> (low: String, high: String) {
        let digits = prefix.filter { $0 != "-" }
        func padded(_ fill: Character) -> String {
            let hex = Array((digits + String(repeating: fill, count: 32)).prefix(32))
            return String(hex[0..<8]) + "-" + String(hex[8..<12]) + "-" + String(hex[12..<16]) + "-"
                + String(hex[16..<20]) + "-" + String(hex[20..<32])
        }
        return (padded("0"), padded("f"))
    }

    @discardableResult
    public func report(_ subject: LifeTimerStore.ReportSubject, reason: String, by reporter: LifeTimerAccount) throws
        -> UUID
    {
        let cleanReason = try LifeTimerRules.reason(reason)
        let id = UUID()
        try asAccount(reporter.id) { connection in
            var kind = ReportTarget.account
            var accountID: UUID
            var goalID: UUID?
            var milestoneID: UUID?
            switch subject {
            case .account(let username):
                accountID = try visibleAccount(named: username, on: connection).id
            case .goal(let text):
                kind = .goal
                let row = try single(
                    "public.lifetimer_goals", columns: "id, account_id", noun: "goal", text: text, on: connection)
                goalID = try row["id"]
                accountID = try row["account_id"]
            case .milestone(let text):
                kind = .milestone
                let row = try single(
                    "public.lifetimer_milestones", columns: "id, account_id, goal_id", noun: "milestone", text: text,
                    on: connection)
                milestoneID = try row["id"]
                accountID = try row["account_id"]
                goalID = try row["goal_id"]
            }
            guard accountID != reporter.id else {
                throw LifeError.invalid(field: "report", "you cannot report your own account or content")
            }
            try connection.execute(
                """
                INSERT INTO public.lifetimer_reports (id, reporter_id, target_kind, target_account_id, target_goal_id,
                    target_milestone_id, reason, created_at)
                VALUES ($1, (SELECT auth.uid()), $2, $3, $4, $5, $6, $7)
                """, [id, kind.rawValue, accountID, goalID, milestoneID, cleanReason, clock.now()])
            try touch(on: connection)
        }
        return id
    }

    /// The one row of `table` (as the policies let the account see it)
    /// whose id starts with `text`.
    private func single(
        _ table: String, columns: String, noun: String, text: String, prefix given: String? = nil,
        on connection: PostgresConnection
    ) throws -> PostgresRow {
        let prefix = try given ?? IDPrefix.normalized(text, field: noun, noun: noun)
        let range = Self.idRange(prefix)
        let rows = try connection.rows(
            "SELECT \(columns) FROM \(table) WHERE id BETWEEN $1::uuid AND $2::uuid AND id::text LIKE $3 LIMIT 2",
            [range.low, range.high, prefix + "%"])
        guard let row = rows.first else {
            // An admin sees every report: "you can see" would say nothing there.
            let seen = noun == "report" ? "" : " you can see"
            throw LifeError.invalid(
                field: noun, "\(noun) is '\(TerminalText.echoed(text))'; no \(noun)\(seen) has that id")
        }
        guard rows.count == 1 else {
            throw LifeError.invalid(field: noun, "\(noun) is '\(text)'; more than one \(noun) starts with it")
        }
        return row
    }

    /// Suspends an account (admins only, by the policies): no one else sees
    /// it from now on. False when it was suspended already.
    @discardableResult
    public func suspend(_ username: String, reason: String, admin: LifeTimerAccount) throws -> Bool {
        let cleanReason = try LifeTimerRules.reason(reason)
        return try asAccount(admin.id) { connection in
            try requireAdmin(admin, on: connection)
            let target = try anyAccountID(named: username, on: connection)
            guard target != admin.id else { throw LifeError.invalid(field: "username", "you cannot suspend yourself") }
            let made =
                try connection.execute(
                    """
                    INSERT INTO public.lifetimer_suspensions (account_id, suspended_by, reason, suspended_at)
                    VALUES ($1, (SELECT auth.uid()), $2, $3) ON CONFLICT (account_id) DO NOTHING
                    """, [target, cleanReason, clock.now()]
                ).affected > 0
            if made { try touch(on: connection) }
            return made
        }
    }

    /// Lifts a suspension (admins only).
    public func unsuspend(_ username: String, admin: LifeTimerAccount) throws {
        try asAccount(admin.id) { connection in
            try requireAdmin(admin, on: connection)
            let target = try anyAccountID(named: username, on: connection)
            guard
                try connection.execute("DELETE FROM public.lifetimer_suspensions WHERE account_id = $1", [target])
                    .affected > 0
            else { throw LifeError.invalid(field: "username", "'\(username)' is not suspended") }
            try touch(on: connection)
        }
    }

    /// LT-10: an admin's decision on a report, as on the device
    /// (`LifeTimerStore.resolve`): dismiss it, hide the goal or milestone it
    /// is about (the server's trigger flags it; the policies then show it to
    /// its own account only), or suspend the account it is about. Kept with
    /// who decided, when and why.
    @discardableResult
    public func resolve(
        report text: String, _ action: ReportDecision.Action, reason: String, admin: LifeTimerAccount
    ) throws -> ReportDecision {
        let cleanReason = try LifeTimerRules.reason(reason)
        let prefix = try IDPrefix.normalized(text, field: "report", noun: "report")
        let id = UUID()
        let now = clock.now()
        return try asAccount(admin.id) { connection in
            try requireAdmin(admin, on: connection)
            let report = try single(
                "public.lifetimer_reports",
                columns: "id, target_kind, target_account_id, target_goal_id, target_milestone_id",
                noun: "report", text: text, prefix: prefix, on: connection)
            let account: UUID = try report["target_account_id"]
            guard account != admin.id else {
                throw LifeError.invalid(
                    field: "report", "the report is about your own account; another admin decides on it")
            }
            var hiddenGoal: UUID?
            var hiddenMilestone: UUID?
            switch action {
            case .dismiss:
                break
            case .hide:
                switch ReportTarget(rawValue: try report.get("target_kind", as: String.self)) {
                case .account, nil:
                    throw LifeError.invalid(
                        field: "action",
                        "the report is about an account, which cannot be hidden; suspend it, or dismiss the report")
                case .goal: hiddenGoal = try report["target_goal_id"]
                case .milestone: hiddenMilestone = try report["target_milestone_id"]
                }
            case .suspend:
                try connection.execute(
                    """
                    INSERT INTO public.lifetimer_suspensions (account_id, suspended_by, reason, suspended_at)
                    VALUES ($1, (SELECT auth.uid()), $2, $3) ON CONFLICT (account_id) DO NOTHING
                    """, [account, cleanReason, now])
            }
            let reportID: UUID = try report["id"]
            try connection.execute(
                """
                INSERT INTO public.lifetimer_report_decisions (id, report_id, action, target_account_id, hidden_goal_id,
                    hidden_milestone_id, decided_by, reason, decided_at)
                VALUES ($1, $2, $3, $4, $5, $6, (SELECT auth.uid()), $7, $8)
                """, [id, reportID, action.rawValue, account, hiddenGoal, hiddenMilestone, cleanReason, now])
            try touch(on: connection)
            let name = try connection.row("SELECT public.lifetimer_username_for_admin($1) AS name", [account])?.get(
                "name", as: String?.self)
            return ReportDecision(
                id: id, reportID: reportID, action: action, account: name ?? "", decidedBy: admin.username,
                reason: cleanReason, decidedAt: now)
        }
    }

    private func requireAdmin(_ account: LifeTimerAccount, on connection: PostgresConnection) throws {
        guard try connection.row("SELECT public.lifetimer_is_admin() AS admin")?.get("admin", as: Bool.self) == true
        else {
            throw LifeError.invalid(
                field: "--as", "\(account.username) is not an admin on the server (or is suspended there)")
        }
    }

    /// What an admin's list says for an account or a thing that is gone.
    static let gone = "(deleted)"

    /// Every report on the server, newest first, with its decisions (admins
    /// only), as the device's `LifeTimerStore.reports` lists them; only the
    /// open ones when `openOnly`. The server keeps reports about accounts
    /// and content that are gone (SRV-6): their names read "(deleted)".
    public func reports(admin: LifeTimerAccount, openOnly: Bool = false) throws -> [Report] {
        try asAccount(admin.id) { connection in
            try requireAdmin(admin, on: connection)
            var decisions: [UUID: [ReportDecision]] = [:]
            for decision in try self.decisions(on: connection) {
                if let report = decision.reportID { decisions[report, default: []].append(decision) }
            }
            return try connection.rows(
                """
                SELECT id, reporter, target_kind, account, goal_title, milestone_title, reason, created_at, account_suspended
                FROM public.lifetimer_reports_for_admin($1, 500)
                """, [openOnly]
            ).map { row in
                guard let target = ReportTarget(rawValue: try row.get("target_kind", as: String.self)) else {
                    throw LifeError.bug("the server's report has an unknown kind")
                }
                let id: UUID = try row["id"]
                return Report(
                    id: id, reporter: try row.get("reporter", as: String?.self) ?? Self.gone, target: target,
                    account: try row.get("account", as: String?.self) ?? Self.gone, goalTitle: try row["goal_title"],
                    milestoneTitle: try row["milestone_title"], reason: try row["reason"],
                    createdAt: try row["created_at"], accountSuspended: try row["account_suspended"],
                    decisions: (decisions[id] ?? []).reversed())
            }
        }
    }

    /// Every decision on the server, newest first (admins only).
    public func decisions(admin: LifeTimerAccount) throws -> [ReportDecision] {
        try asAccount(admin.id) { connection in
            try requireAdmin(admin, on: connection)
            return try decisions(on: connection)
        }
    }

    private func decisions(on connection: PostgresConnection) throws -> [ReportDecision] {
        try connection.rows(
            "SELECT id, report_id, action, account, decided_by, reason, decided_at FROM public.lifetimer_decisions_for_admin(500)"
        ).map { row in
            guard let action = ReportDecision.Action(rawValue: try row.get("action", as: String.self)) else {
                throw LifeError.bug("the server's decision has an unknown action")
            }
            return ReportDecision(
                id: try row["id"], reportID: try row["report_id"], action: action,
                account: try row.get("account", as: String?.self) ?? Self.gone, decidedBy: try row["decided_by"],
                reason: try row["reason"], decidedAt: try row["decided_at"])
        }
    }

    /// Makes another account an admin on the server. Admins are the
    /// operator's to grant (no client may): lifectl, holding the operator's
    /// URL, grants one when the acting account is an admin there, as the
    /// device lets an admin grant. False when it is one already.
    @discardableResult
    public func grantAdmin(_ username: String, admin: LifeTimerAccount) throws -> Bool {
        try asAccount(admin.id) { connection in
            try requireAdmin(admin, on: connection)
            let target = try anyAccountID(named: username, on: connection)
            return try asOperator(then: admin.id, on: connection) {
                try connection.execute(
                    "INSERT INTO public.lifetimer_admins (account_id) VALUES ($1) ON CONFLICT DO NOTHING", [target]
                ).affected > 0
            }
        }
    }
}
