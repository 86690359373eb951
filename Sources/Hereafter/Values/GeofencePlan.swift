import Foundation

/// The active set of regions and the change from the previous one (SPEC HA-6).
public struct GeofencePlan: Sendable, Equatable {
    /// At most 20, best first.
    public let regions: [GeofenceRegion]
    /// Thread ids to start monitoring: in `regions`, not in the previous set.
    public let added: [UUID]
    /// Thread ids to stop monitoring: in the previous set, not in `regions`.
    public let removed: [UUID]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        regions: [GeofenceRegion], added: [UUID], removed: [UUID]
    ) {
        self.regions = regions
        self.added = added
        self.removed = removed
    }
}
