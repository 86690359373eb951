-- 0006_lifetimer_bounded_reads: every read bounded by its page at 100,000
-- accounts, 2,000,000 follows and 1,000,000 milestones (SPEC PERF-8, LT-6,
-- LT-10; issue 28).
--
-- Before, two reads grew with the data: the followers of a popular account
-- (every follower read and sorted: 993 ms) and the current-streak board
-- (the rule, a security-definer call, run on every account with a run going:
-- 445 ms). And the instant a current streak lapses, local midnight in the
-- account's zone, was a column anyone who saw the account could read: its
-- private time zone, to the minute.
--
-- Now:
--   * a follow carries both ends' lower-case usernames (kept by triggers
--     when a name changes), so followers and following are pages in
--     username order read from one index and stopped at the page's end
--     (public.lifetimer_followers, public.lifetimer_following, keyset:
--     `after` the last username of the previous page);
--   * each account's follows whose other end is listed are counted
--     (lifectl.lifetimer_follow_counts, no client reads it: the raw number
--     would count followers who block the reader); a profile's counts are
--     that, less the listed ones a block hides from the reader, plus the
--     reader itself where it is not listed (public.lifetimer_profile_stats);
--   * the current streak leaves the account's row: its length and the
--     instant it lapses live in lifectl.lifetimer_current_streaks, no
--     client's to read; public.lifetimer_profile_stats answers the run going
--     now, and public.lifetimer_current_streaks the board, with rank and
--     total from a histogram of (instant it lapses, length) over listed
--     accounts. The instants a run can lapse at are the midnights of the
--     zones in use over the next two days (a few dozen), so the board reads
--     the first page of each and merges them;
--   * the feed is a page of the newest public milestones of the accounts
--     one follows, each account's newest read from its index
--     (public.lifetimer_feed): one index probe per account followed, plus
--     the page.
-- Each of these functions applies LT-6 itself (security definer, the same
-- rule as the policies: listed, and no block either way, or the caller
-- itself) and answers for a hidden account exactly as for a missing one:
-- nothing. The views of 0001 stay for raw reads under the policies.

-- ---------------------------------------------------------------------------
-- Follows in username order
-- ---------------------------------------------------------------------------

ALTER TABLE public.lifetimer_follows
    ADD COLUMN follower_key text COLLATE "C",
    ADD COLUMN followee_key text COLLATE "C";

UPDATE public.lifetimer_follows AS f
SET follower_key = r.username_key, followee_key = e.username_key
FROM public.lifetimer_accounts AS r, public.lifetimer_accounts AS e
WHERE r.id = f.follower_id AND e.id = f.followee_id;

ALTER TABLE public.lifetimer_follows
    ALTER COLUMN follower_key SET NOT NULL,
    ALTER COLUMN followee_key SET NOT NULL;

CREATE INDEX lifetimer_follows_followers_page ON public.lifetimer_follows (followee_id, follower_key);
CREATE INDEX lifetimer_follows_following_page ON public.lifetimer_follows (follower_id, followee_key);
DROP INDEX public.lifetimer_follows_by_followee;

CREATE FUNCTION lifectl.lifetimer_follow_keys() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    NEW.follower_key := (SELECT username_key FROM public.lifetimer_accounts WHERE id = NEW.follower_id);
    NEW.followee_key := (SELECT username_key FROM public.lifetimer_accounts WHERE id = NEW.followee_id);
    RETURN NEW;
END $$;

-- After lifetimer_follow_allowed (triggers fire in name order): a refused
-- follow never reaches it.
CREATE TRIGGER lifetimer_follow_keys BEFORE INSERT ON public.lifetimer_follows
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_follow_keys();

-- ---------------------------------------------------------------------------
-- Follow counts
-- ---------------------------------------------------------------------------

-- followers: follows into the account from listed accounts; following:
-- follows out of it to listed accounts.
CREATE TABLE lifectl.lifetimer_follow_counts (
    account_id uuid PRIMARY KEY REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    followers  bigint NOT NULL DEFAULT 0 CHECK (followers >= 0),
    following  bigint NOT NULL DEFAULT 0 CHECK (following >= 0)
);

ALTER TABLE lifectl.lifetimer_follow_counts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON lifectl.lifetimer_follow_counts FROM PUBLIC, anon, authenticated;

CREATE FUNCTION lifectl.lifetimer_follow_counted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    edge record;
    delta bigint;
