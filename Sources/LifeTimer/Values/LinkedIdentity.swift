import Foundation

/// A sign-in identity linked to an account (LT-1, LT-10): the provider, its
/// id for the person, and when it was linked. Private: only the account
/// itself reads its identities.
public struct LinkedIdentity: Sendable, Equatable {
    public let provider: IdentityProvider
    public let subject: String
    public let linkedAt: Date

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(provider: IdentityProvider, subject: String, linkedAt: Date) {
        self.provider = provider
        self.subject = subject
        self.linkedAt = linkedAt
    }

    /// The link without its instant.
    public var link: IdentityLink { IdentityLink(provider: provider, subject: subject) }
}
