-- 0002_lifetimer_depth: LifeTimer in depth on the server (SPEC LT-10, SRV-1,
-- REL-8), as the device's migration 0018:
--
--   * sign-in identities in a table of their own, owner-only like the rest
--     of what is private (RLS: only the account itself reads its rows); an
--     account links several, each (provider, subject) to one account; an
--     e-mail address belongs to one account, in any case;
--   * the current streak beside the longest (the latest run of activity
--     days and the instant it stops being current, in the account's zone),
--     and a leaderboard of it;
--   * an admin's decisions on reports, each kept; a goal or milestone an
--     admin hid is seen by its own account only (the policies), and counts
--     on no leaderboard.

-- ---------------------------------------------------------------------------
-- Identities and e-mail
-- ---------------------------------------------------------------------------

CREATE TABLE public.lifetimer_identities (
    provider   text NOT NULL CHECK (provider IN ('email', 'google', 'apple')),
    subject    text NOT NULL CHECK (subject <> '' AND subject = btrim(subject, E' \t\n\r') AND octet_length(subject) <= 16320),
    account_id uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    linked_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, subject)
);

-- The policy's column, and an account's links.
CREATE INDEX lifetimer_identities_by_account ON public.lifetimer_identities (account_id);

INSERT INTO public.lifetimer_identities (provider, subject, account_id, linked_at)
SELECT p.identity_provider, p.identity_subject, p.account_id, a.created_at
FROM public.lifetimer_account_private AS p JOIN public.lifetimer_accounts AS a ON a.id = p.account_id
WHERE p.identity_provider IS NOT NULL AND p.identity_subject IS NOT NULL;

ALTER TABLE public.lifetimer_account_private DROP COLUMN identity_provider, DROP COLUMN identity_subject;

-- One account per e-mail address, whatever its case: the oldest keeps it.
UPDATE public.lifetimer_account_private AS p SET email = NULL
FROM public.lifetimer_accounts AS a
WHERE a.id = p.account_id AND p.email IS NOT NULL AND EXISTS (
    SELECT 1 FROM public.lifetimer_account_private AS q JOIN public.lifetimer_accounts AS b ON b.id = q.account_id
    WHERE lower(q.email) = lower(p.email) AND (b.created_at, b.id) < (a.created_at, a.id));

CREATE UNIQUE INDEX lifetimer_account_private_email
    ON public.lifetimer_account_private (lower(email)) WHERE email IS NOT NULL;

ALTER TABLE public.lifetimer_identities ENABLE ROW LEVEL SECURITY;

CREATE POLICY lifetimer_identities_own ON public.lifetimer_identities FOR ALL TO authenticated
    USING (account_id = (SELECT auth.uid())) WITH CHECK (account_id = (SELECT auth.uid()));

REVOKE ALL ON public.lifetimer_identities FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, DELETE ON public.lifetimer_identities TO authenticated;

-- ---------------------------------------------------------------------------
-- The current streak
-- ---------------------------------------------------------------------------

-- The latest run of consecutive activity days, and the instant it stops
-- being current: the start of the second local day after its last day in
-- the account's zone (a run whose last day is today or yesterday is going
-- on). Kept by lifectl.lifetimer_streaks_of; the current streak is
-- current_streak_days while now < current_streak_until.
ALTER TABLE public.lifetimer_accounts
    ADD COLUMN current_streak_days integer NOT NULL DEFAULT 0 CHECK (current_streak_days >= 0),
    ADD COLUMN current_streak_until timestamptz,
    ADD CONSTRAINT lifetimer_accounts_current_streak_check CHECK ((current_streak_days = 0) = (current_streak_until IS NULL));

-- The current-streak leaderboard reads the runs still going: the few
-- accounts active today or yesterday.
CREATE INDEX lifetimer_accounts_current_streak
    ON public.lifetimer_accounts (current_streak_until) WHERE current_streak_days > 0;

