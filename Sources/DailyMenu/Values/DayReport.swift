import LifeCore

/// A day's rituals (DM-8, `day DATE`).
public struct DayReport: Sendable, Encodable {
    public let date: CivilDate
    public let rituals: [DayRitual]

    public var moments: Int { rituals.reduce(0) { $0 + $1.moments.total } }

    enum CodingKeys: String, CodingKey { case date, rituals, moments }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(rituals, forKey: .rituals)
        try container.encode(moments, forKey: .moments)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        date: CivilDate, rituals: [DayRitual]
    ) {
        self.date = date
        self.rituals = rituals
    }
}