BEGIN
    IF TG_OP = 'INSERT' THEN
        edge := NEW;
        delta := 1;
    ELSE
        edge := OLD;
        delta := -1;
    END IF;
    IF EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = edge.follower_id AND listed) THEN
        UPDATE lifectl.lifetimer_follow_counts SET followers = followers + delta WHERE account_id = edge.followee_id;
    END IF;
    IF EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = edge.followee_id AND listed) THEN
        UPDATE lifectl.lifetimer_follow_counts SET following = following + delta WHERE account_id = edge.follower_id;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_follow_counted AFTER INSERT OR DELETE ON public.lifetimer_follows
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_follow_counted();

-- The counts of the accounts at the other end of `account`'s follows, as
-- it enters (+1) or leaves (-1) the listed accounts.
CREATE FUNCTION lifectl.lifetimer_follow_listing(account uuid, delta bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = ''
AS $$
    UPDATE lifectl.lifetimer_follow_counts AS c SET followers = c.followers + delta
    WHERE c.account_id IN (SELECT f.followee_id FROM public.lifetimer_follows AS f WHERE f.follower_id = account);
    UPDATE lifectl.lifetimer_follow_counts AS c SET following = c.following + delta
    WHERE c.account_id IN (SELECT f.follower_id FROM public.lifetimer_follows AS f WHERE f.followee_id = account);
$$;

-- ---------------------------------------------------------------------------
-- The current streak, out of the account's row
-- ---------------------------------------------------------------------------

DROP VIEW public.lifetimer_leaderboard_current_streaks;
DROP INDEX public.lifetimer_accounts_current_streak;
ALTER TABLE public.lifetimer_accounts
    DROP CONSTRAINT lifetimer_accounts_current_streak_check,
    DROP COLUMN current_streak_days,
    DROP COLUMN current_streak_until;

-- The latest run of activity days of each account that has one, and the
-- instant it lapses (the start of the second local day after its last).
CREATE TABLE lifectl.lifetimer_current_streaks (
    account_id   uuid PRIMARY KEY REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    days         integer NOT NULL CHECK (days > 0),
    until        timestamptz NOT NULL,
    username_key text COLLATE "C" NOT NULL,
    listed       boolean NOT NULL
);

-- The board reads, for each instant a run can lapse at, its longest runs first.
CREATE INDEX lifetimer_current_streaks_board
    ON lifectl.lifetimer_current_streaks (until, days DESC, username_key) WHERE listed;

-- How many listed accounts have a run of `value` days lapsing at `until`.
CREATE TABLE lifectl.lifetimer_current_counts (
    until    timestamptz NOT NULL,
    value    integer NOT NULL CHECK (value > 0),
    accounts bigint NOT NULL CHECK (accounts >= 0),
    PRIMARY KEY (until, value)
);

ALTER TABLE lifectl.lifetimer_current_streaks ENABLE ROW LEVEL SECURITY;
ALTER TABLE lifectl.lifetimer_current_counts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON lifectl.lifetimer_current_streaks, lifectl.lifetimer_current_counts FROM PUBLIC, anon, authenticated;

CREATE FUNCTION lifectl.lifetimer_bump_current(until timestamptz, value integer, delta bigint) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF delta > 0 THEN
        INSERT INTO lifectl.lifetimer_current_counts AS c (until, value, accounts) VALUES ($1, $2, delta)
        ON CONFLICT ON CONSTRAINT lifetimer_current_counts_pkey DO UPDATE SET accounts = c.accounts + delta;
    ELSE
        UPDATE lifectl.lifetimer_current_counts AS c SET accounts = c.accounts + delta WHERE c.until = $1 AND c.value = $2;
        DELETE FROM lifectl.lifetimer_current_counts AS c WHERE c.until = $1 AND c.value = $2 AND c.accounts = 0;
    END IF;
END $$;

CREATE FUNCTION lifectl.lifetimer_current_counted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.listed THEN
        PERFORM lifectl.lifetimer_bump_current(OLD.until, OLD.days, -1);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.listed THEN
        PERFORM lifectl.lifetimer_bump_current(NEW.until, NEW.days, 1);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_current_counted AFTER INSERT OR UPDATE OR DELETE ON lifectl.lifetimer_current_streaks
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_current_counted();

-- The longest run (on the account's row) and the latest run (here) of each
-- of `accounts`, from its activity days, in its zone as it is now.
CREATE OR REPLACE FUNCTION lifectl.lifetimer_streaks_of(accounts uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    account uuid;
    longest integer;
    latest integer;
    last_day date;
BEGIN
    FOREACH account IN ARRAY accounts LOOP
        SELECT max(runs.run), (array_agg(runs.run ORDER BY runs.last_of DESC))[1], max(runs.last_of)
        INTO longest, latest, last_day
        FROM (
            SELECT count(*)::integer AS run, max(days.day) AS last_of FROM (
                SELECT d.day, d.day - (row_number() OVER (ORDER BY d.day))::integer AS island
                FROM public.lifetimer_activity_days AS d WHERE d.account_id = account
            ) AS days GROUP BY days.island
        ) AS runs;
        UPDATE public.lifetimer_accounts SET longest_streak_days = coalesce(longest, 0)
        WHERE id = account AND longest_streak_days <> coalesce(longest, 0);
        IF last_day IS NULL THEN
            DELETE FROM lifectl.lifetimer_current_streaks WHERE account_id = account;
        ELSE
            INSERT INTO lifectl.lifetimer_current_streaks AS s (account_id, days, until, username_key, listed)
            SELECT a.id, latest, (last_day + 2)::timestamp AT TIME ZONE coalesce(
                       (SELECT p.time_zone FROM public.lifetimer_account_private AS p WHERE p.account_id = a.id), 'UTC'),
                   a.username_key, a.listed
            FROM public.lifetimer_accounts AS a WHERE a.id = account
            ON CONFLICT (account_id) DO UPDATE SET days = EXCLUDED.days, until = EXCLUDED.until
            WHERE (s.days, s.until) IS DISTINCT FROM (EXCLUDED.days, EXCLUDED.until);
        END IF;
    END LOOP;
END $$;

-- ---------------------------------------------------------------------------
-- An account's listing and name, wherever they are copied
-- ---------------------------------------------------------------------------

CREATE FUNCTION lifectl.lifetimer_account_copies() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO lifectl.lifetimer_follow_counts (account_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
        -- Before the cascade: its follows leave the counts as if it were unlisted.
        IF OLD.listed THEN
            PERFORM lifectl.lifetimer_follow_listing(OLD.id, -1);
        END IF;
        RETURN OLD;
    END IF;
    IF OLD.listed <> NEW.listed THEN
        PERFORM lifectl.lifetimer_follow_listing(NEW.id, CASE WHEN NEW.listed THEN 1 ELSE -1 END);
    END IF;
    IF OLD.username_key <> NEW.username_key THEN
        UPDATE public.lifetimer_follows SET follower_key = NEW.username_key WHERE follower_id = NEW.id;
        UPDATE public.lifetimer_follows SET followee_key = NEW.username_key WHERE followee_id = NEW.id;
    END IF;
    UPDATE lifectl.lifetimer_current_streaks SET listed = NEW.listed, username_key = NEW.username_key
    WHERE account_id = NEW.id AND (listed, username_key) IS DISTINCT FROM (NEW.listed, NEW.username_key);
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_account_copies_made AFTER INSERT ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_copies();
CREATE TRIGGER lifetimer_account_copies_changed AFTER UPDATE ON public.lifetimer_accounts
    FOR EACH ROW WHEN (OLD.listed IS DISTINCT FROM NEW.listed OR OLD.username_key IS DISTINCT FROM NEW.username_key)
    EXECUTE FUNCTION lifectl.lifetimer_account_copies();
CREATE TRIGGER lifetimer_account_copies_deleted BEFORE DELETE ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_copies();

-- ---------------------------------------------------------------------------
-- Rebuilding every maintained count and copy (after a bulk load with the
-- triggers off, or to repair): for the operator, not for clients.
-- ---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION lifectl.lifetimer_recount() RETURNS void
    LANGUAGE plpgsql SET search_path = ''
AS $$
BEGIN
    ALTER TABLE public.lifetimer_accounts DISABLE TRIGGER lifetimer_account_counts_changed;
    ALTER TABLE public.lifetimer_accounts DISABLE TRIGGER lifetimer_account_copies_changed;
    ALTER TABLE public.lifetimer_goals DISABLE TRIGGER lifetimer_goal_counts;
    ALTER TABLE public.lifetimer_goals DISABLE TRIGGER lifetimer_goal_stamped;
    ALTER TABLE public.lifetimer_goals DISABLE TRIGGER lifetimer_goal_hidden;
    ALTER TABLE public.lifetimer_goals DISABLE TRIGGER lifetimer_goal_hidden_changed;
    ALTER TABLE public.lifetimer_milestones DISABLE TRIGGER lifetimer_milestone_counts;
    ALTER TABLE public.lifetimer_milestones DISABLE TRIGGER lifetimer_milestone_stamped;
    ALTER TABLE public.lifetimer_milestones DISABLE TRIGGER lifetimer_milestone_hidden;
    ALTER TABLE lifectl.lifetimer_current_streaks DISABLE TRIGGER lifetimer_current_counted;
    -- After a bulk load in this transaction the planner knows nothing of
    -- the rows: every statement below reads whole tables, which it should
    -- join by hashing, not probe row by row.
    ANALYZE public.lifetimer_accounts, public.lifetimer_account_private, public.lifetimer_goals,
        public.lifetimer_milestones, public.lifetimer_activity_days, public.lifetimer_follows,
        public.lifetimer_suspensions, public.lifetimer_report_decisions;
    -- Hidden flags: goals first, then milestones (which follow their goal).
    -- Only rows that are hidden or that a hide could reach are worked out.
    UPDATE public.lifetimer_goals AS g SET hidden = lifectl.lifetimer_goal_is_hidden(g.id, g.account_id, g.title)
    WHERE (g.hidden
           OR g.id IN (SELECT d.hidden_goal_id FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id IS NOT NULL)
           OR g.account_id IN (SELECT h.account_id FROM lifectl.lifetimer_hidden_content AS h))
      AND g.hidden IS DISTINCT FROM lifectl.lifetimer_goal_is_hidden(g.id, g.account_id, g.title);
    UPDATE public.lifetimer_milestones AS m
    SET hidden = lifectl.lifetimer_milestone_is_hidden(m.id, m.account_id, m.goal_id, m.title)
    WHERE (m.hidden
           OR m.id IN (SELECT d.hidden_milestone_id FROM public.lifetimer_report_decisions AS d
                       WHERE d.hidden_milestone_id IS NOT NULL)
           OR m.goal_id IN (SELECT g.id FROM public.lifetimer_goals AS g WHERE g.hidden)
           OR m.account_id IN (SELECT h.account_id FROM lifectl.lifetimer_hidden_content AS h))
      AND m.hidden IS DISTINCT FROM lifectl.lifetimer_milestone_is_hidden(m.id, m.account_id, m.goal_id, m.title);
    -- A goal's milestones no admin hid.
    UPDATE public.lifetimer_goals AS g
    SET milestones_total = coalesce(m.total, 0), milestones_completed = coalesce(m.completed, 0)
    FROM public.lifetimer_goals AS g2
    LEFT JOIN (
        SELECT goal_id, count(*) AS total, count(completed_at) AS completed
        FROM public.lifetimer_milestones WHERE NOT hidden GROUP BY goal_id
    ) AS m ON m.goal_id = g2.id
    WHERE g.id = g2.id
      AND (g.milestones_total, g.milestones_completed) IS DISTINCT FROM (coalesce(m.total, 0), coalesce(m.completed, 0));
    -- The account's flags and values; the longest streak from its days.
    UPDATE public.lifetimer_accounts AS a
    SET suspended = v.suspended, goals_completed = v.completed, goals_created = greatest(a.goals_created, v.created)
    FROM (
        SELECT x.id, s.account_id IS NOT NULL AS suspended, coalesce(g.completed, 0) AS completed,
               coalesce(g.created, 0) AS created
        FROM public.lifetimer_accounts AS x
        LEFT JOIN public.lifetimer_suspensions AS s ON s.account_id = x.id
        LEFT JOIN (
            SELECT account_id, count(*) FILTER (WHERE completed_at IS NOT NULL AND NOT hidden) AS completed,
                   max(number) AS created
            FROM public.lifetimer_goals GROUP BY account_id
        ) AS g ON g.account_id = x.id
    ) AS v
    WHERE a.id = v.id
      AND (a.suspended, a.goals_completed, a.goals_created) IS DISTINCT FROM (v.suspended, v.completed, greatest(a.goals_created, v.created));
    CREATE TEMPORARY TABLE lifetimer_runs ON COMMIT DROP AS
    SELECT days.account_id, count(*)::integer AS run, max(days.day) AS last_day
    FROM (
        SELECT d.account_id, d.day, d.day - (row_number() OVER (PARTITION BY d.account_id ORDER BY d.day))::integer AS island
        FROM public.lifetimer_activity_days AS d
    ) AS days GROUP BY days.account_id, days.island;
    UPDATE public.lifetimer_accounts AS a SET longest_streak_days = coalesce(r.longest, 0)
    FROM public.lifetimer_accounts AS a2
    LEFT JOIN (SELECT account_id, max(run) AS longest FROM lifetimer_runs GROUP BY account_id) AS r ON r.account_id = a2.id
    WHERE a.id = a2.id AND a.longest_streak_days <> coalesce(r.longest, 0);
    DELETE FROM lifectl.lifetimer_current_streaks;
    INSERT INTO lifectl.lifetimer_current_streaks (account_id, days, until, username_key, listed)
    SELECT DISTINCT ON (r.account_id) r.account_id, r.run,
           (r.last_day + 2)::timestamp AT TIME ZONE coalesce(p.time_zone, 'UTC'), a.username_key, a.listed
    FROM lifetimer_runs AS r
    JOIN public.lifetimer_accounts AS a ON a.id = r.account_id
    LEFT JOIN public.lifetimer_account_private AS p ON p.account_id = r.account_id
    ORDER BY r.account_id, r.last_day DESC;
    DROP TABLE lifetimer_runs;
    -- The histograms.
    DELETE FROM lifectl.lifetimer_board_counts;
    INSERT INTO lifectl.lifetimer_board_counts (kind, value, accounts)
    SELECT 'goals', goals_completed, count(*) FROM public.lifetimer_accounts WHERE listed AND goals_completed > 0 GROUP BY 2
    UNION ALL
    SELECT 'streaks', longest_streak_days, count(*) FROM public.lifetimer_accounts WHERE listed AND longest_streak_days > 0 GROUP BY 2;
    DELETE FROM lifectl.lifetimer_recent_counts;
    INSERT INTO lifectl.lifetimer_recent_counts (hour, milestones)
    SELECT lifectl.lifetimer_hour(m.completed_at), count(*)
    FROM public.lifetimer_milestones AS m JOIN public.lifetimer_accounts AS a ON a.id = m.account_id
    WHERE a.listed AND m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL
    GROUP BY 1;
    DELETE FROM lifectl.lifetimer_current_counts;
    INSERT INTO lifectl.lifetimer_current_counts (until, value, accounts)
    SELECT until, days, count(*) FROM lifectl.lifetimer_current_streaks WHERE listed GROUP BY 1, 2;
    -- The follows' names and counts.
    UPDATE public.lifetimer_follows AS f
    SET follower_key = r.username_key, followee_key = e.username_key
    FROM public.lifetimer_accounts AS r, public.lifetimer_accounts AS e
    WHERE r.id = f.follower_id AND e.id = f.followee_id
      AND (f.follower_key, f.followee_key) IS DISTINCT FROM (r.username_key, e.username_key);
    DELETE FROM lifectl.lifetimer_follow_counts;
    INSERT INTO lifectl.lifetimer_follow_counts (account_id, followers, following)
    SELECT a.id, coalesce(ers.n, 0), coalesce(ing.n, 0)
    FROM public.lifetimer_accounts AS a
    LEFT JOIN (
        SELECT f.followee_id AS id, count(*) AS n
        FROM public.lifetimer_follows AS f JOIN public.lifetimer_accounts AS x ON x.id = f.follower_id AND x.listed
        GROUP BY 1
    ) AS ers ON ers.id = a.id
    LEFT JOIN (
        SELECT f.follower_id AS id, count(*) AS n
        FROM public.lifetimer_follows AS f JOIN public.lifetimer_accounts AS x ON x.id = f.followee_id AND x.listed
        GROUP BY 1
    ) AS ing ON ing.id = a.id;
    -- Every account id the server holds is in the registry (a bulk load).
    INSERT INTO lifectl.lifetimer_account_ids (id) SELECT id FROM public.lifetimer_accounts ON CONFLICT DO NOTHING;
    ALTER TABLE public.lifetimer_accounts ENABLE TRIGGER lifetimer_account_counts_changed;
    ALTER TABLE public.lifetimer_accounts ENABLE TRIGGER lifetimer_account_copies_changed;
    ALTER TABLE public.lifetimer_goals ENABLE TRIGGER lifetimer_goal_counts;
    ALTER TABLE public.lifetimer_goals ENABLE TRIGGER lifetimer_goal_stamped;
    ALTER TABLE public.lifetimer_goals ENABLE TRIGGER lifetimer_goal_hidden;
    ALTER TABLE public.lifetimer_goals ENABLE TRIGGER lifetimer_goal_hidden_changed;
    ALTER TABLE public.lifetimer_milestones ENABLE TRIGGER lifetimer_milestone_counts;
    ALTER TABLE public.lifetimer_milestones ENABLE TRIGGER lifetimer_milestone_stamped;
    ALTER TABLE public.lifetimer_milestones ENABLE TRIGGER lifetimer_milestone_hidden;
    ALTER TABLE lifectl.lifetimer_current_streaks ENABLE TRIGGER lifetimer_current_counted;
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_recount() FROM PUBLIC;

-- The copies for what is on the server now.
SELECT lifectl.lifetimer_recount();

-- ---------------------------------------------------------------------------
-- The reads, each bounded by its page, each applying LT-6 itself
-- ---------------------------------------------------------------------------

-- The accounts a block stands between the caller and (either way): the
-- caller's blocks only, a few rows.
CREATE FUNCTION lifectl.lifetimer_blocked_either_way(viewer uuid) RETURNS TABLE (id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' ROWS 10
AS $$
    SELECT b.blocked_id FROM public.lifetimer_blocks AS b WHERE b.blocker_id = viewer
    UNION
    SELECT b.blocker_id FROM public.lifetimer_blocks AS b WHERE b.blocked_id = viewer
$$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_blocked_either_way(uuid) FROM PUBLIC;

-- The newest public milestones of the accounts the caller follows and may
-- see, newest first, ties by username then milestone id; at most `max`
-- (1–500). The next page: the last row's completed_at, username_key and
-- milestone_id as the `before_…` arguments.
CREATE FUNCTION public.lifetimer_feed(
    max integer, before_at timestamptz DEFAULT NULL, before_key text DEFAULT NULL, before_id uuid DEFAULT NULL
)
    RETURNS TABLE (
        id uuid, username text, username_key text, bio text, avatar_path text, created_at timestamptz,
        last_active_at timestamptz, milestone_id uuid, goal_title text, title text, completed_at timestamptz)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
    viewer uuid := auth.uid();
    after_at timestamptz := coalesce(before_at, 'infinity'::timestamptz);
BEGIN
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF (before_at IS NULL) <> (before_key IS NULL) OR (before_at IS NULL) <> (before_id IS NULL) THEN
        RAISE EXCEPTION 'lifetimer: a page starts after all of before_at, before_key and before_id, or none'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
           m.id, g.title, m.title, m.completed_at
    FROM public.lifetimer_follows AS f
    JOIN public.lifetimer_accounts AS a ON a.id = f.followee_id
    CROSS JOIN LATERAL (
        SELECT m.id, m.goal_id, m.title, m.completed_at
        FROM public.lifetimer_milestones AS m
        WHERE m.account_id = f.followee_id AND m.is_public AND m.completed_at IS NOT NULL AND NOT m.hidden
          AND m.completed_at <= after_at
          AND (before_at IS NULL OR m.completed_at < before_at
               OR a.username_key > before_key OR (a.username_key = before_key AND m.id > before_id))
        ORDER BY m.completed_at DESC, m.id
        LIMIT max
    ) AS m
    JOIN public.lifetimer_goals AS g ON g.id = m.goal_id
    WHERE f.follower_id = viewer AND a.listed
      AND f.followee_id NOT IN (SELECT x.id FROM lifectl.lifetimer_blocked_either_way(viewer) AS x)
    ORDER BY m.completed_at DESC, a.username_key, m.id
    LIMIT max;
END $$;

-- Who follows `account` (followers) and whom it follows (following), as the
-- caller may see them: by username, at most `max` (1–500), after the
-- username `after` (lower case; the previous page's last username_key).
-- Nothing for an account the caller may not see, as for none.
CREATE FUNCTION public.lifetimer_followers(account uuid, max integer, after text DEFAULT NULL)
    RETURNS TABLE (
        id uuid, username text, username_key text, bio text, avatar_path text, created_at timestamptz,
        last_active_at timestamptz)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
    viewer uuid := auth.uid();
BEGIN
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT lifectl.lifetimer_can_see(account) THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at
    FROM public.lifetimer_follows AS f
    JOIN public.lifetimer_accounts AS a ON a.id = f.follower_id
    WHERE f.followee_id = account AND f.follower_key > coalesce(after, '')
      AND (a.id = viewer OR (a.listed AND a.id NOT IN (SELECT x.id FROM lifectl.lifetimer_blocked_either_way(viewer) AS x)))
    ORDER BY f.follower_key
    LIMIT max;
END $$;

CREATE FUNCTION public.lifetimer_following(account uuid, max integer, after text DEFAULT NULL)
    RETURNS TABLE (
        id uuid, username text, username_key text, bio text, avatar_path text, created_at timestamptz,
        last_active_at timestamptz)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
    viewer uuid := auth.uid();
BEGIN
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT lifectl.lifetimer_can_see(account) THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at
    FROM public.lifetimer_follows AS f
    JOIN public.lifetimer_accounts AS a ON a.id = f.followee_id
    WHERE f.follower_id = account AND f.followee_key > coalesce(after, '')
      AND (a.id = viewer OR (a.listed AND a.id NOT IN (SELECT x.id FROM lifectl.lifetimer_blocked_either_way(viewer) AS x)))
    ORDER BY f.followee_key
    LIMIT max;
END $$;

-- An account's numbers as the caller may see them: its longest streak, the
-- run going now (0 when it lapsed), and its followers and following among
-- the accounts the caller may see. No row for an account the caller may
-- not see, as for none.
CREATE FUNCTION public.lifetimer_profile_stats(account uuid)
    RETURNS TABLE (longest_streak_days integer, current_streak_days integer, followers bigint, following bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
    viewer uuid := auth.uid();
    clock timestamptz := lifectl.lifetimer_now();
    viewer_listed boolean;
BEGIN
    IF NOT lifectl.lifetimer_can_see(account) THEN
        RETURN;
    END IF;
    viewer_listed := coalesce((SELECT v.listed FROM public.lifetimer_accounts AS v WHERE v.id = viewer), false);
    RETURN QUERY
    SELECT a.longest_streak_days,
           coalesce((SELECT s.days FROM lifectl.lifetimer_current_streaks AS s
                     WHERE s.account_id = a.id AND s.until > clock), 0),
           coalesce(c.followers, 0)
               - (SELECT count(*) FROM lifectl.lifetimer_blocked_either_way(viewer) AS x
                  JOIN public.lifetimer_follows AS f ON f.follower_id = x.id AND f.followee_id = a.id
                  JOIN public.lifetimer_accounts AS o ON o.id = x.id AND o.listed)
               + (CASE WHEN NOT viewer_listed AND EXISTS (
                      SELECT 1 FROM public.lifetimer_follows AS f WHERE f.follower_id = viewer AND f.followee_id = a.id)
                  THEN 1 ELSE 0 END),
           coalesce(c.following, 0)
               - (SELECT count(*) FROM lifectl.lifetimer_blocked_either_way(viewer) AS x
                  JOIN public.lifetimer_follows AS f ON f.followee_id = x.id AND f.follower_id = a.id
                  JOIN public.lifetimer_accounts AS o ON o.id = x.id AND o.listed)
               + (CASE WHEN NOT viewer_listed AND EXISTS (
                      SELECT 1 FROM public.lifetimer_follows AS f WHERE f.follower_id = a.id AND f.followee_id = viewer)
                  THEN 1 ELSE 0 END)
    FROM public.lifetimer_accounts AS a
    LEFT JOIN lifectl.lifetimer_follow_counts AS c ON c.account_id = a.id
    WHERE a.id = account;
END $$;

-- The current-streak board: the runs going now (lapsing after the server's
-- now) of the accounts the caller may see, longest first, ties by
-- username, at most `max` (1–500), each with its rank (1, 2, 2, 4) among
-- all of them and their total.
CREATE FUNCTION public.lifetimer_current_streaks(max integer)
    RETURNS TABLE (
        id uuid, username text, username_key text, bio text, avatar_path text, created_at timestamptz,
        last_active_at timestamptz, value integer, rank bigint, total bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
    viewer uuid := auth.uid();
    clock timestamptz := lifectl.lifetimer_now();
BEGIN
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    WITH blocked AS (
        SELECT x.id FROM lifectl.lifetimer_blocked_either_way(viewer) AS x
    ), own AS (
        SELECT s.account_id, s.days, s.username_key FROM lifectl.lifetimer_current_streaks AS s
        WHERE s.account_id = viewer AND NOT s.listed AND s.until > clock
    ), tally AS (
        SELECT v.value, sum(v.n) AS n FROM (
            SELECT c.value, c.accounts AS n FROM lifectl.lifetimer_current_counts AS c WHERE c.until > clock
            UNION ALL
            SELECT s.days, -1 FROM lifectl.lifetimer_current_streaks AS s
            WHERE s.account_id IN (SELECT b.id FROM blocked AS b) AND s.listed AND s.until > clock
            UNION ALL
            SELECT o.days, 1 FROM own AS o
        ) AS v GROUP BY v.value
    ), ranked AS (
        SELECT t.value,
               1 + coalesce(sum(t.n) OVER (ORDER BY t.value DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                   AS rank,
               sum(t.n) OVER () AS total
        FROM tally AS t
    ), page AS (
        SELECT p.account_id, p.days, p.username_key FROM (
            SELECT DISTINCT c.until FROM lifectl.lifetimer_current_counts AS c WHERE c.until > clock
        ) AS u
        CROSS JOIN LATERAL (
            SELECT s.account_id, s.days, s.username_key FROM lifectl.lifetimer_current_streaks AS s
            WHERE s.until = u.until AND s.listed AND s.account_id NOT IN (SELECT b.id FROM blocked AS b)
            ORDER BY s.days DESC, s.username_key
            LIMIT max
        ) AS p
        UNION ALL
        SELECT o.account_id, o.days, o.username_key FROM own AS o
        ORDER BY 2 DESC, 3
        LIMIT max
    )
    SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
           page.days, r.rank::bigint, r.total::bigint
    FROM page
    JOIN public.lifetimer_accounts AS a ON a.id = page.account_id
    JOIN ranked AS r ON r.value = page.days
    ORDER BY page.days DESC, page.username_key;
END $$;

-- The "recently completed" board: the public milestones completed at or
-- after `since` of the accounts the caller may see, newest first, ties by
-- username then milestone id, at most `max` (1–500), each row with the
-- board's total (no row: a total of 0). The index of public completions is
-- walked newest first and stopped at the page (a bitmap would collect the
-- whole window to sort it); the rule is the caller's blocks in one small
-- set and the `listed` flag, not a call per row.
CREATE FUNCTION public.lifetimer_recent(max integer, since timestamptz)
    RETURNS TABLE (
        id uuid, username text, username_key text, bio text, avatar_path text, created_at timestamptz,
        last_active_at timestamptz, milestone_id uuid, title text, completed_at timestamptz, total bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' SET enable_bitmapscan = off
AS $$
#variable_conflict use_column
DECLARE
    viewer uuid := auth.uid();
BEGIN
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF since IS NULL OR NOT isfinite(since) THEN
        RAISE EXCEPTION 'lifetimer: since must be an instant' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
           m.id, m.title, m.completed_at, (SELECT public.lifetimer_milestones_since(since))
    FROM public.lifetimer_milestones AS m
    JOIN public.lifetimer_accounts AS a ON a.id = m.account_id
    WHERE m.is_public AND m.completed_at IS NOT NULL AND NOT m.hidden AND m.completed_at >= since
      AND (a.id = viewer
           OR (a.listed AND a.id NOT IN (SELECT x.id FROM lifectl.lifetimer_blocked_either_way(viewer) AS x)))
    ORDER BY m.completed_at DESC, a.username_key, m.id
    LIMIT max;
END $$;

REVOKE ALL ON FUNCTION public.lifetimer_recent(integer, timestamptz) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.lifetimer_recent(integer, timestamptz) TO authenticated;

REVOKE ALL ON FUNCTION lifectl.lifetimer_follow_keys(), lifectl.lifetimer_follow_counted(),
    lifectl.lifetimer_follow_listing(uuid, bigint), lifectl.lifetimer_bump_current(timestamptz, integer, bigint),
    lifectl.lifetimer_current_counted(), lifectl.lifetimer_account_copies() FROM PUBLIC;
REVOKE ALL ON FUNCTION public.lifetimer_feed(integer, timestamptz, text, uuid),
    public.lifetimer_followers(uuid, integer, text), public.lifetimer_following(uuid, integer, text),
    public.lifetimer_profile_stats(uuid), public.lifetimer_current_streaks(integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.lifetimer_feed(integer, timestamptz, text, uuid),
    public.lifetimer_followers(uuid, integer, text), public.lifetimer_following(uuid, integer, text),
    public.lifetimer_profile_stats(uuid), public.lifetimer_current_streaks(integer) TO authenticated;
