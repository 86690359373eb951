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
}
