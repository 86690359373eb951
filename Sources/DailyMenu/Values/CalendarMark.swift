import LifeCore

/// The mark of a day on the calendar (DM-8, FR37): several rituals
/// (mustard) before mood lifted (forest) before completed (terracotta).
public enum CalendarMark: String, Sendable, Codable {
    case completed, moodImproved, several

    /// The mark of a day with `count` rituals, `lifted` of them lifting the mood.
    public static func of(count: Int, lifted: Int) -> CalendarMark? {
        if count >= 2 { return .several }
        if lifted > 0 { return .moodImproved }
        return count == 1 ? .completed : nil
    }
}
