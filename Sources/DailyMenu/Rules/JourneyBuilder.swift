import Foundation
import LifeCore

/// The journey (DM-4 … DM-7, DM-9) gathered in one pass over a history in
/// history order, one completion at a time, with nothing kept per
/// completion but its day: `Journey(history:…)` feeds it `Completion`s, and
/// the store feeds it the columns of ten years of rituals read straight from
/// SQLite (issue 21: the profile in linear time, still computed from the
/// completions alone). Both go through the same rules (`MomentRule`,
/// `StampTracker`, `Warmth`).
///
/// Each completion is given with a `reference` of the caller's (an index,
/// a rowid); a stamp names the completion that earned it by that reference,
/// which `journey(today:id:)` turns into its id, so that the long walk
/// never needs the ids.
public struct JourneyBuilder: Sendable {
    private let catalogueCategories: Int
    private var rule = MomentRule()
    private var stampTracker: StampTracker
    private var stamps: [(kind: StampKind, day: Int, reference: Int64)] = []
    /// DM-5: each season as the total reached its threshold, and the next
    /// one to reach (an index into `DailyMenuRules.seasons`).
    private var seasons: [(number: Int, day: Int, reference: Int64)] = []
    private var nextSeason = 0
    private var tried = CategoryNumbers()
    private var rituals = 0
    private var minutes = 0
    private var moodLifted = 0
    private var total = 0
    /// Day numbers as met; sorted and made unique at the end (local days
    /// are not in history order when the owner moved between zones).
    private var days: [Int] = []
    private var daysSorted = true

    public init(categories: Set<String>, lowEnergyAsks: [CivilDate: Date] = [:]) {
        catalogueCategories = categories.count
        rule = MomentRule(lowEnergyAsks: lowEnergyAsks)
        stampTracker = StampTracker(categories: categories)
    }

    /// A category's number for `add(reference:…)`: the catalogue's are
    /// numbered first.
    public mutating func number(of category: String) -> Int { stampTracker.number(of: category) }

    /// Adds the next completion of the history; answers its bonuses.
    @discardableResult
    public mutating func add(_ completion: Completion, reference: Int64) -> MomentBonusSet {
        add(
            reference: reference, day: completion.localDay.daysSinceEpoch, time: completion.localTime,
            at: completion.completedAt, category: number(of: completion.category), minutes: completion.minutes,
            before: completion.beforeMoodForRules, after: completion.afterMoodForRules)
    }

    /// Adds the next completion of the history, given by its columns: `day`
    /// a day number, `category` a number from `number(of:)`.
    @discardableResult
    public mutating func add(
        reference: Int64, day: Int, time: LocalTime, at instant: Date, category: Int, minutes: Int,
        before: BeforeMood?, after: AfterMood?
    ) -> MomentBonusSet {
        let lifted = after == .better
        let bonuses = rule.award(day: day, at: instant, category: category, before: before, moodImproved: lifted)
        total += bonuses.total
        while nextSeason < DailyMenuRules.seasons.count, total >= DailyMenuRules.seasons[nextSeason].threshold {
            seasons.append((DailyMenuRules.seasons[nextSeason].number, day, reference))
            nextSeason += 1
        }
        rituals += 1
        self.minutes += minutes
        if lifted { moodLifted += 1 }
        _ = tried.markTried(category)
        if let last = days.last {
            if day != last {
                if day < last { daysSorted = false }
                days.append(day)
            }
        } else {
            days.append(day)
        }
        for kind in stampTracker.add(day: day, time: time, category: category, moodImproved: lifted) {
            stamps.append((kind, day, reference))
        }
        return bonuses
    }

    /// The Moments so far.
    public var moments: Int { total }

    /// The journey so far, as of `today`; `id` gives the id of the
    /// completion added with a reference (called once per stamp).
    public func journey(today: CivilDate, id: (Int64) throws -> UUID) rethrows -> Journey {
        let active = activeDays
        let snapshot = try snapshot(active: active, id: id)
        return Journey(
            today: today, totals: snapshot.totals, season: SeasonProgress(moments: total),
            warmth: Warmth.value(sortedActiveDays: active, through: today.daysSinceEpoch), stamps: snapshot.stamps,
            seasonsReached: snapshot.seasons)
    }

    /// The journey so far without today (what the profile's cache keeps).
    public func snapshot(id: (Int64) throws -> UUID) rethrows -> JourneySnapshot {
        try snapshot(active: activeDays, id: id)
    }

    /// The active days' numbers, ascending, without repeats.
    private var activeDays: [Int] { daysSorted ? days : Array(Set(days)).sorted() }

    private func snapshot(active: [Int], id: (Int64) throws -> UUID) rethrows -> JourneySnapshot {
        JourneySnapshot(
            totals: JourneyTotals(
                rituals: rituals, activeDays: active.count, minutes: minutes, categoriesTried: tried.triedCount,
                categories: catalogueCategories, moodLifted: moodLifted,
                firstDay: active.first.map(CivilDate.init(daysSinceEpoch:)),
                lastDay: active.last.map(CivilDate.init(daysSinceEpoch:))),
            moments: total,
            stamps: try stamps.map {
                StampAward(kind: $0.kind, date: CivilDate(daysSinceEpoch: $0.day), completionID: try id($0.reference))
            },
            warmth: Warmth.state(sortedActiveDays: active),
            seasons: try seasons.map { reached in
                SeasonReached(
                    season: DailyMenuRules.seasons[reached.number - 1], date: CivilDate(daysSinceEpoch: reached.day),
                    completionID: try id(reached.reference))
            })
    }
}
