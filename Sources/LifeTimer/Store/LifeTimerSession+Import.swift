import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The rules an imported row obeys (SPEC CORE-12: one write path, SYNC-4:
/// import is a merge): the same functions the commands apply to what a
/// person types (`LifeTimerRules`), on the file's row on its own
/// (`checkImported`), and LifeTimer's rules on the row as the merge would
/// leave it here (`prepareImported`), which may adjust it:
///
/// - This database's owner stays its owner (LT-8); the owner's flag stays
///   on this device (another device's owner joins as an account of its
///   own), and a database that has accounts but no owner after an import
///   gives the flag to the oldest account, as deleting the owner does.
/// - Goals (LT-2, LT-3): a goal new here keeps its number from the file
///   when that number is above every number the account has used here
///   (the count of goals made here is raised to just below it); otherwise
///   it takes the next number here, as if it had been added here now. The
///   goals here never change number. So two devices that each added a goal
///   before the start can import each other's files: each ends with both
///   goals, each numbering them in the order they arrived. A goal new here
///   whose account's list is locked here (its countdown started here) or
///   full (20 goals made here) is left out and reported, with its
///   milestones and the reports about it: the rest of the file goes in.
/// - After the start a goal's title is locked here: an imported title
///   does not replace it.
/// - A milestone new here whose position its goal already gives another
///   milestone takes the goal's next position.
/// - A follow new here that the rules would not have allowed (the account
///   followed was private here when it was made, or a block stands between
///   the two) is left out and reported. An account that turned private
///   after it was followed keeps the follow, hidden, as it does here.
/// - The streaks are worked out from the active days after the import
///   (two devices' days together can make a longer run).
/// - LT-10: an e-mail address belongs to one account: an account row whose
///   address another account here has is refused (exit 65). An identity
///   (provider + subject) belongs to one account: a link new here whose
///   identity another account here has is left out and reported. A file
///   from before 0018 holds an account's one link in the account's row: it
///   is linked after the rows, unless another account here has it.
/// - A decision on a report keeps its report, goal or milestone when they
///   are here, and names none of them when they were left out above.
extension LifeTimerSession {
    // MARK: The file's row on its own

    /// The file's row on its own: each column as the commands would have
    /// stored it (trimmed text within its limit, known words, instants and
    /// dates within the years 1–9999, known zones, a countdown's end).
    static func checkImported(_ row: ImportRow) throws {
        switch row.table {
        case "lifetimer_accounts":
            _ = try row.uuid("id")
            try stored(row, "username") { try LifeTimerRules.username($0) }
            try storedOptional(row, "bio") { try LifeTimerRules.bio($0) }
            try storedOptional(row, "avatar_path") { try LifeTimerRules.path($0, field: "avatar_path") }
            try storedOptional(row, "email") { try LifeTimerRules.email($0) }
            _ = try row.choice("visibility", as: AccountVisibility.self)
            _ = try retiredIdentity(row)
            _ = try LifeTimerRules.zone(try row.text("time_zone"), field: "time_zone")
            if !row["is_owner"].isNull { _ = try row.bool("is_owner") }
            // Sync carries no count, number or position (each device's own).
            if !row["goals_created"].isNull {
                _ = try row.integer("goals_created", in: 0...Int64(LifeTimerRules.maximumGoals))
            }
            let created = try row.instant("created_at")
            try checkNotBefore(row, "last_active_at", created)
            try checkNotBefore(row, "updated_at", created)
        case "lifetimer_goals":
            _ = try row.uuid("id")
            _ = try row.uuid("account_id")
            if !row["number"].isNull { _ = try row.integer("number", in: 1...Int64(LifeTimerRules.maximumGoals)) }
            try stored(row, "title") { try LifeTimerRules.goalTitle($0) }
            try storedOptional(row, "description") { try LifeTimerRules.goalDescription($0) }
            let latitude = try row.optionalReal("latitude")
            let longitude = try row.optionalReal("longitude")
            if let latitude, let longitude {
                let place = try row.optionalText("place_name")
                let clean = try LifeTimerRules.location(
                    GoalLocation(latitude: latitude, longitude: longitude, placeName: place), placeField: "place_name")
                try same(clean.placeName, place, "place_name")
            } else if latitude != nil || longitude != nil || !row["place_name"].isNull {
                throw LifeError.invalid(
                    field: "latitude", "latitude, longitude and place_name go together: a place needs both coordinates")
            }
            try storedOptional(row, "cover") { try LifeTimerRules.path($0, field: "cover") }
            let created = try row.instant("created_at")
            _ = try row.optionalInstant("completed_at")
            try checkNotBefore(row, "updated_at", created)
        case "lifetimer_countdowns":
            _ = try row.uuid("account_id")
            let zone = try LifeTimerRules.zone(try row.text("time_zone"), field: "time_zone")
            try LifeTimerRules.checkCountdownEnd(
                startedAt: try row.instant("started_at"), endsAt: try row.instant("ends_at"), zone: zone)
        case "lifetimer_milestones":
            _ = try row.uuid("id")
            _ = try row.uuid("goal_id")
            _ = try row.uuid("account_id")
            if !row["position"].isNull {
                try LifeTimerRules.checkMilestonePosition(Int(try row.integer("position", in: 1...Int64(Int32.max))))
            }
            try stored(row, "title") { try LifeTimerRules.milestoneTitle($0) }
            _ = try row.optionalDate("due_date")
            _ = try row.bool("is_public")
            let created = try row.instant("created_at")
            _ = try row.optionalInstant("completed_at")
            try checkNotBefore(row, "updated_at", created)
        case "lifetimer_identities":
            _ = try row.choice("provider", as: IdentityProvider.self)
            try stored(row, "subject") {
                try LifeTimerRules.identity(IdentityLink(provider: .email, subject: $0), field: "subject").subject
            }
            _ = try row.uuid("account_id")
            _ = try row.instant("linked_at")
        case "lifetimer_activity_days":
            _ = try row.uuid("account_id")
            _ = try row.date("day")
            _ = try row.optionalInstant("recorded_at")
        case "lifetimer_follows", "lifetimer_blocks":
            let ends =
                row.table == "lifetimer_follows" ? ["follower_id", "followee_id"] : ["blocker_id", "blocked_id"]
            for column in ends { _ = try row.uuid(column) }
            _ = try row.instant("created_at")
        case "lifetimer_admins":
            _ = try row.uuid("account_id")
            _ = try row.instant("granted_at")
        case "lifetimer_suspensions":
            _ = try row.uuid("account_id")
            _ = try row.optionalUUID("suspended_by")
            try stored(row, "reason") { try LifeTimerRules.reason($0) }
            _ = try row.instant("suspended_at")
        case "lifetimer_reports":
            _ = try row.uuid("id")
            _ = try row.uuid("reporter_id")
            _ = try row.choice("target_kind", as: ReportTarget.self)
            _ = try row.uuid("target_account_id")
            _ = try row.optionalUUID("target_goal_id")
            _ = try row.optionalUUID("target_milestone_id")
            try stored(row, "reason") { try LifeTimerRules.reason($0) }
            _ = try row.instant("created_at")
        case "lifetimer_report_decisions":
            _ = try row.uuid("id")
            _ = try row.optionalUUID("report_id")
            _ = try row.choice("action", as: ReportDecision.Action.self)
            _ = try row.uuid("target_account_id")
            _ = try row.optionalUUID("hidden_goal_id")
            _ = try row.optionalUUID("hidden_milestone_id")
            _ = try row.optionalUUID("decided_by")
            try stored(row, "reason") { try LifeTimerRules.reason($0) }
            _ = try row.instant("decided_at")
        case "lifetimer_settings":
            _ = try row.uuid("account_id")
            _ = try row.choice("theme", as: LifeTimerSettings.Theme.self)
            _ = try row.choice("clock", as: LifeTimerSettings.ClockStyle.self)
            try stored(row, "language") { try LifeTimerRules.language($0) }
            _ = try row.instant("updated_at")
        case "lifetimer_notification_preferences":
            _ = try row.uuid("account_id")
            _ = try row.choice("reminder_frequency", as: LifeTimerNotificationPreferences.Frequency.self)
            let every = try row.integer("reminder_every_days", in: Int64(Int32.min)...Int64(Int32.max))
            try LifeTimerRules.checkReminderInterval(Int(every))
            let time = try row.text("reminder_time")
            guard let parsed = LocalTime(text: time), parsed.description == time else {
                throw LifeError.invalid(
                    field: "reminder_time",
                    "reminder_time is '\(TerminalText.echoed(time))'; it must be a time HH:MM")
            }
            for mute in ["mute_reminders", "mute_milestones", "mute_streaks", "mute_checkpoints"] {
                _ = try row.bool(mute)
            }
            if !row["milestone_advance_days"].isNull {
                let advance = try row.integer("milestone_advance_days", in: Int64(Int32.min)...Int64(Int32.max))
                try LifeTimerRules.checkMilestoneAdvance(Int(advance))
            }
            _ = try row.instant("updated_at")
        default:
            break
        }
    }

    /// The identity link a file from before 0018 holds in an account's row
    /// (`identity_provider`, `identity_subject`), checked as a command
    /// would; nil when it has none.
    static func retiredIdentity(_ row: ImportRow) throws -> IdentityLink? {
        let provider = row.retired["identity_provider"] ?? .null
        let subject = row.retired["identity_subject"] ?? .null
        guard !provider.isNull || !subject.isNull else { return nil }
        guard case .text(let name) = provider, let known = IdentityProvider(rawValue: name) else {
            throw LifeError.invalid(
                field: "identity_provider",
                "identity_provider must be one of \(IdentityProvider.allCases.map(\.rawValue).joined(separator: ", ")) when identity_subject is given"
            )
        }
        guard case .text(let text) = subject else {
            throw LifeError.invalid(
                field: "identity_subject", "identity_subject is missing; it goes with identity_provider")
        }
        let link = try LifeTimerRules.identity(IdentityLink(provider: known, subject: text), field: "identity_subject")
        try same(link.subject, text, "identity_subject")
        return link
    }

    /// A text column as the rule `clean` would have stored it: the rule
    /// holds, and the stored text is its answer (trimmed).
    private static func stored(_ row: ImportRow, _ column: String, _ clean: (String) throws -> String) throws {
        let text = try row.text(column)
        try same(try clean(text), text, column)
    }

    private static func storedOptional(_ row: ImportRow, _ column: String, _ clean: (String) throws -> String?)
        throws
    {
        guard let text = try row.optionalText(column) else { return }
        guard let value = try clean(text) else {
            throw LifeError.invalid(field: column, "\(column) is empty; a saved \(column) never is")
        }
        try same(value, text, column)
    }

    private static func same(_ clean: String?, _ text: String?, _ column: String) throws {
        if clean != text {
            throw LifeError.invalid(
                field: column, "\(column) has white space around it, which a saved \(column) never has")
        }
    }

    /// `column` (when the row has it) is an instant no earlier than `first`.
    private static func checkNotBefore(_ row: ImportRow, _ column: String, _ first: Date) throws {
        guard let instant = try row.optionalInstant(column) else { return }
        if instant < first {
            throw LifeError.invalid(field: column, "\(column) is before created_at")
        }
    }

    // MARK: The merged row

    /// LifeTimer's rules on the row as the import would leave it here.
    /// Under sync (`isSync`) only this device's own columns are set (the
    /// owner's flag, a milestone's position, the streaks to work out): the
    /// rules between rows are sync's, from the merged records (the goals'
    /// `SyncGroupRule`; an e-mail address, a username, a sign-in identity
    /// and a follow are merged as keys and values, not refused here).
    func prepareImported(_ row: inout ImportRow, notes: ImportNotes, isSync: Bool = false) throws {
        if isSync {
            switch row.table {
            case "lifetimer_accounts":
                notes.values["streak " + (try row.text("id"))] = .integer(1)
                // Another device's owner joins as an account of its own; a
                // database without an owner gives the flag to the oldest
                // account after the apply (`finishImported`).
                if row.isNew { row.values["is_owner"] = .integer(0) }
            case "lifetimer_milestones":
                if row.isNew { try prepareNewMilestone(&row, notes: notes) }
            case "lifetimer_activity_days":
                notes.values["streak " + (try row.text("account_id"))] = .integer(1)
            default:
                break
            }
            return
        }
        switch row.table {
        case "lifetimer_accounts":
            try prepareAccount(&row, notes: notes)
        case "lifetimer_goals":
            if row.isNew {
                try prepareNewGoal(&row, notes: notes)
            } else {
                try keepLockedTitle(&row)
            }
        case "lifetimer_milestones":
            if row.incoming["updated_at"] == nil, row.isNew {
                // A file from before 0011: its latest instant, as the migration did.
                let created = try row.text("created_at")
                row.values["updated_at"] = .text(max(created, try row.optionalText("completed_at") ?? created))
            }
            if row.isNew { try prepareNewMilestone(&row, notes: notes) }
        case "lifetimer_identities":
            try prepareIdentity(row)
        case "lifetimer_activity_days":
            notes.values["streak " + (try row.text("account_id"))] = .integer(1)
        case "lifetimer_follows":
            if row.isNew { try checkFollowAllowed(row) }
        case "lifetimer_reports":
            if row.isNew {
                for column in ["target_goal_id", "target_milestone_id"] {
                    if let id = try row.optionalText(column), notes.values["skipped " + id] != nil {
                        notes.values["skipped " + (try row.text("id"))] = .integer(1)
                        throw ImportSkip(existingId: nil, reason: "it is about a goal or milestone left out above")
                    }
                }
            }
        case "lifetimer_report_decisions":
            // A hide of a goal or milestone left out hid nothing here.
            for column in ["report_id", "hidden_goal_id", "hidden_milestone_id"] {
                if let id = try row.optionalText(column), notes.values["skipped " + id] != nil {
                    row.values[column] = .null
                }
            }
        default:
            break
        }
    }

    /// The owner's flag, the count of goals made, the e-mail address's
    /// one account and an old file's identity link (see the type).
    private func prepareAccount(_ row: inout ImportRow, notes: ImportNotes) throws {
        let id = try row.text("id")
        notes.values["streak " + id] = .integer(1)
        if let email = try row.optionalText("email"), let account = UUID(uuidString: id) {
            try checkEmailFree(email, except: account)
        }
        if let link = try Self.retiredIdentity(row) {
            notes.values["identity \(id) \(link.provider.rawValue)"] = .text(link.subject)
        }
        if row.isNew {
            if try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_accounts WHERE is_owner = 1") != nil {
                row.values["is_owner"] = .integer(0)
            }
            // Counted up by the goals as they go in, then raised to the
            // file's count (`finishImported`): it never decreases.
            notes.values["goals_created " + id] = row["goals_created"]
            row.values["goals_created"] = .integer(0)
            if row.incoming["updated_at"] == nil {
                // A file from before 0011: the last activity was the version then.
                row.values["updated_at"] = row["last_active_at"]
            }
        } else {
            notes.values["goals_created " + id] = row.incoming["goals_created"] ?? .null
            row.values["goals_created"] = row.existing?["goals_created"] ?? .null
        }
    }

    /// LT-10: an identity belongs to one account: a link of another account
    /// here is not moved (the row here keeps its account).
    private func prepareIdentity(_ row: ImportRow) throws {
        guard let existing = row.existing, existing["account_id"] != row.incoming["account_id"] else { return }
        throw ImportSkip(
            existingId: nil,
            reason: "another account here has this sign-in identity (an identity signs in to one account)")
    }

    /// A goal new here (see the type): its account, its number, its list.
    private func prepareNewGoal(_ row: inout ImportRow, notes: ImportNotes) throws {
        let id = try row.text("id")
        let account = try row.text("account_id")
        // Sync carries no number (each device's numbering): the next one here.
        let number =
            row["number"].isNull ? 0 : try row.integer("number", in: 1...Int64(LifeTimerRules.maximumGoals))
        let title = (try? row.text("title")).map { "'\(TerminalText.echoed($0))'" } ?? "the goal"
        guard
            let made = try db.fetchOne(
                Int64.self, "SELECT goals_created FROM lifetimer_accounts WHERE id = ?", [account])
        else {
            throw LifeError.invalid(
                field: "account_id",
                "goal \(title) belongs to account '\(TerminalText.echoed(account))', which is neither in the file nor in this database"
            )
        }
        if number == 0 {
            // Sane for the table's checks even when the goal is left out below.
            row.values["number"] = .integer(min(made + 1, Int64(LifeTimerRules.maximumGoals)))
        }
        if let started = try db.fetchOne(
                String.self, "SELECT started_at FROM lifetimer_countdowns WHERE account_id = ?", [account])
        {
            notes.values["skipped " + id] = .integer(1)
            throw ImportSkip(
                existingId: nil,
                reason:
                    "goal \(title) is not here, and its account's countdown started here at \(started) UTC: the list of goals is locked from then on"
            )
        }
        let next = number > made ? number : made + 1
        guard next <= Int64(LifeTimerRules.maximumGoals) else {
            notes.values["skipped " + id] = .integer(1)
            throw ImportSkip(
                existingId: nil,
                reason:
                    "goal \(title) is not here, and its account has made \(LifeTimerRules.maximumGoals) goals here (deleted ones count), the most there can ever be"
            )
        }
        // The schema numbers a new goal goals_created + 1.
        try db.execute(
            "UPDATE lifetimer_accounts SET goals_created = ? WHERE id = ? AND goals_created < ?",
            [next - 1, account, next - 1])
        row.values["number"] = .integer(next)
    }

    /// LT-3: after the start the titles are locked here.
    private func keepLockedTitle(_ row: inout ImportRow) throws {
        guard let existing = row.existing, row["title"] != existing["title"] else { return }
        let account = try row.text("account_id")
        if try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_countdowns WHERE account_id = ?", [account]) != nil {
            row.values["title"] = existing["title"] ?? .null
        }
    }

    /// A milestone new here: its goal is here (or was left out, and the
    /// milestone with it), and its position is free in that goal.
    private func prepareNewMilestone(_ row: inout ImportRow, notes: ImportNotes) throws {
        let goal = try row.text("goal_id")
        if notes.values["skipped " + goal] != nil {
            notes.values["skipped " + (try row.text("id"))] = .integer(1)
            throw ImportSkip(existingId: nil, reason: "its goal is left out above")
        }
        guard
            let owner = try db.fetchOne(String.self, "SELECT account_id FROM lifetimer_goals WHERE id = ?", [goal])
        else {
            throw LifeError.invalid(
                field: "goal_id",
                "the milestone belongs to goal \(TerminalText.echoed(goal)), which is neither in the file nor in this database"
            )
        }
        guard owner == (try row.text("account_id")) else {
            throw LifeError.invalid(field: "account_id", "the milestone's account_id is not its goal's account")
        }
        // Sync carries no position (each device's order): the next one here.
        let position =
            row["position"].isNull
            ? 0 : try row.integer("position", in: 1...Int64(LifeTimerRules.maximumMilestonePosition))
        if try position == 0
            || db.fetchOne(
                Int.self, "SELECT 1 FROM lifetimer_milestones WHERE goal_id = ? AND position = ?", [goal, position])
                != nil
        {
            let last =
                try db.fetchOne(Int64.self, "SELECT max(position) FROM lifetimer_milestones WHERE goal_id = ?", [goal])
                ?? 0
            guard last < Int64(LifeTimerRules.maximumMilestonePosition) else {
                throw LifeError.invalid(
                    field: "position",
                    "the milestone's goal has a milestone at position \(Format.grouped(Int(last))) here, where positions stop"
                )
            }
            row.values["position"] = .integer(last + 1)
        }
    }

    /// LT-6: a follow is of an account that was public when it was made
    /// (one that has turned private since keeps it, hidden), never across
    /// a block.
    private func checkFollowAllowed(_ row: ImportRow) throws {
        let follower = try row.text("follower_id")
        let followee = try row.text("followee_id")
        let created = try row.text("created_at")
        if try db.fetchOne(
            Int.self,
            "SELECT 1 FROM lifetimer_accounts WHERE id = ? AND visibility <> 'public' AND updated_at <= ?",
            [followee, created]) != nil
        {
            throw ImportSkip(
                existingId: nil, reason: "the account followed was not public here when the follow was made")
        }
        if try db.fetchOne(
            Int.self,
            """
            SELECT 1 FROM lifetimer_blocks
            WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)
            """, [follower, followee, followee, follower]) != nil
        {
            throw ImportSkip(existingId: nil, reason: "a block stands between the two accounts here")
        }
    }

    /// After the rows: each account's count of goals ever made raised to the
    /// file's when that is higher (it never decreases), the longest streaks
    /// worked out again from the active days, and an owner when there are
    /// accounts but none is.
    func finishImported(notes: ImportNotes) throws {
        for (key, value) in notes.values.sorted(by: { $0.key < $1.key }) {
            if key.hasPrefix("goals_created "), !value.isNull {
                try db.execute(
                    "UPDATE lifetimer_accounts SET goals_created = ? WHERE id = ? AND goals_created < ?",
                    [value, String(key.dropFirst("goals_created ".count)), value])
            } else if key.hasPrefix("streak "), let id = UUID(uuidString: String(key.dropFirst("streak ".count))) {
                try updateStreaks(id)
            } else if key.hasPrefix("identity "), case .text(let subject) = value {
                // "identity ACCOUNT PROVIDER": an old file's link, unless taken.
                let parts = key.split(separator: " ")
                try db.execute(
                    """
                    INSERT INTO lifetimer_identities (provider, subject, account_id, linked_at)
                    SELECT ?, ?, id, created_at FROM lifetimer_accounts WHERE id = ?
                    ON CONFLICT (provider, subject) DO NOTHING
                    """, [String(parts[2]), subject, String(parts[1])])
            }
        }
        try passOwnership()
    }
}
