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

    /// Every report, newest first (admins only).
    public func reports(admin: LifeTimerAccount) throws -> [Report] {
        try read { try $0.reports(admin: admin) }
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
