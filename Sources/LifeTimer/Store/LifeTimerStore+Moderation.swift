import Foundation
import LifeCore
import LifeDB

/// Reports, admins and suspensions (LT-8), each one transaction.
extension LifeTimerStore {
    /// Files a report about something the reporter can see: an account, one
    /// of its goals, or one of its public milestones. Something the reporter
    /// cannot see is answered as something that does not exist.
    @discardableResult
    public func report(_ subject: ReportSubject, reason: String, by reporter: LifeTimerAccount) throws -> UUID {
        try write(as: reporter) { try $0.report(subject, reason: reason, by: $1) }
    }

    /// Every report, newest first, each with its decisions (admins only);
    /// only the open ones (no decision yet) when `openOnly`.
    public func reports(admin: LifeTimerAccount, openOnly: Bool = false) throws -> [Report] {
        try read { try $0.reports(admin: admin, openOnly: openOnly) }
    }

    /// Every decision on a report, newest first (admins only), those whose
    /// report is gone included.
    public func decisions(admin: LifeTimerAccount) throws -> [ReportDecision] {
        try read { try $0.decisions(admin: admin) }
    }

    /// LT-10: decides on a report (admins only): dismiss it, hide the goal
    /// or milestone it is about from everyone but its account, or suspend
    /// the account it is about. Every decision is kept, with who decided,
    /// when and why. The report is named by its id or its first 4+ characters.
    @discardableResult
    public func resolve(
        report: String, _ action: ReportDecision.Action, reason: String, admin: LifeTimerAccount
    ) throws -> ReportDecision {
        try write(as: admin) { try $0.resolve(report: report, action: action, reason: reason, admin: $1) }
    }

    /// Suspends an account (admins only): no one else sees it from now on.
    /// False when it was suspended already: the first suspension, its admin
    /// and reason, stand.
    @discardableResult
    public func suspend(_ username: String, reason: String, admin: LifeTimerAccount) throws -> Bool {
        try write(as: admin) { try $0.suspend(username, reason: reason, admin: $1) }
    }

    /// Lifts a suspension (admins only).
    public func unsuspend(_ username: String, admin: LifeTimerAccount) throws {
        try write(as: admin) { try $0.unsuspend(username, admin: $1) }
    }

    /// Makes another account an admin (admins only). False when it is one
    /// already (granted before, or the owner's account, an admin as such).
    @discardableResult
    public func grantAdmin(_ username: String, admin: LifeTimerAccount) throws -> Bool {
        try write(as: admin) { try $0.grantAdmin(username, admin: $1) }
    }
}
