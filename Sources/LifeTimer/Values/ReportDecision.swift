import Foundation

/// An admin's decision on a report (LT-8, LT-10), kept for good: what was
/// decided, by whom, when and why.
public struct ReportDecision: Sendable, Equatable {
    /// What an admin can decide on a report.
    public enum Action: String, Sendable, Codable, CaseIterable {
        /// The report asks for nothing: it is closed as it is.
        case dismiss
        /// The goal or milestone reported is hidden from everyone but its account.
        case hide
        /// The account reported (or the owner of what was reported) is suspended.
        case suspend
    }

    public let id: UUID
    /// The report decided on; nil once it is gone (deleted with its reporter).
    public let reportID: UUID?
    public let action: Action
    /// The account the report is about (the owner of a goal or milestone).
    public let account: String
    /// The admin who decided; nil once that account is deleted.
    public let decidedBy: String?
    public let reason: String
    public let decidedAt: Date

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, reportID: UUID?, action: Action, account: String, decidedBy: String?, reason: String,
        decidedAt: Date
    ) {
        self.id = id
        self.reportID = reportID
        self.action = action
        self.account = account
        self.decidedBy = decidedBy
        self.reason = reason
        self.decidedAt = decidedAt
    }
}
