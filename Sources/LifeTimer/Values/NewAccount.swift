import Foundation

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