CREATE OR REPLACE FUNCTION lifectl.lifetimer_streaks_of(accounts uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = ''
AS $$
    UPDATE public.lifetimer_accounts AS a
    SET (longest_streak_days, current_streak_days, current_streak_until) = (
        SELECT coalesce(max(runs.run), 0),
               coalesce((array_agg(runs.run ORDER BY runs.last_day DESC))[1], 0),
               (max(runs.last_day) + 2)::timestamp AT TIME ZONE coalesce(
                   (SELECT p.time_zone FROM public.lifetimer_account_private AS p WHERE p.account_id = a.id), 'UTC')
        FROM (
            SELECT count(*)::integer AS run, max(days.day) AS last_day FROM (
                SELECT d.day, d.day - (row_number() OVER (ORDER BY d.day))::integer AS island
                FROM public.lifetimer_activity_days AS d WHERE d.account_id = a.id
            ) AS days GROUP BY days.island
        ) AS runs)
    WHERE a.id = ANY (accounts)
$$;

-- The current streak's end is a local day's start: it moves with the zone.
CREATE FUNCTION lifectl.lifetimer_zone_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    PERFORM lifectl.lifetimer_streaks_of(ARRAY[NEW.account_id]);
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_zone_changed AFTER INSERT OR UPDATE OF time_zone ON public.lifetimer_account_private
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_zone_changed();

SELECT lifectl.lifetimer_streaks_of(ARRAY(SELECT id FROM public.lifetimer_accounts));

-- The accounts with a run going at `now` that the caller may see, as the
-- policies let the caller see them: ordered and ranked by the client
-- (rank() and count(*) over the rows), never many.
CREATE VIEW public.lifetimer_leaderboard_current_streaks WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       a.current_streak_days AS value, a.current_streak_until
FROM public.lifetimer_accounts AS a
WHERE a.current_streak_days > 0;

REVOKE ALL ON public.lifetimer_leaderboard_current_streaks FROM PUBLIC, anon, authenticated;
GRANT SELECT ON public.lifetimer_leaderboard_current_streaks TO authenticated;

-- ---------------------------------------------------------------------------
-- Decisions on reports, and hidden goals and milestones
-- ---------------------------------------------------------------------------

-- An admin's decision on a report (LT-8, LT-10), as on the device: kept
-- with who decided, when and why; it outlives its report and its admin
-- (SET NULL), and goes with the account it is about.
CREATE TABLE public.lifetimer_report_decisions (
    id                  uuid PRIMARY KEY,
    report_id           uuid REFERENCES public.lifetimer_reports (id) ON DELETE SET NULL,
    action              text NOT NULL CHECK (action IN ('dismiss', 'hide', 'suspend')),
    target_account_id   uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    hidden_goal_id      uuid REFERENCES public.lifetimer_goals (id) ON DELETE SET NULL,
    hidden_milestone_id uuid REFERENCES public.lifetimer_milestones (id) ON DELETE SET NULL,
    decided_by          uuid REFERENCES public.lifetimer_accounts (id) ON DELETE SET NULL,
    reason              text NOT NULL CHECK (reason <> '' AND reason = btrim(reason, E' \t\n\r') AND octet_length(reason) <= 32000),
    decided_at          timestamptz NOT NULL DEFAULT now(),
    CHECK (action = 'hide' OR (hidden_goal_id IS NULL AND hidden_milestone_id IS NULL)),
    CHECK (hidden_goal_id IS NULL OR hidden_milestone_id IS NULL),
    CHECK (decided_by IS DISTINCT FROM target_account_id)
);

CREATE INDEX lifetimer_report_decisions_by_report ON public.lifetimer_report_decisions (report_id) WHERE report_id IS NOT NULL;
CREATE INDEX lifetimer_report_decisions_by_target ON public.lifetimer_report_decisions (target_account_id);
CREATE INDEX lifetimer_report_decisions_by_admin ON public.lifetimer_report_decisions (decided_by) WHERE decided_by IS NOT NULL;
CREATE INDEX lifetimer_report_decisions_hidden_goal ON public.lifetimer_report_decisions (hidden_goal_id) WHERE hidden_goal_id IS NOT NULL;
CREATE INDEX lifetimer_report_decisions_hidden_milestone ON public.lifetimer_report_decisions (hidden_milestone_id) WHERE hidden_milestone_id IS NOT NULL;

-- Kept by the decisions' trigger (no client writes them): a goal is hidden
-- when an admin hid it; a milestone when an admin hid it or its goal.
ALTER TABLE public.lifetimer_goals ADD COLUMN hidden boolean NOT NULL DEFAULT false;
ALTER TABLE public.lifetimer_milestones ADD COLUMN hidden boolean NOT NULL DEFAULT false;

-- The hidden flags of `goal` and its milestones, from the decisions.
CREATE FUNCTION lifectl.lifetimer_refresh_hidden(goal uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = ''
AS $$
    UPDATE public.lifetimer_goals AS g
    SET hidden = EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id = g.id)
    WHERE g.id = goal;
    UPDATE public.lifetimer_milestones AS m
    SET hidden = EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
        OR EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id = m.goal_id)
    WHERE m.goal_id = goal
      AND m.hidden IS DISTINCT FROM (
          EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
          OR EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id = m.goal_id));
