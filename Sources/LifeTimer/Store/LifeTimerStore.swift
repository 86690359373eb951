import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// LifeTimer's use cases (SPEC §4) for an app or the CLI: one public method
/// is one use case is one transaction, every rule checked inside it on rows
/// read inside it, so that nothing decided is read outside the transaction
/// that acts on it (SPEC CORE-12). The rules themselves are
/// `LifeTimerSession`'s.
///
/// Methods take the acting account (`LifeTimerAccount`: the CLI's `--as`,
/// an app's signed-in user). A write acts on that account as it is inside
/// its transaction (read again by id), never on the copy the caller holds.
/// Reads about other accounts go through the visibility views and hand out
/// `PublicAccount`s, goal summaries and public milestones only.
public struct LifeTimerStore: Sendable {
    let writer: any DatabaseWriter
    public let clock: Clock
    /// The words of the errors it raises and of the sentences it makes (a
    /// notification's body, progress's message): English unless a front end
    /// gives the person's (`speaking(_:)`, `voice(forActing:)`).
    public let voice: LifeTimerVoice

    public init(_ writer: any DatabaseWriter, clock: Clock, voice: LifeTimerVoice = .english) {
        self.writer = writer
        self.clock = clock
        self.voice = voice
    }

    /// The same store, speaking with `voice`.
    public func speaking(_ voice: LifeTimerVoice) -> LifeTimerStore {
        LifeTimerStore(writer, clock: clock, voice: voice)
    }

    func read<T>(_ body: (LifeTimerSession) throws -> T) throws -> T {
        try writer.read { try body(LifeTimerSession($0, clock: clock, voice: voice)) }
    }

    func write<T>(_ body: (LifeTimerSession) throws -> T) throws -> T {
        try writer.write { try body(LifeTimerSession($0, clock: clock, voice: voice)) }
    }

    /// A write acting as `account`, as it is inside the transaction.
    func write<T>(as account: LifeTimerAccount, _ body: (LifeTimerSession, LifeTimerAccount) throws -> T) throws -> T {
        try write { session in try body(session, try session.requireAccount(id: account.id)) }
    }

    // MARK: Accounts (LT-1)

    /// Creates an account. The first account created is the owner's (the
    /// one the CLI acts as without `--as`) and an admin (LT-8).
    @discardableResult
    public func createAccount(_ new: NewAccount) throws -> LifeTimerAccount {
        try write { try $0.createAccount(new) }
    }

    /// The account with this username (any case), or nil. This is the
    /// private record: only for acting as the account.
    public func account(named username: String) throws -> LifeTimerAccount? {
        try read { try $0.account(named: username) }
    }

    public func account(id: UUID) throws -> LifeTimerAccount? { try read { try $0.account(id: id) } }

    /// The owner's account (the first created), or nil.
    public func ownerAccount() throws -> LifeTimerAccount? { try read { try $0.ownerAccount() } }

    /// The account to act as: `username` (from `--as`), else the owner's.
    public func actingAccount(username: String?) throws -> LifeTimerAccount {
        try read { try $0.actingAccount(username: username) }
    }

    /// LT-9: how LifeTimer speaks to the person acting as `username` (from
    /// `--as`, else the owner's account): its language and clock settings
    /// and its zone. When that account cannot be read (no such name yet,
    /// no account at all, a damaged row) the owner's account speaks, and
    /// without one English on the 24-hour clock in the owner's zone: a
    /// voice is never a reason for a command to fail.
    public func voice(forActing username: String?) -> LifeTimerVoice {
        (try? read { try $0.voice(forActing: username) }) ?? .english
    }

    /// The same from a connection opened only to read (`lifectl lifetimer
    /// about`, which never creates or migrates a database).
    public static func voice(reading db: Database, clock: Clock, forActing username: String?) -> LifeTimerVoice {
        (try? LifeTimerSession(db, clock: clock).voice(forActing: username)) ?? .english
    }

    /// Who searches (`lifectl search`): the account named `username` (from
    /// `--as`), else the owner's; nil when there is no account at all and
    /// none was named, so that LifeTimer's words are found by no one.
    public func searchViewer(username: String?) throws -> UUID? {
        try read { session in
            if username == nil, try session.ownerAccount() == nil { return nil }
            return try session.actingAccount(username: username).id
        }
    }

    /// Changes the profile, visibility or zone. Making an account private
    /// keeps its followers' rows but hides it from them (LT-6).
    @discardableResult
    public func updateAccount(_ account: LifeTimerAccount, _ change: AccountChange) throws -> LifeTimerAccount {
        try write { try $0.updateAccount(account.id, change) }
    }

    /// LT-1: deletes the account and everything that names it: its goals,
    /// milestones, countdown, activity, settings, follows and blocks both
    /// ways, reports by and about it (the schema's cascades).
    public func deleteAccount(_ account: LifeTimerAccount) throws {
        try write { try $0.deleteAccount(account.id) }
    }

    /// The account's zone (every "today" of LifeTimer is local to it).
    public func zone(of account: LifeTimerAccount) throws -> TimeZone {
        try LifeTimerSession.zone(of: account)
    }

    /// The account's local date now.
    public func today(for account: LifeTimerAccount) throws -> CivilDate {
        CivilDate.of(clock.now(), in: try zone(of: account))
    }

    /// LT-8: the owner's account and the accounts granted by an admin.
    public func isAdmin(_ account: LifeTimerAccount) throws -> Bool { try read { try $0.isAdmin(account.id) } }

    public func isSuspended(_ account: LifeTimerAccount) throws -> Bool {
        try read { try $0.isSuspended(account.id) }
    }

    /// What `lifectl db check` reports of LifeTimer's rows (`LifeTimerProduct`).
    public func invariantViolations() throws -> [String] { try read { try $0.invariantViolations() } }
}

// MARK: Identities (LT-10)

extension LifeTimerStore {
    /// Links a sign-in identity to the account. False when it was linked to
    /// it already; refused when another account has it (each identity
    /// belongs to one account).
    @discardableResult
    public func linkIdentity(_ identity: IdentityLink, to account: LifeTimerAccount) throws -> Bool {
        try write(as: account) { try $0.linkIdentity(identity, to: $1) }
    }

    /// Unlinks one of the account's sign-in identities; refused when it has
    /// no such link.
    public func unlinkIdentity(_ identity: IdentityLink, from account: LifeTimerAccount) throws {
        try write(as: account) { try $0.unlinkIdentity(identity, from: $1) }
    }
}
