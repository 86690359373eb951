import Foundation

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
