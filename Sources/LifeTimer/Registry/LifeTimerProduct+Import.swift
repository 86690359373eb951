import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension LifeTimerProduct {
    /// The rules an imported row obeys beyond the tables' own: text limits
    /// in characters (CORE-9), and the two rules of LT-2 and LT-3 that an
    /// import must keep: a goal's number is the account's count of goals
    /// made + 1 when it is inserted, and no goal is added once the account's
    /// countdown has started. This database's owner stays its owner (LT-8):
    /// another device's owner joins as an account of its own.
    public func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        switch row.table {
        case "lifetimer_accounts":
            if row.isNew {
                let owners =
                    try context.db.fetchOne(Int.self, "SELECT count(*) FROM lifetimer_accounts WHERE is_owner = 1")
                    ?? 0
                if owners > 0 { row.values["is_owner"] = .integer(0) }
                // Counted up by the goals as they go in, then raised to the
                // file's count (`finishImport`): it never decreases.
                context.notes.values["goals_created " + (try row.text("id"))] = row["goals_created"]
                row.values["goals_created"] = .integer(0)
            } else {
                context.notes.values["goals_created " + (try row.text("id"))] = row.incoming["goals_created"] ?? .null
                row.values["goals_created"] = row.existing?["goals_created"] ?? .null
            }
        case "lifetimer_goals" where row.isNew:
            try prepareNewGoal(&row, db: context.db)
        case "lifetimer_milestones" where row.isNew && row["position"].isNull:
            // Sync carries no position (each device's order): the next one here.
            row.values["position"] = .integer(
                Int64(
                    try context.db.fetchOne(
                        Int.self, "SELECT coalesce(max(position), 0) + 1 FROM lifetimer_milestones WHERE goal_id = ?",
                        [row["goal_id"]]) ?? 1))
        default:
            break
        }
    }

    /// The file's row on its own: text limits in characters (CORE-9), and
    /// zones that are names this system knows (CORE-5).
    public func checkImport(_ row: ImportRow, context: ImportContext) throws {
        for (column, limit) in (LifeTimerRules.storedTextLimits[row.table] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if case .text(let text) = row[column], text.count > limit {
                throw LifeError.invalid(
                    field: column,
                    "\(column) is \(Format.grouped(text.count)) characters; the limit is \(Format.grouped(limit))")
            }
        }
        if row.table == "lifetimer_accounts" || row.table == "lifetimer_countdowns" {
            _ = try TimeZoneSetting.zone(named: try row.text("time_zone"))
        }
    }

    /// A goal the database does not have yet must still be allowed by
    /// LifeTimer's rules here: its account exists, its countdown has not
    /// started (LT-3: the list is locked from then on) and its number is not
    /// taken (LT-2: goals are numbered in the order they were created, never
    /// reused). The account's count is raised to the number − 1 so that
    /// the goal's insert counts it (the schema's trigger).
    func prepareNewGoal(_ row: inout ImportRow, db: Database) throws {
        let account = try row.text("account_id")
        if row["number"].isNull {
            // Sync carries no number (each device's numbering): the next one here.
            let next = try db.fetchOne(
                Int64.self, "SELECT goals_created + 1 FROM lifetimer_accounts WHERE id = ?", [account])
            row.values["number"] = next.map(DatabaseValue.integer) ?? .null
        }
        let number = try row.integer("number", in: 1...Int64(LifeTimerRules.maximumGoals))
        let title = (try? row.text("title")).map { "'\(TerminalText.echoed($0))'" } ?? "the goal"
        guard try db.fetchOne(Int.self, "SELECT count(*) FROM lifetimer_accounts WHERE id = ?", [account]) == 1 else {
            throw LifeError.invalid(
                field: "account_id",
                "goal \(title) belongs to account \(account), which is neither in the file nor in this database")
        }
        if let started = try db.fetchOne(
            String.self, "SELECT started_at FROM lifetimer_countdowns WHERE account_id = ?", [account])
        {
            throw LifeError.invalid(
                field: "id",
                "goal \(title) is new here, but its account's countdown started at \(started) UTC and its list of goals is locked from then on"
            )
        }
        if let taken = try db.fetchOne(
            String.self, "SELECT title FROM lifetimer_goals WHERE account_id = ? AND number = ?", [account, number])
        {
            throw LifeError.invalid(
                field: "number",
                "goal \(title) has number \(number), which this database gives to another goal, '\(TerminalText.echoed(taken))' (goals are numbered in the order they were made, never reused)"
            )
        }
        try db.execute(
            "UPDATE lifetimer_accounts SET goals_created = ? - 1 WHERE id = ? AND goals_created < ? - 1",
            [number, account, number])
    }

    /// Each account's count of goals ever made, raised to the file's when
    /// that is higher (it never decreases).
    public func finishImport(_ context: ImportContext) throws {
        for (key, count) in context.notes.values.sorted(by: { $0.key < $1.key }) where key.hasPrefix("goals_created ") {
            guard !count.isNull else { continue }
            try context.db.execute(
                "UPDATE lifetimer_accounts SET goals_created = ? WHERE id = ? AND goals_created < ?",
                [count, String(key.dropFirst("goals_created ".count)), count])
        }
        // Accounts that arrived by sync carry no owner flag (it is this
        // device's): with none here, the first account created is the
        // owner's, as when it is made here (LT-1).
        try context.db.execute(
            """
            UPDATE lifetimer_accounts SET is_owner = 1
            WHERE NOT EXISTS (SELECT 1 FROM lifetimer_accounts WHERE is_owner = 1)
              AND rowid = (SELECT rowid FROM lifetimer_accounts ORDER BY created_at, rowid LIMIT 1)
            """)
    }
}
