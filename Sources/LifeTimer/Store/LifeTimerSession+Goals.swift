import Foundation
import LifeCore
import LifeDB

/// Goals, milestones, the countdown and progress (LT-2 … LT-5), inside the
/// caller's transaction: each change reads the rows it decides on here, and
/// writes only the columns it changes, so that two processes editing the
/// same goal lose nothing of each other's.
extension LifeTimerSession {
    // MARK: Goals (LT-2, LT-3)

    /// Adds a goal. Refused once the countdown has started, and after 20
    /// goals ever (deleted ones count).
    func addGoal(
        for account: LifeTimerAccount, title: String, description: String?, location: GoalLocation?, cover: String?
    ) throws -> Goal {
        let cleanTitle = try LifeTimerRules.goalTitle(title, voice: voice)
        let cleanDescription = try LifeTimerRules.goalDescription(description, voice: voice)
        let place = try location.map { try LifeTimerRules.location($0, voice: voice) }
        let cleanCover = try LifeTimerRules.path(cover, field: "cover", voice: voice)
        try checkNotStarted(account, doing: .actionAddGoal)
        let created =
            try db.fetchOne(Int.self, "SELECT goals_created FROM lifetimer_accounts WHERE id = ?", [account.id]) ?? 0
        guard created < LifeTimerRules.maximumGoals else {
            throw voice.invalid(
                "goal", .errorGoalLimit,
                ["count": voice.number(created), "limit": voice.number(LifeTimerRules.maximumGoals)])
        }
        let id = UUID()
        let now = clock.now()
        try db.execute(
            """
            INSERT INTO lifetimer_goals (id, account_id, number, title, description, latitude, longitude,
                place_name, cover, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, account.id, created + 1, cleanTitle, cleanDescription, place?.latitude, place?.longitude,
                place?.placeName, cleanCover, now, now,
            ])
        try touch(account.id)
        return try requireGoal(for: account, number: nil, id: id)
    }

    /// Every goal of the account with its milestones, by number.
    func goals(accountID: UUID) throws -> [Goal] {
        var goals: [Goal] = []
        try db.forEachRow(
            table: "lifetimer_goals", Self.goalColumns + " WHERE account_id = ? ORDER BY number", [accountID]
        ) { row in
            goals.append(try Self.goal(from: row))
        }
        var byGoal: [UUID: [Milestone]] = [:]
        try db.forEachRow(
            table: "lifetimer_milestones", Self.milestoneColumns + " WHERE account_id = ? ORDER BY goal_id, position",
            [accountID]
        ) { row in
            let milestone = try Self.milestone(from: row)
            byGoal[milestone.goalID, default: []].append(milestone)
        }
        for index in goals.indices { goals[index].milestones = byGoal[goals[index].id] ?? [] }
        return goals
    }

    func goal(for account: LifeTimerAccount, number: Int) throws -> Goal {
        try requireGoal(for: account, number: number, id: nil)
    }

    private func requireGoal(for account: LifeTimerAccount, number: Int?, id: UUID?) throws -> Goal {
        let goals = try goals(accountID: account.id)
        let found = goals.first { goal in
            if let number { return goal.number == number }
            return goal.id == id
        }
        guard let found else {
            let numbers = goals.map { String($0.number) }
            let arguments = [
                "value": number.map(String.init) ?? "?", "username": account.username, "list": voice.list(numbers),
            ]
            throw voice.invalid("goal", numbers.isEmpty ? .errorGoalUnknownNone : .errorGoalUnknown, arguments)
        }
        return found
    }

    /// Changes a goal as it is now. After the start the title is locked
    /// (LT-3); description, place and cover may change. Only the columns the
    /// change names are written.
    func editGoal(for account: LifeTimerAccount, number: Int, _ change: GoalChange) throws -> Goal {
        let goal = try goal(for: account, number: number)
        var sets: [String] = []
        var values: [any DatabaseValueEncodable] = []
        if let title = change.title {
            let clean = try LifeTimerRules.goalTitle(title, voice: voice)
            if clean != goal.title { try checkNotStarted(account, doing: .actionRetitleGoal) }
            sets.append("title = ?")
            values.append(clean)
        }
        if let description = change.description {
            sets.append("description = ?")
            values.append(try LifeTimerRules.goalDescription(description, voice: voice))
        }
        if let location = change.location {
            let place = try location.map { try LifeTimerRules.location($0, voice: voice) }
            sets += ["latitude = ?", "longitude = ?", "place_name = ?"]
            values += [place?.latitude, place?.longitude, place?.placeName] as [any DatabaseValueEncodable]
        }
        if let cover = change.cover {
            sets.append("cover = ?")
            values.append(try LifeTimerRules.path(cover, field: "cover", voice: voice))
        }
        if !sets.isEmpty {
            try db.execute(
                "UPDATE lifetimer_goals SET \(sets.joined(separator: ", ")), updated_at = max(updated_at, ?) WHERE id = ?",
                StatementArguments(values + [clock.now(), goal.id]))
        }
        try touch(account.id)
        return try self.goal(for: account, number: number)
    }

    /// Deletes a goal and its milestones; only before the start (LT-3). Its
    /// number is not given again, and it still counts towards the 20.
    /// Answers the goal as it was.
    func deleteGoal(for account: LifeTimerAccount, number: Int) throws -> Goal {
        let goal = try goal(for: account, number: number)
        try checkNotStarted(account, doing: .actionDeleteGoal)
        try db.execute("DELETE FROM lifetimer_goals WHERE id = ?", [goal.id])
        try touch(account.id)
        return goal
    }

    /// Marks a goal completed (now) or not; allowed before and after the
    /// start. A completion answers what it did to the streak (nil for a
    /// reopening).
    func setGoalCompleted(for account: LifeTimerAccount, number: Int, _ completed: Bool) throws -> (
        goal: Goal, streak: StreakUpdate?
    ) {
        let streak = try setCompleted(
            "lifetimer_goals", id: try goal(for: account, number: number).id, completed, account: account)
        return (try self.goal(for: account, number: number), streak)
    }

    /// Sets or clears `completed_at` of the row `id` of `table` (a goal or a
    /// milestone) when it changes, moving its version forward; completing
    /// records an active day (even when it was completed already) and
    /// answers the streak it makes.
    private func setCompleted(_ table: String, id: UUID, _ completed: Bool, account: LifeTimerAccount) throws
        -> StreakUpdate?
    {
        let now = clock.now()
        try db.execute(
            """
            UPDATE \(table) SET completed_at = \(completed ? "?" : "NULL"), updated_at = max(updated_at, ?)
            WHERE id = ? AND completed_at IS \(completed ? "" : "NOT ")NULL
            """, completed ? [now, now, id] : [now, id])
        let streak = completed ? try recordActivity(account) : nil
        try touch(account.id)
        return streak
    }

    /// LT-3: refuses `action` once the countdown has started, saying when
    /// it started (in the countdown's zone, on the reader's clock).
    func checkNotStarted(_ account: LifeTimerAccount, doing action: LifeTimerPhrase) throws {
        if let countdown = try countdown(accountID: account.id) {
            // Read on the countdown's own clock, as `countdown` shows it.
            let spoken = voice.reading(in: try countdownZone(countdown, accountID: account.id))
            throw voice.invalid(
                "goal", .errorListLocked, ["action": voice.say(action), "when": spoken.instant(countdown.startedAt)])
        }
    }

    /// A goal's columns, and whether an admin hid it (LT-10).
    static let goalColumns = """
        SELECT id, number, title, description, latitude, longitude, place_name, cover, completed_at, created_at,
               EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = lifetimer_goals.id)
                   AS hidden
        FROM lifetimer_goals
        """

    /// Decodes a row of `goalColumns` by column name; its milestones are added after.
    static func goal(from row: TableRow) throws -> Goal {
        let latitude: Double? = try row["latitude"]
        let longitude: Double? = try row["longitude"]
        var location: GoalLocation?
        if let latitude, let longitude {
            location = GoalLocation(latitude: latitude, longitude: longitude, placeName: try row["place_name"])
        }
        return Goal(
            id: try row["id"], number: try row["number"], title: try row["title"],
            description: try row["description"], location: location, cover: try row["cover"],
            completedAt: try row["completed_at"], createdAt: try row["created_at"], isHidden: try row["hidden"],
            milestones: [])
    }

    // MARK: Milestones (LT-2)

    /// Adds a milestone at the end of a goal's list; allowed after the start.
    func addMilestone(
        for account: LifeTimerAccount, goal number: Int, title: String, due: CivilDate?, isPublic: Bool
    ) throws -> Milestone {
        let goal = try goal(for: account, number: number)
        let cleanTitle = try LifeTimerRules.milestoneTitle(title, voice: voice)
        if let due { try checkDate(due, field: "due") }
        let last = goal.milestones.map(\.position).max() ?? 0
        guard last < LifeTimerRules.maximumMilestonePosition else {
            throw voice.invalid(
                "milestone", .errorMilestonePositionLimit,
                [
                    "goal": String(number), "position": voice.number(last),
                    "limit": voice.number(LifeTimerRules.maximumMilestonePosition),
                ])
        }
        let id = UUID()
        let now = clock.now()
        try db.execute(
            """
            INSERT INTO lifetimer_milestones (id, goal_id, account_id, position, title, due_date, is_public,
                created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [id, goal.id, account.id, last + 1, cleanTitle, due, isPublic, now, now])
        try touch(account.id)
        return try requireMilestone(for: account, id: id)
    }

