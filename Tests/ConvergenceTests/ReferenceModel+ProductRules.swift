import Foundation
import LifeDB

extension ReferenceModel {
    /// Section 7, rule 4: the products' rules that hold a record back, as
    /// far as docs/sync.md states them (section 15, "Limits"):
    /// - a LifeTimer goal made after its account's countdown started is held
    ///   back, since the list is locked once it starts. "After" is read the
    ///   only way every device can agree on: the goal's creation is later
    ///   than the countdown's;
    /// - a countdown is held back while no goal of its account is shown
    ///   (a countdown needs a goal).
    /// Answers why, or nil.
    func heldBack(
        table: String, row: [String: DatabaseValue], record: Record, site: Site,
        shown: Shown
    ) -> String? {
        switch table {
        case "lifetimer_goals":
            guard let account = row["account_id"] else { return nil }
            let countdowns = site.records["lifetimer_countdowns"] ?? [:]
            guard let countdown = countdowns[[account]], countdown.isAlive, countdown.v < record.v else { return nil }
            return "the goal was added after the countdown started"
        case "lifetimer_countdowns":
            guard let account = row["account_id"] else { return nil }
            let goals = shown["lifetimer_goals"] ?? [:]
            if goals.values.contains(where: { Self.compare($0["account_id"] ?? .null, account) == .orderedSame }) {
                return nil
            }
            return "the countdown needs a goal"
        default:
            return nil
        }
    }
}
