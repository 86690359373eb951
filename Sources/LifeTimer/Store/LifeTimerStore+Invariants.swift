import Foundation
import LifeCore
import LifeDB

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
        if let bio = account.bio, bio.count > LifeTimerRules.bioLimit {
            problems.append("\(who): bio is \(bio.count) characters; the limit is \(LifeTimerRules.bioLimit)")
        }
        for goal in try goals(of: account) {
            if goal.title.count > LifeTimerRules.goalTitleLimit {
                problems.append(
                    "\(who) goal \(goal.number): title is over \(LifeTimerRules.goalTitleLimit) characters")
            }
            if let text = goal.description, text.count > LifeTimerRules.goalDescriptionLimit {
                problems.append(
                    "\(who) goal \(goal.number): description is over \(LifeTimerRules.goalDescriptionLimit) characters"
                )
            }
            for milestone in goal.milestones where milestone.title.count > LifeTimerRules.milestoneTitleLimit {
                problems.append("\(who) milestone \(goal.number).\(milestone.position): title is too long")
            }
        }
        let streak = Streaks.longest(try activeDays(of: account))
        if streak != account.longestStreakDays {
            problems.append(
                "\(who): longest streak is stored as \(account.longestStreakDays) days but the active days make \(streak)"
            )
        }
        if let countdown = try countdown(of: account) {
            let zone = try TimeZoneSetting.zone(named: countdown.timeZone)
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
