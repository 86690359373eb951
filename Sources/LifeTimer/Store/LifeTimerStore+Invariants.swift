import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension LifeTimerStore {
    /// Rules SQLite's constraints cannot hold, re-checked over the stored rows
    /// (`lifectl db check`): text limits in characters, each countdown's end,
    /// each stored longest streak, and the owner's flag. An account row, or
    /// one of its goals, milestones, days or countdown, that cannot be read
    /// is itself a problem, and the check goes on with the next account.
    public func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        var accounts: [LifeTimerAccount] = []
        try scan.eachRow("lifetimer_accounts", LifeTimerStore.accountColumns + " ORDER BY username") { statement, _ in
            accounts.append(try Self.account(from: TableRow(table: "lifetimer_accounts", statement: statement)))
        }
        var problems = scan.problems
        // An unreadable account may be the owner's: then the flag is not missing.
        if problems.isEmpty && !accounts.isEmpty && !accounts.contains(where: \.isOwner) {
            problems.append("no LifeTimer account is marked as the owner's")
        }
        for account in accounts {
            do {
                problems += try violations(of: account)
            } catch let error as LifeError where error.kind == .malformedInput {
                problems.append(error.message)
            }
        }
        return problems
    }

    /// The text limits, streak and countdown of one readable account.
    private func violations(of account: LifeTimerAccount) throws -> [String] {
        var problems: [String] = []
        let who = "account \(account.username)"
        // The schema bounds none of these lengths: SQLite counts code points,
        // the limits count characters (migration 0010).
        func limit(_ text: String?, _ field: String, _ limit: Int, _ place: String) {
            if let text, text.count > limit {
                problems.append(
                    "\(place): \(field) is \(Format.grouped(text.count)) characters; the limit is \(Format.grouped(limit))"
                )
            }
        }
        limit(account.bio, "bio", LifeTimerRules.bioLimit, who)
        limit(account.avatarPath, "avatar", LifeTimerRules.pathLimit, who)
        limit(account.email, "email", LifeTimerRules.emailLimit, who)
        limit(account.identity?.subject, "identity subject", LifeTimerRules.identitySubjectLimit, who)
        for goal in try goals(of: account) {
            let place = "\(who) goal \(goal.number)"
            limit(goal.title, "title", LifeTimerRules.goalTitleLimit, place)
            limit(goal.description, "description", LifeTimerRules.goalDescriptionLimit, place)
            limit(goal.location?.placeName, "place", LifeTimerRules.placeNameLimit, place)
            limit(goal.cover, "cover", LifeTimerRules.pathLimit, place)
            for milestone in goal.milestones {
                limit(
                    milestone.title, "title", LifeTimerRules.milestoneTitleLimit,
                    "\(who) milestone \(goal.number).\(milestone.position)")
            }
        }
        try db.forEachRow(
            table: "lifetimer_reports",
            "SELECT id, reason FROM lifetimer_reports WHERE reporter_id = ? ORDER BY created_at, id", [account.id]
        ) { row in
            let id: String = try row["id"]
            limit(try row["reason"], "reason", LifeTimerRules.reasonLimit, "\(who) report \(id.prefix(8))")
        }
        if let reason = try db.fetchOne(
            String.self, "SELECT reason FROM lifetimer_suspensions WHERE account_id = ?", [account.id])
        {
            limit(reason, "suspension reason", LifeTimerRules.reasonLimit, who)
        }
        let streak = Streaks.longest(try activeDays(of: account))
        if streak != account.longestStreakDays {
            problems.append(
                "\(who): longest streak is stored as \(account.longestStreakDays) days but the active days make \(streak)"
            )
        }
        // CORE-5: an account's zone, and its countdown's, are IANA names.
        if (try? TimeZoneSetting.zone(named: account.timeZone)) == nil {
            problems.append("\(who): time zone '\(account.timeZone)' is not a known IANA time zone name")
        }
        if let countdown = try countdown(of: account) {
            guard let zone = try? TimeZoneSetting.zone(named: countdown.timeZone) else {
                problems.append(
                    "\(who): the countdown's time zone '\(countdown.timeZone)' is not a known IANA time zone name")
                return problems
            }
            let expected = CountdownRules.end(start: countdown.startedAt, in: zone)
            if Timestamp.database(expected) != Timestamp.database(countdown.endsAt) {
                problems.append(
                    "\(who): the countdown ends at \(Timestamp.iso8601(countdown.endsAt)) but 1,356 days from its start is \(Timestamp.iso8601(expected))"
                )
            }
        }
        return problems
    }
}
