import Foundation
import LifeCore
import LifeDB

/// Reports, admins and suspensions (LT-8). What a report names is found
/// through the visibility views, as every other account's thing is: an
/// account, a goal or a milestone the reporter cannot see is answered as
/// one that does not exist.
extension LifeTimerSession {
    /// Files a report about something the reporter can see: an account, one
    /// of its goals, or one of its public milestones.
    func report(_ subject: LifeTimerStore.ReportSubject, reason: String, by reporter: LifeTimerAccount) throws -> UUID {
        let cleanReason = try LifeTimerRules.reason(reason, voice: voice)
        var kind = ReportTarget.account
        var accountID: UUID
        var goalID: UUID?
        var milestoneID: UUID?
        switch subject {
        case .account(let username):
            accountID = try visibleAccount(named: username, viewerID: reporter.id).id
        case .goal(let text):
            kind = .goal
            let prefix = try idPrefix(text, field: "goal", noun: .nounGoal)
            let goal = try single(
                "lifetimer_goals",
                """
                SELECT g.id AS id, g.account_id AS account_id FROM lifetimer_visible_goals AS g
                WHERE g.viewer_id = ? AND g.id >= ? AND g.id < ? LIMIT 2
                """, [reporter.id, prefix, prefix + "g"], missing: .errorGoalIDUnknown,
                ambiguous: .errorGoalIDAmbiguous,
                text: text
            ) { row in (id: try row["id", as: UUID.self], accountID: try row["account_id", as: UUID.self]) }
            goalID = goal.id
            accountID = goal.accountID
        case .milestone(let text):
            kind = .milestone
            let prefix = try idPrefix(text, field: "milestone", noun: .nounMilestone)
            let milestone = try single(
                "lifetimer_milestones",
                """
                SELECT m.id AS id, m.account_id AS account_id, m.goal_id AS goal_id
                FROM lifetimer_visible_milestones AS m
                WHERE m.viewer_id = ? AND m.id >= ? AND m.id < ? LIMIT 2
                """, [reporter.id, prefix, prefix + "g"], missing: .errorMilestoneIDUnknown,
                ambiguous: .errorMilestoneIDAmbiguous, text: text
            ) { row in
                (
                    id: try row["id", as: UUID.self], accountID: try row["account_id", as: UUID.self],
                    goalID: try row["goal_id", as: UUID.self]
                )
            }
            milestoneID = milestone.id
            accountID = milestone.accountID
            goalID = milestone.goalID
        }
        guard accountID != reporter.id else {
            throw voice.invalid("report", .errorReportSelf)
        }
        let id = UUID()
        try db.execute(
            """
            INSERT INTO lifetimer_reports (id, reporter_id, target_kind, target_account_id, target_goal_id,
                target_milestone_id, reason, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [id, reporter.id, kind.rawValue, accountID, goalID, milestoneID, cleanReason, clock.now()])
        try touch(reporter.id)
        return id
    }

    /// The one row of `sql` on `table` (which asks for two at most),
    /// decoded; `missing` and `ambiguous` say why there is not one (their
    /// field is the table's thing: goal, milestone, report).
    private func single<T>(
        _ table: String, _ sql: String, _ arguments: StatementArguments, missing: LifeTimerPhrase,
        ambiguous: LifeTimerPhrase, text: String, _ decode: (TableRow) throws -> T
    ) throws -> T {
        var rows: [T] = []
        try db.forEachRow(table: table, sql, arguments) { rows.append(try decode($0)) }
        let field = String(table.dropFirst("lifetimer_".count).dropLast())
        guard let row = rows.first else {
            throw voice.invalid(field, missing, ["value": TerminalText.echoed(text)])
        }
        guard rows.count == 1 else {
            throw voice.invalid(field, ambiguous, ["value": TerminalText.echoed(text)])
        }
        return row
    }

    /// An id or its first characters (`IDPrefix`), refused in the voice's words.
    private func idPrefix(_ text: String, field: String, noun: LifeTimerPhrase) throws -> String {
        do {
            return try IDPrefix.normalized(text, field: field, noun: field)
        } catch let error as LifeError {
            throw voice.reworded(
                error, .errorIDForm, ["value": text, "noun": voice.say(noun), "min": String(IDPrefix.minimumLength)])
        }
    }

    /// LT-8: the owner's account is always an admin (derived from the
    /// owner's flag, so it follows the flag when the owner's account is
    /// deleted); any other account is one when an admin granted it.
    func isAdmin(_ accountID: UUID) throws -> Bool {
        try db.fetchOne(
            Int.self,
            """
            SELECT 1 FROM lifetimer_accounts AS a
            WHERE a.id = ? AND (a.is_owner = 1 OR EXISTS (SELECT 1 FROM lifetimer_admins WHERE account_id = a.id))
            """, [accountID]) != nil
    }

    private func requireAdmin(_ account: LifeTimerAccount) throws {
        guard try isAdmin(account.id) else {
            throw voice.invalid("--as", .errorNotAdmin, ["username": account.username])
        }
    }

    /// An account an admin names: admins see every account.
    private func adminTarget(_ username: String) throws -> UUID {
        let name = username.trimmingCharacters(in: .whitespaces)
        guard let id = try anyAccountID(named: name) else {
            throw voice.invalid("username", .errorNoSuchAccount, ["value": TerminalText.echoed(name)])
        }
        return id
    }

    /// Every report, newest first, each with its decisions (admins only);
    /// only the open ones when `openOnly`.
    func reports(admin: LifeTimerAccount, openOnly: Bool = false) throws -> [Report] {
        try requireAdmin(admin)
        var decisions: [UUID: [ReportDecision]] = [:]
        for decision in try self.decisions() {
            if let report = decision.reportID { decisions[report, default: []].append(decision) }
        }
        var reports: [Report] = []
        try db.forEachRow(
            table: "lifetimer_reports",
            """
            SELECT r.id AS id, reporter.username AS reporter, r.target_kind AS target_kind, target.username AS account,
                   g.title AS goal_title, m.title AS milestone_title, r.reason AS reason, r.created_at AS created_at,
                   EXISTS (SELECT 1 FROM lifetimer_suspensions AS s WHERE s.account_id = r.target_account_id)
                       AS account_suspended
            FROM lifetimer_reports AS r
            JOIN lifetimer_accounts AS reporter ON reporter.id = r.reporter_id
            JOIN lifetimer_accounts AS target ON target.id = r.target_account_id
            LEFT JOIN lifetimer_goals AS g ON g.id = r.target_goal_id
            LEFT JOIN lifetimer_milestones AS m ON m.id = r.target_milestone_id
            ORDER BY r.created_at DESC, r.id
            """
        ) { row in
            reports.append(
                Report(
                    id: try row["id"], reporter: try row["reporter"],
                    target: try row["target_kind", as: ReportTarget.self], account: try row["account"],
                    goalTitle: try row["goal_title"], milestoneTitle: try row["milestone_title"],
                    reason: try row["reason"], createdAt: try row["created_at"],
                    accountSuspended: try row["account_suspended"],
                    decisions: (decisions[try row["id"]] ?? []).reversed()))
        }
        return openOnly ? reports.filter(\.isOpen) : reports
    }

    /// Every decision, newest first (admins only): those whose report is
    /// gone too (deleted with its reporter).
    func decisions(admin: LifeTimerAccount) throws -> [ReportDecision] {
        try requireAdmin(admin)
        return try decisions()
    }

    /// Every decision, newest first.
    private func decisions() throws -> [ReportDecision] {
        var decisions: [ReportDecision] = []
        try db.forEachRow(
            table: "lifetimer_report_decisions",
            """
            SELECT d.id AS id, d.report_id AS report_id, d.action AS action, target.username AS account,
                   admin.username AS decided_by, d.reason AS reason, d.decided_at AS decided_at
            FROM lifetimer_report_decisions AS d
            JOIN lifetimer_accounts AS target ON target.id = d.target_account_id
            LEFT JOIN lifetimer_accounts AS admin ON admin.id = d.decided_by
            ORDER BY d.decided_at DESC, d.rowid DESC
            """
        ) { row in
            decisions.append(
                ReportDecision(
                    id: try row["id"], reportID: try row["report_id"],
                    action: try row["action", as: ReportDecision.Action.self], account: try row["account"],
                    decidedBy: try row["decided_by"], reason: try row["reason"], decidedAt: try row["decided_at"]))
        }
        return decisions
    }

    /// LT-10: an admin's decision on a report, kept with who decided, when
    /// and why; a report may be decided again (each decision is kept).
    /// `dismiss` closes it; `hide` hides the goal or milestone it is about
    /// from everyone but its account (a report about an account has nothing
    /// to hide: suspend it); `suspend` suspends the account it is about (or
    /// the owner of what it is about) unless it is already, when the first
    /// suspension stands. An admin does not decide on a report about its
    /// own account. The report is named by its id or its first 4+ characters.
    func resolve(
        report text: String, action: ReportDecision.Action, reason: String, admin: LifeTimerAccount
    ) throws -> ReportDecision {
        try requireAdmin(admin)
        let cleanReason = try LifeTimerRules.reason(reason, voice: voice)
        let prefix = try idPrefix(text, field: "report", noun: .nounReport)
        let report = try single(
            "lifetimer_reports",
            """
            SELECT id, target_kind, target_account_id, target_goal_id, target_milestone_id FROM lifetimer_reports
            WHERE id >= ? AND id < ? LIMIT 2
            """, [prefix, prefix + "g"], missing: .errorReportIDUnknown, ambiguous: .errorReportIDAmbiguous, text: text
        ) { row in
            (
                id: try row["id", as: UUID.self], kind: try row["target_kind", as: ReportTarget.self],
                account: try row["target_account_id", as: UUID.self], goal: try row["target_goal_id", as: UUID?.self],
                milestone: try row["target_milestone_id", as: UUID?.self]
            )
        }
        guard report.account != admin.id else {
            throw voice.invalid("report", .errorReportOwnAccount)
        }
        var hiddenGoal: UUID?
        var hiddenMilestone: UUID?
        let now = clock.now()
        switch action {
        case .dismiss:
            break
        case .hide:
            switch report.kind {
            case .account:
                throw voice.invalid("action", .errorHideAccount)
            case .goal: hiddenGoal = report.goal
            case .milestone: hiddenMilestone = report.milestone
            }
        case .suspend:
            try db.execute(
                """
                INSERT INTO lifetimer_suspensions (account_id, suspended_by, reason, suspended_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (account_id) DO NOTHING
                """, [report.account, admin.id, cleanReason, now])
        }
        let id = UUID()
        try db.execute(
            """
            INSERT INTO lifetimer_report_decisions (id, report_id, action, target_account_id, hidden_goal_id,
                hidden_milestone_id, decided_by, reason, decided_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [id, report.id, action.rawValue, report.account, hiddenGoal, hiddenMilestone, admin.id, cleanReason, now])
        try touch(admin.id)
        guard let decision = try decisions().first(where: { $0.id == id }) else {
            throw LifeError.bug("the decision was not stored")
        }
        return decision
    }

    /// Suspends an account (admins only): no one else sees it from now on.
    /// False when it was suspended already: the first suspension, its admin
    /// and reason, stand.
    func suspend(_ username: String, reason: String, admin: LifeTimerAccount) throws -> Bool {
        try requireAdmin(admin)
        let cleanReason = try LifeTimerRules.reason(reason, voice: voice)
        let target = try adminTarget(username)
        guard target != admin.id else { throw voice.invalid("username", .errorSuspendSelf) }
        try db.execute(
            """
            INSERT INTO lifetimer_suspensions (account_id, suspended_by, reason, suspended_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (account_id) DO NOTHING
            """,
            [target, admin.id, cleanReason, clock.now()])
        guard db.changes > 0 else { return false }
        try touch(admin.id)
        return true
    }

    /// Lifts a suspension (admins only).
    func unsuspend(_ username: String, admin: LifeTimerAccount) throws {
        try requireAdmin(admin)
        let target = try adminTarget(username)
        try db.execute("DELETE FROM lifetimer_suspensions WHERE account_id = ?", [target])
        guard db.changes > 0 else {
            throw voice.invalid("username", .errorNotSuspended, ["value": TerminalText.echoed(username)])
        }
        try touch(admin.id)
    }

    /// Makes another account an admin (admins only). False when it is one
    /// already (granted before, or the owner's account, an admin as such).
    func grantAdmin(_ username: String, admin: LifeTimerAccount) throws -> Bool {
        try requireAdmin(admin)
        let target = try adminTarget(username)
        // No grant row for the owner's account: it is an admin as such.
        try db.execute(
            """
            INSERT OR IGNORE INTO lifetimer_admins (account_id, granted_at)
            SELECT id, ? FROM lifetimer_accounts WHERE id = ? AND is_owner = 0
            """, [clock.now(), target])
        return db.changes > 0
    }

    func isSuspended(_ accountID: UUID) throws -> Bool {
        try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_suspensions WHERE account_id = ?", [accountID]) != nil
    }
}
