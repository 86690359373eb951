import Foundation
import LifeCore
import LifeDB

/// Editing and deleting a note (issue 32): a typo or a wrong place need not
/// stay for good. Both keep HA-3: no word of a note leaves SQLite here, and
/// the refusals name only its id, place and dates.
///
/// An edit replaces: the new words and place take the old ones' place in
/// the row, and nothing of the old is kept (no history, no copy). It is
/// allowed only while the note is locked, before its unlock instant: from
/// then on its words are what past-you left, to be found as they were. A
/// delete removes the note, its photo and (asked for by name) the replies
/// below it; the thread, a place, stays, so a note planted there later
/// joins it. Sync carries both (docs/sync.md): the edit as a change of the
/// note's `@created` unit after its creation, the delete as a tombstone.
extension HereafterSession {
    /// Changes the text and the place of a note still locked; answers the
    /// note as the library shows it (locked) and what changed.
    func edit(_ id: UUID, change: NoteChange) throws -> NoteEdit {
        guard !change.isEmpty else {
            throw LifeError.invalid(field: "change", HereafterHost.editNeedsAChange)
        }
        let message = try requireMessage(id)
        let now = clock.now()
        guard message.unlockDate != nil, !message.isUnlocked(at: now), message.discoveredAt == nil else {
            throw Self.notEditable(message, now: now)
        }
        var changed: [NoteEdit.Field] = []
        // The words are compared in SQL: they never leave SQLite (HA-3).
        if let text = change.text {
            let clean = try HereafterRules.text(text)
            try db.execute(
                "UPDATE hereafter_messages SET text = ? WHERE id = ? AND text IS NOT ?", [clean, id, clean])
            if db.changes > 0 { changed.append(.text) }
        }
        if let placeChange = change.placeName {
            let place = try HereafterRules.place(placeChange, field: "place")
            if place != message.placeName {
                try db.execute("UPDATE hereafter_messages SET place_name = ? WHERE id = ?", [place, id])
                changed.append(.place)
            }
            // A nameless thread takes the first name given there, as at
            // planting (HA-8); a thread's name is never replaced.
            if let place {
                try db.execute(
                    "UPDATE hereafter_threads SET place_name = ? WHERE id = ? AND place_name IS NULL",
                    [place, message.threadID])
            }
        }
        return NoteEdit(message: try requireMessage(id), changed: changed)
    }

    /// Deletes a note and its photo; with `withReplies`, the replies below
    /// it too (deepest first), else a note with replies is refused.
    func delete(_ id: UUID, withReplies: Bool) throws -> NoteDeletion {
        let message = try requireMessage(id)
        // Every reply below it, deepest first, so that no row is deleted
        // while another still names it as its parent.
        let replyIDs = try db.fetchAll(
            """
            WITH RECURSIVE below (id, depth) AS (
                SELECT id, 1 FROM hereafter_messages WHERE parent_id = ?
                UNION ALL
                SELECT m.id, below.depth + 1 FROM hereafter_messages m JOIN below ON m.parent_id = below.id
                WHERE below.depth < 10000
            )
            SELECT id FROM below GROUP BY id ORDER BY max(depth) DESC, id
            """, [id]
        ).map { row -> UUID in
            guard let uuid = UUID(uuidString: try row.get(String.self, at: 0)) else {
                throw LifeError.malformed("hereafter_messages: a reply's id is not a UUID")
            }
            return uuid
        }
        if !replyIDs.isEmpty, !withReplies {
            throw LifeError.invalid(
                field: "replies", HereafterHost.deleteHasReplies(id: id, replies: replyIDs.count))
        }
        let replies = try replyIDs.map(requireMessage)
        for doomed in replyIDs + [id] {
            try db.execute("DELETE FROM hereafter_photos WHERE message_id = ?", [doomed])
            try db.execute("DELETE FROM hereafter_messages WHERE id = ?", [doomed])
        }
        return NoteDeletion(message: message, replies: replies)
    }

    /// Why a note cannot be edited, naming only its id, place and dates (HA-3).
    static func notEditable(_ message: HereafterMessage, now: Date) -> LifeError {
        LifeError.invalid(
            field: "message",
            HereafterHost.notEditable(
                id: message.id, place: message.placeLabel, unlockDate: message.unlockDate,
                discovered: message.discoveredAt != nil))
    }
}
