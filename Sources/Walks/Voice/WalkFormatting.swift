import LifeCore

/// WALK-3's display rules: kilometres or miles with one decimal, pace `m:ss`
/// per kilometre or mile, duration `h:mm:ss`. Locale-independent, so apps and
/// the CLI show the same text. Total: a value no walk can have (not finite,
/// or beyond `largestShown`) is shown as `–`, never a trap.
public enum WalkFormatting {
    /// The largest magnitude shown as a number (seconds, metres): far beyond
    /// any walk's (the years 1–9999 are 3.2e11 s), far below where whole
    /// numbers overflow.
    public static let largestShown = 1e15

    static func isShown(_ value: Double) -> Bool { value.isFinite && value.magnitude < largestShown }

    /// `5.2 km`, `3.2 mi`.
    public static func distance(_ meters: Double, units: Units) -> String {
        guard isShown(meters) else { return "–" }
        return switch units {
        case .metric: Format.fixed(meters / 1000, decimals: 1) + " km"
        case .imperial: Format.fixed(meters / WalksRules.metersPerMile, decimals: 1) + " mi"
        }
    }

    /// `1:02:13` (hours not padded; minutes and seconds two digits), rounded to the second.
    public static func duration(_ seconds: Double) -> String {
        guard isShown(seconds) else { return "–" }
        let total = Int(seconds.rounded())
        let s = total % 60
        let m = (total / 60) % 60
        return "\(total / 3600):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)"
    }

    /// `11:58 /km`, `19:16 /mi`, rounded to the second.
    public static func pace(_ summary: WalkSummary, units: Units) -> String? {
        switch units {
        case .metric: summary.paceSecondsPerKilometer.map { minutesSeconds($0) + " /km" }
        case .imperial: summary.paceSecondsPerMile.map { minutesSeconds($0) + " /mi" }
        }
    }

    /// `m:ss`, rounded to the second.
    public static func minutesSeconds(_ seconds: Double) -> String {
        guard isShown(seconds) else { return "–" }
        let total = Int(seconds.rounded())
        let s = total % 60
        return "\(total / 60):\(s < 10 ? "0" : "")\(s)"
    }

    /// Why a walk has no duration or pace (WALK-3: "a walk without times …
    /// says so"), or nil when it has them.
    public static func missingTimes(_ summary: WalkSummary) -> String? {
        switch summary.timing {
        case .timed: nil
        case .onePoint: "only one point has a time, so there is no duration or pace"
        case .untimed: "no times in this walk, so no duration or pace"
        }
    }

    /// The list's short mark for the same: `1 time`, `no times`, or nil.
    public static func timingMark(_ summary: WalkSummary) -> String? {
        switch summary.timing {
        case .timed: nil
        case .onePoint: "1 time"
        case .untimed: "no times"
        }
    }

    /// `120 m` or `1,648 ft`, whole units.
    public static func elevation(_ meters: Double, units: Units) -> String {
        guard isShown(meters) else { return "–" }
        return switch units {
        case .metric: "\(Format.grouped(Int(meters.rounded()))) m"
        case .imperial: "\(Format.grouped(Int((meters / Units.metersPerFoot).rounded()))) ft"
        }
    }
}
