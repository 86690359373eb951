import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The rules an imported row obeys: the same functions onboarding,
/// planting, replying and `db check` apply (`HereafterRules`), on the file's
/// row on its own (`checkImported…`) and on the row as the import would
/// leave it here (`prepareImported…`) (SPEC CORE-12: one write path). No
/// message quotes a note's words (HA-3); the kernel also never quotes a
/// private column.
extension HereafterSession {
    /// A profile as onboarding stores it (HA-1).
    static func checkImportedProfile(_ row: ImportRow) throws {
        _ = try row.integer("id", in: 1...1)
        try checkStoredFirstName(try row.text("first_name"))
        _ = try row.bool("onboarding_completed")
        try checkOrder(row, first: "created_at", then: "updated_at")
        // Absent from a file meant for sync (this device's own, HA-8).
        _ = try row.optionalUUID("creator_id")
    }

    /// A profile new here without a creator id (a file meant for sync leaves
    /// this device's own out) gets one of its own (HA-8).
    func prepareImportedProfile(_ row: inout ImportRow) {
        if row.isNew && row["creator_id"].isNull { row.values["creator_id"] = UUID().databaseValue }
    }

    /// A thread as planting stores it (HA-2).
    static func checkImportedThread(_ row: ImportRow) throws {
        _ = try row.uuid("id")
        // Sync carries no key (each database's own numbering): one is given below.
        if !row["location_key"].isNull { _ = try row.integer("location_key", in: 1...Int64.max) }
        _ = try Coordinate(
            latitude: try row.real("latitude"), longitude: try row.real("longitude"), field: "latitude, longitude")
        try checkStoredPlace(try row.optionalText("place_name"))
        _ = try row.instant("created_at")
    }

