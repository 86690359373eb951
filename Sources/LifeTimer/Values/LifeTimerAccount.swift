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
    public var identity: IdentityLink?
    public var timeZone: String
    public let isOwner: Bool
    public let goalsCreated: Int
    public let longestStreakDays: Int
    public let createdAt: Date
    public let lastActiveAt: Date

    /// The restricted view of this account, as others would see it.
    public var publicView: PublicAccount {
        PublicAccount(
            id: id, username: username, bio: bio, avatarPath: avatarPath, createdAt: createdAt,
            lastActiveAt: lastActiveAt)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, username: String, bio: String?, avatarPath: String?, email: String?, visibility: AccountVisibility,
        identity: IdentityLink?, timeZone: String, isOwner: Bool, goalsCreated: Int, longestStreakDays: Int,
        createdAt: Date, lastActiveAt: Date
    ) {
        self.id = id
        self.username = username
        self.bio = bio
        self.avatarPath = avatarPath
        self.email = email
        self.visibility = visibility
        self.identity = identity
        self.timeZone = timeZone
        self.isOwner = isOwner
        self.goalsCreated = goalsCreated
        self.longestStreakDays = longestStreakDays
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
    }
}
