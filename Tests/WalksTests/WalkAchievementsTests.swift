import LifeCore
import Testing

@testable import Walks

/// Only Walks' achievements (docs/walks.md, "Achievements"): the first walk,
/// distance totals and weekly streaks, each earned by the walk that reaches
/// it, on that walk's day. Expected values worked out by hand.
@Suite struct WalkAchievementsTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text) ?? CivilDate(year: 1970, month: 1, day: 1)! }

    static func walk(_ id: String, _ day: String, km: Double) -> WalkAchievements.Walk {
        .init(id: id, day: Self.day(day), distanceMeters: km * 1000)
    }

    /// 2026-01-05 is a Monday. Totals: 6, 11 (10 km), 43 (a marathon), 44,
    /// 45, 105 (100 km); weeks of Jan 5, 12, 19, 26 in a row (4 weeks), then
    /// none until the week of Feb 16.
    static let walks = [
        walk("w6", "2026-02-16", km: 60), walk("w3", "2026-01-14", km: 32), walk("w1", "2026-01-05", km: 6),
        walk("w5", "2026-01-26", km: 1), walk("w2", "2026-01-07", km: 5), walk("w4", "2026-01-20", km: 1),
    ]

    @Test func eachIsEarnedByTheWalkThatReachesIt() {
        let achievements = WalkAchievements(walks: Self.walks, today: Self.day("2026-02-18"))
        let earned = achievements.all.filter(\.isEarned).map { "\($0.id) \($0.earnedOn?.iso ?? "") \($0.walkId ?? "")" }
        #expect(
            earned == [
                "first-walk 2026-01-05 w1", "distance-10km 2026-01-07 w2", "distance-marathon 2026-01-14 w3",
                "distance-100km 2026-02-16 w6", "streak-4-weeks 2026-01-26 w5",
            ])
        #expect(achievements.all.count == 10)
        #expect(
            achievements.earned.map(\.id) == [
                "first-walk", "distance-10km", "distance-marathon", "streak-4-weeks", "distance-100km",
            ])
        #expect(achievements.totalDistanceMeters == 105_000)
        #expect(achievements.longestStreakWeeks == 4)
        #expect(achievements.currentStreakWeeks == 1)
        #expect(achievements.nextDistance?.achievement.id == "distance-500km")
        #expect(achievements.nextDistance?.metersToGo == 395_000)
        #expect(achievements.nextStreak?.id == "streak-12-weeks")
    }

    /// The streak still counts through a week not over yet, and ends after one without a walk.
    @Test func theCurrentStreakLastsUntilAWeekPassesWithoutAWalk() {
        // 2026-02-24 is the Tuesday after: last week had a walk.
        #expect(WalkAchievements(walks: Self.walks, today: Self.day("2026-02-24")).currentStreakWeeks == 1)
        // 2026-03-03: the week of Feb 23 passed without one.
        #expect(WalkAchievements(walks: Self.walks, today: Self.day("2026-03-03")).currentStreakWeeks == 0)
        // On 2026-01-26 the streak of four is current.
        let earlier = Self.walks.filter { $0.day <= Self.day("2026-01-26") }
        #expect(WalkAchievements(walks: earlier, today: Self.day("2026-01-26")).currentStreakWeeks == 4)
    }

    @Test func withoutWalksNothingIsEarned() {
        let none = WalkAchievements(walks: [], today: Self.day("2026-02-18"))
        #expect(none.all.allSatisfy { !$0.isEarned })
        #expect(none.currentStreakWeeks == 0)
        #expect(none.longestStreakWeeks == 0)
        #expect(none.nextDistance?.metersToGo == 10_000)
    }

    /// One walk crossing several totals earns them all; walks of the same
    /// day are taken by id, whatever the order given.
    @Test func oneLongWalkEarnsEveryTotalItCrosses() {
        let walks = [Self.walk("b", "2026-03-01", km: 150), Self.walk("a", "2026-03-01", km: 0.5)]
        let achievements = WalkAchievements(walks: walks, today: Self.day("2026-03-01"))
        #expect(achievements.all.first?.walkId == "a")
        #expect(
            achievements.all.filter { $0.kind == .totalDistance && $0.isEarned }.map { $0.walkId ?? "" }
                == ["b", "b", "b"])
        #expect(WalkAchievements(walks: walks.reversed(), today: Self.day("2026-03-01")) == achievements)
    }
}
