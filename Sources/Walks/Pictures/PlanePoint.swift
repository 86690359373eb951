/// A point on a flat picture: metres east and north of a walk's reference
/// point after `LocalProjection`, or picture units (y down) after `PlaneFit`.
struct PlanePoint: Equatable, Sendable {
    var x: Double
    var y: Double
}
