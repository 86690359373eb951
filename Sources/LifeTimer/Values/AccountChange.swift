import Foundation

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