    func milestone(for account: LifeTimerAccount, _ ref: MilestoneRef) throws -> Milestone {
        let goal = try goal(for: account, number: ref.goal)
        guard let milestone = goal.milestones.first(where: { $0.position == ref.position }) else {
            let positions = goal.milestones.map { "\(ref.goal).\($0.position)" }
            throw voice.invalid(
                "milestone", positions.isEmpty ? .errorMilestoneUnknownNone : .errorMilestoneUnknown,
                ["value": "\(ref)", "goal": String(ref.goal), "list": voice.list(positions)])
        }
        return milestone
    }

    private func requireMilestone(for account: LifeTimerAccount, id: UUID) throws -> Milestone {
        guard
            let milestone = try db.fetchOne(
                table: "lifetimer_milestones", Self.milestoneColumns + " WHERE id = ? AND account_id = ?",
                [id, account.id], Self.milestone(from:))
        else { throw voice.invalid("milestone", .errorMilestoneGone) }
        return milestone
    }

    /// Marks a milestone completed (now, recording an active day) or not;
    /// a completion answers what it did to the streak (nil for a reopening).
    func setMilestoneCompleted(for account: LifeTimerAccount, _ ref: MilestoneRef, _ completed: Bool) throws -> (
        milestone: Milestone, streak: StreakUpdate?
    ) {
        let milestone = try milestone(for: account, ref)
        let streak = try setCompleted("lifetimer_milestones", id: milestone.id, completed, account: account)
        return (try requireMilestone(for: account, id: milestone.id), streak)
    }

