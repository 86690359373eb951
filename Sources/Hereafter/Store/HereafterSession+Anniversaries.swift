import Foundation
import LifeCore
import LifeDB

/// The anniversary nudge (SPEC HA-8): a year after a note was discovered,
/// and every year after, when the owner is near it again, Hereafter says
/// so, once for each anniversary (`HereafterRules.anniversary`). A note is
/// one planted with a lock: a reply written open was never found.
extension HereafterSession {
    /// A bound no anniversary can be later than: a discovery at least 363
    /// days before now (a year is 365 or 366 days, and a local day may start
    /// up to a day from UTC's). Candidates only; the rule decides exactly.
    static func anniversaryCutoff(_ now: Date) -> Date {
        now.addingTimeInterval(-363 * 86_400)
    }

    /// The notes of `thread` whose anniversary is due now, oldest first.
    func dueAnniversaries(in thread: UUID, now: Date, zone: TimeZone) throws -> [(
        id: UUID, date: CivilDate, years: Int
    )] {
        var due: [(UUID, CivilDate, Int)] = []
        try db.forEachRow(
            table: "hereafter_messages",
            """
            SELECT id, discovered_at, anniversary_nudged_at FROM hereafter_messages
            WHERE thread_id = ? AND discovered_at IS NOT NULL AND unlock_date IS NOT NULL AND discovered_at <= ?
            ORDER BY discovered_at, id
            """, [thread, Self.anniversaryCutoff(now)]
        ) { row in
            if let anniversary = HereafterRules.anniversary(
                discoveredAt: try row["discovered_at"], nudgedAt: try row["anniversary_nudged_at"], now: now,
                zone: zone)
            {
                due.append((try row["id"], anniversary.date, anniversary.years))
            }
        }
        return due
    }

    /// The nudges due in `threads` (the threads within reach of a visit):
    /// one per place, for its notes whose anniversary has come, each note
    /// recorded as told, so that it comes once.
    func anniversaryNudges(in threads: [UUID], now: Date) throws -> [AnniversaryNudge] {
        let zone = try timeZone()
        var nudges: [AnniversaryNudge] = []
        for thread in threads {
            let due = try dueAnniversaries(in: thread, now: now, zone: zone)
            guard let first = due.first else { continue }
            for note in due {
                try db.execute(
                    """
                    UPDATE hereafter_messages SET anniversary_nudged_at = ?1
                    WHERE id = ?2 AND (anniversary_nudged_at IS NULL OR anniversary_nudged_at < ?1)
                    """, [now, note.id])
            }
            let message = try requireMessage(first.id)
            nudges.append(
                AnniversaryNudge(
                    messageIDs: due.map(\.id), anniversary: first.date, years: first.years,
                    title: HereafterRules.notificationTitle,
                    body: HereafterHost.anniversaryBody(place: message.placeLabel, years: first.years),
                    actions: HereafterRules.notificationActions))
        }
        return nudges
    }

    /// Mutes and unmutes kinds of notification (a change moves the
    /// profile's version, as a rename does); answers the profile after.
    func setMuted(_ mute: Set<HereafterNotificationKind>, unmute: Set<HereafterNotificationKind>) throws
        -> HereafterProfile
    {
        var muted = try requireProfile().muted
        muted.formUnion(mute)
        muted.subtract(unmute)
        try db.execute(
            """
            UPDATE hereafter_profile SET mute_unlocks = ?1, mute_anniversaries = ?2, updated_at = max(updated_at, ?3)
            WHERE id = 1 AND (mute_unlocks IS NOT ?1 OR mute_anniversaries IS NOT ?2)
            """, [muted.contains(.unlocks), muted.contains(.anniversaries), clock.now()])
        return try requireProfile()
    }
}
