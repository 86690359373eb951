import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeTimer
import Walks

/// Reads what a `Timeline` needs through each product's own store, in one
/// read transaction so the page is one moment's state. A product not set
/// up contributes nothing; it is never an error.
public struct TimelineReader {
    public let db: Database
    public let clock: Clock

    public init(db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    /// The owner's today, in the owner's zone.
    public func today() throws -> CivilDate { try OwnerStore(db: db, clock: clock).today() }

    public func timeline(span: ClosedRange<CivilDate>, focus: CivilDate) throws -> Timeline {
        try db.readTransaction { db in
            let owner = OwnerStore(db: db, clock: clock)
            var sources = Timeline.Sources(zone: try owner.timeZone(), zoneName: try owner.timeZoneName())
            let finite = FiniteStore(db: db, clock: clock)
            if try finite.profile() != nil {
                sources.grid = try finite.grid()
                sources.marks = try finite.marks()
            }
            sources.walks = try WalksStore(db: db, clock: clock).list()
            let hereafter = HereafterStore(db: db, clock: clock)
            if try hereafter.profile() != nil { sources.messages = try hereafter.messages() }
            let lifeTimer = LifeTimerStore(db: db, clock: clock)
            if let account = try lifeTimer.ownerAccount() {
                sources.account = account
                sources.accountZone = try lifeTimer.zone(of: account)
                // LT-4 as of the day asked for: now on today, else the last
                // second of that day; nothing before the countdown began.
                if let countdown = try lifeTimer.countdown(of: account) {
                    let now = clock.now()
                    let instant =
                        focus == (try owner.today())
                        ? now : focus.adding(days: 1).startInstant(in: sources.zone).addingTimeInterval(-1)
                    if instant >= countdown.startedAt {
                        sources.countdown = CountdownRules.status(
                            startedAt: countdown.startedAt, endsAt: countdown.endsAt, now: instant,
                            in: try TimeZoneSetting.zone(named: countdown.timeZone))
                    }
                }
                sources.goals = try lifeTimer.goals(of: account)
            }
            let dailyMenu = DailyMenuStore(db: db, clock: clock)
            sources.completions = try dailyMenu.completions(through: span.upperBound)
            sources.activityTitles = Dictionary(
                try dailyMenu.activities().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            return Timeline(span: span, focus: focus, sources)
        }
    }
}
