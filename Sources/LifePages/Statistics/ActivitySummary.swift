import LifeCore
import LifeKernel

/// The days a product was used, and how often the owner came back
/// (SPEC STAT-1), worked out by the kernel the same way for every product
/// from the active days it reports (docs/stats.md).
///
/// Return rate at N days: of the active days d in the window that lie at
/// least N days before today (so that the N days after d are all known),
/// the share after which the owner was active again within N days, on one of
/// the days d+1 … d+N.
public struct ActivitySummary: Sendable, Equatable, Encodable {
    /// The windows of the return rates, in days (the seeds' 7, 30 and 90).
    public static let returnWindows = [7, 30, 90]

    public struct ReturnRate: Sendable, Equatable, Encodable {
        /// N.
        public let days: Int
        /// Active days at least N days before today.
        public let judged: Int
        /// Those followed by another active day within N days.
        public let returned: Int
        /// `returned / judged`; nil (omitted) when no day can be judged yet.
        public let rate: Double?
    }

    public let activeDays: Int
    public let firstActiveDay: CivilDate?
    public let lastActiveDay: CivilDate?
    public let returnRates: [ReturnRate]

    /// The summary of `days` (any order, repeats allowed) within `request`'s window.
    public init(days: [CivilDate], request: StatisticsRequest) {
        let active = Set(days.filter(request.contains)).sorted()
        activeDays = active.count
        firstActiveDay = active.first
        lastActiveDay = active.last
        returnRates = Self.returnWindows.map { window in
            var judged = 0
            var returned = 0
            for (offset, day) in active.enumerated() where day.adding(days: window) <= request.today {
                judged += 1
                // The next active day, if any, is the only one that matters.
                if offset + 1 < active.count, day.days(until: active[offset + 1]) <= window { returned += 1 }
            }
            return ReturnRate(
                days: window, judged: judged, returned: returned,
                rate: judged == 0 ? nil : Double(returned) / Double(judged))
        }
    }

    /// "active on 12 days; came back within 7 days after 8 of 10 (80%), 30 days: 9 of 9 (100%), 90 days: none old enough"
    public var line: String {
        guard activeDays > 0 else { return "no active day" }
        let rates = returnRates.map { rate -> String in
            guard let share = rate.rate else { return "\(rate.days) days: no day old enough" }
            return "\(rate.days) days: \(rate.returned) of \(rate.judged) (\(StatisticsText.percent(share)))"
        }
        return "active on \(Format.count(activeDays, "day", "days")); came back within " + rates.joined(separator: ", ")
    }
}
