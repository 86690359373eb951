import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// LifeTimer's rules over the database (SPEC §4), inside a transaction that
/// `LifeTimerStore` (or the kernel, for an import, a check or a page)
/// opened: accounts, goals and milestones, the countdown, the social graph,
/// moderation and settings. It never opens a transaction of its own, and
/// every rule is checked here, on rows read inside the caller's transaction,
/// before SQLite's CHECKs and triggers would have to (SPEC CORE-12).
///
/// Methods take the acting account's id, or an account value read in the
/// same transaction (`requireAccount(id:)`): never a row read before the
/// transaction began. Reads about other accounts go through the visibility
/// views of `Schema/0010` and `0011` (`LifeTimerSession+Social.swift`).
struct LifeTimerSession {
    let db: Database
    let clock: Clock

    init(_ db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    var owner: Owner { Owner(db) }

    // MARK: Accounts (LT-1)

    /// Creates an account. The first account created is the owner's (the
    /// one the CLI acts as without `--as`) and an admin (LT-8).
    func createAccount(_ new: NewAccount) throws -> LifeTimerAccount {
        let username = try LifeTimerRules.username(new.username)
        let email = try LifeTimerRules.email(new.email)
        let bio = try LifeTimerRules.bio(new.bio)
        let avatar = try LifeTimerRules.path(new.avatarPath, field: "avatar")
        let identity = try new.identity.map { try LifeTimerRules.identity($0) }
        let zone = try new.timeZone ?? owner.timeZoneName()
        _ = try LifeTimerRules.zone(zone)
        try checkUsernameFree(username, except: nil)
        if let identity,
            try db.fetchOne(
                Int.self, "SELECT 1 FROM lifetimer_accounts WHERE identity_provider = ? AND identity_subject = ?",
                [identity.provider.rawValue, identity.subject]) != nil
        {
            throw LifeError.invalid(
                field: "identity",
                "identity \(identity.provider.rawValue):\(TerminalText.echoed(identity.subject)) already belongs to another account"
            )
        }
        let isFirst = try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_accounts WHERE is_owner = 1") == nil
        let id = UUID()
        let now = clock.now()
        try db.execute(
            """
            INSERT INTO lifetimer_accounts (id, username, bio, avatar_path, email, visibility, identity_provider,
                identity_subject, time_zone, is_owner, created_at, last_active_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, username, bio, avatar, email, new.visibility.rawValue, identity?.provider.rawValue,
                identity?.subject, zone, isFirst, now, now, now,
            ])
        try db.execute("INSERT INTO lifetimer_settings (account_id, updated_at) VALUES (?, ?)", [id, now])
        try db.execute(
            "INSERT INTO lifetimer_notification_preferences (account_id, updated_at) VALUES (?, ?)", [id, now])
        return try requireAccount(id: id)
    }

    static let accountColumns = """
        SELECT id, username, bio, avatar_path, email, visibility, identity_provider, identity_subject, time_zone,
               is_owner, goals_created, longest_streak_days, created_at, last_active_at
        FROM lifetimer_accounts
        """

    /// Decodes a row of `accountColumns`, by column name; an unknown
    /// visibility or identity provider is an error naming it (issue 10).
    static func account(from row: TableRow) throws -> LifeTimerAccount {
        let provider = try row["identity_provider", as: IdentityProvider?.self]
        let subject: String? = try row["identity_subject"]
        var identity: IdentityLink?
        if let provider, let subject {
            identity = IdentityLink(provider: provider, subject: subject)
        }
        return LifeTimerAccount(
            id: try row["id"], username: try row["username"], bio: try row["bio"],
            avatarPath: try row["avatar_path"], email: try row["email"],
            visibility: try row["visibility", as: AccountVisibility.self], identity: identity,
            timeZone: try row["time_zone"], isOwner: try row["is_owner"], goalsCreated: try row["goals_created"],
            longestStreakDays: try row["longest_streak_days"], createdAt: try row["created_at"],
            lastActiveAt: try row["last_active_at"])
    }

    /// The account with this username (any case), or nil. This is the
    /// private record: only for acting as the account.
    func account(named username: String) throws -> LifeTimerAccount? {
        try db.fetchOne(
            table: "lifetimer_accounts", Self.accountColumns + " WHERE username = ?",
            [username.trimmingCharacters(in: .whitespaces)], Self.account(from:))
    }

    func account(id: UUID) throws -> LifeTimerAccount? {
        try db.fetchOne(table: "lifetimer_accounts", Self.accountColumns + " WHERE id = ?", [id], Self.account(from:))
    }

    /// The account as it is now, inside this transaction: what every use
    /// case acts on, whatever the caller read before.
    func requireAccount(id: UUID) throws -> LifeTimerAccount {
        guard let account = try account(id: id) else {
            throw LifeError.invalid(field: "account", "the account no longer exists")
        }
        return account
    }

    /// The owner's account (the first created), or nil.
    func ownerAccount() throws -> LifeTimerAccount? {
        try db.fetchOne(
            table: "lifetimer_accounts", Self.accountColumns + " WHERE is_owner = 1", [], Self.account(from:))
    }

    /// The account to act as: `username` (from `--as`), else the owner's.
    func actingAccount(username: String?) throws -> LifeTimerAccount {
        if let username {
            guard let account = try account(named: username) else {
                throw LifeError.invalid(
                    field: "--as", "--as is '\(TerminalText.echoed(username))'; no account has that username")
            }
            return account
        }
        guard let account = try ownerAccount() else {
            throw LifeError(
                kind: .invalidValue, field: "--as", message: "no LifeTimer account to act as",
                remedy: .lifeTimerAccountCreate)
        }
        return account
    }

    /// Changes the profile, visibility or zone of the account as it is now.
    /// Making an account private keeps its followers' rows but hides it
    /// from them (LT-6). `updated_at` moves only when a value changes.
    func updateAccount(_ id: UUID, _ change: AccountChange) throws -> LifeTimerAccount {
        let account = try requireAccount(id: id)
        var next = account
        if let username = change.username { next.username = try LifeTimerRules.username(username) }
        if let bio = change.bio { next.bio = try LifeTimerRules.bio(bio) }
        if let avatar = change.avatarPath { next.avatarPath = try LifeTimerRules.path(avatar, field: "avatar") }
        if let email = change.email { next.email = try LifeTimerRules.email(email) }
        if let visibility = change.visibility { next.visibility = visibility }
        if let zone = change.timeZone {
            _ = try LifeTimerRules.zone(zone)
            next.timeZone = zone
        }
        if next.username != account.username { try checkUsernameFree(next.username, except: account.id) }
        let now = clock.now()
        if next != account {
            try db.execute(
                """
                UPDATE lifetimer_accounts SET username = ?, bio = ?, avatar_path = ?, email = ?, visibility = ?,
                    time_zone = ?, updated_at = max(updated_at, ?)
                WHERE id = ?
                """,
                [
                    next.username, next.bio, next.avatarPath, next.email, next.visibility.rawValue, next.timeZone, now,
                    account.id,
                ])
        }
        try touch(account.id)
        return try requireAccount(id: account.id)
    }

    /// LT-1: deletes the account and everything that names it: its goals,
    /// milestones, countdown, activity, settings, follows and blocks both
    /// ways, reports by and about it (the schema's cascades).
    func deleteAccount(_ id: UUID) throws {
        let account = try requireAccount(id: id)
        try db.execute("DELETE FROM lifetimer_accounts WHERE id = ?", [account.id])
        // The owner's flag (and with it the admin right, see isAdmin)
        // passes to the oldest remaining account.
        if account.isOwner { try passOwnership() }
    }

    /// Makes the oldest account the owner's when none is: accounts created
    /// in the same millisecond go in the order they were inserted (rowid).
    func passOwnership() throws {
        try db.execute(
            """
            UPDATE lifetimer_accounts SET is_owner = 1
            WHERE id = (SELECT id FROM lifetimer_accounts ORDER BY created_at, rowid LIMIT 1)
                AND NOT EXISTS (SELECT 1 FROM lifetimer_accounts WHERE is_owner = 1)
            """)
    }

    /// Marks the account active now (every write it makes).
    func touch(_ id: UUID) throws {
        try db.execute(
            "UPDATE lifetimer_accounts SET last_active_at = max(last_active_at, ?) WHERE id = ?", [clock.now(), id])
    }

    private func checkUsernameFree(_ username: String, except id: UUID?) throws {
        if let other = try db.fetchOne(UUID.self, "SELECT id FROM lifetimer_accounts WHERE username = ?", [username]),
            other != id
        {
            throw LifeError.invalid(
                field: "username", "username '\(username)' is taken (usernames ignore upper and lower case)")
        }
    }

    // MARK: Time

    /// The account's zone (every "today" of LifeTimer is local to it).
    func zone(of account: LifeTimerAccount) throws -> TimeZone { try Self.zone(of: account) }

    static func zone(of account: LifeTimerAccount) throws -> TimeZone {
        do {
            return try LifeTimerRules.zone(account.timeZone)
        } catch let error as LifeError {
            // Checked when it was set: a zone this system does not know is
            // the stored row's problem (exit 65), as `db check` says.
            throw LifeError.malformed(
                "lifetimer_accounts row '\(account.id.uuidString.lowercased())' cannot be read: \(error.message)",
                field: "time_zone")
        }
    }

    func today(for account: LifeTimerAccount) throws -> CivilDate {
        CivilDate.of(clock.now(), in: try zone(of: account))
    }
}
