import Foundation
import LifeCore
import LifeDB

/// Hereafter's use cases (SPEC §6) for an app or the CLI: one public method
/// is one use case is one transaction, every rule checked inside it, so that
/// nothing decided is read outside the transaction that acts on it (SPEC
/// CORE-12). The rules themselves are `HereafterSession`'s; an app linking
/// the library gets the same rules as `lifectl`.
///
/// HA-3 holds on every method: a message not yet discovered comes back
/// `.locked`, without its words or its photo.
public struct HereafterStore: Sendable {
    let writer: any DatabaseWriter
    public let clock: Clock

    public init(_ writer: any DatabaseWriter, clock: Clock) {
        self.writer = writer
        self.clock = clock
    }

    private func read<T>(_ body: (HereafterSession) throws -> T) throws -> T {
        try writer.read { try body(HereafterSession($0, clock: clock)) }
    }

    private func write<T>(_ body: (HereafterSession) throws -> T) throws -> T {
        try writer.write { try body(HereafterSession($0, clock: clock)) }
    }

    /// How the geofence candidates are found: through the R*Tree (the
    /// product's way) or by reading every thread (the benchmark's reference).
    public enum SpatialMethod: Sendable {
        case index
        case fullScan
    }

    // MARK: Time and settings

    /// The owner's zone now (what "today" is; unlock instants were fixed in
    /// the zone in force when each message was planted).
    public func timeZone() throws -> TimeZone { try read { try $0.timeZone() } }

    /// The owner's local date now (CORE-5).
    public func today() throws -> CivilDate { try read { try $0.today() } }

    /// Metric or imperial, shared by every product (geofence distances).
    public func units() throws -> Units { try read { try $0.owner.settings().units } }

    // MARK: Onboarding (HA-1)

    /// Stores the owner's first name and completes onboarding. Running it
    /// again changes the name; the creation time stays.
    @discardableResult
    public func onboard(firstName: String) throws -> HereafterProfile {
        try write { try $0.onboard(firstName: firstName) }
    }

    /// The profile, or nil before onboarding.
    public func profile() throws -> HereafterProfile? { try read { try $0.profile() } }

    /// The profile, or an error telling how to onboard.
    public func requireProfile() throws -> HereafterProfile { try read { try $0.requireProfile() } }

    // MARK: Planting and replies (HA-2, HA-5)

    /// Plants a message at `position`, locked until `unlock` (at least
    /// tomorrow in the owner's zone). It joins the thread whose centre is
    /// nearest and at most 150 m away, else starts a thread centred here.
    /// The answer is the message as the library shows it: locked.
    @discardableResult
    public func plant(
        text: String, at position: Coordinate, placeName: String? = nil, unlock: CivilDate, photo: Data? = nil
    ) throws -> HereafterMessage {
        try write { try $0.plant(text: text, at: position, placeName: placeName, unlock: unlock, photo: photo) }
    }

    /// Replies to a discovered message: a new message in the same thread, at
    /// the parent's position, with the parent as its parent. Without an
    /// unlock date it is readable at once (discovered and read as it is
    /// written); with one, it is locked like any planted message.
    @discardableResult
    public func reply(to parentID: UUID, text: String, unlock: CivilDate? = nil, photo: Data? = nil) throws
        -> HereafterMessage
    {
        try write { try $0.reply(to: parentID, text: text, unlock: unlock, photo: photo) }
    }

    // MARK: Editing and deleting (issue 32)

    /// Changes the words and the place of a note still locked (before its
    /// unlock instant). The new words replace the old: nothing of them is
    /// kept. The answer is the note as the library shows it: locked.
    @discardableResult
    public func edit(_ id: UUID, change: NoteChange) throws -> NoteEdit {
        try write { try $0.edit(id, change: change) }
    }

    /// Deletes a note and its photo, locked or not; a note with replies
    /// only with `withReplies` (they go too). The thread stays.
    @discardableResult
    public func delete(_ id: UUID, withReplies: Bool = false) throws -> NoteDeletion {
        try write { try $0.delete(id, withReplies: withReplies) }
    }

    // MARK: Discovery and reading (HA-3, HA-4)

    /// A visit at `position` now: every message of a thread whose centre is
    /// at most 150 m away and whose unlock instant has come is discovered (and
    /// from then on readable anywhere). Messages still locked stay as they
    /// are; the answer says only how many there are and when the next opens.
    public func visit(at position: Coordinate) throws -> VisitResult { try write { try $0.visit(at: position) } }

    /// The notification for a discovered message (HA-4).
    public static func notification(for message: HereafterMessage) -> UnlockNotification {
        HereafterSession.notification(for: message)
    }

    /// Opens a discovered message and marks it read (HA-4's Read action).
    /// A message not yet discovered is refused, without a word of it.
    @discardableResult
    public func read(_ id: UUID) throws -> HereafterMessage { try write { try $0.read(id) } }

    /// A discovered message's photo bytes; refused for a locked message.
    public func photo(of id: UUID) throws -> (kind: PhotoKind, bytes: Data)? { try read { try $0.photo(of: id) } }

    public func message(_ id: UUID) throws -> HereafterMessage? { try read { try $0.message(id) } }

    public func requireMessage(_ id: UUID) throws -> HereafterMessage { try read { try $0.requireMessage(id) } }

    /// Every message, oldest first. With `search`, only readable messages
    /// whose text contains it (case-insensitive): a locked message never
    /// matches, so a search cannot tell what a locked message says.
    public func messages(search: String? = nil) throws -> [HereafterMessage] {
        try read { try $0.messages(search: search) }
    }

    /// Every thread with its messages, oldest thread first.
    public func threads() throws -> [HereafterThread] { try read { try $0.threads() } }

    /// One thread, named by its id or by the id of one of its messages.
    public func thread(_ id: UUID) throws -> HereafterThread { try read { try $0.thread(id) } }

    /// The id a person typed: a whole id or a unique prefix of at least 4
    /// characters, of a message (or, with `threads`, of a thread too).
    public func resolveID(_ text: String, field: String, threads: Bool = false) throws -> UUID {
        try read { try $0.resolveID(text, field: field, threads: threads) }
    }

    /// The chat of HA-7, from the messages as the library shows them, in one snapshot.
    public func chat() throws -> [ChatLine] {
        try read {
            HereafterChat.build(profile: try $0.requireProfile(), messages: try $0.messages(), zone: try $0.timeZone())
        }
    }

    // MARK: Geofences (HA-6)

    /// HA-6: the active set of at most 20 regions seen from `position` now,
    /// and what to add and remove relative to `previous` (the thread ids
    /// the caller has registered; the store keeps no copy, because the
    /// device's own list of monitored regions is the truth).
    public func geofences(at position: Coordinate, previous: [UUID] = [], method: SpatialMethod = .index) throws
        -> GeofencePlan
    {
        try read { try $0.geofences(at: position, previous: previous, method: method) }
    }

    // MARK: Notifications (HA-4, HA-8)

    /// Mutes and unmutes kinds of notification; answers the profile after.
    @discardableResult
    public func notifications(mute: Set<HereafterNotificationKind> = [], unmute: Set<HereafterNotificationKind> = [])
        throws -> HereafterProfile
    {
        try write { try $0.setMuted(mute, unmute: unmute) }
    }

    // MARK: Checks

    /// What `lifectl db check` reports of Hereafter's rows (`HereafterProduct`).
    public func invariantViolations() throws -> [String] { try read { try $0.invariantViolations() } }
}
