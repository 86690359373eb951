import Foundation
import LifeCore

/// A public milestone completed by an account the viewer follows (LT-6).
public struct FeedItem: Sendable, Equatable {
    public let account: PublicAccount
    public let milestoneID: UUID
    public let goalTitle: String
    public let milestoneTitle: String
    public let completedAt: Date

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        account: PublicAccount, milestoneID: UUID, goalTitle: String, milestoneTitle: String, completedAt: Date
    ) {
        self.account = account
        self.milestoneID = milestoneID
        self.goalTitle = goalTitle
        self.milestoneTitle = milestoneTitle
        self.completedAt = completedAt
    }
}
