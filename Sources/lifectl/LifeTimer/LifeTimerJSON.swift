import Foundation
import LifeCore
import LifeTimer

/// The `--json` shapes of `lifectl lifetimer` (docs/json.md). Ids are lower
/// case (CORE-10). Only `Account` carries the e-mail and the identities, and
/// only the `account` commands print it, for the account itself.
enum LifeTimerJSON {
    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }

    struct Identity: Encodable {
        let provider: String
        let subject: String
        let linkedAt: Date
    }

    /// The acting account's own record.
    struct Account: Encodable {
        let id: String
        let username: String
        let bio: String?
        let avatar: String?
        let email: String?
        /// LT-10: every sign-in identity linked, oldest first.
        let identities: [Identity]
        let visibility: String
        let timeZone: String
        let owner: Bool
        let admin: Bool
        let goalsCreated: Int
        let longestStreakDays: Int
        let currentStreakDays: Int
        let createdAt: Date
        let lastActiveAt: Date

        init(_ a: LifeTimerAccount, admin: Bool, now: Date) {
            id = LifeTimerJSON.id(a.id)
            username = a.username
            bio = a.bio
            avatar = a.avatarPath
            email = a.email
            identities = a.identities.map {
                Identity(provider: $0.provider.rawValue, subject: $0.subject, linkedAt: $0.linkedAt)
            }
            visibility = a.visibility.rawValue
            timeZone = a.timeZone
            owner = a.isOwner
            self.admin = admin
            goalsCreated = a.goalsCreated
            longestStreakDays = a.longestStreakDays
            currentStreakDays = a.currentStreakDays(at: now)
            createdAt = a.createdAt
            lastActiveAt = a.lastActiveAt
        }
    }

    /// The public view of an account (LT-6): no e-mail, no identity link.
    struct PublicAccount: Encodable {
        let id: String
        let username: String
        let bio: String?
        let avatar: String?
        let createdAt: Date
        let lastActiveAt: Date

        init(_ a: LifeTimer.PublicAccount) {
            id = LifeTimerJSON.id(a.id)
            username = a.username
            bio = a.bio
            avatar = a.avatarPath
            createdAt = a.createdAt
            lastActiveAt = a.lastActiveAt
        }
    }

    struct Location: Encodable {
        let latitude: Double
        let longitude: Double
        let place: String?
    }

    struct Milestone: Encodable {
        let id: String
        let ref: String
        let position: Int
        let title: String
        let due: CivilDate?
        let `public`: Bool
        let completed: Bool
        let completedAt: Date?
        /// LT-10: an admin hid it (only its own account sees it, and this key).
        let hidden: Bool?
        /// LT-10, a completion's reply only: whether it started or extended
        /// a streak of 3+ active days, and the run of active days that
        /// holds today (docs/json.md).
        let streak: Bool?
        let streakDays: Int?

        init(_ m: LifeTimer.Milestone, goal: Int, streak update: StreakUpdate? = nil) {
            id = LifeTimerJSON.id(m.id)
            ref = "\(goal).\(m.position)"
            position = m.position
            title = m.title
            due = m.dueDate
            self.public = m.isPublic
            completed = m.isCompleted
            completedAt = m.completedAt
            hidden = m.isHidden ? true : nil
            streak = update?.earned
            streakDays = update?.days
        }
    }

    struct Goal: Encodable {
        let id: String
        let number: Int
        let title: String
        let description: String?
        let location: Location?
        let cover: String?
        let completed: Bool
        let completedAt: Date?
        let progress: Double
        let hidden: Bool?
        let milestones: [Milestone]
        /// As a milestone's: a completion's reply only.
        let streak: Bool?
        let streakDays: Int?

        init(_ g: LifeTimer.Goal, streak update: StreakUpdate? = nil) {
            id = LifeTimerJSON.id(g.id)
            number = g.number
            title = g.title
            description = g.description
            location = g.location.map { Location(latitude: $0.latitude, longitude: $0.longitude, place: $0.placeName) }
            cover = g.cover
            completed = g.isCompleted
            completedAt = g.completedAt
            progress = g.progress
            hidden = g.isHidden ? true : nil
            milestones = g.milestones.map { Milestone($0, goal: g.number) }
            streak = update?.earned
            streakDays = update?.days
        }
    }

    struct Remaining: Encodable {
        let days: Int
        let hours: Int
        let minutes: Int
        let seconds: Int
    }

    struct Summary: Encodable {
        let goals: Int
        let goalsCompleted: Int
        let milestones: Int
        let milestonesCompleted: Int
        let overallProgress: Double
        let activeDays: Int
        let longestStreakDays: Int
    }

    struct Countdown: Encodable {
        let started: Bool
        let startedAt: Date?
        let endsAt: Date?
        let timeZone: String?
        let day: Int?
        let remaining: Remaining?
        let percentElapsed: Double?
        let finished: Bool
        /// Once finished: the summary statistics (LT-4).
        let summary: Summary?
        /// The picture's file, when `--svg FILE` wrote one.
        var svg: String? = nil
    }

    struct GoalProgress: Encodable {
        let number: Int
        let title: String
        let completed: Bool
        let milestonesCompleted: Int
        let milestones: Int
        let progress: Double
    }

    struct Progress: Encodable {
        let goals: [GoalProgress]
        let overall: Double
        let goalsCompleted: Int
        let milestonesCompleted: Int
        let milestones: Int
        let elapsed: Double?
        let pace: String
        let message: String
        /// LT-10: day by day since the start (empty before it).
        let series: [SeriesPoint]
        let marks: [SeriesMark]
        /// The picture's file, when `--svg FILE` wrote one.
        var svg: String? = nil

        init(_ p: ProgressReport, series s: ProgressSeries) {
            goals = p.goals.map {
                GoalProgress(
                    number: $0.number, title: $0.title, completed: $0.completed, milestonesCompleted: $0.milestonesDone,
                    milestones: $0.milestonesTotal, progress: $0.fraction)
            }
            overall = p.overall
            goalsCompleted = p.goalsCompleted
            milestonesCompleted = p.milestonesDone
            milestones = p.milestonesTotal
            elapsed = p.elapsedFraction
            pace = p.pace.rawValue
            message = p.message
            series = s.points.map {
                SeriesPoint(
                    date: $0.date, day: $0.day, progress: $0.progress, elapsed: $0.elapsed,
                    goalsCompleted: $0.goalsCompleted, milestonesCompleted: $0.milestonesCompleted,
                    milestones: $0.milestones)
            }
            marks = s.marks.map { SeriesMark(title: $0.title, date: $0.date, day: $0.day, completed: $0.completed) }
        }
    }

    struct SeriesPoint: Encodable {
        let date: CivilDate
        let day: Int
        let progress: Double
        let elapsed: Double
        let goalsCompleted: Int
        let milestonesCompleted: Int
        let milestones: Int
    }

    struct SeriesMark: Encodable {
        let title: String
        let date: CivilDate
        let day: Int
        let completed: Bool
    }

    struct GoalSummary: Encodable {
        let id: String
        let number: Int
        let title: String
        let completed: Bool
        let progress: Double
        let hidden: Bool?
        let milestones: [Milestone]
    }

    struct Profile: Encodable {
        let account: PublicAccount
        let isSelf: Bool
        let goals: [GoalSummary]
        let goalsCompleted: Int
        let overallProgress: Double
        let longestStreakDays: Int
        let currentStreakDays: Int
        let startedAt: Date?
        let endsAt: Date?
        let followers: Int
        let following: Int

        init(_ p: LifeTimer.Profile) {
            account = PublicAccount(p.account)
            isSelf = p.isSelf
            goals = p.goals.map { g in
                GoalSummary(
                    id: LifeTimerJSON.id(g.id), number: g.number, title: g.title, completed: g.completed,
                    progress: g.progress, hidden: g.isHidden ? true : nil,
                    milestones: g.milestones.map { Milestone($0, goal: g.number) })
            }
            goalsCompleted = p.goalsCompleted
            overallProgress = p.overallProgress
            longestStreakDays = p.longestStreakDays
            currentStreakDays = p.currentStreakDays
            startedAt = p.startedAt
            endsAt = p.endsAt
            followers = p.followers
            following = p.following
        }
    }

    struct FeedItem: Encodable {
        let account: PublicAccount
        let milestoneId: String
        let goal: String
        let milestone: String
        let completedAt: Date

        init(_ f: LifeTimer.FeedItem) {
            account = PublicAccount(f.account)
            milestoneId = LifeTimerJSON.id(f.milestoneID)
            goal = f.goalTitle
            milestone = f.milestoneTitle
            completedAt = f.completedAt
        }
    }

    struct LeaderboardEntry: Encodable {
        let rank: Int
        let account: PublicAccount
        let value: Int
        let milestone: String?
        let completedAt: Date?
    }

    struct Leaderboard: Encodable {
        let kind: String
        /// For `streaks`: `longest` or `current` (LT-10); absent for the others.
        let by: String?
        let total: Int
        let entries: [LeaderboardEntry]

        init(_ l: LifeTimer.Leaderboard) {
            switch l.kind {
            case .goals, .recent: (kind, by) = (l.kind.rawValue, nil)
            case .streaks: (kind, by) = ("streaks", "longest")
            case .currentStreaks: (kind, by) = ("streaks", "current")
            }
            total = l.total
            entries = l.entries.map {
                LeaderboardEntry(
                    rank: $0.rank, account: PublicAccount($0.account), value: $0.value, milestone: $0.milestoneTitle,
                    completedAt: $0.completedAt)
            }
        }
    }

    struct People: Encodable {
        let account: String
        let count: Int
        let accounts: [PublicAccount]
    }

    struct Report: Encodable {
        let id: String
        let reporter: String
        let target: String
        let account: String
        let goal: String?
        let milestone: String?
        let reason: String
        let createdAt: Date
        let accountSuspended: Bool
        /// `open`, or the latest decision's action.
        let status: String
        /// Every decision on it, oldest first (LT-10).
        let decisions: [Decision]

        init(_ r: LifeTimer.Report) {
            id = LifeTimerJSON.id(r.id)
            reporter = r.reporter
            target = r.target.rawValue
            account = r.account
            goal = r.goalTitle
            milestone = r.milestoneTitle
            reason = r.reason
            createdAt = r.createdAt
            accountSuspended = r.accountSuspended
            status = r.decisions.last?.action.rawValue ?? "open"
            decisions = r.decisions.map(Decision.init)
        }
    }

    /// An admin's decision on a report (LT-10).
    struct Decision: Encodable {
        let id: String
        /// Nil once the report is gone (deleted with its reporter).
        let reportId: String?
        let action: String
        let account: String
        /// Nil once that admin's account is deleted.
        let decidedBy: String?
        let reason: String
        let decidedAt: Date

        init(_ d: ReportDecision) {
            id = LifeTimerJSON.id(d.id)
            reportId = d.reportID.map(LifeTimerJSON.id)
            action = d.action.rawValue
            account = d.account
            decidedBy = d.decidedBy
            reason = d.reason
            decidedAt = d.decidedAt
        }
    }

    struct Done: Encodable {
        let action: String
        let account: String
        let changed: Bool
    }

    /// `report`: the new report's id and what it is about.
    struct Reported: Encodable {
        let id: String
        let target: String
        let subject: String
    }
}
