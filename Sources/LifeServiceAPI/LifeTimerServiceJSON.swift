import Foundation
import LifeCore
import LifeTimer

/// LifeTimer through the service (docs/server.md, "The service's API"): the
/// bodies of `/lifetimer/…`, and the device's values they stand for.
public enum LifeTimerServiceJSON {
    /// `PUT /lifetimer/account`: the signed-in person's account (made on
    /// the first call, brought up to date on the next).
    public struct Account: Codable, Sendable, Equatable {
        public var username: String
        public var bio: String?
        public var avatarPath: String?
        public var visibility: AccountVisibility
        public var timeZone: String
        public var email: String?

        public init(
            username: String, bio: String? = nil, avatarPath: String? = nil, visibility: AccountVisibility,
            timeZone: String, email: String? = nil
        ) {
            self.username = username
            self.bio = bio
            self.avatarPath = avatarPath
            self.visibility = visibility
            self.timeZone = timeZone
            self.email = email
        }
    }

    /// `PUT /lifetimer/account`'s answer.
    public struct AccountSaved: Codable, Sendable, Equatable {
        public var id: UUID
        public var created: Bool
        public init(id: UUID, created: Bool) {
            self.id = id
            self.created = created
        }
    }

    /// `POST /lifetimer/goals`.
    public struct NewGoal: Codable, Sendable, Equatable {
        public var title: String
        public init(title: String) { self.title = title }
    }

    /// `POST /lifetimer/goals/ID/milestones`.
    public struct NewMilestone: Codable, Sendable, Equatable {
        public var title: String
        public var isPublic: Bool
        public var dueDate: String?
        public init(title: String, isPublic: Bool, dueDate: String? = nil) {
            self.title = title
            self.isPublic = isPublic
            self.dueDate = dueDate
        }
    }

    /// What a `POST` made: its id and its number (a goal) or position (a milestone).
    public struct Made: Codable, Sendable, Equatable {
        public var id: UUID
        public var number: Int
        public init(id: UUID, number: Int) {
            self.id = id
            self.number = number
        }
    }

    /// `POST /lifetimer/milestones/ID/complete`: the server's instant.
    public struct Completed: Codable, Sendable, Equatable {
        public var completedAt: Date
        public init(completedAt: Date) { self.completedAt = completedAt }
    }

    /// `PUT /lifetimer/follows/NAME`: whether a new follow was made.
    public struct Followed: Codable, Sendable, Equatable {
        public var followed: Bool
        public init(followed: Bool) { self.followed = followed }
    }

    public struct MilestoneItem: Codable, Sendable, Equatable {
        public var id: UUID
        public var goalId: UUID
        public var position: Int
        public var title: String
        public var dueDate: String?
        public var isPublic: Bool
        public var completedAt: Date?
        public var isHidden: Bool

        public init(_ milestone: Milestone) {
            id = milestone.id
            goalId = milestone.goalID
            position = milestone.position
            title = milestone.title
            dueDate = milestone.dueDate?.iso
            isPublic = milestone.isPublic
            completedAt = milestone.completedAt
            isHidden = milestone.isHidden
        }

        public var value: Milestone {
            Milestone(
                id: id, goalID: goalId, position: position, title: title,
                dueDate: dueDate.flatMap(CivilDate.init(iso:)),
                isPublic: isPublic, completedAt: completedAt, isHidden: isHidden)
        }
    }

    public struct Goal: Codable, Sendable, Equatable {
        public var id: UUID
        public var number: Int
        public var title: String
        public var completed: Bool
        public var progress: Double
        public var isHidden: Bool
        public var milestones: [MilestoneItem]

        public init(_ goal: GoalSummary) {
            id = goal.id
            number = goal.number
            title = goal.title
            completed = goal.completed
            progress = goal.progress
            isHidden = goal.isHidden
            milestones = goal.milestones.map(MilestoneItem.init)
        }

        public var value: GoalSummary {
            GoalSummary(
                id: id, number: number, title: title, completed: completed, progress: progress, isHidden: isHidden,
                milestones: milestones.map(\.value))
        }
    }

    /// `GET /lifetimer/profile[/NAME]`.
    public struct ProfileBody: Codable, Sendable, Equatable {
        public var account: PublicAccount
        public var isSelf: Bool
        public var goals: [Goal]
        public var goalsCompleted: Int
        public var overallProgress: Double
        public var longestStreakDays: Int
        public var currentStreakDays: Int
        public var startedAt: Date?
        public var endsAt: Date?
        public var followers: Int
        public var following: Int

        public init(_ profile: Profile) {
            account = profile.account
            isSelf = profile.isSelf
            goals = profile.goals.map(Goal.init)
            goalsCompleted = profile.goalsCompleted
            overallProgress = profile.overallProgress
            longestStreakDays = profile.longestStreakDays
            currentStreakDays = profile.currentStreakDays
            startedAt = profile.startedAt
            endsAt = profile.endsAt
            followers = profile.followers
            following = profile.following
        }

        public var value: Profile {
            Profile(
                account: account, isSelf: isSelf, goals: goals.map(\.value), goalsCompleted: goalsCompleted,
                overallProgress: overallProgress, longestStreakDays: longestStreakDays,
                currentStreakDays: currentStreakDays, startedAt: startedAt, endsAt: endsAt, followers: followers,
                following: following)
        }
    }

    /// `GET /lifetimer/feed`: items newest first.
    public struct FeedEntry: Codable, Sendable, Equatable {
        public var account: PublicAccount
        public var milestoneId: UUID
        public var goalTitle: String
        public var milestoneTitle: String
        public var completedAt: Date

        public init(_ item: FeedItem) {
            account = item.account
            milestoneId = item.milestoneID
            goalTitle = item.goalTitle
            milestoneTitle = item.milestoneTitle
            completedAt = item.completedAt
        }

        public var value: FeedItem {
            FeedItem(
                account: account, milestoneID: milestoneId, goalTitle: goalTitle, milestoneTitle: milestoneTitle,
                completedAt: completedAt)
        }
    }

    /// `GET /lifetimer/leaderboard/KIND`.
    public struct Board: Codable, Sendable, Equatable {
        public struct Entry: Codable, Sendable, Equatable {
            public var rank: Int
            public var account: PublicAccount
            public var value: Int
            public var milestoneTitle: String?
            public var completedAt: Date?
        }

        public var kind: LeaderboardKind
        public var total: Int
        public var entries: [Entry]

        public init(_ board: Leaderboard) {
            kind = board.kind
            total = board.total
            entries = board.entries.map {
                Entry(
                    rank: $0.rank, account: $0.account, value: $0.value, milestoneTitle: $0.milestoneTitle,
                    completedAt: $0.completedAt)
            }
        }

        public var value: Leaderboard {
            Leaderboard(
                kind: kind,
                entries: entries.map {
                    LeaderboardEntry(
                        rank: $0.rank, account: $0.account, value: $0.value, milestoneTitle: $0.milestoneTitle,
                        completedAt: $0.completedAt)
                }, total: total)
        }
    }
}
