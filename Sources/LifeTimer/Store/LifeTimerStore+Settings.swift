import Foundation
import LifeCore
import LifeDB

/// Settings and notification preferences (LT-7, LT-9), one row each per account.
extension LifeTimerStore {
    public func settings(of account: LifeTimerAccount) throws -> LifeTimerSettings {
        guard
            let settings = try db.fetchOne(
                table: "lifetimer_settings",
                "SELECT account_id, theme, clock, language FROM lifetimer_settings WHERE account_id = ?", [account.id],
                { row in
                    LifeTimerSettings(
                        theme: try row["theme", as: LifeTimerSettings.Theme.self],
                        clock: try row["clock", as: LifeTimerSettings.ClockStyle.self], language: try row["language"])
                })
        else { throw LifeError.bug("lifetimer_settings has no row for \(account.username)") }
        return settings
    }

    @discardableResult
    public func updateSettings(
        of account: LifeTimerAccount, theme: LifeTimerSettings.Theme? = nil,
        clock style: LifeTimerSettings.ClockStyle? = nil,
        language: String? = nil
    ) throws -> LifeTimerSettings {
        var next = try settings(of: account)
        if let theme { next.theme = theme }
        if let style { next.clock = style }
        if let language { next.language = try Self.checkLanguage(language) }
        try db.writeTransaction { db in
            try db.execute(
                "UPDATE lifetimer_settings SET theme = ?, clock = ?, language = ?, updated_at = ? WHERE account_id = ?",
                [next.theme.rawValue, next.clock.rawValue, next.language, clock.now(), account.id])
            try touch(account)
        }
        return try settings(of: account)
    }

    static func checkLanguage(_ text: String) throws -> String {
        let tag = text.trimmingCharacters(in: .whitespaces)
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard (2...35).contains(tag.count), let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else {
            throw LifeError.invalid(
                field: "language", "language is '\(text)'; expected a language tag such as en, de or pt-BR")
        }
        return tag
    }

    public func notificationPreferences(of account: LifeTimerAccount) throws -> LifeTimerNotificationPreferences {
        let mutes: [(column: String, category: LifeTimerNotificationPreferences.Category)] = [
            ("mute_reminders", .reminders), ("mute_milestones", .milestones), ("mute_streaks", .streaks),
            ("mute_checkpoints", .checkpoints),
        ]
        guard
            let preferences = try db.fetchOne(
                table: "lifetimer_notification_preferences",
                """
                SELECT account_id, reminder_frequency, reminder_every_days, reminder_time, mute_reminders,
                       mute_milestones, mute_streaks, mute_checkpoints
                FROM lifetimer_notification_preferences WHERE account_id = ?
                """, [account.id],
                { row in
                    var muted: Set<LifeTimerNotificationPreferences.Category> = []
                    for mute in mutes where try row[mute.column, as: Bool.self] { muted.insert(mute.category) }
                    return LifeTimerNotificationPreferences(
                        frequency: try row["reminder_frequency", as: LifeTimerNotificationPreferences.Frequency.self],
                        everyDays: try row["reminder_every_days"], time: try row["reminder_time"], muted: muted)
                })
        else { throw LifeError.bug("lifetimer_notification_preferences has no row for \(account.username)") }
        return preferences
    }

    /// Sets the reminder frequency, interval, time and mutes in one transaction.
    @discardableResult
    public func updateNotificationPreferences(
        of account: LifeTimerAccount, _ change: (inout LifeTimerNotificationPreferences) -> Void
    ) throws -> LifeTimerNotificationPreferences {
        var next = try notificationPreferences(of: account)
        change(&next)
        let range = LifeTimerRules.reminderIntervalDays
        guard range.contains(next.everyDays) else {
            throw LifeError.invalid(
                field: "every",
                "every is \(next.everyDays) days; it must be from \(range.lowerBound) to \(range.upperBound)")
        }
        let prefs = next
        try db.writeTransaction { db in
            try db.execute(
                """
                UPDATE lifetimer_notification_preferences SET reminder_frequency = ?, reminder_every_days = ?,
                    reminder_time = ?, mute_reminders = ?, mute_milestones = ?, mute_streaks = ?, mute_checkpoints = ?,
                    updated_at = ?
                WHERE account_id = ?
                """,
                [
                    prefs.frequency.rawValue, prefs.everyDays, prefs.time, prefs.muted.contains(.reminders),
                    prefs.muted.contains(.milestones), prefs.muted.contains(.streaks),
                    prefs.muted.contains(.checkpoints), clock.now(), account.id,
                ])
            try touch(account)
        }
        return try notificationPreferences(of: account)
    }

    /// LT-7: the schedule for `days` local days from `from` (default today).
    public func notifications(for account: LifeTimerAccount, from: CivilDate? = nil, days: Int = 7) throws
        -> [LifeTimerNotification]
    {
        guard (1...LifeTimerSchedule.maximumDays).contains(days) else {
            throw LifeError.invalid(
                field: "days", "days is \(days); it must be from 1 to \(Format.grouped(LifeTimerSchedule.maximumDays))")
        }
        let zone = try zone(of: account)
        let countdown = try countdown(of: account)
        let due = try goals(of: account).flatMap(\.milestones).compactMap { milestone in
            milestone.isCompleted ? nil : milestone.dueDate.map { (title: milestone.title, due: $0) }
        }
        let input = LifeTimerSchedule.Input(
            startedAt: countdown?.startedAt, endsAt: countdown?.endsAt, zone: zone,
            preferences: try notificationPreferences(of: account), dueMilestones: due,
            activeDays: try activeDays(of: account))
        return LifeTimerSchedule.compute(input, from: try from ?? today(for: account), days: days)
    }
}
