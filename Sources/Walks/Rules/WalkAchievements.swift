import LifeCore

/// Only Walks' achievements, worked out from the walks kept (the seed's
/// "walk challenges and achievements"; docs/walks.md, "Achievements"): the
/// first walk, distance totals and weekly streaks. Nothing is stored: the
/// same walks always give the same achievements, on every device, and a
/// pruned walk still counts (its summary stays).
public struct WalkAchievements: Sendable, Equatable, Encodable {
    /// A finished walk as the achievements count it.
    public struct Walk: Sendable, Equatable {
        public let id: String
        /// The owner's day of the walk's date (as `walks list` dates it).
        public let day: CivilDate
        public let distanceMeters: Double

        public init(id: String, day: CivilDate, distanceMeters: Double) {
            self.id = id
            self.day = day
            self.distanceMeters = distanceMeters
        }
    }

    /// The distance totals that earn an achievement, in metres, with their
    /// titles: round distances and a marathon's 42.195 km.
    public static let distanceGoals: [(meters: Double, id: String, title: String)] = [
        (10_000, "distance-10km", "10 km in all"),
        (42_195, "distance-marathon", "A marathon in all (42.2 km)"),
        (100_000, "distance-100km", "100 km in all"),
        (500_000, "distance-500km", "500 km in all"),
        (1_000_000, "distance-1000km", "1,000 km in all"),
    ]

    /// The weekly streaks that earn an achievement, in weeks: a month, a
    /// quarter, half a year, a year (the streaks Finite's milestones count).
    public static let streakGoals = [4, 12, 26, 52]

    /// Every achievement, earned or not, in the order above.
    public let all: [WalkAchievement]
    /// Weeks in a row with a walk up to this week (a week without a walk yet
    /// does not end the streak until it is over); 0 without one.
    public let currentStreakWeeks: Int
    public let longestStreakWeeks: Int
    /// The distance of every walk, added up, in metres.
    public let totalDistanceMeters: Double

    /// The achievements `walks` earn by `today` (the owner's); the walks
    /// in any order, their days in the owner's zone.
    public init(walks: [Walk], today: CivilDate) {
        // In the order they were walked: the walk that crosses a total
        // earns it. Same day: by id, so the answer never depends on input order.
        let ordered = walks.sorted { ($0.day, $0.id) < ($1.day, $1.id) }
        var all: [WalkAchievement] = []
        let first = ordered.first
        all.append(
            WalkAchievement(
                id: "first-walk", kind: .firstWalk, title: "First walk", goal: 1, earnedOn: first?.day,
                walkId: first?.id))

        var total = 0.0
        var crossing: [Int: Walk] = [:]
        for walk in ordered {
            let before = total
            total += walk.distanceMeters
            for (index, goal) in Self.distanceGoals.enumerated() where before < goal.meters && total >= goal.meters {
                crossing[index] = walk
            }
        }
        for (index, goal) in Self.distanceGoals.enumerated() {
            all.append(
                WalkAchievement(
                    id: goal.id, kind: .totalDistance, title: goal.title, goal: goal.meters,
                    earnedOn: crossing[index]?.day, walkId: crossing[index]?.id))
        }

        // Weeks with a walk, each with the first walk of the week; a streak
        // of N is earned by the first walk of its N-th week.
        var weeks: [(monday: CivilDate, first: Walk)] = []
        for walk in ordered {
            let monday = walk.day.adding(days: 1 - walk.day.weekday.rawValue)
            if weeks.last?.monday != monday { weeks.append((monday, walk)) }
        }
        var streakEarned: [Int: Walk] = [:]
        var run = 0
        var longest = 0
        var previous: CivilDate?
        for week in weeks {
            run = previous.map { $0.adding(days: 7) == week.monday } == true ? run + 1 : 1
            previous = week.monday
            longest = max(longest, run)
            for goal in Self.streakGoals where run == goal && streakEarned[goal] == nil {
                streakEarned[goal] = week.first
            }
        }
        for goal in Self.streakGoals {
            all.append(
                WalkAchievement(
                    id: "streak-\(goal)-weeks", kind: .weeklyStreak, title: "\(goal) weeks in a row",
                    goal: Double(goal), earnedOn: streakEarned[goal]?.day, walkId: streakEarned[goal]?.id))
        }

        // The streak still going: its last week is this one or the one
        // before (this week is not over yet).
        let thisMonday = today.adding(days: 1 - today.weekday.rawValue)
        if let last = previous, last == thisMonday || last.adding(days: 7) == thisMonday {
            currentStreakWeeks = run
        } else {
            currentStreakWeeks = 0
        }
        self.all = all
        longestStreakWeeks = longest
        totalDistanceMeters = total
    }

    /// The achievements earned, in the order they were earned.
    public var earned: [WalkAchievement] {
        let dated = all.enumerated().compactMap { entry in
            entry.element.earnedOn.map { ($0, entry.offset, entry.element) }
        }
        return dated.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// The next distance total to earn and the metres still to walk, if any is left.
    public var nextDistance: (achievement: WalkAchievement, metersToGo: Double)? {
        all.first { $0.kind == .totalDistance && !$0.isEarned }.map { ($0, $0.goal - totalDistanceMeters) }
    }

    /// The next weekly streak to earn, if any is left.
    public var nextStreak: WalkAchievement? {
        all.first { $0.kind == .weeklyStreak && !$0.isEarned }
    }

    enum CodingKeys: String, CodingKey {
        case achievements, earned, currentStreakWeeks, longestStreakWeeks
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(all, forKey: .achievements)
        try container.encode(all.count { $0.isEarned }, forKey: .earned)
        try container.encode(currentStreakWeeks, forKey: .currentStreakWeeks)
        try container.encode(longestStreakWeeks, forKey: .longestStreakWeeks)
    }
}