$$;

CREATE FUNCTION lifectl.lifetimer_decision_hides() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    row_goal uuid;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        row_goal := coalesce(OLD.hidden_goal_id,
            (SELECT goal_id FROM public.lifetimer_milestones WHERE id = OLD.hidden_milestone_id));
        IF row_goal IS NOT NULL THEN
            PERFORM lifectl.lifetimer_refresh_hidden(row_goal);
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        row_goal := coalesce(NEW.hidden_goal_id,
            (SELECT goal_id FROM public.lifetimer_milestones WHERE id = NEW.hidden_milestone_id));
        IF row_goal IS NOT NULL THEN
            PERFORM lifectl.lifetimer_refresh_hidden(row_goal);
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_decision_hides AFTER INSERT OR UPDATE OR DELETE ON public.lifetimer_report_decisions
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_decision_hides();

-- A milestone added to a hidden goal is hidden with it.
CREATE FUNCTION lifectl.lifetimer_milestone_hidden() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    NEW.hidden := EXISTS (SELECT 1 FROM public.lifetimer_goals WHERE id = NEW.goal_id AND hidden);
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_milestone_hidden BEFORE INSERT ON public.lifetimer_milestones
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_milestone_hidden();

-- Maintained counts without hidden goals and milestones: a hidden goal
-- counts on no leaderboard, nor does a hidden milestone (for every viewer,
-- its own account included, so ranks are the same whoever looks).
CREATE OR REPLACE FUNCTION lifectl.lifetimer_goal_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    delta integer := 0;
    account uuid;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.completed_at IS NOT NULL AND NOT OLD.hidden THEN
        delta := delta - 1;
        account := OLD.account_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.completed_at IS NOT NULL AND NOT NEW.hidden THEN
        delta := delta + 1;
        account := NEW.account_id;
    END IF;
    IF delta <> 0 THEN
        UPDATE public.lifetimer_accounts SET goals_completed = goals_completed + delta WHERE id = account;
    END IF;
    RETURN NULL;
END $$;

DROP TRIGGER lifetimer_goal_counts ON public.lifetimer_goals;
CREATE TRIGGER lifetimer_goal_counts AFTER INSERT OR UPDATE OF completed_at, hidden OR DELETE ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_goal_counts();