    /// A thread new here whose R*Tree key another thread holds gets the next
    /// free one (the triggers place it in the R*Tree): the key is this
    /// database's own numbering.
    func prepareImportedThread(_ row: inout ImportRow) throws {
        guard row.isNew else { return }
        let key = row["location_key"]
        let taken =
            try key.isNull
            || (db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads WHERE location_key = ?", [key]) ?? 0) > 0
        if taken { row.values["location_key"] = .integer(Int64(try nextLocationKey())) }
    }

    /// A message as planting or replying stores it: its text and place
    /// within their limits, its lock consistent (HA-2: an unlock instant
    /// set apart from its date would open it early), discovered no sooner
    /// than it unlocks, at most 150 m from its thread's centre as it is here,
    /// and, for a reply, after the message it answers and never that message.
    ///
    /// Under sync (`isSync`) a reply is not held to its parent's creation:
    /// written on a device whose clock was behind the one that planted the
    /// parent, it may read earlier; sync orders rows by their parents being
    /// shown, not by the instants they carry (docs/sync.md, section 7).
    static func checkImportedMessage(_ row: ImportRow, db: Database, now: Date, isSync: Bool = false) throws {
        let id = try row.uuid("id")
        // Absent from an export written before creators were recorded.
        _ = try row.optionalUUID("creator_id")
        let threadID = try row.uuid("thread_id")
        let parentID = try row.optionalUUID("parent_id")
        try TextRule.checkStored(try row.text("text"), field: "text", limit: HereafterRules.textLimit)
        try checkStoredPlace(try row.optionalText("place_name"))
        let createdAt = try row.instant("created_at")
        let unlockAt = try row.optionalInstant("unlock_at")
        // The note's zone; absent from a file written before zones were
        // recorded, whose lock must then start at midnight in some zone.
        let zoneName = try row.optionalText("time_zone")
        let zone = try zoneName.map { try TimeZoneSetting.zone(named: $0, field: "time_zone") }
        try HereafterRules.checkLock(
            plantedOn: try row.date("planted_on"), createdAt: createdAt,
            unlockDate: try row.optionalDate("unlock_date"),
            unlockAt: unlockAt, zone: zone, zoneName: zoneName)
        if let discovered = try row.optionalInstant("discovered_at"), let unlockAt, discovered < unlockAt {
            throw LifeError.invalid(
                field: "discovered_at",
                "discovered_at is \(Timestamp.database(discovered)) UTC, before the note unlocks (\(Timestamp.database(unlockAt)) UTC)"
            )
        }
        if let read = try row.optionalInstant("read_at"), read < (try row.optionalInstant("discovered_at") ?? read) {
            throw LifeError.invalid(field: "read_at", "read_at is before discovered_at; a note is read once discovered")
        }
        if let nudged = try row.optionalInstant("anniversary_nudged_at") {
            try HereafterRules.checkNudge(
                nudged, discoveredAt: try row.optionalInstant("discovered_at"), hasLock: !row["unlock_date"].isNull,
                now: now)
        }
        if parentID == id {
            throw LifeError.invalid(field: "parent_id", "parent_id is the message's own id; a reply answers another")
        }
        if let parentID, !isSync,
            let parentCreated = try db.fetchOne(
                Date.self, "SELECT created_at FROM hereafter_messages WHERE id = ?", [lower(parentID)]),
            parentCreated > createdAt
        {
            throw LifeError.invalid(
                field: "parent_id",
                "parent_id names message \(lower(parentID)), written after this one (\(Timestamp.database(parentCreated)) UTC); a reply comes after the message it answers"
            )
        }
        if let centre = try db.fetchOne(
            "SELECT latitude, longitude FROM hereafter_threads WHERE id = ?", [lower(threadID)])
        {
            try checkInThread(
                try Coordinate(latitude: try row.real("latitude"), longitude: try row.real("longitude")),
                centre: try Coordinate(latitude: try centre.get(Double.self, at: 0), longitude: try centre.get(at: 1)))
        }
    }

    /// The message here after the import. HA-5: a reply's parent is here
    /// already (or earlier in the file: the import writes messages in the
    /// order they were written), in the same thread, and discovered; so
    /// parents never form a cycle. Under sync the parent's discovery is not
    /// asked: it is another row's state, which may arrive after the reply
    /// (another device discovered the note and answered it), and sync
    /// judges a row by itself and its parents being shown (docs/sync.md,
    /// section 7); a reply never shows its parent's words.
    func prepareImportedMessage(_ row: inout ImportRow, isSync: Bool = false) throws {
        // HA-8: a note from an export written before creators were recorded
        // was the owner's, written on a device of theirs: it takes this one's.
        if row.isNew && row["creator_id"].isNull {
            guard let creator = try profile()?.creatorID else {
                throw LifeError.invalid(
                    field: "creator_id",
                    "creator_id is missing (the file was written before creators were recorded), and there is no Hereafter profile here, nor in the file, to take it from"
                )
            }
            row.values["creator_id"] = creator.databaseValue
        }
        guard let parentID = try row.optionalUUID("parent_id") else { return }
        let parent = lower(parentID)
        guard
            let found = try db.fetchOne(
                "SELECT thread_id, discovered_at FROM hereafter_messages WHERE id = ?", [parent])
        else {
            throw LifeError.invalid(
                field: "parent_id",
                "parent_id names message \(parent), which is neither in this database nor written before it in the file; a reply comes after the message it answers"
            )
        }
        if try found.get(String.self, at: 0) != lower(try row.uuid("thread_id")) {
            throw LifeError.invalid(
                field: "thread_id", "thread_id is not the thread of its parent, message \(parent); a reply stays there")
        }
        if found[1].isNull && !isSync {
            throw LifeError.invalid(
                field: "parent_id",
                "parent_id names message \(parent), which is not discovered; only a discovered note can be answered")
        }
    }

    /// A photo as planting stores it: of the type it declares by its
    /// content, within 10 MB (HA-2). Its bytes are never quoted.
    static func checkImportedPhoto(_ row: ImportRow) throws {
        _ = try row.uuid("message_id")
        let declared = try row.choice("media_type", as: PhotoKind.self)
        guard case .blob(let bytes) = row["bytes"] else {
            throw LifeError.invalid(field: "bytes", "bytes is missing or not an image's bytes")
        }
        try HereafterRules.checkStoredPhoto(bytes, declared: declared.rawValue)
    }

    /// Two instants of a row in order (first ≤ then), both readable.
    static func checkOrder(_ row: ImportRow, first: String, then: String) throws {
        if try row.instant(then) < row.instant(first) {
            throw LifeError.invalid(field: then, "\(then) is before \(first)")
        }
    }

    private static func lower(_ id: UUID) -> String { id.uuidString.lowercased() }
    private func lower(_ id: UUID) -> String { id.uuidString.lowercased() }
}
