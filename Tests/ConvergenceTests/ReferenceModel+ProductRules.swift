import Foundation
import LifeDB

extension ReferenceModel {
    /// Section 7, rule 4: the products' rules that hold a record back, as
    /// far as docs/sync.md states them (section 15, "Limits"): a LifeTimer
    /// goal added after its account's countdown started, on any device,
    /// is held back, since the list is locked once it starts. "After" is
    /// read the only way every device can agree on: the goal's creation is
    /// later than the countdown's. Answers why, or nil.
    func heldBack(table: String, row: [String: DatabaseValue], record: Record, site: Site) -> String? {
        guard table == "lifetimer_goals", let account = row["account_id"] else { return nil }
        let countdowns = site.records["lifetimer_countdowns"] ?? [:]
        guard let countdown = countdowns[[account]], countdown.isAlive, countdown.v < record.v else { return nil }
        return "the goal was added after the countdown started"
    }
}
