import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// LifeTimer's rules over the database (SPEC §4): accounts, goals and
/// milestones, the countdown, the social graph, moderation and settings.
/// Every write is one transaction; every rule is checked here first, and the
/// schema's CHECKs and triggers hold the same locks for anyone using sqlite3.
///
/// Methods take the acting account (`LifeTimerAccount`): the CLI's `--as`,
/// an app's signed-in user. Reads about other accounts go through one rule,
/// the `lifetimer_visible_accounts` view (see `LifeTimerStore+Social.swift`), and
/// hand out `PublicAccount`s built from `publicColumns(_:)` only.
public struct LifeTimerStore {
    public let db: Database
    public let clock: Clock

    public init(db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    var owner: Owner { Owner(db) }

    // MARK: Accounts (LT-1)

    /// Creates an account. The first account created is the owner's (the
    /// one the CLI acts as without `--as`) and an admin (LT-8).
    @discardableResult
    public func createAccount(_ new: NewAccount) throws -> LifeTimerAccount {
        let username = try Self.checkUsername(new.username)
        let email = try Self.checkEmail(new.email)
        let bio = try TextRule.optional(new.bio, field: "bio", limit: LifeTimerRules.bioLimit)
        let avatar = try Self.checkPath(new.avatarPath, field: "avatar")
        let identity = try new.identity.map(Self.checkIdentity)
        let zone = try new.timeZone ?? owner.timeZoneName()
        _ = try TimeZoneSetting.zone(named: zone)
        let id = UUID()
        try db.writeTransaction { db in
            try checkUsernameFree(username, except: nil)
            if let identity,
                try db.fetchOne(
                    Int.self,
                    "SELECT 1 FROM lifetimer_accounts WHERE identity_provider = ? AND identity_subject = ?",
                    [identity.provider.rawValue, identity.subject]) != nil
            {
                throw LifeError.invalid(
                    field: "identity",
                    "identity \(identity.provider.rawValue):\(identity.subject) already belongs to another account")
            }
            let isFirst = try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_accounts WHERE is_owner = 1") == nil
            let now = clock.now()
            try db.execute(
                """
                INSERT INTO lifetimer_accounts (id, username, bio, avatar_path, email, visibility, identity_provider,
                    identity_subject, time_zone, is_owner, created_at, last_active_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    id, username, bio, avatar, email, new.visibility.rawValue, identity?.provider.rawValue,
                    identity?.subject, zone, isFirst, now, now,
                ])
            try db.execute("INSERT INTO lifetimer_settings (account_id, updated_at) VALUES (?, ?)", [id, now])
            try db.execute(
                "INSERT INTO lifetimer_notification_preferences (account_id, updated_at) VALUES (?, ?)", [id, now])
        }
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
    /// private record: only for acting as the account, or for an admin.
    public func account(named username: String) throws -> LifeTimerAccount? {
        try db.fetchOne(
            table: "lifetimer_accounts", Self.accountColumns + " WHERE username = ?",
            [username.trimmingCharacters(in: .whitespaces)], Self.account(from:))
    }

    public func account(id: UUID) throws -> LifeTimerAccount? {
        try db.fetchOne(table: "lifetimer_accounts", Self.accountColumns + " WHERE id = ?", [id], Self.account(from:))
    }

    func requireAccount(id: UUID) throws -> LifeTimerAccount {
        guard let account = try account(id: id) else {
            throw LifeError.invalid(field: "account", "the account no longer exists")
        }
        return account
    }

    /// The owner's account (the first created), or nil.
    public func ownerAccount() throws -> LifeTimerAccount? {
        try db.fetchOne(
            table: "lifetimer_accounts", Self.accountColumns + " WHERE is_owner = 1", [], Self.account(from:))
    }

    /// The account to act as: `username` (from `--as`), else the owner's.
    public func actingAccount(username: String?) throws -> LifeTimerAccount {
        if let username {
            guard let account = try account(named: username) else {
                throw LifeError.invalid(field: "--as", "--as is '\(username)'; no account has that username")
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

    /// Changes the profile, visibility or zone. Making an account private
    /// keeps its followers' rows but hides it from them (LT-6).
    @discardableResult
    public func updateAccount(_ account: LifeTimerAccount, _ change: AccountChange) throws -> LifeTimerAccount {
        var next = account
        if let username = change.username { next.username = try Self.checkUsername(username) }
        if let bio = change.bio { next.bio = try TextRule.optional(bio, field: "bio", limit: LifeTimerRules.bioLimit) }
        if let avatar = change.avatarPath { next.avatarPath = try Self.checkPath(avatar, field: "avatar") }
        if let email = change.email { next.email = try Self.checkEmail(email) }
        if let visibility = change.visibility { next.visibility = visibility }
        if let zone = change.timeZone {
            _ = try TimeZoneSetting.zone(named: zone)
            next.timeZone = zone
        }
        try db.writeTransaction { db in
            if next.username != account.username { try checkUsernameFree(next.username, except: account.id) }
            try db.execute(
                """
                UPDATE lifetimer_accounts SET username = ?, bio = ?, avatar_path = ?, email = ?, visibility = ?,
                    time_zone = ?, last_active_at = ?
                WHERE id = ?
                """,
                [
                    next.username, next.bio, next.avatarPath, next.email, next.visibility.rawValue, next.timeZone,
                    clock.now(), account.id,
                ])
        }
        return try requireAccount(id: account.id)
    }

    /// LT-1: deletes the account and everything that names it: its goals,
    /// milestones, countdown, activity, settings, follows and blocks both
    /// ways, reports by and about it (the schema's cascades).
    public func deleteAccount(_ account: LifeTimerAccount) throws {
        try db.writeTransaction { db in
            try db.execute("DELETE FROM lifetimer_accounts WHERE id = ?", [account.id])
            // The owner's flag (and with it the admin right, see isAdmin)
            // passes to the oldest remaining account; accounts created in the
            // same millisecond go in the order they were inserted (rowid).
            if account.isOwner {
                try db.execute(
                    """
                    UPDATE lifetimer_accounts SET is_owner = 1
                    WHERE id = (SELECT id FROM lifetimer_accounts ORDER BY created_at, rowid LIMIT 1)
                    """)
            }
        }
    }

    /// Marks the account active now (every write it makes).
    func touch(_ account: LifeTimerAccount) throws {
        try db.execute("UPDATE lifetimer_accounts SET last_active_at = ? WHERE id = ?", [clock.now(), account.id])
    }

    private func checkUsernameFree(_ username: String, except id: UUID?) throws {
        if let other = try db.fetchOne(UUID.self, "SELECT id FROM lifetimer_accounts WHERE username = ?", [username]),
            other != id
        {
            throw LifeError.invalid(
                field: "username", "username '\(username)' is taken (usernames ignore upper and lower case)")
        }
    }

    // MARK: Field rules

    static func checkUsername(_ text: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        let range = LifeTimerRules.usernameLengths
        guard range.contains(name.count),
            name.unicodeScalars.allSatisfy({
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "."
            })
        else {
            throw LifeError.invalid(
                field: "username",
                "username is '\(text)'; it must be \(range.lowerBound)–\(range.upperBound) of letters, digits, _ and . (ASCII)"
            )
        }
        return name
    }

    static func checkEmail(_ text: String?) throws -> String? {
        guard let email = try TextRule.optional(text, field: "email", limit: LifeTimerRules.emailLimit) else {
            return nil
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(where: \.isWhitespace) else {
            throw LifeError.invalid(field: "email", "email is '\(email)'; expected one address such as ada@example.org")
        }
        return email
    }

    static func checkPath(_ text: String?, field: String) throws -> String? {
        let path = try TextRule.optional(text, field: field, limit: LifeTimerRules.pathLimit)
        if let path, path.contains("\n") || path.contains("\t") {
            throw LifeError.invalid(field: field, "\(field) contains a line break or tab; a path or URL is one line")
        }
        return path
    }

    static func checkIdentity(_ link: IdentityLink) throws -> IdentityLink {
        let subject = try TextRule.required(
            link.subject, field: "identity subject", limit: LifeTimerRules.identitySubjectLimit)
        return IdentityLink(provider: link.provider, subject: subject)
    }

    // MARK: Time

    /// The account's zone (every "today" of LifeTimer is local to it).
    public func zone(of account: LifeTimerAccount) throws -> TimeZone {
        try TimeZoneSetting.zone(named: account.timeZone)
    }

    public func today(for account: LifeTimerAccount) throws -> CivilDate {
        CivilDate.of(clock.now(), in: try zone(of: account))
    }
}
