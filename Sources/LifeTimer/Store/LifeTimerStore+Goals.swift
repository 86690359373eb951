import Foundation
import LifeCore
import LifeDB

/// Goals, milestones, the countdown and progress (LT-2 … LT-5).
extension LifeTimerStore {
    // MARK: Goals (LT-2, LT-3)

    /// Adds a goal. Refused once the countdown has started, and after 20
    /// goals ever (deleted ones count).
    @discardableResult
    public func addGoal(
        for account: LifeTimerAccount, title: String, description: String? = nil, location: GoalLocation? = nil,
        cover: String? = nil
    ) throws -> Goal {
        let cleanTitle = try TextRule.required(title, field: "title", limit: LifeTimerRules.goalTitleLimit)
        let cleanDescription = try TextRule.optional(
            description, field: "description", limit: LifeTimerRules.goalDescriptionLimit)
        let place = try location.map(Self.checkLocation)
        let cleanCover = try Self.checkPath(cover, field: "cover")
        let id = UUID()
        try db.writeTransaction { db in
            try checkNotStarted(account, doing: "add a goal")
            let created =
                try db.fetchOne(Int.self, "SELECT goals_created FROM lifetimer_accounts WHERE id = ?", [account.id])
                ?? 0
            guard created < LifeTimerRules.maximumGoals else {
                throw LifeError.invalid(
                    field: "goal",
                    "\(created) goals have been created on this account (deleted ones count); the limit is \(LifeTimerRules.maximumGoals) ever"
                )
            }
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
            try touch(account)
        }
        return try requireGoal(for: account, number: nil, id: id)
    }

    /// Every goal of the account with its milestones, by number.
    public func goals(of account: LifeTimerAccount) throws -> [Goal] {
        try goals(accountID: account.id)
    }

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

    public func goal(for account: LifeTimerAccount, number: Int) throws -> Goal {
        try requireGoal(for: account, number: number, id: nil)
    }

    private func requireGoal(for account: LifeTimerAccount, number: Int?, id: UUID?) throws -> Goal {
        let found = try goals(of: account).first { goal in
            if let number { return goal.number == number }
            return goal.id == id
        }
        guard let found else {
            let numbers = try goals(of: account).map { String($0.number) }
            throw LifeError.invalid(
                field: "goal",
                "goal is \(number.map(String.init) ?? "unknown"); \(account.username) has "
                    + (numbers.isEmpty ? "no goals" : "goals \(numbers.joined(separator: ", "))"))
        }
        return found
    }

    /// Changes a goal. After the start only the description, place and
    /// cover may change: the title is locked (LT-3).
    @discardableResult
    public func editGoal(for account: LifeTimerAccount, number: Int, _ change: GoalChange) throws -> Goal {
        var goal = try goal(for: account, number: number)
        if let title = change.title {
            goal.title = try TextRule.required(title, field: "title", limit: LifeTimerRules.goalTitleLimit)
        }
        if let description = change.description {
            goal.description = try TextRule.optional(
                description, field: "description", limit: LifeTimerRules.goalDescriptionLimit)
        }
        if let location = change.location { goal.location = try location.map(Self.checkLocation) }
        if let cover = change.cover { goal.cover = try Self.checkPath(cover, field: "cover") }
        let updated = goal
        try db.writeTransaction { db in
            if change.title != nil, updated.title != (try self.goal(for: account, number: number).title) {
                try checkNotStarted(account, doing: "retitle a goal")
            }
            try db.execute(
                """
                UPDATE lifetimer_goals SET title = ?, description = ?, latitude = ?, longitude = ?, place_name = ?,
                    cover = ?, updated_at = ?
                WHERE id = ?
                """,
                [
                    updated.title, updated.description, updated.location?.latitude, updated.location?.longitude,
                    updated.location?.placeName, updated.cover, clock.now(), updated.id,
                ])
            try touch(account)
        }
        return try self.goal(for: account, number: number)
    }

    /// Deletes a goal and its milestones; only before the start (LT-3). Its
    /// number is not given again, and it still counts towards the 20.
    public func deleteGoal(for account: LifeTimerAccount, number: Int) throws {
        let goal = try goal(for: account, number: number)
        try db.writeTransaction { db in
            try checkNotStarted(account, doing: "delete a goal")
            try db.execute("DELETE FROM lifetimer_goals WHERE id = ?", [goal.id])
            try touch(account)
        }
    }

    /// Marks a goal completed (now) or not; allowed before and after the start.
    @discardableResult
    public func setGoalCompleted(for account: LifeTimerAccount, number: Int, _ completed: Bool) throws -> Goal {
        let goal = try goal(for: account, number: number)
        try db.writeTransaction { db in
            let now = clock.now()
            if completed {
                try db.execute(
                    "UPDATE lifetimer_goals SET completed_at = coalesce(completed_at, ?), updated_at = ? WHERE id = ?",
                    [now, now, goal.id])
                try recordActivity(account)
            } else {
                try db.execute(
                    "UPDATE lifetimer_goals SET completed_at = NULL, updated_at = ? WHERE id = ?", [now, goal.id])
            }
            try touch(account)
        }
        return try self.goal(for: account, number: number)
    }

