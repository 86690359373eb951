import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The step of migration 0005 that SQL cannot take (SPEC HA-2, HA-3): a
/// Hereafter message planted before it has an unlock date but no unlock
/// instant, and working the instant out needs a time zone conversion.
///
/// The zone in force when such a message was planted was never recorded, so
/// the owner's zone now (stored, else the system's) stands in for it: for an
/// owner who never changed zone that is exactly the instant planting would
/// have fixed. When the stored zone is not a known name, the latest instant
/// the date starts anywhere (00:00 at UTC-12) is used, so no lock opens early.
/// docs/hereafter.md explains the choice.
enum UnlockInstantBackfill {
    /// The migration that adds `hereafter_messages.unlock_at`.
    static let migrationVersion = 5

    /// Where the date starts last on Earth: a lock fixed there opens no
    /// earlier than it would in any zone.
    static let latestZone = TimeZone(secondsFromGMT: -12 * 3600) ?? TimeZone(identifier: "UTC") ?? .current

    /// True when migration 0005 is applied and some message still waits for
    /// its instant. Reads the empty partial index `hereafter_messages_unlock_unknown`.
    static func isNeeded(_ db: Database) throws -> Bool {
        guard
            try db.fetchOne(
                Int.self,
                "SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'hereafter_messages_unlock_unknown'")
                != nil
        else { return false }
        return try db.fetchOne(
            Int.self, "SELECT 1 FROM hereafter_messages WHERE unlock_at IS NULL AND unlock_date IS NOT NULL LIMIT 1")
            != nil
    }

    /// Fills in every missing instant, inside the transaction of migration
    /// 0005 (the migrator's, which it runs in); answers how many. It only
    /// writes rows whose instant is still missing, so running it again
    /// changes nothing.
    @discardableResult
    static func run(_ db: Database, now: Date) throws -> Int {
        guard try isNeeded(db) else { return 0 }
        let zone = (try? Owner(db).timeZone()) ?? latestZone
        let rows = try db.fetchAll(
            "SELECT id, unlock_date FROM hereafter_messages WHERE unlock_at IS NULL AND unlock_date IS NOT NULL")
        var filled = 0
        for row in rows {
            let id = row[0]
            let instant = CivilDate.fromDatabaseValue(row[1]).map { $0.startInstant(in: zone) }
            guard let instant else {
                throw LifeError(
                    kind: .malformedInput,
                    message:
                        "hereafter_messages row \(id.description) has unlock_date \(row[1].description), which is not a date",
                    remedy: .databaseCheck)
            }
            try db.execute(
                "UPDATE hereafter_messages SET unlock_at = ? WHERE id = ? AND unlock_at IS NULL", [instant, id])
            filled += db.changes
        }
        return filled
    }
}
