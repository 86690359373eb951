import Foundation
import LifeCore
import LifeDB

/// Sign-in identities (LT-1, LT-10): an account links several, each
/// (provider, subject) to one account only. No password is ever stored: the
/// provider holds the secret, the subject is its id for the person.
extension LifeTimerSession {
    /// Links `identity` to the account. False when it is linked to it
    /// already; refused when another account has it.
    func linkIdentity(_ identity: IdentityLink, to account: LifeTimerAccount) throws -> Bool {
        let link = try LifeTimerRules.identity(identity)
        if let owner = try db.fetchOne(
            UUID.self, "SELECT account_id FROM lifetimer_identities WHERE provider = ? AND subject = ?",
            [link.provider.rawValue, link.subject])
        {
            if owner == account.id { return false }
            throw Self.identityTaken(link)
        }
        try db.execute(
            "INSERT INTO lifetimer_identities (provider, subject, account_id, linked_at) VALUES (?, ?, ?, ?)",
            [link.provider.rawValue, link.subject, account.id, clock.now()])
        try touch(account.id)
        return true
    }

    /// Unlinks one of the account's identities; refused when the account
    /// has no such link. The last one may go too: an account needs none
    /// (one can be made without).
    func unlinkIdentity(_ identity: IdentityLink, from account: LifeTimerAccount) throws {
        let link = try LifeTimerRules.identity(identity)
        try db.execute(
            "DELETE FROM lifetimer_identities WHERE provider = ? AND subject = ? AND account_id = ?",
            [link.provider.rawValue, link.subject, account.id])
        guard db.changes > 0 else {
            throw LifeError.invalid(
                field: "identity",
                "identity \(link.provider.rawValue):\(TerminalText.echoed(link.subject)) is not linked to \(account.username)"
            )
        }
        try touch(account.id)
    }
}
