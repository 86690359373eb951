import Foundation

/// LT-1: who may see an account besides itself.
public enum AccountVisibility: String, Sendable, Codable, CaseIterable {
    case `public`, `private`
}

/// LT-1: where the account signs in. No password is ever stored; the
/// provider holds the secret and the subject is its id for this person.
public enum IdentityProvider: String, Sendable, Codable, CaseIterable {
    case email, google, apple
}

public struct IdentityLink: Sendable, Codable, Equatable {
    public let provider: IdentityProvider
    public let subject: String

    public init(provider: IdentityProvider, subject: String) {
        self.provider = provider
        self.subject = subject
    }
}

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

/// The public view of an account (LT-6): avatar, username, bio and when it
/// was created and last active. It has no field for an e-mail or an
/// identity link, so no code path can put one in it.
public struct PublicAccount: Sendable, Equatable, Codable, Hashable {
    public let id: UUID
    public let username: String
    public let bio: String?
    public let avatarPath: String?
    public let createdAt: Date
    public let lastActiveAt: Date

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, username: String, bio: String?, avatarPath: String?, createdAt: Date, lastActiveAt: Date
    ) {
        self.id = id
        self.username = username
        self.bio = bio
        self.avatarPath = avatarPath
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
    }
}

/// What `createAccount` needs; nil fields are absent.
public struct NewAccount: Sendable {
    public var username: String
    public var email: String?
    public var identity: IdentityLink?
    public var bio: String?
    public var avatarPath: String?
    public var visibility: AccountVisibility
    /// IANA name; nil takes the owner's zone (shared by every product).
    public var timeZone: String?

    public init(
        username: String, email: String? = nil, identity: IdentityLink? = nil, bio: String? = nil,
        avatarPath: String? = nil, visibility: AccountVisibility = .private, timeZone: String? = nil
    ) {
        self.username = username
        self.email = email
        self.identity = identity
        self.bio = bio
        self.avatarPath = avatarPath
        self.visibility = visibility
        self.timeZone = timeZone
    }
}

/// A change to an account's profile: nil leaves a field as it is; an empty
/// string clears an optional one.
public struct AccountChange: Sendable {
    public var username: String?
    public var bio: String?
    public var avatarPath: String?
    public var email: String?
    public var visibility: AccountVisibility?
    public var timeZone: String?

    public init(
        username: String? = nil, bio: String? = nil, avatarPath: String? = nil, email: String? = nil,
        visibility: AccountVisibility? = nil, timeZone: String? = nil
    ) {
        self.username = username
        self.bio = bio
        self.avatarPath = avatarPath
        self.email = email
        self.visibility = visibility
        self.timeZone = timeZone
    }
}
