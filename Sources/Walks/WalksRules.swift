import LifeCore

/// The Walks product's numeric decisions in one place (documented in
/// `docs/design.md`, "Walks core").
public enum WalksRules {
    /// SPEC WALK-3: a step slower than this is slow, in metres per second.
    public static let slowSpeedMetersPerSecond = 0.5
    /// SPEC WALK-3: a run of slow steps lasting at least this long is a pause, in milliseconds.
    public static let pauseMinimumMilliseconds: Int64 = 120_000
    /// Ascent and descent count an elevation change only once it reaches this
    /// many metres from the last counted level (a dead band that ignores GPS
    /// elevation noise of a metre or two; see docs/design.md).
    public static let elevationThresholdMeters = 2.0
    /// WALK-1: elevations a GPX file may give, in metres: below the Dead
    /// Sea shore (−430 m) to above Everest (8,849 m). Anything beyond is a
    /// broken logger or unit, refused with file and line rather than stored.
    public static let minimumElevationMeters = -500.0
    public static let maximumElevationMeters = 9_000.0
    /// Steps shorter than this use the local-curvature (cheap-ruler) distance;
    /// longer ones the true geodesic. At 1 km the approximation is within
    /// 1e-7 relative of the geodesic (docs/design.md).
    public static let flatDistanceLimitMeters = 1_000.0

    /// WALK-2: a live point with horizontal accuracy worse than this is dropped.
    public static let maximumAccuracyMeters = 50.0
    /// WALK-6: the doodle draws the simplified path, "a few hundred points".
    public static let doodleMaximumPoints = 400
    /// WALK-5: the smallest Douglas–Peucker tolerance tried for the doodle path;
    /// it doubles until the path has at most `doodleMaximumPoints` points.
    public static let doodleMinimumToleranceMeters = 1.0
    /// A walk's name, in characters (CORE-9).
    public static let nameLimit = 200
    /// `walks import DIR`: files with this extension (any case) are imported.
    public static let gpxExtension = "gpx"
    /// Metres in a statute mile, for imperial units.
    public static let metersPerMile = Units.metersPerMile
}