    /// Changes a milestone as it is now: only the columns the change names.
    func editMilestone(for account: LifeTimerAccount, _ ref: MilestoneRef, _ change: MilestoneChange) throws
        -> Milestone
    {
        let milestone = try milestone(for: account, ref)
        var sets: [String] = []
        var values: [any DatabaseValueEncodable] = []
        if let title = change.title {
            sets.append("title = ?")
            values.append(try LifeTimerRules.milestoneTitle(title, voice: voice))
        }
        if let due = change.dueDate {
            if let due { try checkDate(due, field: "due") }
            sets.append("due_date = ?")
            values.append(due)
        }
        if let isPublic = change.isPublic {
            sets.append("is_public = ?")
            values.append(isPublic)
        }
        if !sets.isEmpty {
            try db.execute(
                "UPDATE lifetimer_milestones SET \(sets.joined(separator: ", ")), updated_at = max(updated_at, ?) WHERE id = ?",
                StatementArguments(values + [clock.now(), milestone.id]))
        }
        try touch(account.id)
        return try requireMilestone(for: account, id: milestone.id)
    }

    /// Deletes a milestone (milestones may change after the start, LT-3).
    /// The others keep their positions. Answers the milestone as it was.
    func deleteMilestone(for account: LifeTimerAccount, _ ref: MilestoneRef) throws -> Milestone {
        let milestone = try milestone(for: account, ref)
        try db.execute("DELETE FROM lifetimer_milestones WHERE id = ?", [milestone.id])
        try touch(account.id)
        return milestone
    }

    /// CORE-4: a date within the years 1–9999.
    func checkDate(_ date: CivilDate, field: String) throws {
        guard date.isInYearRange else {
            throw voice.invalid(field, .errorDateRange, ["value": date.iso])
        }
    }

    /// A milestone's columns, and whether an admin hid it or its goal (LT-10).
    static let milestoneColumns = """
        SELECT id, goal_id, position, title, due_date, is_public, completed_at,
               EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = lifetimer_milestones.id)
                   OR EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = lifetimer_milestones.goal_id)
                   AS hidden
        FROM lifetimer_milestones
        """

    /// Decodes a row of `milestoneColumns` (or of the view
    /// `lifetimer_visible_milestones`, which has the same names) by column name.
    static func milestone(from row: TableRow) throws -> Milestone {
        Milestone(
            id: try row["id"], goalID: try row["goal_id"], position: try row["position"],
            title: try row["title"], dueDate: try row["due_date"], isPublic: try row["is_public"],
            completedAt: try row["completed_at"], isHidden: try row["hidden"])
    }

