import Foundation
import LifeCore

/// Hereafter's product constants in one place (SPEC §6), documented in
/// docs/hereafter.md.
public enum HereafterRules {
    /// HA-2: a message's text, in characters (grapheme clusters, CORE-9).
    public static let textLimit = 500
    /// HA-1: the owner's first name.
    public static let firstNameLimit = 50
    /// HA-2: a place's name, as a reverse geocoder would give it.
    public static let placeNameLimit = 100
    /// HA-2: a photo's size in bytes: 10 MB, in the decimal megabytes that
    /// Apple's platforms show (10,000,000 bytes).
    public static let photoByteLimit = 10_000_000
    /// HA-2, HA-3, HA-6: a thread's radius. A message joins a thread whose
    /// centre is at most this far away; a visit at most this far from a
    /// thread's centre discovers; each geofence is a circle of this radius.
    public static let radiusMeters = 150.0
    /// HA-6: iOS monitors at most 20 regions per app.
    public static let maximumGeofences = 20
    /// HA-6: the geofences are chosen among threads whose centre is at most
    /// this far from the current position. The set is re-evaluated on every
    /// significant move (iOS reports one every ~500 m), so a region farther
    /// than this could not be entered before the next re-evaluation anyway.
    public static let geofenceSearchRadiusMeters = 10_000.0
    /// HA-4: the notification's title and its actions.
    public static let notificationTitle = "Hereafter"
    public static let notificationActions = ["Read", "Later"]
    /// HA-8: the anniversary nudge comes every this many years after a
    /// discovery, and is told once for each.
    public static let anniversaryYears = 1
}

extension HereafterRules {
    /// HA-8: the anniversary of a discovery due now, if one is: the
    /// discovery's local date `years` years on (from 29 February, 28
    /// February), the latest such date at or before today, not yet told
    /// (`nudgedAt` before it). Days are the owner's, in `zone`. Due from
    /// that day until the next anniversary, so a person who comes back a
    /// month later still hears it once.
    public static func anniversary(discoveredAt: Date, nudgedAt: Date?, now: Date, zone: TimeZone)
        -> (date: CivilDate, years: Int)?
    {
        let discovered = CivilDate.of(discoveredAt, in: zone)
        let today = CivilDate.of(now, in: zone)
        var years = today.year - discovered.year
        if discovered.adding(years: years) > today { years -= 1 }
        years -= years % anniversaryYears
        guard years >= anniversaryYears else { return nil }
        let date = discovered.adding(years: years)
        if let nudgedAt, CivilDate.of(nudgedAt, in: zone) >= date { return nil }
        return (date, years)
    }

    /// HA-8: an anniversary nudge is given to a note planted with a lock and
    /// discovered, a year or more after the discovery, not after now. A
    /// stored one (an import, `db check`) is held to it.
    public static func checkNudge(_ nudgedAt: Date, discoveredAt: Date?, hasLock: Bool, now: Date) throws {
        guard let discoveredAt, hasLock else {
            throw LifeError.invalid(
                field: "anniversary_nudged_at",
                "anniversary_nudged_at is set on a note that was never discovered (or a reply written open); only a discovered note has anniversaries"
            )
        }
        // A year is at least 365 days, less a day for the zones.
        if nudgedAt < discoveredAt.addingTimeInterval(364 * 86_400) || nudgedAt > now {
            throw LifeError.invalid(
                field: "anniversary_nudged_at",
                "anniversary_nudged_at is \(Timestamp.database(nudgedAt)) UTC; an anniversary comes a year or more after the discovery (\(Timestamp.database(discoveredAt)) UTC) and not after now"
            )
        }
    }
}

// MARK: - The rules a command, an import and `db check` all apply
//
// One function per rule, taking values (SPEC CORE-12: one write path): the
// store applies them to what a person gives, the import to a file's rows and
// `db check` to the stored rows. No message quotes a note's words (HA-3).

