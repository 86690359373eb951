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
        try write(as: account) {
            try $0.addGoal(for: $1, title: title, description: description, location: location, cover: cover)
        }
    }

    /// Every goal of the account with its milestones, by number.
    public func goals(of account: LifeTimerAccount) throws -> [Goal] {
        try read { try $0.goals(accountID: account.id) }
    }

    public func goal(for account: LifeTimerAccount, number: Int) throws -> Goal {
        try read { try $0.goal(for: account, number: number) }
    }

    /// Changes a goal: only what `change` names. After the start only the
    /// description, place and cover may change: the title is locked (LT-3).
    @discardableResult
    public func editGoal(for account: LifeTimerAccount, number: Int, _ change: GoalChange) throws -> Goal {
        try write(as: account) { try $0.editGoal(for: $1, number: number, change) }
    }

    /// Deletes a goal and its milestones; only before the start (LT-3). Its
    /// number is not given again, and it still counts towards the 20.
    /// Answers the goal as it was.
    @discardableResult
    public func deleteGoal(for account: LifeTimerAccount, number: Int) throws -> Goal {
        try write(as: account) { try $0.deleteGoal(for: $1, number: number) }
    }

    /// Marks a goal completed (now) or not; allowed before and after the start.
    @discardableResult
    public func setGoalCompleted(for account: LifeTimerAccount, number: Int, _ completed: Bool) throws -> Goal {
        try write(as: account) { try $0.setGoalCompleted(for: $1, number: number, completed).goal }
    }

    /// Marks a goal completed now, an active day, and answers what that did
    /// to the account's streak (LT-10: the completion's streak flag).
    @discardableResult
    public func completeGoal(for account: LifeTimerAccount, number: Int) throws -> (goal: Goal, streak: StreakUpdate) {
        try write(as: account) { session, current in
            let (goal, streak) = try session.setGoalCompleted(for: current, number: number, true)
            guard let streak else { throw LifeError.bug("a completion recorded no active day") }
            return (goal, streak)
        }
    }

    // MARK: Milestones (LT-2)

    /// Adds a milestone at the end of a goal's list; allowed after the start.
    @discardableResult
    public func addMilestone(
        for account: LifeTimerAccount, goal number: Int, title: String, due: CivilDate? = nil, isPublic: Bool = false
    ) throws -> Milestone {
        try write(as: account) {
            try $0.addMilestone(for: $1, goal: number, title: title, due: due, isPublic: isPublic)
        }
    }

    public func milestone(for account: LifeTimerAccount, _ ref: MilestoneRef) throws -> Milestone {
        try read { try $0.milestone(for: account, ref) }
    }

    /// Marks a milestone completed (now, recording an active day) or not.
    @discardableResult
    public func setMilestoneCompleted(for account: LifeTimerAccount, _ ref: MilestoneRef, _ completed: Bool) throws
        -> Milestone
    {
        try write(as: account) { try $0.setMilestoneCompleted(for: $1, ref, completed).milestone }
    }

    /// Marks a milestone completed now, an active day, and answers what
    /// that did to the account's streak (LT-10: the completion's streak flag).
    @discardableResult
    public func completeMilestone(for account: LifeTimerAccount, _ ref: MilestoneRef) throws -> (
        milestone: Milestone, streak: StreakUpdate
    ) {
        try write(as: account) { session, current in
            let (milestone, streak) = try session.setMilestoneCompleted(for: current, ref, true)
            guard let streak else { throw LifeError.bug("a completion recorded no active day") }
            return (milestone, streak)
        }
    }

    /// Changes a milestone: only what `change` names.
    @discardableResult
    public func editMilestone(for account: LifeTimerAccount, _ ref: MilestoneRef, _ change: MilestoneChange) throws
        -> Milestone
    {
        try write(as: account) { try $0.editMilestone(for: $1, ref, change) }
    }

    /// Deletes a milestone (milestones may change after the start, LT-3).
    /// The others keep their positions. Answers the milestone as it was.
    @discardableResult
    public func deleteMilestone(for account: LifeTimerAccount, _ ref: MilestoneRef) throws -> Milestone {
        try write(as: account) { try $0.deleteMilestone(for: $1, ref) }
    }

    // MARK: Activity, countdown, progress (LT-3 … LT-6)

    public func activeDays(of account: LifeTimerAccount) throws -> [CivilDate] {
        try read { try $0.activeDays(accountID: account.id) }
    }

    public func countdown(of account: LifeTimerAccount) throws -> Countdown? {
        try read { try $0.countdown(accountID: account.id) }
    }

    /// LT-3: confirms the list and starts the 1,356 days now. Needs at least
    /// one goal; a second start is refused (there is no reset).
    @discardableResult
    public func start(for account: LifeTimerAccount) throws -> Countdown {
        try write(as: account) { try $0.start(for: $1) }
    }

    /// LT-4: the countdown now, or nil before the start. Its wall clock is
    /// the zone it was started in.
    public func countdownStatus(for account: LifeTimerAccount) throws -> CountdownStatus? {
        try read { try $0.countdownStatus(accountID: account.id) }
    }

    /// LT-4 with what its display needs, read in one snapshot: the
    /// countdown, where it stands now, the summary once finished (LT-4), and
    /// the account's clock style; nil before the start.
    public func countdownView(for account: LifeTimerAccount) throws -> CountdownView? {
        try read { session in
            guard let countdown = try session.countdown(accountID: account.id),
                let status = try session.countdownStatus(accountID: account.id)
            else { return nil }
            let current = try session.requireAccount(id: account.id)
            return CountdownView(
                countdown: countdown, status: status,
                progress: status.finished ? try session.progress(accountID: account.id) : nil,
                activeDays: try session.activeDays(accountID: account.id).count,
                longestStreakDays: current.longestStreakDays,
                clock: try session.settings(accountID: account.id).clock)
        }
    }

    /// LT-4: the countdown drawn as a ring, from one snapshot.
    public func countdownPicture(for account: LifeTimerAccount) throws -> CountdownPicture {
        try read { session in
            try CountdownPicture(
                account: account, countdown: try session.countdown(accountID: account.id),
                goals: try session.goals(accountID: account.id), now: clock.now())
        }
    }

    /// LT-5: progress per goal, overall, and against time.
    public func progress(for account: LifeTimerAccount) throws -> ProgressReport {
        try read { try $0.progress(accountID: account.id) }
    }

    /// LT-10: progress day by day since the start, with the milestones on
    /// their days (empty before the start).
    public func progressSeries(for account: LifeTimerAccount) throws -> ProgressSeries {
        try read { try $0.progressSeries(for: try $0.requireAccount(id: account.id)) }
    }

    /// LT-5 and LT-10 from one snapshot: the report and the series.
    public func progressWithSeries(for account: LifeTimerAccount) throws -> (
        report: ProgressReport, series: ProgressSeries
    ) {
        try read { session in
            (
                try session.progress(accountID: account.id),
                try session.progressSeries(for: try session.requireAccount(id: account.id))
            )
        }
    }
}