CREATE OR REPLACE FUNCTION lifectl.lifetimer_milestone_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE public.lifetimer_goals
        SET milestones_total = milestones_total - 1,
            milestones_completed = milestones_completed - (OLD.completed_at IS NOT NULL)::integer
        WHERE id = OLD.goal_id;
        IF OLD.is_public AND NOT OLD.hidden AND OLD.completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = OLD.account_id AND listed) THEN
            PERFORM lifectl.lifetimer_bump_recent(OLD.completed_at, -1);
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE public.lifetimer_goals
        SET milestones_total = milestones_total + 1,
            milestones_completed = milestones_completed + (NEW.completed_at IS NOT NULL)::integer
        WHERE id = NEW.goal_id;
        IF NEW.is_public AND NOT NEW.hidden AND NEW.completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = NEW.account_id AND listed) THEN
            PERFORM lifectl.lifetimer_bump_recent(NEW.completed_at, 1);
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- The account's listing moves its public, unhidden milestones in and out
-- of the recent histogram.
CREATE OR REPLACE FUNCTION lifectl.lifetimer_account_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    hour_row record;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.listed THEN
        PERFORM lifectl.lifetimer_bump_board('goals', OLD.goals_completed, -1);
        PERFORM lifectl.lifetimer_bump_board('streaks', OLD.longest_streak_days, -1);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.listed THEN
        PERFORM lifectl.lifetimer_bump_board('goals', NEW.goals_completed, 1);
        PERFORM lifectl.lifetimer_bump_board('streaks', NEW.longest_streak_days, 1);
    END IF;
    IF (TG_OP = 'DELETE' AND OLD.listed) OR (TG_OP = 'UPDATE' AND OLD.listed <> NEW.listed) THEN
        FOR hour_row IN
            SELECT min(m.completed_at) AS at, count(*) AS milestones
            FROM public.lifetimer_milestones AS m
            WHERE m.account_id = OLD.id AND m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL
            GROUP BY lifectl.lifetimer_hour(m.completed_at)
        LOOP
            PERFORM lifectl.lifetimer_bump_recent(
                hour_row.at, CASE WHEN TG_OP = 'UPDATE' AND NEW.listed THEN hour_row.milestones ELSE -hour_row.milestones END);
        END LOOP;
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION lifectl.lifetimer_milestones_since(since timestamptz) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    viewer uuid := auth.uid();
    first_hour bigint := lifectl.lifetimer_hour(since);
    whole bigint;
    partial bigint;
    hidden_by_block bigint;
    own bigint;
BEGIN
    SELECT coalesce(sum(c.milestones), 0) INTO whole
    FROM lifectl.lifetimer_recent_counts AS c WHERE c.hour > first_hour;
    SELECT count(*) INTO partial
    FROM public.lifetimer_milestones AS m JOIN public.lifetimer_accounts AS a ON a.id = m.account_id
    WHERE m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL AND a.listed
      AND m.completed_at >= since AND m.completed_at < to_timestamp((first_hour + 1) * 3600);
    SELECT count(*) INTO hidden_by_block
    FROM public.lifetimer_accounts AS a JOIN public.lifetimer_milestones AS m ON m.account_id = a.id
    WHERE a.listed AND m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL AND m.completed_at >= since
      AND a.id IN (SELECT b.blocked_id FROM public.lifetimer_blocks AS b WHERE b.blocker_id = viewer
                   UNION SELECT b.blocker_id FROM public.lifetimer_blocks AS b WHERE b.blocked_id = viewer);
    SELECT count(*) INTO own
    FROM public.lifetimer_accounts AS a JOIN public.lifetimer_milestones AS m ON m.account_id = a.id
    WHERE a.id = viewer AND NOT a.listed AND m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL
      AND m.completed_at >= since;
    RETURN whole + partial - hidden_by_block + own;
END $$;

-- Rebuilds every maintained count and flag from the rows (see 0001).
CREATE OR REPLACE FUNCTION lifectl.lifetimer_recount() RETURNS void
    LANGUAGE plpgsql SET search_path = ''