extension HereafterRules {
    /// The furthest any time zone is ahead of UTC (UTC+14, Kiribati) and
    /// behind it (UTC−12), with an hour more each way for a day that starts
    /// at 01:00 because its midnight was skipped by a clock change: a local
    /// date starts within this window around its start in UTC.
    static let zoneAheadSeconds: TimeInterval = 15 * 3600
    static let zoneBehindSeconds: TimeInterval = 13 * 3600

    /// HA-2: a message's text, 1–500 characters, trimmed.
    public static func text(_ text: String) throws -> String {
        try TextRule.required(text, field: "text", limit: textLimit)
    }

    /// HA-2: a place's name, at most 100 characters on one line; nil when blank.
    public static func place(_ place: String?, field: String = "place") throws -> String? {
        let clean = try TextRule.optional(place, field: field, limit: placeNameLimit)
        if let clean, clean.contains("\n") || clean.contains("\t") {
            throw LifeError.invalid(field: field, "\(field) contains a line break or tab; a place name is one line")
        }
        return clean
    }

    /// HA-1: a first name, 1–50 characters on one line.
    public static func firstName(_ name: String, field: String = "name") throws -> String {
        let clean = try TextRule.required(name, field: field, limit: firstNameLimit)
        if clean.contains("\n") || clean.contains("\t") {
            throw LifeError.invalid(field: field, "\(field) contains a line break or tab; a first name is one line")
        }
        return clean
    }

    /// HA-2: the instant a message unlocks, fixed at planting: the start of
    /// its unlock date in the owner's zone in force then.
    public static func unlockInstant(_ unlock: CivilDate, zone: TimeZone) -> Date {
        unlock.startInstant(in: zone)
    }

    /// HA-2: the unlock date is at least tomorrow in the owner's zone.
    public static func checkUnlock(_ unlock: CivilDate, today: CivilDate, zoneName: String) throws {
        let tomorrow = today.adding(days: 1)
        guard unlock >= tomorrow else {
            throw LifeError.invalid(
                field: "unlock date",
                "unlock date is \(unlock.iso); it must be tomorrow (\(tomorrow.iso)) or later in the owner's time zone (\(zoneName))"
            )
        }
    }

    /// HA-2, HA-3: a stored lock agrees with itself and with the note's
    /// zone: its instant is exactly the start of its unlock date in `zone`,
    /// the zone the note was planted in (a Berlin note opens at Berlin's
    /// midnight, not 14 hours earlier at Kiritimati's), and the note was
    /// planted on its planted date in some zone. Without `zone` (a note
    /// written before zones were recorded) the instant must be exactly the
    /// start of the date in some zone this system knows (`zoneOfLock`),
    /// `preferred` (the owner's) tried first. Without this, an instant set
    /// apart from its date opens a note early.
    public static func checkLock(
        plantedOn: CivilDate, createdAt: Date, unlockDate: CivilDate?, unlockAt: Date?, zone: TimeZone?,
        zoneName: String? = nil, preferred: String = "UTC"
    ) throws {
        try checkLock(plantedOn: plantedOn, createdAt: createdAt, unlockDate: unlockDate, unlockAt: unlockAt)
        guard let date = unlockDate, let instant = unlockAt else { return }
        if let zone {
            let start = unlockInstant(date, zone: zone)
            if instant != start {
                throw LifeError.invalid(
                    field: "unlock_at",
                    "unlock_at is \(Timestamp.database(instant)) UTC, which is not the start of the unlock date \(date.iso) in the note's time zone (\(zoneName ?? zone.identifier)): that is \(Timestamp.database(start)) UTC"
                )
            }
        } else if zoneOfLock(unlockDate: date, unlockAt: instant, preferred: preferred) == nil {
            throw LifeError.invalid(
                field: "unlock_at",
                "unlock_at is \(Timestamp.database(instant)) UTC, which is not the start of the unlock date \(date.iso) in any time zone this system knows (the note records no zone of its own)"
            )
        }
    }

