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
        let link = try LifeTimerRules.identity(identity, voice: voice)
        if let owner = try db.fetchOne(
            UUID.self, "SELECT account_id FROM lifetimer_identities WHERE provider = ? AND subject = ?",
            [link.provider.rawValue, link.subject])
        {
            if owner == account.id { return false }
            throw identityTaken(link)
        }
        try db.execute(
            "INSERT INTO lifetimer_identities (provider, subject, account_id, linked_at) VALUES (?, ?, ?, ?)",
            [link.provider.rawValue, link.subject, account.id, clock.now()])
        try touch(account.id)
        return true
    }

    /// Unlinks one of the account's identities; refused when the account
    /// has no such link, and when it is the account's last one: an account
    /// that has a sign-in identity keeps at least one, or it could sign in
    /// nowhere (issue 32). An account made without one (the device's own,
    /// which the CLI acts as) needs none; to change provider, link the new
    /// identity first, then unlink the old.
    func unlinkIdentity(_ identity: IdentityLink, from account: LifeTimerAccount) throws {
        let link = try LifeTimerRules.identity(identity, voice: voice)
        let linked = try identities(accountID: account.id)
        guard linked.contains(where: { $0.link == link }) else {
            throw voice.invalid(
                "identity", .errorIdentityNotLinked, ["identity": Self.named(link), "username": account.username])
        }
        guard linked.count > 1 else {
            throw voice.invalid(
                "identity", .errorLastIdentity, ["identity": Self.named(link), "username": account.username])
        }
        try db.execute(
            "DELETE FROM lifetimer_identities WHERE provider = ? AND subject = ? AND account_id = ?",
            [link.provider.rawValue, link.subject, account.id])
        try touch(account.id)
    }
}
