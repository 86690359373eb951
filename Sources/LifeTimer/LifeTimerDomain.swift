import LifeCore

/// The LifeTimer product's place in the shared database (SPEC §4, LT-*): its
/// tables (`Schema/0006_lifetimer.sql`), its rules in `LifeTimerStore` and the
/// pure countdown, progress and schedule rules.
public enum LifeTimerDomain {
    public static let domain = ProductDomain(
        name: "lifetimer", tablePrefix: "lifetimer_",
        tables: [
            "lifetimer_accounts", "lifetimer_goals", "lifetimer_countdowns", "lifetimer_milestones",
            "lifetimer_activity_days", "lifetimer_follows", "lifetimer_blocks", "lifetimer_admins",
            "lifetimer_suspensions", "lifetimer_reports", "lifetimer_settings",
            "lifetimer_notification_preferences",
        ])
}
