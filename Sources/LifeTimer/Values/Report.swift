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
    /// Every decision an admin made on it, oldest first; empty while it is open.
    public let decisions: [ReportDecision]

    /// Open until an admin decides on it.
    public var isOpen: Bool { decisions.isEmpty }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, reporter: String, target: ReportTarget, account: String, goalTitle: String?, milestoneTitle: String?,
        reason: String, createdAt: Date, accountSuspended: Bool, decisions: [ReportDecision] = []
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
        self.decisions = decisions
    }
}
