import Foundation
import LifeCore

/// A report, as an admin lists it.
public struct Report: Sendable, Equatable {
    public let id: UUID
    public let reporter: String
    public let target: ReportTarget
    public let account: String
    public let goalTitle: String?
    public let milestoneTitle: String?
    public let reason: String
    public let createdAt: Date
    public let accountSuspended: Bool

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, reporter: String, target: ReportTarget, account: String, goalTitle: String?, milestoneTitle: String?,
        reason: String, createdAt: Date, accountSuspended: Bool
    ) {
        self.id = id
        self.reporter = reporter
        self.target = target
        self.account = account
        self.goalTitle = goalTitle
        self.milestoneTitle = milestoneTitle
        self.reason = reason
        self.createdAt = createdAt
        self.accountSuspended = accountSuspended
    }
}
