import Foundation

public struct IdentityLink: Sendable, Codable, Equatable {
    public let provider: IdentityProvider
    public let subject: String

    public init(provider: IdentityProvider, subject: String) {
        self.provider = provider
        self.subject = subject
    }
}
