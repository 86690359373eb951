import Foundation
import LifeCore

/// The ranking of SPEC HA-6, pure: threads holding a discoverable message
/// (unlock instant come, not yet discovered) first, nearest first; then
/// threads with an anniversary due (HA-8: due now, like a discovery),
/// nearest first; then threads whose messages are all still locked, by
/// their earliest unlock date, then by distance; the thread id breaks any
/// remaining tie so that the set is the same on every run.
public enum GeofenceRanking {
    /// A thread that still holds something undiscovered, or an anniversary
    /// due, as the ranking sees it.
    public struct Candidate: Sendable, Equatable {
        public let threadID: UUID
        public let centre: Coordinate
        public let placeName: String?
        /// The earliest unlock instant among its undiscovered messages; nil when all are discovered.
        public let earliestUnlockAt: Date?
        /// That message's unlock date, for people.
        public let earliestUnlock: CivilDate?
        /// An anniversary due there (HA-8), if one is.
        public let anniversary: CivilDate?

        public init(
            threadID: UUID, centre: Coordinate, placeName: String?, earliestUnlockAt: Date?, earliestUnlock: CivilDate?,
            anniversary: CivilDate? = nil
        ) {
            self.threadID = threadID
            self.centre = centre
            self.placeName = placeName
            self.earliestUnlockAt = earliestUnlockAt
            self.earliestUnlock = earliestUnlock
            self.anniversary = anniversary
        }
    }

    /// The best `limit` regions among `candidates` seen from `position` at
    /// the instant `now`, keeping only those within `searchRadiusMeters`.
    public static func rank(
        _ candidates: [Candidate], from position: Coordinate, now: Date,
        searchRadiusMeters: Double = HereafterRules.geofenceSearchRadiusMeters,
        limit: Int = HereafterRules.maximumGeofences
    ) -> [GeofenceRegion] {
        var regions: [GeofenceRegion] = []
        regions.reserveCapacity(candidates.count)
        for candidate in candidates {
            let distance = Geodesic.distanceMeters(position, candidate.centre)
            guard distance <= searchRadiusMeters else { continue }
            let reason: GeofenceRegion.Reason
            if let unlockAt = candidate.earliestUnlockAt, unlockAt <= now {
                reason = .discoverable
            } else if candidate.anniversary != nil {
                reason = .anniversary
            } else if candidate.earliestUnlockAt != nil {
                reason = .upcoming
            } else {
                continue
            }
            regions.append(
                GeofenceRegion(
                    threadID: candidate.threadID, centre: candidate.centre, radiusMeters: HereafterRules.radiusMeters,
                    placeName: candidate.placeName, reason: reason, unlockDate: candidate.earliestUnlock,
                    unlockAt: candidate.earliestUnlockAt, anniversary: candidate.anniversary, distanceMeters: distance))
        }
        // Sorted as small keys: comparing the regions themselves copied each
        // (a UUID, a date, an optional name) on every comparison, which cost
        // more than the rest of the ranking (PERF-6). A tie on every key is
        // left to `precedes`, so the order is exactly its order.
        var keys = regions.indices.map { RankKey(regions[$0], index: $0) }
        keys.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.rank == Self.upcomingRank && a.unlockAt != b.unlockAt { return a.unlockAt < b.unlockAt }
            if a.distanceMeters != b.distanceMeters { return a.distanceMeters < b.distanceMeters }
            return precedes(regions[a.index], regions[b.index])
        }
        return keys.prefix(limit).map { regions[$0.index] }
    }

    /// A reason's place in the order: discoverable, anniversary, upcoming.
    static func rank(of reason: GeofenceRegion.Reason) -> Int {
        switch reason {
        case .discoverable: 0
        case .anniversary: 1
        case .upcoming: upcomingRank
        }
    }

    static let upcomingRank = 2

    /// What `precedes` looks at first, for sorting.
    struct RankKey {
        let rank: Int
        let unlockAt: Date
        let distanceMeters: Double
        let index: Int

        init(_ region: GeofenceRegion, index: Int) {
            rank = GeofenceRanking.rank(of: region.reason)
            unlockAt = region.unlockAt ?? .distantFuture
            distanceMeters = region.distanceMeters
            self.index = index
        }
    }

    /// The order of HA-6, with HA-8's anniversaries after the discoverable.
    static func precedes(_ a: GeofenceRegion, _ b: GeofenceRegion) -> Bool {
        if a.reason != b.reason { return rank(of: a.reason) < rank(of: b.reason) }
        if a.reason == .upcoming && a.unlockAt != b.unlockAt {
            return (a.unlockAt ?? .distantFuture) < (b.unlockAt ?? .distantFuture)
        }
        if a.distanceMeters != b.distanceMeters { return a.distanceMeters < b.distanceMeters }
        return a.threadID.uuidString < b.threadID.uuidString
    }

    /// The add/remove diff from `previous` to `regions` (order kept: added in
    /// rank order, removed in the order given).
    public static func plan(_ regions: [GeofenceRegion], previous: [UUID]) -> GeofencePlan {
        let now = Set(regions.map(\.threadID))
        let before = Set(previous)
        var seen = Set<UUID>()
        let removed = previous.filter { !now.contains($0) && seen.insert($0).inserted }
        return GeofencePlan(
            regions: regions, added: regions.map(\.threadID).filter { !before.contains($0) }, removed: removed)
    }
}
