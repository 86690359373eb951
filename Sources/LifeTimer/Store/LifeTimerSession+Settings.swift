import Foundation
import LifeCore
import LifeDB

/// Settings and notification preferences (LT-7, LT-9), one row each per account.
extension LifeTimerSession {
    /// LT-9: the voice of the account acting as `username`, else of the
    /// owner's, else English on the 24-hour clock in the owner's zone
    /// (`LifeTimerStore.voice(forActing:)`).
    func voice(forActing username: String?) throws -> LifeTimerVoice {
        let named = try username.flatMap { try account(named: $0) }
        guard let account = try named ?? ownerAccount() else {
            let zone = (try? owner.timeZoneName()).flatMap { try? LifeTimerRules.zone($0) } ?? LifeTimerVoice.utc
            return LifeTimerVoice(zone: zone)
        }
        let settings = try? settings(accountID: account.id)
        return LifeTimerVoice(
            language: LifeTimerLanguage(stored: settings?.language ?? LifeTimerLanguage.en.rawValue),
            clock: settings?.clock ?? .twentyFourHour,
            zone: (try? LifeTimerRules.zone(account.timeZone)) ?? LifeTimerVoice.utc)
    }

    func settings(accountID: UUID) throws -> LifeTimerSettings {
        guard
            let settings = try db.fetchOne(
                table: "lifetimer_settings",
                "SELECT account_id, theme, clock, language FROM lifetimer_settings WHERE account_id = ?", [accountID],
                { row in
                    LifeTimerSettings(
                        theme: try row["theme", as: LifeTimerSettings.Theme.self],
                        clock: try row["clock", as: LifeTimerSettings.ClockStyle.self], language: try row["language"])
                })
        else {
            throw LifeError.malformed(
                "lifetimer_settings has no row for account '\(accountID.uuidString.lowercased())'",
                field: "lifetimer_settings")
        }
        return settings
    }

    /// Changes the account's visibility and zone and its display settings
    /// together: all of it or none of it (LT-9).
    func updateSettings(of account: LifeTimerAccount, _ change: LifeTimerSettingsChange) throws -> (
        account: LifeTimerAccount, settings: LifeTimerSettings
    ) {
        var current = account
        if change.visibility != nil || change.timeZone != nil {
            current = try updateAccount(
                account.id, AccountChange(visibility: change.visibility, timeZone: change.timeZone))
        }
        var next = try settings(accountID: account.id)
        let before = next
        if let theme = change.theme { next.theme = theme }
        if let style = change.clock { next.clock = style }
        // A person sets only a language LifeTimer speaks, stored by its tag.
        if let language = change.language {
            next.language = try LifeTimerLanguage.setting(language, voice: voice).rawValue
        }
        if next != before {
            try db.execute(
                """
                UPDATE lifetimer_settings SET theme = ?, clock = ?, language = ?, updated_at = max(updated_at, ?)
                WHERE account_id = ?
                """,
                [next.theme.rawValue, next.clock.rawValue, next.language, clock.now(), account.id])
            try touch(account.id)
        }
        return (current, try settings(accountID: account.id))
    }

    func notificationPreferences(accountID: UUID) throws -> LifeTimerNotificationPreferences {
        let mutes: [(column: String, category: LifeTimerNotificationPreferences.Category)] = [
            ("mute_reminders", .reminders), ("mute_milestones", .milestones), ("mute_streaks", .streaks),
            ("mute_checkpoints", .checkpoints),
        ]
        guard
            let preferences = try db.fetchOne(
                table: "lifetimer_notification_preferences",
                """
                SELECT account_id, reminder_frequency, reminder_every_days, reminder_time, mute_reminders,
                       mute_milestones, mute_streaks, mute_checkpoints, milestone_advance_days
                FROM lifetimer_notification_preferences WHERE account_id = ?
                """, [accountID],
                { row in
                    var muted: Set<LifeTimerNotificationPreferences.Category> = []
                    for mute in mutes where try row[mute.column, as: Bool.self] { muted.insert(mute.category) }
                    return LifeTimerNotificationPreferences(
                        frequency: try row["reminder_frequency", as: LifeTimerNotificationPreferences.Frequency.self],
                        everyDays: try row["reminder_every_days"], time: try row["reminder_time"], muted: muted,
                        advanceDays: try row["milestone_advance_days"])
                })
        else {
            throw LifeError.malformed(
                "lifetimer_notification_preferences has no row for account '\(accountID.uuidString.lowercased())'",
                field: "lifetimer_notification_preferences")
        }
        return preferences
    }

    /// Sets the reminder frequency, interval, time and mutes, from the
    /// preferences as they are now.
    func updateNotificationPreferences(
        of account: LifeTimerAccount, _ change: (inout LifeTimerNotificationPreferences) -> Void
    ) throws -> LifeTimerNotificationPreferences {
        let before = try notificationPreferences(accountID: account.id)
        var next = before
        change(&next)
        try LifeTimerRules.checkReminderInterval(next.everyDays, voice: voice)
        try LifeTimerRules.checkMilestoneAdvance(next.advanceDays, voice: voice)
        if next != before {
            try db.execute(
                """
                UPDATE lifetimer_notification_preferences SET reminder_frequency = ?, reminder_every_days = ?,
                    reminder_time = ?, mute_reminders = ?, mute_milestones = ?, mute_streaks = ?, mute_checkpoints = ?,
                    milestone_advance_days = ?, updated_at = max(updated_at, ?)
                WHERE account_id = ?
                """,
                [
                    next.frequency.rawValue, next.everyDays, next.time, next.muted.contains(.reminders),
                    next.muted.contains(.milestones), next.muted.contains(.streaks), next.muted.contains(.checkpoints),
                    next.advanceDays, clock.now(), account.id,
                ])
            try touch(account.id)
        }
        return try notificationPreferences(accountID: account.id)
    }

    /// LT-7: the schedule for `days` local days from `from` (default today).
    func notifications(for account: LifeTimerAccount, from: CivilDate?, days: Int) throws -> [LifeTimerNotification] {
        guard (1...LifeTimerSchedule.maximumDays).contains(days) else {
            throw voice.invalid(
                "days", .errorRange,
                ["value": String(days), "min": "1", "max": voice.number(LifeTimerSchedule.maximumDays)])
        }
        let zone = try zone(of: account)
        let countdown = try countdown(accountID: account.id)
        var due: [LifeTimerSchedule.DueMilestone] = []
        try db.forEachRow(
            table: "lifetimer_milestones",
            """
            SELECT id, title, due_date, created_at FROM lifetimer_milestones
            WHERE account_id = ? AND completed_at IS NULL AND due_date IS NOT NULL ORDER BY due_date, id
            """, [account.id]
        ) { row in
            due.append(
                LifeTimerSchedule.DueMilestone(
                    title: try row["title"], due: try row["due_date"], createdAt: try row["created_at"]))
        }
        let input = LifeTimerSchedule.Input(
            startedAt: countdown?.startedAt, endsAt: countdown?.endsAt, zone: zone,
            preferences: try notificationPreferences(accountID: account.id), dueMilestones: due,
            activeDays: try activeDaysRecorded(accountID: account.id), voice: voice.reading(in: zone))
        return LifeTimerSchedule.compute(input, from: try from ?? today(for: account), days: days)
    }
}
