import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension LifeTimerSession {
    /// Rules SQLite's constraints cannot hold, re-checked over the stored rows
    /// (`lifectl db check`, and an import before it commits): every instant
    /// and date an instant or date of the years 1–9999, text limits in
    /// characters and no control characters, milestone positions, goal
    /// numbers within the account's count, each countdown's end, each stored
    /// longest streak, zones, and the owner's flag. An account row, or one of
    /// its goals, milestones, days or countdown, that cannot be read is
    /// itself a problem, and the check goes on with the next account. No
    /// stored value, whatever it is, makes the check trap.
    func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        var accounts: [LifeTimerAccount] = []
        try scan.eachRow("lifetimer_accounts", Self.accountColumns + " ORDER BY username") { statement, _ in
            accounts.append(try Self.account(from: TableRow(table: "lifetimer_accounts", statement: statement)))
        }
        var problems = scan.problems
        // An unreadable account may be the owner's: then the flag is not missing.
        if problems.isEmpty && !accounts.isEmpty && !accounts.contains(where: \.isOwner) {
            problems.append("no LifeTimer account is marked as the owner's")
        }
        problems += try timeProblems()
        for account in accounts {
            do {
                problems += try violations(of: account)
            } catch let error as LifeError where error.kind == .malformedInput {
                problems.append(error.message)
            }
        }
        return problems
    }

    /// The columns holding instants (`YYYY-MM-DD HH:MM:SS.SSS`) and dates,
    /// by table, with the expression naming a row.
    static let timeColumns: [(table: String, key: String, instants: [String], dates: [String])] = [
        ("lifetimer_accounts", "id", ["created_at", "last_active_at", "updated_at", "current_streak_until"], []),
        ("lifetimer_identities", "provider || ':' || account_id", ["linked_at"], []),
        ("lifetimer_goals", "id", ["completed_at", "created_at", "updated_at"], []),
        ("lifetimer_countdowns", "account_id", ["started_at", "ends_at"], []),
        ("lifetimer_milestones", "id", ["completed_at", "created_at", "updated_at"], ["due_date"]),
        ("lifetimer_activity_days", "account_id || ' ' || day", ["recorded_at"], ["day"]),
        ("lifetimer_follows", "follower_id || ' ' || followee_id", ["created_at"], []),
        ("lifetimer_blocks", "blocker_id || ' ' || blocked_id", ["created_at"], []),
        ("lifetimer_admins", "account_id", ["granted_at"], []),
        ("lifetimer_suspensions", "account_id", ["suspended_at"], []),
        ("lifetimer_reports", "id", ["created_at"], []),
        ("lifetimer_report_decisions", "id", ["decided_at"], []),
        ("lifetimer_settings", "account_id", ["updated_at"], []),
        ("lifetimer_notification_preferences", "account_id", ["updated_at"], []),
    ]

    /// CORE-4: the schema's patterns let through a month 19 or a year 0000;
    /// SQLite's own date functions tell a real instant or date (they give
    /// back the same text for one and only one).
    private func timeProblems() throws -> [String] {
        var problems: [String] = []
        for (table, key, instants, dates) in Self.timeColumns {
            let checks =
                instants.map { ($0, "strftime('%Y-%m-%d %H:%M:%f', \($0))", "an instant") }
                + dates.map { ($0, "date(\($0))", "a date") }
            for (column, canonical, noun) in checks {
                try db.forEachRow(
                    """
                    SELECT \(key), \(column) FROM \(table)
                    WHERE \(column) IS NOT NULL AND (\(canonical) IS NOT \(column) OR \(column) < '0001')
                    ORDER BY 1
                    """
                ) { statement in
                    // Keys and instants are never private words.
                    func text(_ value: DatabaseValue) -> String {
                        if case .text(let text) = value { return "'\(TerminalText.echoed(text))'" }
                        return "of another type"
                    }
                    let row = statement.value(at: 0)
                    problems.append(
                        "\(table) row \(text(row)): \(column) is \(text(statement.value(at: 1))), which is not \(noun) in the years 1–9999"
                    )
                }
            }
        }
        return problems
    }

    /// The text limits, numbers, streak and countdown of one readable account.
    private func violations(of account: LifeTimerAccount) throws -> [String] {
        var problems: [String] = []
        let who = "account \(account.username)"
        // The schema bounds none of these lengths: SQLite counts code points,
        // the limits count characters (migration 0010).
        func limit(_ text: String?, _ field: String, _ limit: Int, _ place: String) {
            guard let text else { return }
            if let scalar = TextRule.forbiddenScalar(in: text) {
                problems.append(
                    "\(place): \(field) holds the control character \(TextRule.codePoint(scalar)); only newline and tab are allowed"
                )
            }
            if text.count > limit {
                problems.append(
                    "\(place): \(field) is \(Format.grouped(text.count)) characters; the limit is \(Format.grouped(limit))"
                )
            }
        }
        limit(account.bio, "bio", LifeTimerRules.bioLimit, who)
        limit(account.avatarPath, "avatar", LifeTimerRules.pathLimit, who)
        limit(account.email, "email", LifeTimerRules.emailLimit, who)
        for identity in try identities(accountID: account.id) {
            limit(identity.subject, "identity subject", LifeTimerRules.identitySubjectLimit, who)
        }
        for goal in try goals(accountID: account.id) {
            let place = "\(who) goal \(goal.number)"
            limit(goal.title, "title", LifeTimerRules.goalTitleLimit, place)
            limit(goal.description, "description", LifeTimerRules.goalDescriptionLimit, place)
            limit(goal.location?.placeName, "place", LifeTimerRules.placeNameLimit, place)
            limit(goal.cover, "cover", LifeTimerRules.pathLimit, place)
            if goal.number > account.goalsCreated {
                problems.append(
                    "\(place): its number is above the \(account.goalsCreated) goals the account has made (goals are numbered as they are made)"
                )
            }
            for milestone in goal.milestones {
                let step = "\(who) milestone \(goal.number).\(milestone.position)"
                limit(milestone.title, "title", LifeTimerRules.milestoneTitleLimit, step)
                if milestone.position > LifeTimerRules.maximumMilestonePosition {
                    problems.append(
                        "\(step): position is above \(Format.grouped(LifeTimerRules.maximumMilestonePosition)), where positions stop"
                    )
                }
            }
        }
        try db.forEachRow(
            table: "lifetimer_reports",
            "SELECT id, reason FROM lifetimer_reports WHERE reporter_id = ? ORDER BY created_at, id", [account.id]
        ) { row in
            let id: String = try row["id"]
            limit(try row["reason"], "reason", LifeTimerRules.reasonLimit, "\(who) report \(id.prefix(8))")
        }
        try db.forEachRow(
            table: "lifetimer_report_decisions",
            "SELECT id, reason FROM lifetimer_report_decisions WHERE target_account_id = ? ORDER BY decided_at, id",
            [account.id]
        ) { row in
            let id: String = try row["id"]
            limit(try row["reason"], "reason", LifeTimerRules.reasonLimit, "\(who) decision \(id.prefix(8)) about it")
        }
        if let reason = try db.fetchOne(
            String.self, "SELECT reason FROM lifetimer_suspensions WHERE account_id = ?", [account.id])
        {
            limit(reason, "suspension reason", LifeTimerRules.reasonLimit, who)
        }
        // Days that cannot be read are their own problem line (above, and
        // here by row); the checks after this one still run.
        do {
            let streaks = try streaks(accountID: account.id)
            if streaks.longest != account.longestStreakDays {
                problems.append(
                    "\(who): longest streak is stored as \(account.longestStreakDays) days but the active days make \(streaks.longest)"
                )
            }
            if streaks.latest != account.latestStreakDays || streaks.until != account.latestStreakUntil {
                let until = { (date: Date?) in date.map(Timestamp.iso8601) ?? "none" }
                problems.append(
                    "\(who): the latest streak is stored as \(account.latestStreakDays) days until \(until(account.latestStreakUntil)) but the active days make \(streaks.latest) until \(until(streaks.until))"
                )
            }
        } catch let error as LifeError where error.kind == .malformedInput {
            problems.append(error.message)
        } catch let error as LifeError where error.kind == .invalidValue {
            // An unknown zone: its own problem line below.
            _ = error
        }
        // CORE-5: an account's zone, and its countdown's, are IANA names.
        if (try? LifeTimerRules.zone(account.timeZone)) == nil {
            problems.append(
                "\(who): time zone '\(TerminalText.echoed(account.timeZone))' is not a known IANA time zone name")
        }
        if let countdown = try countdown(accountID: account.id) {
            guard let zone = try? LifeTimerRules.zone(countdown.timeZone) else {
                problems.append(
                    "\(who): the countdown's time zone '\(TerminalText.echoed(countdown.timeZone))' is not a known IANA time zone name"
                )
                return problems
            }
            do {
                try LifeTimerRules.checkCountdownEnd(
                    startedAt: countdown.startedAt, endsAt: countdown.endsAt, zone: zone)
            } catch let error as LifeError {
                problems.append("\(who): \(error.message)")
            }
        }
        return problems
    }
}
