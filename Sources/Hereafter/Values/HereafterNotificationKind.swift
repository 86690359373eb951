/// The kinds of notification Hereafter gives (HA-4, HA-8), each of which
/// the owner may mute (`lifectl hereafter notifications --mute …`, as
/// LifeTimer's categories).
public enum HereafterNotificationKind: String, CaseIterable, Sendable, Codable, Comparable {
    /// "Something you left at … just unlocked." when a note is discovered.
    case unlocks
    /// "It's been a year since you found …" when near a note a year after.
    case anniversaries

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
