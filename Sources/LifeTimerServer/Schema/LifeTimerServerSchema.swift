import LifeServer

/// What LifeTimer puts on the server (Schema/server/), for `lifectl server
/// status` and the tests: its tables, and the schemas the RLS lint reads.
public enum LifeTimerServerSchema {
    /// Every table of LifeTimer's social graph, in the order of the migration.
    public static let tables = [
        "public.lifetimer_accounts", "public.lifetimer_account_private", "public.lifetimer_goals",
        "public.lifetimer_countdowns", "public.lifetimer_milestones", "public.lifetimer_activity_days",
        "public.lifetimer_follows", "public.lifetimer_blocks", "public.lifetimer_admins",
        "public.lifetimer_suspensions", "public.lifetimer_reports", "public.lifetimer_identities",
        "public.lifetimer_report_decisions",
    ]

    /// The engine's own tables: the maintained leaderboard counts (no client reads them).
    public static let engineTables = ["lifectl.lifetimer_board_counts", "lifectl.lifetimer_recent_counts"]

    /// The views clients read (security_invoker).
    public static let views = [
        "public.lifetimer_feed", "public.lifetimer_leaderboard_goals", "public.lifetimer_leaderboard_streaks",
        "public.lifetimer_leaderboard_recent", "public.lifetimer_leaderboard_current_streaks",
    ]

    /// The migrator of LifeTimer's server schema (`Schema/server/`).
    public static var migrator: ServerMigrator { ServerMigrator(migrations: LifeTimerServerMigrations.migrations) }

    /// The schemas the migrations write and the lint reads.
    public static let schemas = ["public", "lifectl"]
}
