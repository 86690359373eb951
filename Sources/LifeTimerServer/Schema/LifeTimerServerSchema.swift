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

    /// The engine's own tables (no client reads them): the maintained
    /// leaderboard counts, every account id ever held (SRV-6), the words of
    /// hidden content, the follow counts and the current streaks.
    public static let engineTables = [
        "lifectl.lifetimer_board_counts", "lifectl.lifetimer_recent_counts", "lifectl.lifetimer_account_ids",
        "lifectl.lifetimer_hidden_content", "lifectl.lifetimer_follow_counts", "lifectl.lifetimer_current_streaks",
        "lifectl.lifetimer_current_counts",
    ]

    /// The moderation facts, which outlive the accounts and content they
    /// are about (SRV-6): they keep a deleted account's id, nothing else of it.
    public static let moderationTables = [
        "public.lifetimer_blocks", "public.lifetimer_suspensions", "public.lifetimer_reports",
        "public.lifetimer_report_decisions",
    ]

    /// The views clients read (security_invoker).
    public static let views = [
        "public.lifetimer_feed", "public.lifetimer_leaderboard_goals", "public.lifetimer_leaderboard_streaks",
        "public.lifetimer_leaderboard_recent",
    ]

    /// The functions an app calls through Supabase's API (in `public`,
    /// security definer, for `authenticated` only), each answering only what
    /// its caller may see.
    public static let functions = [
        "public.lifetimer_search", "public.lifetimer_block", "public.lifetimer_unblock",
        "public.lifetimer_accounts_above", "public.lifetimer_milestones_since", "public.lifetimer_feed",
        "public.lifetimer_followers", "public.lifetimer_following", "public.lifetimer_profile_stats",
        "public.lifetimer_current_streaks", "public.lifetimer_recent", "public.lifetimer_is_admin",
        "public.lifetimer_username_for_admin",
        "public.lifetimer_account_id_for_admin", "public.lifetimer_reports_for_admin",
        "public.lifetimer_decisions_for_admin",
    ]

    /// The migrator of LifeTimer's server schema (`Schema/server/`).
    public static var migrator: ServerMigrator { ServerMigrator(migrations: LifeTimerServerMigrations.migrations) }

    /// The schemas the migrations write and the lint reads.
    public static let schemas = ["public", "lifectl"]
}
