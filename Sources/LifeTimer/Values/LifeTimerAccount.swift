import Foundation

/// An account as its holder sees it, private fields included (LT-1). It is
/// never handed to another account: they get a `PublicAccount`.
public struct LifeTimerAccount: Sendable, Equatable {
    public let id: UUID
    public var username: String
    public var bio: String?
    public var avatarPath: String?
    public var email: String?
    public var visibility: AccountVisibility
    /// The sign-in identities linked to it (LT-10), oldest link first.
    public var identities: [LinkedIdentity]
    public var timeZone: String
    public let isOwner: Bool
    public let goalsCreated: Int
    public let longestStreakDays: Int
    /// The latest run of active days, and the instant it ends unless a
    /// progress is recorded before (the start of the second local day after
    /// its last day); see `currentStreakDays(at:)`.
    public let latestStreakDays: Int
    public let latestStreakUntil: Date?
    public let createdAt: Date
    public let lastActiveAt: Date

    /// LT-10: the current streak at `now`: the latest run while its last day
    /// is today or yesterday in the account's zone, else 0.
    public func currentStreakDays(at now: Date) -> Int {
        Streaks.current(latest: latestStreakDays, until: latestStreakUntil, now: now)
    }

    /// The restricted view of this account, as others would see it.
    public var publicView: PublicAccount {
        PublicAccount(
            id: id, username: username, bio: bio, avatarPath: avatarPath, createdAt: createdAt,
            lastActiveAt: lastActiveAt)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, username: String, bio: String?, avatarPath: String?, email: String?, visibility: AccountVisibility,
        identities: [LinkedIdentity], timeZone: String, isOwner: Bool, goalsCreated: Int, longestStreakDays: Int,
        latestStreakDays: Int = 0, latestStreakUntil: Date? = nil, createdAt: Date, lastActiveAt: Date
    ) {
        self.id = id
        self.username = username
        self.bio = bio
        self.avatarPath = avatarPath
        self.email = email
        self.visibility = visibility
        self.identities = identities
        self.timeZone = timeZone
        self.isOwner = isOwner
        self.goalsCreated = goalsCreated
        self.longestStreakDays = longestStreakDays
        self.latestStreakDays = latestStreakDays
        self.latestStreakUntil = latestStreakUntil
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
    }
}