    // MARK: Activity (LT-6 streaks, LT-7)

    /// Records today (in the account's zone) as an active day, with the
    /// instant of its first progress (when a streak notification it earns
    /// fires, LT-10), and keeps the account's streaks up to date. Answers
    /// the run of active days that holds today and whether this progress
    /// made today active: a completion's streak flag.
    @discardableResult
    func recordActivity(_ account: LifeTimerAccount) throws -> StreakUpdate {
        let day = try today(for: account)
        try db.execute(
            "INSERT OR IGNORE INTO lifetimer_activity_days (account_id, day, recorded_at) VALUES (?, ?, ?)",
            [account.id, day, clock.now()])
        let newDay = db.changes > 0
        if newDay { try updateStreaks(account.id) }
        let run = Streaks.runs(try activeDays(accountID: account.id)).first {
            $0.start <= day && day < $0.start.adding(days: $0.length)
        }
        return StreakUpdate(days: run?.length ?? 1, newDay: newDay)
    }

    /// Stores the longest run of the account's active days and the latest
    /// run with the instant it ends (LT-10), all derived from the days; the
    /// end is local to the account's zone as it is now.
    func updateStreaks(_ accountID: UUID) throws {
        let streaks = try streaks(accountID: accountID)
        try db.execute(
            """
            UPDATE lifetimer_accounts SET longest_streak_days = ?, current_streak_days = ?, current_streak_until = ?
            WHERE id = ? AND (longest_streak_days, current_streak_days, current_streak_until) IS NOT (?, ?, ?)
            """,
            [
                streaks.longest, streaks.latest, streaks.until, accountID, streaks.longest, streaks.latest,
                streaks.until.map(Timestamp.database),
            ])
    }

    /// The streaks the account's active days make: the longest run, the
    /// latest and the instant it stops being current (nil with no day).
    func streaks(accountID: UUID) throws -> (longest: Int, latest: Int, until: Date?) {
        let days = try activeDays(accountID: accountID)
        guard
            let zoneName = try db.fetchOne(
                String.self, "SELECT time_zone FROM lifetimer_accounts WHERE id = ?", [accountID])
        else { return (0, 0, nil) }
        let latest = Streaks.latest(days, in: try LifeTimerRules.zone(zoneName, field: "time_zone"))
        return (Streaks.longest(days), latest?.days ?? 0, latest?.until)
    }

    /// The active days with the instant each one's first progress was
    /// recorded (nil for a day from before migration 0018).
    func activeDaysRecorded(accountID: UUID) throws -> [LifeTimerSchedule.ActiveDay] {
        var days: [LifeTimerSchedule.ActiveDay] = []
        try db.forEachRow(
            table: "lifetimer_activity_days",
            "SELECT day, recorded_at FROM lifetimer_activity_days WHERE account_id = ? ORDER BY day", [accountID]
        ) { row in
            days.append(LifeTimerSchedule.ActiveDay(day: try row["day"], recordedAt: try row["recorded_at"]))
        }
        return days
    }

    func activeDays(accountID: UUID) throws -> [CivilDate] {
        var days: [CivilDate] = []
        // The day leads the SELECT: it is the row's key within the account.
        try db.forEachRow(
            table: "lifetimer_activity_days",
            "SELECT day FROM lifetimer_activity_days WHERE account_id = ? ORDER BY day",
            [accountID]
        ) { row in
            days.append(try row["day"])
        }
        return days
    }

    // MARK: Countdown (LT-3, LT-4)

    func countdown(accountID: UUID) throws -> LifeTimerStore.Countdown? {
        try db.fetchOne(
            table: "lifetimer_countdowns",
            "SELECT account_id, started_at, ends_at, time_zone FROM lifetimer_countdowns WHERE account_id = ?",
            [accountID]
        ) { row in
            LifeTimerStore.Countdown(
                startedAt: try row["started_at"], endsAt: try row["ends_at"], timeZone: try row["time_zone"])
        }
    }

