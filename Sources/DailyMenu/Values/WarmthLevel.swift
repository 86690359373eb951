/// The named levels of warmth (DM-6, FR43), Spark first.
public enum WarmthLevel: String, CaseIterable, Sendable, Codable {
    case spark = "Spark"
    case glow = "Glow"
    case cozy = "Cozy"
    case warm = "Warm"
    case radiant = "Radiant"

    /// The level of a warmth value in [0, 1] (thresholds in DailyMenuRules).
    public static func of(_ warmth: Double) -> WarmthLevel {
        DailyMenuRules.warmthLevels.last { warmth >= $0.from }?.level ?? .spark
    }
}