AS $$
BEGIN
    ALTER TABLE public.lifetimer_accounts DISABLE TRIGGER lifetimer_account_counts_changed;
    ALTER TABLE public.lifetimer_goals DISABLE TRIGGER lifetimer_goal_counts;
    ALTER TABLE public.lifetimer_milestones DISABLE TRIGGER lifetimer_milestone_counts;
    UPDATE public.lifetimer_goals AS g
    SET hidden = EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id = g.id)
    WHERE g.hidden IS DISTINCT FROM EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id = g.id);
    UPDATE public.lifetimer_milestones AS m
    SET hidden = EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
        OR EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id = m.goal_id)
    WHERE m.hidden IS DISTINCT FROM (
        EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
        OR EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.hidden_goal_id = m.goal_id));
    UPDATE public.lifetimer_goals AS g
    SET milestones_total = coalesce(m.total, 0), milestones_completed = coalesce(m.completed, 0)
    FROM public.lifetimer_goals AS g2
    LEFT JOIN (
        SELECT goal_id, count(*) AS total, count(completed_at) AS completed
        FROM public.lifetimer_milestones GROUP BY goal_id
    ) AS m ON m.goal_id = g2.id
    WHERE g.id = g2.id
      AND (g.milestones_total, g.milestones_completed) IS DISTINCT FROM (coalesce(m.total, 0), coalesce(m.completed, 0));
    UPDATE public.lifetimer_accounts AS a
    SET suspended = EXISTS (SELECT 1 FROM public.lifetimer_suspensions AS s WHERE s.account_id = a.id),
        goals_completed = (SELECT count(*) FROM public.lifetimer_goals AS g
                           WHERE g.account_id = a.id AND g.completed_at IS NOT NULL AND NOT g.hidden),
        goals_created = greatest(a.goals_created, (SELECT coalesce(max(number), 0) FROM public.lifetimer_goals AS g WHERE g.account_id = a.id));
    PERFORM lifectl.lifetimer_streaks_of(ARRAY(SELECT id FROM public.lifetimer_accounts));
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
    ALTER TABLE public.lifetimer_accounts ENABLE TRIGGER lifetimer_account_counts_changed;
    ALTER TABLE public.lifetimer_goals ENABLE TRIGGER lifetimer_goal_counts;
    ALTER TABLE public.lifetimer_milestones ENABLE TRIGGER lifetimer_milestone_counts;
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_recount(), lifectl.lifetimer_streaks_of(uuid[]),
    lifectl.lifetimer_refresh_hidden(uuid) FROM PUBLIC;

-- The policies: a hidden goal or milestone is its own account's alone.
DROP POLICY lifetimer_goals_read ON public.lifetimer_goals;
CREATE POLICY lifetimer_goals_read ON public.lifetimer_goals FOR SELECT TO authenticated
    USING (account_id = (SELECT auth.uid()) OR (NOT hidden AND lifectl.lifetimer_can_see(account_id)));

DROP POLICY lifetimer_milestones_read ON public.lifetimer_milestones;
CREATE POLICY lifetimer_milestones_read ON public.lifetimer_milestones FOR SELECT TO authenticated
    USING (account_id = (SELECT auth.uid()) OR (is_public AND NOT hidden AND lifectl.lifetimer_can_see(account_id)));

-- Leaderboards count no hidden milestone, the reader's own included.
CREATE OR REPLACE VIEW public.lifetimer_leaderboard_recent WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       m.id AS milestone_id, m.title, m.completed_at
FROM public.lifetimer_milestones AS m
JOIN public.lifetimer_accounts AS a ON a.id = m.account_id
WHERE m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL;

-- Decisions: admins read and make them (the suspension a decision makes
-- goes through the suspensions' own policies).
ALTER TABLE public.lifetimer_report_decisions ENABLE ROW LEVEL SECURITY;

CREATE POLICY lifetimer_report_decisions_read ON public.lifetimer_report_decisions FOR SELECT TO authenticated
    USING ((SELECT lifectl.lifetimer_is_admin()));
CREATE POLICY lifetimer_report_decisions_make ON public.lifetimer_report_decisions FOR INSERT TO authenticated
    WITH CHECK ((SELECT lifectl.lifetimer_is_admin()) AND decided_by = (SELECT auth.uid()));

REVOKE ALL ON public.lifetimer_report_decisions FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT ON public.lifetimer_report_decisions TO authenticated;

-- The username of any account, for an admin (a decision names the account
-- it is about, which may be private or suspended); NULL for anyone else.
CREATE FUNCTION lifectl.lifetimer_username_for_admin(account uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF NOT lifectl.lifetimer_is_admin() THEN
        RETURN NULL;
    END IF;
    RETURN (SELECT username FROM public.lifetimer_accounts WHERE id = account);
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_username_for_admin(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION lifectl.lifetimer_username_for_admin(uuid) TO authenticated;

-- Grants: the new columns are the engine's (no client writes them).
REVOKE ALL ON FUNCTION lifectl.lifetimer_zone_changed(), lifectl.lifetimer_decision_hides(),
    lifectl.lifetimer_milestone_hidden() FROM PUBLIC;