    /// LT-3: confirms the list and starts the 1,356 days now. Needs at least
    /// one goal; a second start is refused (there is no reset).
    func start(for account: LifeTimerAccount) throws -> LifeTimerStore.Countdown {
        let zone = try zone(of: account)
        if let existing = try countdown(accountID: account.id) {
            // Read on the countdown's own clock: its zone at the start.
            let spoken = voice.reading(in: try countdownZone(existing, accountID: account.id))
            throw voice.invalid(
                "start", .errorAlreadyStarted,
                ["start": spoken.instant(existing.startedAt), "end": spoken.instant(existing.endsAt)])
        }
        guard try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_goals WHERE account_id = ?", [account.id]) != nil
        else {
            throw voice.invalid("start", .errorStartNeedsGoal, remedy: .lifeTimerGoalAdd)
        }
        let now = clock.now()
        let end = CountdownRules.end(start: now, in: zone)
        // CORE-4: instants are stored with four-digit years.
        guard CivilDate.of(end, in: TimeZone(identifier: "UTC") ?? zone).isInYearRange else {
            throw voice.invalid("start", .errorStartTooLate)
        }
        try db.execute(
            "INSERT INTO lifetimer_countdowns (account_id, started_at, ends_at, time_zone) VALUES (?, ?, ?, ?)",
            [account.id, now, end, account.timeZone])
        try touch(account.id)
        guard let started = try countdown(accountID: account.id) else {
            throw LifeError.bug("the countdown was not stored")
        }
        return started
    }

    /// LT-4: the countdown now, or nil before the start. Its wall clock is
    /// the zone it was started in.
    func countdownStatus(accountID: UUID) throws -> CountdownStatus? {
        guard let countdown = try countdown(accountID: accountID) else { return nil }
        return CountdownRules.status(
            startedAt: countdown.startedAt, endsAt: countdown.endsAt, now: clock.now(),
            in: try countdownZone(countdown, accountID: accountID))
    }

    /// The zone a countdown was started in; a name this system does not
    /// know is the stored row's problem (exit 65).
    func countdownZone(_ countdown: LifeTimerStore.Countdown, accountID: UUID) throws -> TimeZone {
        do {
            return try LifeTimerRules.zone(countdown.timeZone)
        } catch let error as LifeError {
            throw LifeError.malformed(
                "lifetimer_countdowns row '\(accountID.uuidString.lowercased())' cannot be read: \(error.message)",
                field: "time_zone")
        }
    }

    /// LT-5: progress per goal, overall, and against time.
    func progress(accountID: UUID) throws -> ProgressReport {
        ProgressReport(
            goals: try goals(accountID: accountID), countdown: try countdownStatus(accountID: accountID), voice: voice)
    }

    /// LT-10: progress day by day since the start (`ProgressRules.series`),
    /// local to the zone the countdown was started in.
    func progressSeries(for account: LifeTimerAccount) throws -> ProgressSeries {
        guard let countdown = try countdown(accountID: account.id) else {
            return ProgressSeries(username: account.username, startedAt: nil, endsAt: nil, points: [], marks: [])
        }
        var steps: [UUID: [ProgressRules.SeriesGoal.Step]] = [:]
        try db.forEachRow(
            table: "lifetimer_milestones",
            """
            SELECT id, goal_id, position, title, due_date, completed_at, created_at FROM lifetimer_milestones
            WHERE account_id = ? ORDER BY goal_id, position
            """, [account.id]
        ) { row in
            steps[try row["goal_id"], default: []].append(
                ProgressRules.SeriesGoal.Step(
                    title: try row["title"], createdAt: try row["created_at"], dueDate: try row["due_date"],
                    completedAt: try row["completed_at"]))
        }
        var goals: [ProgressRules.SeriesGoal] = []
        try db.forEachRow(
            table: "lifetimer_goals",
            "SELECT id, number, completed_at FROM lifetimer_goals WHERE account_id = ? ORDER BY number", [account.id]
        ) { row in
            goals.append(
                ProgressRules.SeriesGoal(completedAt: try row["completed_at"], steps: steps[try row["id"]] ?? []))
        }
        return ProgressRules.series(
            username: account.username, goals: goals, startedAt: countdown.startedAt, endsAt: countdown.endsAt,
            zone: try countdownZone(countdown, accountID: account.id), now: clock.now())
    }
}

extension LifeTimerSession {
    /// Every account's streaks worked out again from its active days
    /// (migration 0018's step). An account whose zone or days cannot be
    /// read keeps no current streak: `db check` reports its rows, and the
    /// upgrade goes on.
    func updateAllStreaks() throws {
        var ids: [UUID] = []
        try db.forEachRow(table: "lifetimer_accounts", "SELECT id FROM lifetimer_accounts ORDER BY id") { row in
            ids.append(try row["id"])
        }
        for id in ids {
            do {
                try updateStreaks(id)
            } catch is LifeError {
                continue
            }
        }
    }
}
