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
    /// The words of the errors it raises (the engine's pages, imports and
    /// checks keep English).
    let voice: LifeTimerVoice

    init(_ db: Database, clock: Clock, voice: LifeTimerVoice = .english) {
        self.db = db
        self.clock = clock
        self.voice = voice
    }

    var owner: Owner { Owner(db) }

    // MARK: Accounts (LT-1)

    /// Creates an account. The first account created is the owner's (the
    /// one the CLI acts as without `--as`) and an admin (LT-8).
    func createAccount(_ new: NewAccount) throws -> LifeTimerAccount {
        let username = try LifeTimerRules.username(new.username, voice: voice)
        let email = try LifeTimerRules.email(new.email, voice: voice)
        let bio = try LifeTimerRules.bio(new.bio, voice: voice)
        let avatar = try LifeTimerRules.path(new.avatarPath, field: "avatar", voice: voice)
        let identity = try new.identity.map { try LifeTimerRules.identity($0, voice: voice) }
        let zone = try new.timeZone ?? owner.timeZoneName()
        _ = try LifeTimerRules.zone(zone, voice: voice)
        try checkUsernameFree(username, except: nil)
        if let email { try checkEmailFree(email, except: nil) }
        if let identity { try checkIdentityFree(identity) }
        let isFirst = try db.fetchOne(Int.self, "SELECT 1 FROM lifetimer_accounts WHERE is_owner = 1") == nil
        let id = UUID()
        let now = clock.now()
        try db.execute(
            """
            INSERT INTO lifetimer_accounts (id, username, bio, avatar_path, email, visibility, time_zone, is_owner,
                created_at, last_active_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [id, username, bio, avatar, email, new.visibility.rawValue, zone, isFirst, now, now, now])
        if let identity {
            try db.execute(
                "INSERT INTO lifetimer_identities (provider, subject, account_id, linked_at) VALUES (?, ?, ?, ?)",
                [identity.provider.rawValue, identity.subject, id, now])
        }
        try db.execute("INSERT INTO lifetimer_settings (account_id, updated_at) VALUES (?, ?)", [id, now])
        try db.execute(
            "INSERT INTO lifetimer_notification_preferences (account_id, updated_at) VALUES (?, ?)", [id, now])
        return try requireAccount(id: id)
    }

    static let accountColumns = """
        SELECT id, username, bio, avatar_path, email, visibility, time_zone, is_owner, goals_created,
               longest_streak_days, current_streak_days, current_streak_until, created_at, last_active_at
        FROM lifetimer_accounts
        """

    /// Decodes a row of `accountColumns`, by column name, without its
    /// identities (`withIdentities` adds them); an unknown visibility is an
    /// error naming it (issue 10).
    static func account(from row: TableRow) throws -> LifeTimerAccount {
        LifeTimerAccount(
            id: try row["id"], username: try row["username"], bio: try row["bio"],
            avatarPath: try row["avatar_path"], email: try row["email"],
            visibility: try row["visibility", as: AccountVisibility.self], identities: [],
            timeZone: try row["time_zone"], isOwner: try row["is_owner"], goalsCreated: try row["goals_created"],
            longestStreakDays: try row["longest_streak_days"], latestStreakDays: try row["current_streak_days"],
            latestStreakUntil: try row["current_streak_until"], createdAt: try row["created_at"],
            lastActiveAt: try row["last_active_at"])
    }

    /// The account of `sql` (led by `accountColumns`) with its identities, or nil.
    private func oneAccount(_ sql: String, _ arguments: StatementArguments) throws -> LifeTimerAccount? {
        guard var account = try db.fetchOne(table: "lifetimer_accounts", sql, arguments, Self.account(from:)) else {
            return nil
        }
        account.identities = try identities(accountID: account.id)
        return account
    }

    /// LT-10: the account's sign-in identities, oldest link first; an
    /// unknown provider is an error naming it (and the account, not the
    /// subject, which is private).
    func identities(accountID: UUID) throws -> [LinkedIdentity] {
        var links: [LinkedIdentity] = []
        try db.forEachRow(
            table: "lifetimer_identities",
            """
            SELECT account_id, provider, subject, linked_at FROM lifetimer_identities
            WHERE account_id = ? ORDER BY linked_at, provider, subject
            """, [accountID]
        ) { row in
            links.append(
                LinkedIdentity(
                    provider: try row["provider", as: IdentityProvider.self], subject: try row["subject"],
                    linkedAt: try row["linked_at"]))
        }
        return links
    }

    /// The account with this username (any case), or nil. This is the
    /// private record: only for acting as the account.
    func account(named username: String) throws -> LifeTimerAccount? {
        try oneAccount(Self.accountColumns + " WHERE username = ?", [username.trimmingCharacters(in: .whitespaces)])
    }

    func account(id: UUID) throws -> LifeTimerAccount? {
        try oneAccount(Self.accountColumns + " WHERE id = ?", [id])
    }

    /// The account as it is now, inside this transaction: what every use
    /// case acts on, whatever the caller read before.
    func requireAccount(id: UUID) throws -> LifeTimerAccount {
        guard let account = try account(id: id) else {
            throw voice.invalid("account", .errorAccountGone)
        }
        return account
    }

    /// The owner's account (the first created), or nil.
    func ownerAccount() throws -> LifeTimerAccount? {
        try oneAccount(Self.accountColumns + " WHERE is_owner = 1", [])
    }

    /// The account to act as: `username` (from `--as`), else the owner's.
    func actingAccount(username: String?) throws -> LifeTimerAccount {
        if let username {
            guard let account = try account(named: username) else {
                throw voice.invalid("--as", .errorActingUnknown, ["value": TerminalText.echoed(username)])
            }
            return account
        }
        guard let account = try ownerAccount() else {
            throw voice.invalid("--as", .errorNoAccount, remedy: .lifeTimerAccountCreate)
        }
        return account
    }

    /// Changes the profile, visibility or zone of the account as it is now.
    /// Making an account private keeps its followers' rows but hides it
    /// from them (LT-6). `updated_at` moves only when a value changes.
    func updateAccount(_ id: UUID, _ change: AccountChange) throws -> LifeTimerAccount {
        let account = try requireAccount(id: id)
        var next = account
        if let username = change.username { next.username = try LifeTimerRules.username(username, voice: voice) }
        if let bio = change.bio { next.bio = try LifeTimerRules.bio(bio, voice: voice) }
        if let avatar = change.avatarPath {
            next.avatarPath = try LifeTimerRules.path(avatar, field: "avatar", voice: voice)
        }
        if let email = change.email { next.email = try LifeTimerRules.email(email, voice: voice) }
        if let visibility = change.visibility { next.visibility = visibility }
        if let zone = change.timeZone {
            _ = try LifeTimerRules.zone(zone, voice: voice)
            next.timeZone = zone
        }
        if next.username != account.username { try checkUsernameFree(next.username, except: account.id) }
        if let email = next.email, email.lowercased() != account.email?.lowercased() {
            try checkEmailFree(email, except: account.id)
        }
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
            // The current streak's end is a local day's start: it moves with the zone.
            if next.timeZone != account.timeZone { try updateStreaks(account.id) }
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

    /// LT-10: an e-mail address belongs to one account, in any case (it is
    /// where the email provider signs a person in, and where a reset goes).
    func checkEmailFree(_ email: String, except id: UUID?) throws {
        if let other = try db.fetchOne(
            UUID.self, "SELECT id FROM lifetimer_accounts WHERE email = ? COLLATE NOCASE", [email]), other != id
        {
            throw voice.invalid("email", .errorEmailTaken)
        }
    }

    /// LT-10: an identity (provider + subject) belongs to one account.
    func checkIdentityFree(_ identity: IdentityLink) throws {
        if try db.fetchOne(
            Int.self, "SELECT 1 FROM lifetimer_identities WHERE provider = ? AND subject = ?",
            [identity.provider.rawValue, identity.subject]) != nil
        {
            throw identityTaken(identity)
        }
    }

    func identityTaken(_ identity: IdentityLink) -> LifeError {
        voice.invalid("identity", .errorIdentityTaken, ["identity": Self.named(identity)])
    }

    /// An identity as errors name it: `google:108251234567890`.
    static func named(_ identity: IdentityLink) -> String {
        "\(identity.provider.rawValue):\(TerminalText.echoed(identity.subject))"
    }

    private func checkUsernameFree(_ username: String, except id: UUID?) throws {
        if let other = try db.fetchOne(UUID.self, "SELECT id FROM lifetimer_accounts WHERE username = ?", [username]),
            other != id
        {
            throw voice.invalid("username", .errorUsernameTaken, ["value": username])
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
