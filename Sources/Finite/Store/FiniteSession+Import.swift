import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The rules an imported row obeys: the same functions `setup`, `settings`
/// and `mark` apply to what a person types (`FiniteRules`), on the file's
/// row on its own (`checkImported…`) and on the row as the import would
/// leave it here (`prepareImported…`) (SPEC CORE-12: one write path).
extension FiniteSession {
    /// A profile row as `setup` and `settings` would have stored it.
    static func checkImportedProfile(_ row: ImportRow) throws {
        _ = try row.integer("id", in: 1...1)
        _ = try row.date("birthday")
        try FiniteRules.checkLifeExpectancy(Int(try row.integer("life_expectancy_years", in: 0...1_000)))
        _ = try row.choice("view_mode", as: ViewMode.self)
        _ = try row.bool("biometric_lock")
        _ = try row.bool("daily_notification")
        let time = try row.text("daily_notification_time")
        guard let parsed = LocalTime(text: time), parsed.description == time else {
            throw LifeError.invalid(
                field: "daily_notification_time",
                "daily_notification_time is '\(TerminalText.echoed(time))'; it must be a time HH:MM")
        }
        try checkOrder(row, first: "created_at", then: "updated_at")
    }

    /// The profile here after the import: a birthday in the past, and one
    /// that moves no mark (FIN-1).
    func prepareImportedProfile(_ row: ImportRow) throws {
        let birthday = try row.date("birthday")
        try FiniteRules.checkBirthday(birthday, today: try today())
        if let existing = try profile(), existing.birthday != birthday {
            let marked = try db.fetchOne(Int.self, "SELECT count(*) FROM finite_marks") ?? 0
            if marked > 0 {
                throw LifeError.invalid(
                    field: "birthday",
                    "birthday is \(birthday.iso), but \(Format.grouped(marked)) weeks here are marked against \(existing.birthday.iso); changing it would move every mark"
                )
            }
            let phases = try phaseCount()
            if phases > 0 {
                throw LifeError.invalid(
                    field: "birthday",
                    "birthday is \(birthday.iso), but \(Format.count(phases, "life phase", "life phases")) here \(phases == 1 ? "is" : "are") counted in weeks from \(existing.birthday.iso); changing it would move every phase"
                )
            }
        }
    }

    /// A mark as `mark` would have stored it.
    static func checkImportedMark(_ row: ImportRow) throws {
        _ = try row.uuid("id")
        _ = try row.integer("profile_id", in: 1...1)
        _ = try row.integer("week_index", in: 0...Int64(FiniteRules.largestWeekIndex))
        _ = try FiniteRules.rating(Int(try row.integer("rating", in: 0...10)))
        if let category = try row.optionalText("category") {
            let parsed = try FiniteRules.category(category)
            guard parsed.rawValue == category else {
                throw LifeError.invalid(
                    field: "category",
                    "category is '\(TerminalText.echoed(category))'; it must be written in lower case")
            }
        }
        try TextRule.checkStored(try row.optionalText("phrase"), field: "phrase", limit: FiniteRules.phraseLimit)
        try checkOrder(row, first: "marked_at", then: "updated_at")
    }

    /// The mark here after the import: on a week from the first to the
    /// current one of the grid here (FIN-4).
    func prepareImportedMark(_ row: ImportRow) throws {
        let index = try row.integer("week_index", in: 0...Int64(FiniteRules.largestWeekIndex))
        guard try profile() != nil else {
            throw LifeError.invalid(
                field: "week_index", "the week is marked, but Finite has no birthday here or in the file")
        }
        let snapshot = try snapshot()
        try FiniteRules.checkMarkable(weekIndex: Int(index), status: snapshot.status, grid: snapshot.grid)
    }

    /// Two instants of a row in order (first ≤ then), both readable.
    static func checkOrder(_ row: ImportRow, first: String, then: String) throws {
        if try row.instant(then) < row.instant(first) {
            throw LifeError.invalid(field: then, "\(then) is before \(first)")
        }
    }
}