    private func checkNotStarted(_ account: LifeTimerAccount, doing action: String) throws {
        if let countdown = try countdown(of: account) {
            throw LifeError.invalid(
                field: "goal",
                "cannot \(action): the countdown started on \(Timestamp.iso8601(countdown.startedAt)), and the list of goals and their titles are locked from then on (descriptions, milestones and completion may still change)"
            )
        }
    }

    static func checkLocation(_ location: GoalLocation) throws -> GoalLocation {
        guard (-90...90).contains(location.latitude), location.latitude.isFinite else {
            throw LifeError.invalid(
                field: "latitude", "latitude is \(location.latitude); it must be from -90 to 90")
        }
        guard (-180...180).contains(location.longitude), location.longitude.isFinite else {
            throw LifeError.invalid(
                field: "longitude", "longitude is \(location.longitude); it must be from -180 to 180")
        }
        let place = try TextRule.optional(location.placeName, field: "place", limit: LifeTimerRules.placeNameLimit)
        return GoalLocation(latitude: location.latitude, longitude: location.longitude, placeName: place)
    }

    static let goalColumns = """
        SELECT id, number, title, description, latitude, longitude, place_name, cover, completed_at, created_at
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
            completedAt: try row["completed_at"], createdAt: try row["created_at"], milestones: [])
    }

    // MARK: Milestones (LT-2)

    /// Adds a milestone at the end of a goal's list; allowed after the start.
    @discardableResult
    public func addMilestone(
        for account: LifeTimerAccount, goal number: Int, title: String, due: CivilDate? = nil, isPublic: Bool = false
    ) throws -> Milestone {
        let goal = try goal(for: account, number: number)
        let cleanTitle = try TextRule.required(title, field: "title", limit: LifeTimerRules.milestoneTitleLimit)
        let id = UUID()
        try db.writeTransaction { db in
            let position =
                try db.fetchOne(
                    Int.self, "SELECT coalesce(max(position), 0) + 1 FROM lifetimer_milestones WHERE goal_id = ?",
                    [goal.id]) ?? 1
            try db.execute(
                """
                INSERT INTO lifetimer_milestones (id, goal_id, account_id, position, title, due_date, is_public,
                    created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [id, goal.id, account.id, position, cleanTitle, due, isPublic, clock.now()])
            try touch(account)
        }
        return try requireMilestone(for: account, id: id)
    }

    public func milestone(for account: LifeTimerAccount, _ ref: MilestoneRef) throws -> Milestone {
        let goal = try goal(for: account, number: ref.goal)
        guard let milestone = goal.milestones.first(where: { $0.position == ref.position }) else {
            let positions = goal.milestones.map { "\(ref.goal).\($0.position)" }
            throw LifeError.invalid(
                field: "milestone",
                "milestone is \(ref); goal \(ref.goal) has "
                    + (positions.isEmpty ? "no milestones" : "milestones \(positions.joined(separator: ", "))"))
        }
        return milestone
    }

    private func requireMilestone(for account: LifeTimerAccount, id: UUID) throws -> Milestone {
        guard
            let milestone = try db.fetchOne(
                table: "lifetimer_milestones", Self.milestoneColumns + " WHERE id = ? AND account_id = ?",
                [id, account.id], Self.milestone(from:))
        else { throw LifeError.invalid(field: "milestone", "the milestone no longer exists") }
        return milestone
    }

    /// Marks a milestone completed (now, recording an active day) or not.
    @discardableResult
    public func setMilestoneCompleted(for account: LifeTimerAccount, _ ref: MilestoneRef, _ completed: Bool) throws
        -> Milestone
    {
        let milestone = try milestone(for: account, ref)
        try db.writeTransaction { db in
            if completed {
                try db.execute(
                    "UPDATE lifetimer_milestones SET completed_at = coalesce(completed_at, ?) WHERE id = ?",
                    [clock.now(), milestone.id])
                try recordActivity(account)
            } else {
                try db.execute("UPDATE lifetimer_milestones SET completed_at = NULL WHERE id = ?", [milestone.id])
            }
            try touch(account)
        }
        return try requireMilestone(for: account, id: milestone.id)
    }

    @discardableResult
    public func editMilestone(for account: LifeTimerAccount, _ ref: MilestoneRef, _ change: MilestoneChange) throws
        -> Milestone
    {
        var milestone = try milestone(for: account, ref)
        if let title = change.title {
            milestone.title = try TextRule.required(title, field: "title", limit: LifeTimerRules.milestoneTitleLimit)
        }
        if let due = change.dueDate { milestone.dueDate = due }
        if let isPublic = change.isPublic { milestone.isPublic = isPublic }
        let updated = milestone
        try db.writeTransaction { db in
            try db.execute(
                "UPDATE lifetimer_milestones SET title = ?, due_date = ?, is_public = ? WHERE id = ?",
                [updated.title, updated.dueDate, updated.isPublic, updated.id])
            try touch(account)
        }
        return try requireMilestone(for: account, id: milestone.id)
    }

    /// Deletes a milestone (milestones may change after the start, LT-3).
    /// The others keep their positions.
    public func deleteMilestone(for account: LifeTimerAccount, _ ref: MilestoneRef) throws {
        let milestone = try milestone(for: account, ref)
        try db.writeTransaction { db in
            try db.execute("DELETE FROM lifetimer_milestones WHERE id = ?", [milestone.id])
            try touch(account)
        }
    }

    static let milestoneColumns = """
        SELECT id, goal_id, position, title, due_date, is_public, completed_at FROM lifetimer_milestones
        """

    /// Decodes a row of `milestoneColumns` by column name.
    static func milestone(from row: TableRow) throws -> Milestone {
        Milestone(
            id: try row["id"], goalID: try row["goal_id"], position: try row["position"],
            title: try row["title"], dueDate: try row["due_date"], isPublic: try row["is_public"],
            completedAt: try row["completed_at"])
    }

    // MARK: Activity (LT-6 streaks, LT-7)

    /// Records today (in the account's zone) as an active day and keeps the
    /// account's longest streak up to date.
    func recordActivity(_ account: LifeTimerAccount) throws {
        let day = try today(for: account)
        try db.execute(
            "INSERT OR IGNORE INTO lifetimer_activity_days (account_id, day) VALUES (?, ?)", [account.id, day])
        let longest = Streaks.longest(try activeDays(accountID: account.id))
        try db.execute(
            "UPDATE lifetimer_accounts SET longest_streak_days = ? WHERE id = ?", [longest, account.id])
    }

    public func activeDays(of account: LifeTimerAccount) throws -> [CivilDate] {
        try activeDays(accountID: account.id)
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

    /// The stored countdown: start, end, and the zone it was started in.
    public struct Countdown: Sendable, Equatable {
        public let startedAt: Date
        public let endsAt: Date
        public let timeZone: String
    }

    public func countdown(of account: LifeTimerAccount) throws -> Countdown? {
        try countdown(accountID: account.id)
    }

    func countdown(accountID: UUID) throws -> Countdown? {
        try db.fetchOne(
            table: "lifetimer_countdowns",
            "SELECT account_id, started_at, ends_at, time_zone FROM lifetimer_countdowns WHERE account_id = ?",
            [accountID]
        ) { row in
            Countdown(startedAt: try row["started_at"], endsAt: try row["ends_at"], timeZone: try row["time_zone"])
        }
    }

    /// LT-3: confirms the list and starts the 1,356 days now. Needs at least
    /// one goal; a second start is refused (there is no reset).
    @discardableResult
    public func start(for account: LifeTimerAccount) throws -> Countdown {
        let zone = try zone(of: account)
        try db.writeTransaction { db in
            if let existing = try countdown(of: account) {
                throw LifeError.invalid(
                    field: "start",
                    "the countdown already started on \(Timestamp.iso8601(existing.startedAt)) and ends on \(Timestamp.iso8601(existing.endsAt)); it cannot be restarted, paused or extended"
                )
            }
            guard try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_goals WHERE account_id = ?", [account.id]) != nil
            else {
                throw LifeError(
                    kind: .invalidValue, field: "start", message: "the countdown needs at least one goal",
                    remedy: .lifeTimerGoalAdd)
            }
            let now = clock.now()
            let end = CountdownRules.end(start: now, in: zone)
            // CORE-4: instants are stored with four-digit years.
            guard CivilDate.of(end, in: TimeZone(identifier: "UTC") ?? zone).isInYearRange else {
                throw LifeError.invalid(
                    field: "start",
                    "1,356 days from now end after the year 9999, past the dates lifectl stores; the countdown cannot start"
                )
            }
            try db.execute(
                "INSERT INTO lifetimer_countdowns (account_id, started_at, ends_at, time_zone) VALUES (?, ?, ?, ?)",
                [account.id, now, end, account.timeZone])
            try touch(account)
        }
        guard let started = try countdown(of: account) else { throw LifeError.bug("the countdown was not stored") }
        return started
    }

    /// LT-4: the countdown now, or nil before the start. Its wall clock is
    /// the zone it was started in.
    public func countdownStatus(for account: LifeTimerAccount) throws -> CountdownStatus? {
        guard let countdown = try countdown(of: account) else { return nil }
        return CountdownRules.status(
            startedAt: countdown.startedAt, endsAt: countdown.endsAt, now: clock.now(),
            in: try TimeZoneSetting.zone(named: countdown.timeZone))
    }

    /// LT-5: progress per goal, overall, and against time.
    public func progress(for account: LifeTimerAccount) throws -> ProgressReport {
        ProgressReport(goals: try goals(of: account), countdown: try countdownStatus(for: account))
    }
}