    /// The zone a note written before zones were recorded may have been
    /// planted in, as far as its lock tells: `preferred` (the owner's) when
    /// the lock starts at midnight there, else the first zone by name where
    /// it does; nil when it does nowhere. A note without a lock: `preferred`.
    public static func zoneOfLock(unlockDate: CivilDate?, unlockAt: Date?, preferred: String) -> String? {
        guard let date = unlockDate, let instant = unlockAt else { return preferred }
        if let zone = try? TimeZoneSetting.zone(named: preferred), unlockInstant(date, zone: zone) == instant {
            return preferred
        }
        return TimeZone.knownTimeZoneIdentifiers.sorted().first { name in
            guard TimeZoneSetting.isIANAName(name), let zone = TimeZone(identifier: name) else { return false }
            return unlockInstant(date, zone: zone) == instant
        }
    }

    /// HA-2, HA-3: the lock agrees with itself in some time zone (see above).
    public static func checkLock(plantedOn: CivilDate, createdAt: Date, unlockDate: CivilDate?, unlockAt: Date?)
        throws
    {
        if !plantedOn.contains(createdAt) {
            throw LifeError.invalid(
                field: "planted_on",
                "planted_on is \(plantedOn.iso), but created_at (\(Timestamp.database(createdAt)) UTC) is on no such day in any time zone"
            )
        }
        switch (unlockDate, unlockAt) {
        case (nil, nil): return
        case (let date?, nil):
            throw LifeError.invalid(
                field: "unlock_at", "unlock_at is missing, but the unlock date is \(date.iso); a lock is an instant")
        case (nil, _?):
            throw LifeError.invalid(field: "unlock_at", "unlock_at is set, but there is no unlock date")
        case (let date?, let instant?):
            if !date.startsWithin(instant) {
                throw LifeError.invalid(
                    field: "unlock_at",
                    "unlock_at is \(Timestamp.database(instant)) UTC, which is not the start of the unlock date \(date.iso) in any time zone"
                )
            }
        }
    }

    /// HA-2: one image, JPEG, PNG or HEIC by its content, at most 10 MB.
    public static func photo(_ bytes: Data) throws -> PhotoKind {
        guard bytes.count <= photoByteLimit else {
            throw LifeError.invalid(
                field: "photo",
                "photo is \(Format.grouped(bytes.count)) bytes; the limit is \(Format.grouped(photoByteLimit)) (10 MB)")
        }
        guard let kind = PhotoKind.detect(bytes) else {
            throw LifeError.invalid(
                field: "photo", "photo is not a JPEG, PNG or HEIC image by its content (whatever its file name says)")
        }
        return kind
    }

    /// HA-2: a stored photo is of the type it declares by its content, and
    /// within 10 MB.
    public static func checkStoredPhoto(_ bytes: Data, declared: String) throws {
        guard bytes.count <= photoByteLimit else {
            throw LifeError.invalid(
                field: "bytes",
                "its bytes are \(Format.grouped(bytes.count)); the limit is \(Format.grouped(photoByteLimit)) (10 MB)")
        }
        let kind = PhotoKind.detect(bytes)
        guard kind?.rawValue == declared else {
            throw LifeError.invalid(
                field: "media_type",
                "declared \(declared) but its bytes are \(kind?.rawValue ?? "no JPEG, PNG or HEIC image") (columns media_type, bytes)"
            )
        }
    }
}

extension CivilDate {
    /// Whether `instant` falls on this date in some time zone.
    fileprivate func contains(_ instant: Date) -> Bool {
        let start = utcStart
        let end = adding(days: 1).utcStart
        return start.addingTimeInterval(-HereafterRules.zoneAheadSeconds) <= instant
            && instant < end.addingTimeInterval(HereafterRules.zoneBehindSeconds)
    }

    /// Whether this date starts at `instant` in some time zone.
    fileprivate func startsWithin(_ instant: Date) -> Bool {
        let start = utcStart
        return start.addingTimeInterval(-HereafterRules.zoneAheadSeconds) <= instant
            && instant <= start.addingTimeInterval(HereafterRules.zoneBehindSeconds)
    }

    /// Midnight at the start of this date in UTC.
    private var utcStart: Date { Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch) * 86_400) }
}
