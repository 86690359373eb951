import Foundation
import LifeCore
import LifeTimer

/// The `--json` shapes of `lifectl lifetimer` (docs/json.md). Ids are lower
/// case (CORE-10). Only `Account` carries the e-mail and identity link, and
/// only `account show` prints it, for the account itself.
enum LifeTimerJSON {
    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }

    struct Identity: Encodable {
        let provider: String
        let subject: String
    }

    /// The acting account's own record.
    struct Account: Encodable {
        let id: String
        let username: String
        let bio: String?
        let avatar: String?
        let email: String?
        let identity: Identity?
        let visibility: String
        let timeZone: String
        let owner: Bool
        let admin: Bool
        let goalsCreated: Int
        let longestStreakDays: Int
        let createdAt: Date
        let lastActiveAt: Date

        init(_ a: LifeTimerAccount, admin: Bool) {
            id = LifeTimerJSON.id(a.id)
            username = a.username
            bio = a.bio
            avatar = a.avatarPath
            email = a.email
            identity = a.identity.map { Identity(provider: $0.provider.rawValue, subject: $0.subject) }
            visibility = a.visibility.rawValue
            timeZone = a.timeZone
            owner = a.isOwner
            self.admin = admin
            goalsCreated = a.goalsCreated
            longestStreakDays = a.longestStreakDays
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

        init(_ m: LifeTimer.Milestone, goal: Int) {
            id = LifeTimerJSON.id(m.id)
            ref = "\(goal).\(m.position)"
            position = m.position
            title = m.title
            due = m.dueDate
            self.public = m.isPublic
            completed = m.isCompleted
            completedAt = m.completedAt
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
        let milestones: [Milestone]

        init(_ g: LifeTimer.Goal) {
            id = LifeTimerJSON.id(g.id)
            number = g.number
            title = g.title
            description = g.description
            location = g.location.map { Location(latitude: $0.latitude, longitude: $0.longitude, place: $0.placeName) }
            cover = g.cover
            completed = g.isCompleted
            completedAt = g.completedAt
            progress = g.progress
            milestones = g.milestones.map { Milestone($0, goal: g.number) }
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

        init(_ p: ProgressReport) {
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
        }
    }

    struct GoalSummary: Encodable {
        let id: String
        let number: Int
        let title: String
        let completed: Bool
        let progress: Double
        let milestones: [Milestone]
    }

    struct Profile: Encodable {
        let account: PublicAccount
        let isSelf: Bool
        let goals: [GoalSummary]
        let goalsCompleted: Int
        let overallProgress: Double
        let longestStreakDays: Int
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
                    progress: g.progress, milestones: g.milestones.map { Milestone($0, goal: g.number) })
            }
            goalsCompleted = p.goalsCompleted
            overallProgress = p.overallProgress
            longestStreakDays = p.longestStreakDays
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
        let total: Int
        let entries: [LeaderboardEntry]

        init(_ l: LifeTimer.Leaderboard) {
            kind = l.kind.rawValue
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
