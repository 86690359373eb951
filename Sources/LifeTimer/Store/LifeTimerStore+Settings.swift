import Foundation
import LifeCore
import LifeDB

/// Settings and notification preferences (LT-7, LT-9), each one transaction.
extension LifeTimerStore {
    public func settings(of account: LifeTimerAccount) throws -> LifeTimerSettings {
        try read { try $0.settings(accountID: account.id) }
    }

    /// Changes the theme, clock or language (LT-9).
    @discardableResult
    public func updateSettings(
        of account: LifeTimerAccount, theme: LifeTimerSettings.Theme? = nil,
        clock style: LifeTimerSettings.ClockStyle? = nil, language: String? = nil
    ) throws -> LifeTimerSettings {
        try updateSettings(of: account, LifeTimerSettingsChange(theme: theme, clock: style, language: language))
            .settings
    }

    /// Changes the display settings and the account's visibility and zone
    /// in one transaction: all of it or none of it. Answers the account and
    /// its settings as they are afterwards.
    @discardableResult
    public func updateSettings(of account: LifeTimerAccount, _ change: LifeTimerSettingsChange) throws -> (
        account: LifeTimerAccount, settings: LifeTimerSettings
    ) {
        guard change != LifeTimerSettingsChange() else {
            return try read { session in
                (try session.requireAccount(id: account.id), try session.settings(accountID: account.id))
            }
        }
        return try write(as: account) { try $0.updateSettings(of: $1, change) }
    }

    public func notificationPreferences(of account: LifeTimerAccount) throws -> LifeTimerNotificationPreferences {
        try read { try $0.notificationPreferences(accountID: account.id) }
    }

    /// Sets the reminder frequency, interval, time and mutes in one transaction.
    @discardableResult
    public func updateNotificationPreferences(
        of account: LifeTimerAccount, _ change: (inout LifeTimerNotificationPreferences) -> Void
    ) throws -> LifeTimerNotificationPreferences {
        try write(as: account) { try $0.updateNotificationPreferences(of: $1, change) }
    }

    /// LT-7: the schedule for `days` local days from `from` (default today).
    public func notifications(for account: LifeTimerAccount, from: CivilDate? = nil, days: Int = 7) throws
        -> [LifeTimerNotification]
    {
        try read { try $0.notifications(for: account, from: from, days: days) }
    }

    /// `lifectl lifetimer notifications`: changes the preferences (when
    /// `change` is given) and computes the schedule in one transaction, so a
    /// schedule that cannot be computed (`days` out of range) leaves the
    /// preferences as they were.
    public func updateNotifications(
        of account: LifeTimerAccount, _ change: ((inout LifeTimerNotificationPreferences) -> Void)?,
        scheduleFrom from: CivilDate? = nil, days: Int = 7
    ) throws -> (preferences: LifeTimerNotificationPreferences, notifications: [LifeTimerNotification]) {
        try write(as: account) { session, current in
            let preferences =
                try change.map { try session.updateNotificationPreferences(of: current, $0) }
                ?? session.notificationPreferences(accountID: current.id)
            return (preferences, try session.notifications(for: current, from: from, days: days))
        }
    }
}
