import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Hereafter's rules over the database (SPEC §6), inside a transaction that
/// `HereafterStore` (or the kernel, for an import, a check or a page)
/// opened: onboarding, planting, discovery, reading, replies, threads and
/// the chat. Every rule is checked here, with what it reads read in the same
/// transaction as what it writes; nothing here opens a transaction.
///
/// HA-3 lives in one place: `messageColumns`, the only SQL that reads a
/// message for handing out, selects the text and the photo's facts only when
/// `discovered_at` is set, and `message(from:)` builds `.readable` only then.
struct HereafterSession {
    let db: Database
    let clock: Clock

    init(_ db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    var owner: Owner { Owner(db) }

    /// The owner's zone now (what "today" is; unlock instants were fixed in
    /// the zone in force when each message was planted).
    func timeZone() throws -> TimeZone { try owner.timeZone() }

    /// The owner's local date now (CORE-5).
    func today() throws -> CivilDate { try owner.day(of: clock.now()) }

    // MARK: Onboarding (HA-1)

    /// Stores the owner's first name and completes onboarding. Running it
    /// again changes the name; the creation time stays.
    func onboard(firstName: String) throws -> HereafterProfile {
        let name = try HereafterRules.firstName(firstName)
        let now = clock.now()
        // updated_at only moves forward (it decides which device's name wins
        // an import): a clock set back does not undo a later rename.
        // The creator id is made once, with the profile (HA-8), and kept.
        try db.execute(
            """
            INSERT INTO hereafter_profile (id, first_name, onboarding_completed, created_at, updated_at, creator_id)
            VALUES (1, ?, 1, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, onboarding_completed = 1,
                updated_at = max(updated_at, excluded.updated_at)
            """,
            [name, now, now, UUID()])
        return try requireProfile()
    }

    /// The profile, or nil before onboarding.
    func profile() throws -> HereafterProfile? {
        try db.fetchOne(
            table: "hereafter_profile",
            """
            SELECT id, first_name, onboarding_completed, created_at, creator_id, mute_unlocks, mute_anniversaries
            FROM hereafter_profile WHERE id = 1
            """
        ) { row in
            var muted: Set<HereafterNotificationKind> = []
            if try row["mute_unlocks", as: Bool.self] { muted.insert(.unlocks) }
            if try row["mute_anniversaries", as: Bool.self] { muted.insert(.anniversaries) }
            return HereafterProfile(
                firstName: try row["first_name"], onboardingCompleted: try row["onboarding_completed"],
                createdAt: try row["created_at"], creatorID: try row["creator_id"], muted: muted)
        }
    }

    /// The profile, or an error telling how to onboard.
    func requireProfile() throws -> HereafterProfile {
        guard let profile = try profile(), profile.onboardingCompleted else {
            throw LifeError(
                kind: .invalidValue, field: "name", message: HereafterHost.onboardFirst, remedy: .hereafterOnboard)
        }
        return profile
    }

    // MARK: Planting (HA-2)

    /// Plants a message at `position`, locked until `unlock` (at least
    /// tomorrow in the owner's zone). It joins the thread whose centre is
    /// nearest and at most 150 m away, else starts a thread centred here.
    /// The answer is the message as the library shows it: locked.
    func plant(text: String, at position: Coordinate, placeName: String?, unlock: CivilDate, photo: Data?) throws
        -> HereafterMessage
    {
        let profile = try requireProfile()
        let cleanText = try HereafterRules.text(text)
        var place = try HereafterRules.place(placeName)
        let zone = try owner.timeZone()
        let now = clock.now()
        let today = CivilDate.of(now, in: zone)
        try HereafterRules.checkUnlock(unlock, today: today, zoneName: try owner.timeZoneName())
        let unlockAt = HereafterRules.unlockInstant(unlock, zone: zone)
        let kind = try photo.map(HereafterRules.photo)
        let id = UUID()
        let threadID: UUID
        if let near = try threadsNear(position, radiusMeters: HereafterRules.radiusMeters).first {
            threadID = near.id
            if let place {
                try db.execute(
                    "UPDATE hereafter_threads SET place_name = ? WHERE id = ? AND place_name IS NULL",
                    [place, threadID])
            } else {
                // HA-8: a note left inside a named place, without a name of
                // its own, is left at that place, and says so.
                place = try db.fetchOne(
                    String.self, "SELECT place_name FROM hereafter_threads WHERE id = ?", [threadID])
            }
        } else {
            threadID = UUID()
            try db.execute(
                """
                INSERT INTO hereafter_threads (id, location_key, latitude, longitude, place_name, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [threadID, try nextLocationKey(), position.latitude, position.longitude, place, now])
        }
        try db.execute(
            """
            INSERT INTO hereafter_messages (id, thread_id, parent_id, latitude, longitude, place_name, text,
                planted_on, unlock_date, unlock_at, created_at, creator_id, time_zone)
            VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, threadID, position.latitude, position.longitude, place, cleanText, today, unlock, unlockAt, now,
                profile.creatorID, try owner.timeZoneName(),
            ])
        if let photo, let kind { try insertPhoto(photo, kind: kind, messageID: id) }
        return try requireMessage(id)
    }

    /// The R*Tree key a new thread gets: the next after the largest here.
    func nextLocationKey() throws -> Int {
        try db.fetchOne(Int.self, "SELECT coalesce(max(location_key), 0) + 1 FROM hereafter_threads") ?? 1
    }

    // MARK: Replies (HA-5)

    /// Replies to a discovered message: a new message in the same thread, at
    /// the parent's position, with the parent as its parent. Without an
    /// unlock date it is readable at once (discovered and read as it is
    /// written); with one, it is locked like any planted message.
    func reply(to parentID: UUID, text: String, unlock: CivilDate?, photo: Data?) throws -> HereafterMessage {
        let profile = try requireProfile()
        let parent = try requireMessage(parentID)
        let zone = try owner.timeZone()
        let now = clock.now()
        let today = CivilDate.of(now, in: zone)
        guard !parent.content.isLocked else {
            throw Self.notReadable(parent, now: now, action: "replied to")
        }
        let cleanText = try HereafterRules.text(text)
        if let unlock { try HereafterRules.checkUnlock(unlock, today: today, zoneName: try owner.timeZoneName()) }
        let unlockAt = unlock.map { HereafterRules.unlockInstant($0, zone: zone) }
        let kind = try photo.map(HereafterRules.photo)
        let id = UUID()
        let openNow: Date? = unlock == nil ? now : nil
        try db.execute(
            """
            INSERT INTO hereafter_messages (id, thread_id, parent_id, latitude, longitude, place_name, text,
                planted_on, unlock_date, unlock_at, created_at, discovered_at, read_at, creator_id, time_zone)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, parent.threadID, parent.id, parent.coordinate.latitude, parent.coordinate.longitude,
                parent.placeName, cleanText, today, unlock, unlockAt, now, openNow, openNow, profile.creatorID,
                try owner.timeZoneName(),
            ])
        if let photo, let kind { try insertPhoto(photo, kind: kind, messageID: id) }
        return try requireMessage(id)
    }

    // MARK: Discovery (HA-3, HA-4)

    /// A visit at `position` now: every message of a thread whose centre is
    /// at most 150 m away and whose unlock instant has come is discovered (and
    /// from then on readable anywhere). Messages still locked stay as they
    /// are; the answer says only how many there are and when the next opens.
    func visit(at position: Coordinate) throws -> VisitResult {
        let profile = try requireProfile()
        let now = clock.now()
        var discoveredIDs: [UUID] = []
        var lockedCount = 0
        var nextUnlock: (at: Date, date: CivilDate)?
        let near = try threadsNear(position, radiusMeters: HereafterRules.radiusMeters)
        // HA-8: anniversaries due here, before this visit's discoveries
        // (a note found just now has none).
        let nudges = profile.muted.contains(.anniversaries) ? [] : try anniversaryNudges(in: near.map(\.id), now: now)
        for thread in near {
            try db.forEachRow(
                table: "hereafter_messages",
                """
                SELECT id, unlock_date, unlock_at FROM hereafter_messages
                WHERE thread_id = ? AND discovered_at IS NULL ORDER BY created_at, id
                """, [thread.id]
            ) { row in
                let id: UUID = try row["id"]
                let unlock: CivilDate = try row["unlock_date"]
                let unlockAt: Date = try row["unlock_at"]
                if unlockAt <= now {
                    discoveredIDs.append(id)
                } else {
                    lockedCount += 1
                    if nextUnlock == nil || unlockAt < nextUnlock?.at ?? unlockAt { nextUnlock = (unlockAt, unlock) }
                }
            }
        }
        for id in discoveredIDs {
            // Discovered once, at the first visit: never moved (HA-3).
            try db.execute(
                "UPDATE hereafter_messages SET discovered_at = ? WHERE id = ? AND discovered_at IS NULL", [now, id])
        }
        let discovered = try discoveredIDs.map(requireMessage).sorted {
            ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString)
        }
        return VisitResult(
            position: position, discovered: discovered,
            notifications: profile.muted.contains(.unlocks) ? [] : discovered.map(Self.notification),
            stillLockedCount: lockedCount, nextUnlockDate: nextUnlock?.date, nextUnlockAt: nextUnlock?.at,
            nudges: nudges)
    }

    /// The notification for a discovered message (HA-4).
    static func notification(for message: HereafterMessage) -> UnlockNotification {
        UnlockNotification(
            messageID: message.id, title: HereafterRules.notificationTitle,
            body: HereafterHost.notificationBody(place: message.placeLabel, plantedOn: message.plantedOn),
            actions: HereafterRules.notificationActions)
    }

    /// Opens a discovered message and marks it read (HA-4's Read action).
    /// A message not yet discovered is refused, without a word of it.
    func read(_ id: UUID) throws -> HereafterMessage {
        let message = try requireMessage(id)
        guard !message.content.isLocked else {
            throw Self.notReadable(message, now: clock.now(), action: "read")
        }
        if message.readAt == nil {
            // Never before its discovery, which another device whose clock
            // ran ahead may have stamped later than this device's now: a
            // row read before it was discovered is one no device accepts
            // (`checkImportedMessage`), so sync would hold the note back.
            try db.execute(
                """
                UPDATE hereafter_messages SET read_at = max(?1, coalesce(discovered_at, ?1))
                WHERE id = ?2 AND read_at IS NULL
                """, [clock.now(), id])
        }
        return try requireMessage(id)
    }

    /// A discovered message's photo bytes; refused for a locked message.
    func photo(of id: UUID) throws -> (kind: PhotoKind, bytes: Data)? {
        let message = try requireMessage(id)
        guard !message.content.isLocked else {
            throw Self.notReadable(message, now: clock.now(), action: "shown with its photo")
        }
        return try db.fetchOne(
            table: "hereafter_photos",
            """
            SELECT p.message_id, p.media_type, p.bytes
            FROM hereafter_photos p JOIN hereafter_messages m ON m.id = p.message_id
            WHERE p.message_id = ? AND m.discovered_at IS NOT NULL
            """, [id]
        ) { row in (try row["media_type", as: PhotoKind.self], try row["bytes"]) }
    }

    // MARK: Reading (HA-3 holds on every path below)

    /// Every column a message is handed out with. The text and the photo's
    /// facts are selected only for a discovered message: a locked message's
    /// words never leave SQLite on any read path.
    static let messageColumns = """
        SELECT m.id, m.thread_id, m.parent_id, m.latitude, m.longitude, m.place_name, m.planted_on,
               m.unlock_date, m.unlock_at, m.created_at, m.discovered_at, m.read_at, m.creator_id,
               m.anniversary_nudged_at, m.time_zone,
               CASE WHEN m.discovered_at IS NOT NULL THEN m.text END AS text,
               CASE WHEN m.discovered_at IS NOT NULL THEN p.media_type END AS media_type,
               CASE WHEN m.discovered_at IS NOT NULL THEN p.byte_count END AS byte_count
        FROM hereafter_messages m LEFT JOIN hereafter_photos p ON p.message_id = m.id
        """

    /// A message from a row of `messageColumns`, read by name; a value that
    /// cannot be read (a photo type outside `PhotoKind` included) is an
    /// error naming the row (exit 65), never a crash or a silent drop.
    static func message(from row: TableRow) throws -> HereafterMessage {
        let discoveredAt: Date? = try row["discovered_at"]
        let content: MessageContent
        if discoveredAt != nil {
            let text: String = try row["text"]
            let photo = try row["media_type", as: PhotoKind?.self].map { kind in
                PhotoInfo(mediaType: kind, byteCount: try row["byte_count"])
            }
            content = .readable(text: text, photo: photo)
        } else {
            content = .locked
        }
        return HereafterMessage(
            id: try row["id"], threadID: try row["thread_id"], parentID: try row["parent_id"],
            coordinate: try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"]),
            placeName: try row["place_name"], plantedOn: try row["planted_on"], unlockDate: try row["unlock_date"],
            unlockAt: try row["unlock_at"], createdAt: try row["created_at"], discoveredAt: discoveredAt,
            readAt: try row["read_at"], content: content, creatorID: try row["creator_id"],
            anniversaryNudgedAt: try row["anniversary_nudged_at"], timeZone: try row["time_zone"])
    }

    /// The messages `sql` (`messageColumns` and a tail) selects.
    func fetchMessages(_ sql: String, _ arguments: StatementArguments = []) throws -> [HereafterMessage] {
        var messages: [HereafterMessage] = []
        try db.forEachRow(table: "hereafter_messages", sql, arguments) { messages.append(try Self.message(from: $0)) }
        return messages
    }

    func message(_ id: UUID) throws -> HereafterMessage? {
        try db.fetchOne(table: "hereafter_messages", Self.messageColumns + " WHERE m.id = ?", [id], Self.message)
    }

    func requireMessage(_ id: UUID) throws -> HereafterMessage {
        guard let message = try message(id) else {
            throw LifeError.invalid(field: "message", "message \(id.uuidString.lowercased()) does not exist")
        }
        return message
    }

    /// Every message, oldest first. With `search`, only readable messages
    /// whose text contains it (case-insensitive): a locked message never
    /// matches, so a search cannot tell what a locked message says.
    func messages(search: String? = nil) throws -> [HereafterMessage] {
        let all = try fetchMessages(Self.messageColumns + " ORDER BY m.created_at, m.id")
        guard let search = search?.trimmingCharacters(in: .whitespacesAndNewlines), !search.isEmpty else {
            return all
        }
        return all.filter { $0.content.text?.localizedCaseInsensitiveContains(search) ?? false }
    }

    /// Every thread with its messages, oldest thread first.
    func threads() throws -> [HereafterThread] {
        let byThread = Dictionary(grouping: try messages(), by: \.threadID)
        var threads: [HereafterThread] = []
        try db.forEachRow(table: "hereafter_threads", Self.threadColumns + " ORDER BY created_at, id") { row in
            threads.append(try Self.thread(from: row, messages: byThread[try row["id"]] ?? []))
        }
        return threads
    }

    /// One thread, named by its id or by the id of one of its messages: its
    /// row and its own messages only (through `hereafter_messages_by_thread`),
    /// never every thread's.
    func thread(_ id: UUID) throws -> HereafterThread {
        let threadID =
            try db.fetchOne(UUID.self, "SELECT id FROM hereafter_threads WHERE id = ?", [id])
            ?? db.fetchOne(UUID.self, "SELECT thread_id FROM hereafter_messages WHERE id = ?", [id])
        guard
            let threadID,
            let thread = try db.fetchOne(
                table: "hereafter_threads", Self.threadColumns + " WHERE id = ?", [threadID],
                { try Self.thread(from: $0, messages: []) })
        else {
            throw LifeError.invalid(field: "thread", "thread \(id.uuidString.lowercased()) does not exist")
        }
        return HereafterThread(
            id: thread.id, centre: thread.centre, placeName: thread.placeName, createdAt: thread.createdAt,
            messages: try fetchMessages(
                Self.messageColumns + " WHERE m.thread_id = ? ORDER BY m.created_at, m.id", [threadID]))
    }

    static let threadColumns = "SELECT id, latitude, longitude, place_name, created_at FROM hereafter_threads"

    /// A thread from a row of `threadColumns`, read by name, with `messages`.
    static func thread(from row: TableRow, messages: [HereafterMessage]) throws -> HereafterThread {
        HereafterThread(
            id: try row["id"], centre: try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"]),
            placeName: try row["place_name"], createdAt: try row["created_at"], messages: messages)
    }

    /// The id a person typed: a whole id or a unique prefix of at least 4
    /// characters, of a message (or, with `threads`, of a thread too).
    func resolveID(_ text: String, field: String, threads: Bool = false) throws -> UUID {
        let typed = try IDPrefix.normalized(text, field: field, noun: "message")
        var ids = try db.ids(startingWith: typed, in: "hereafter_messages")
        if threads { ids += try db.ids(startingWith: typed, in: "hereafter_threads") }
        let found = try Set(ids).sorted().prefix(2).map { id in
            guard let uuid = UUID(uuidString: id) else { throw LifeError.bug("\(id) in Hereafter is not a UUID") }
            return uuid
        }
        switch found.count {
        case 0: throw LifeError.invalid(field: field, "\(field) is '\(text)'; no message has that id")
        case 1: return found[0]
        default:
            throw LifeError.invalid(field: field, "\(field) is '\(text)'; more than one id starts so, type more of it")
        }
    }

    // MARK: Rows

    private func insertPhoto(_ bytes: Data, kind: PhotoKind, messageID: UUID) throws {
        try db.execute(
            "INSERT INTO hereafter_photos (message_id, media_type, byte_count, bytes) VALUES (?, ?, ?, ?)",
            [messageID, kind.rawValue, bytes.count, bytes])
    }

    /// Why a message cannot be read yet, naming only what a locked message
    /// may show: its id, place and dates (HA-3).
    static func notReadable(_ message: HereafterMessage, now: Date, action: String) -> LifeError {
        let id = message.id.uuidString.lowercased()
        guard let unlock = message.unlockDate, message.isUnlocked(at: now) else {
            return LifeError.invalid(
                field: "message",
                "message \(id) is locked until \(message.unlockDate?.iso ?? "?")\(message.unlockAt.map { " (\(Timestamp.iso8601($0)))" } ?? ""); it can be \(action) once it is discovered at \(message.placeLabel) on or after that date"
            )
        }
        return LifeError.invalid(
            field: "message",
            "message \(id) unlocked on \(unlock.iso) but is not discovered yet; visit \(message.placeLabel) (within \(Int(HereafterRules.radiusMeters)) m) to read it"
        )
    }
}
