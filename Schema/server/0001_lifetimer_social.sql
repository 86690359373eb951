-- 0001_lifetimer_social: LifeTimer's social graph on PostgreSQL 15 with
-- row-level security (SPEC SRV-1, LT-1 … LT-8, REL-8).
--
-- Runs unchanged on a local PostgreSQL and on Supabase. What Supabase already
-- has (the roles anon and authenticated, the auth schema and auth.uid()) is
-- created here only where it is absent, with Supabase's own definitions.
--
-- The one visibility rule of LT-6, as on the device (the SQLite view
-- lifetimer_visible_accounts): a viewer sees an account when it is the
-- viewer's own, or when it is public, not suspended, and no block stands
-- between them in either direction. Every table has row-level security with
-- policies `to authenticated` that apply this rule, so a client connected as
-- authenticated with its own JWT claims sees exactly what LT-6 allows by any
-- SELECT it writes. The rule lives in one security-definer function,
-- lifectl.lifetimer_can_see(account): it reads the blocks, which no viewer may
-- read (who blocked you is never shown), and answers only what a SELECT on
-- the accounts table answers anyway, so calling it directly reveals nothing.
--
-- Maintained counts (the account's goals completed, a goal's milestones, the
-- leaderboards' histograms) are kept by triggers, so that a leaderboard's
-- total is arithmetic on a few rows instead of a count of every visible row
-- (docs/server.md). lifectl.lifetimer_recount() rebuilds them all.
--
-- Text lengths: the rule counts characters (grapheme clusters, CORE-9) and
-- is checked by the client, as on the device (migration 0010 of Schema/).
-- The CHECKs below hold what PostgreSQL can count right: non-empty, trimmed,
-- and a ceiling of 64 bytes per allowed character against abuse through the
-- API, never reached by valid text of ordinary characters.

-- Roles (Supabase's names; nologin: a login role is granted them).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anon') THEN
        CREATE ROLE anon NOLOGIN NOINHERIT;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;  -- another database's migration made it meanwhile
END $$;

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
        CREATE ROLE authenticated NOLOGIN NOINHERIT;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

-- auth.uid(): the request's user, from the JWT claims that PostgREST (or
-- lifectl) sets for the transaction. Supabase's definition, verbatim in
-- behaviour (supabase/auth, migrations/20240624145325_recreate_auth_functions).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'auth') THEN
        CREATE SCHEMA auth;
        GRANT USAGE ON SCHEMA auth TO anon, authenticated;
    END IF;
    IF NOT EXISTS (
        SELECT 1 FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
        WHERE n.nspname = 'auth' AND p.proname = 'uid' AND p.pronargs = 0
    ) THEN
        CREATE FUNCTION auth.uid() RETURNS uuid
            SET search_path TO ''
        AS $f$
          select
            coalesce(
              nullif(current_setting('request.jwt.claim.sub', true), ''),
              (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
            )::uuid
        $f$ LANGUAGE sql STABLE;
        GRANT EXECUTE ON FUNCTION auth.uid() TO anon, authenticated;
    END IF;
END $$;

-- lifectl: the engine's own objects, never exposed through Supabase's API:
-- the migrations' record, the functions the policies call, the histograms.
CREATE SCHEMA IF NOT EXISTS lifectl;
REVOKE ALL ON SCHEMA lifectl FROM PUBLIC;
GRANT USAGE ON SCHEMA lifectl TO authenticated;

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------

-- An account's public face (LT-1, LT-6). The id is the person's auth user id
-- (auth.uid()); lifectl uses the device account's id. email, the identity
-- link and the time zone live in lifetimer_account_private, owner-only.
-- suspended is kept by the suspensions' trigger; listed (public and not
-- suspended) is what others may see before blocks are considered.
CREATE TABLE public.lifetimer_accounts (
    id                  uuid PRIMARY KEY,
    username            text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.]{3,30}$'),
    -- The name in lower case, byte order: unique (LT-1: in any case), the
    -- key of lookups and of every order by name (as SQLite's NOCASE orders
    -- these ASCII names). A column, not an index on lower(username): lower()
    -- is not leakproof, so PostgreSQL would apply the policies to every row
    -- before a filter on it; `username_key = $1` is one index probe.
    username_key        text COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower(username)) STORED,
    bio                 text CHECK (bio IS NULL OR (bio <> '' AND bio = btrim(bio, E' \t\n\r') AND octet_length(bio) <= 10240)),
    avatar_path         text CHECK (avatar_path IS NULL OR (avatar_path <> '' AND octet_length(avatar_path) <= 65536)),
    visibility          text NOT NULL DEFAULT 'private' CHECK (visibility IN ('public', 'private')),
    suspended           boolean NOT NULL DEFAULT false,
    listed              boolean NOT NULL GENERATED ALWAYS AS (visibility = 'public' AND NOT suspended) STORED,
    -- LT-2: every goal ever created, deleted ones included; never decreases.
    goals_created       integer NOT NULL DEFAULT 0 CHECK (goals_created BETWEEN 0 AND 20),
    goals_completed     integer NOT NULL DEFAULT 0 CHECK (goals_completed BETWEEN 0 AND 20),
    -- The longest run of consecutive activity days, kept from lifetimer_activity_days.
    longest_streak_days integer NOT NULL DEFAULT 0 CHECK (longest_streak_days >= 0),
    created_at          timestamptz NOT NULL DEFAULT now(),
    last_active_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX lifetimer_accounts_username ON public.lifetimer_accounts (username_key);
-- The leaderboards read accounts in their order and stop at their limit.
CREATE INDEX lifetimer_accounts_by_goals
    ON public.lifetimer_accounts (goals_completed DESC, username_key) WHERE goals_completed > 0;
CREATE INDEX lifetimer_accounts_by_streak
    ON public.lifetimer_accounts (longest_streak_days DESC, username_key) WHERE longest_streak_days > 0;

-- What only the account itself may read (LT-1): e-mail, the sign-in identity
-- (provider + subject; no password anywhere) and the account's time zone.
CREATE TABLE public.lifetimer_account_private (
    account_id        uuid PRIMARY KEY REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    email             text CHECK (email IS NULL OR (email ~ '^[^ @]+@[^ @]+$' AND octet_length(email) <= 1024)),
    identity_provider text CHECK (identity_provider IN ('email', 'google', 'apple')),
    identity_subject  text CHECK (identity_subject IS NULL OR (identity_subject <> '' AND octet_length(identity_subject) <= 16320)),
    time_zone         text NOT NULL CHECK (time_zone ~ '^[A-Za-z0-9_+/-]{1,64}$'),
    CHECK ((identity_provider IS NULL) = (identity_subject IS NULL)),
    UNIQUE (identity_provider, identity_subject)
);

-- A goal's summary (LT-2, LT-6): what others see of it. Descriptions, places
-- and covers stay on the device. milestones_total and milestones_completed
-- are kept by the milestones' trigger, so that progress counts private
-- milestones that others cannot read, as the device's profile does.
CREATE TABLE public.lifetimer_goals (
    id                   uuid PRIMARY KEY,
    account_id           uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    number               integer NOT NULL CHECK (number BETWEEN 1 AND 20),
    title                text NOT NULL CHECK (title <> '' AND title = btrim(title, E' \t\n\r') AND octet_length(title) <= 6400),
    completed_at         timestamptz,
    milestones_total     integer NOT NULL DEFAULT 0 CHECK (milestones_total >= 0),
    milestones_completed integer NOT NULL DEFAULT 0 CHECK (milestones_completed BETWEEN 0 AND milestones_total),
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, number),
    UNIQUE (id, account_id)
);

-- The countdown (LT-3): inserted by the start, never changed, deleted only
-- with its account. ends_at is started_at + 1,356 calendar days at the same
-- local wall-clock time (the client computes it; 23- to 25-hour days keep it
-- within a day of 1,356 × 24 hours).
CREATE TABLE public.lifetimer_countdowns (
    account_id uuid PRIMARY KEY REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    started_at timestamptz NOT NULL,
    ends_at    timestamptz NOT NULL,
    CHECK (ends_at - started_at BETWEEN interval '1355 days' AND interval '1357 days')
);

-- A step of a goal (LT-2); others see it only when it is public (LT-6).
CREATE TABLE public.lifetimer_milestones (
    id           uuid PRIMARY KEY,
    goal_id      uuid NOT NULL,
    account_id   uuid NOT NULL,
    position     integer NOT NULL CHECK (position >= 1),
    title        text NOT NULL CHECK (title <> '' AND title = btrim(title, E' \t\n\r') AND octet_length(title) <= 6400),
    due_date     date,
    is_public    boolean NOT NULL DEFAULT false,
    completed_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (goal_id, account_id) REFERENCES public.lifetimer_goals (id, account_id) ON DELETE CASCADE,
    UNIQUE (goal_id, position) DEFERRABLE INITIALLY IMMEDIATE
);

CREATE INDEX lifetimer_milestones_by_account ON public.lifetimer_milestones (account_id);
-- The feed (public milestones of followed accounts, newest first) and the
-- "recently completed" leaderboard.
CREATE INDEX lifetimer_milestones_public_by_account
    ON public.lifetimer_milestones (account_id, completed_at DESC) WHERE is_public AND completed_at IS NOT NULL;
CREATE INDEX lifetimer_milestones_public_recent
    ON public.lifetimer_milestones (completed_at DESC) WHERE is_public AND completed_at IS NOT NULL;

-- Local days (in the account's zone) with progress recorded; the longest
-- run of consecutive days is the account's streak (kept by trigger).
CREATE TABLE public.lifetimer_activity_days (
    account_id uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    day        date NOT NULL,
    PRIMARY KEY (account_id, day)
);

-- follower follows followee (LT-6): only a visible public account, never
-- across a block.
CREATE TABLE public.lifetimer_follows (
    follower_id uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    followee_id uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (follower_id, followee_id),
    CHECK (follower_id <> followee_id)
);

CREATE INDEX lifetimer_follows_by_followee ON public.lifetimer_follows (followee_id, follower_id);

-- blocker blocks blocked (LT-6): each is hidden from the other, and the
-- follows between them go, both ways. Only the blocker reads the row.
CREATE TABLE public.lifetimer_blocks (
    blocker_id uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    blocked_id uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);

CREATE INDEX lifetimer_blocks_by_blocked ON public.lifetimer_blocks (blocked_id, blocker_id);

-- Accounts that may list reports and suspend (LT-8). Granted by the
-- operator (the database owner), never through the API.
CREATE TABLE public.lifetimer_admins (
    account_id uuid PRIMARY KEY REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    granted_at timestamptz NOT NULL DEFAULT now()
);

-- A suspended account is seen by no one else (LT-6, LT-8).
CREATE TABLE public.lifetimer_suspensions (
    account_id   uuid PRIMARY KEY REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    suspended_by uuid REFERENCES public.lifetimer_accounts (id) ON DELETE SET NULL,
    reason       text NOT NULL CHECK (reason <> '' AND reason = btrim(reason, E' \t\n\r') AND octet_length(reason) <= 32000),
    suspended_at timestamptz NOT NULL DEFAULT now(),
    CHECK (suspended_by IS DISTINCT FROM account_id)
);

CREATE INDEX lifetimer_suspensions_by_admin ON public.lifetimer_suspensions (suspended_by) WHERE suspended_by IS NOT NULL;

-- A report of an account, a goal or a milestone (LT-8). target_account_id is
-- the account reported or the owner of the goal or milestone reported.
CREATE TABLE public.lifetimer_reports (
    id                  uuid PRIMARY KEY,
    reporter_id         uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    target_kind         text NOT NULL CHECK (target_kind IN ('account', 'goal', 'milestone')),
    target_account_id   uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    target_goal_id      uuid REFERENCES public.lifetimer_goals (id) ON DELETE CASCADE,
    target_milestone_id uuid REFERENCES public.lifetimer_milestones (id) ON DELETE CASCADE,
    reason              text NOT NULL CHECK (reason <> '' AND reason = btrim(reason, E' \t\n\r') AND octet_length(reason) <= 32000),
    created_at          timestamptz NOT NULL DEFAULT now(),
    CHECK (reporter_id <> target_account_id),
    CHECK (
        (target_kind = 'account' AND target_goal_id IS NULL AND target_milestone_id IS NULL)
        OR (target_kind = 'goal' AND target_goal_id IS NOT NULL AND target_milestone_id IS NULL)
        OR (target_kind = 'milestone' AND target_milestone_id IS NOT NULL)
    )
);

CREATE INDEX lifetimer_reports_by_reporter ON public.lifetimer_reports (reporter_id);
CREATE INDEX lifetimer_reports_by_target ON public.lifetimer_reports (target_account_id);
CREATE INDEX lifetimer_reports_by_goal ON public.lifetimer_reports (target_goal_id) WHERE target_goal_id IS NOT NULL;
CREATE INDEX lifetimer_reports_by_milestone ON public.lifetimer_reports (target_milestone_id) WHERE target_milestone_id IS NOT NULL;

-- The leaderboards' histograms: how many listed accounts have each value of
-- goals completed ('goals') and longest streak ('streaks'), above 0; and how
-- many public completed milestones of listed accounts fall in each hour
-- (hours since 1970-01-01 UTC). Not readable by clients.
CREATE TABLE lifectl.lifetimer_board_counts (
    kind     text NOT NULL CHECK (kind IN ('goals', 'streaks')),
    value    integer NOT NULL CHECK (value > 0),
    accounts bigint NOT NULL CHECK (accounts >= 0),
    PRIMARY KEY (kind, value)
);

CREATE TABLE lifectl.lifetimer_recent_counts (
    hour       bigint PRIMARY KEY,
    milestones bigint NOT NULL CHECK (milestones >= 0)
);

-- ---------------------------------------------------------------------------
-- The visibility rule and the leaderboards' arithmetic
-- ---------------------------------------------------------------------------

-- LT-6 for the caller (auth.uid()): true when the caller may see `account`.
-- Security definer so that it reads blocks in both directions; it answers
-- exactly what `SELECT 1 FROM lifetimer_accounts WHERE id = account` answers.
-- PL/pgSQL, not SQL: its plans are kept for the session, where a SQL
-- function's are made again in every statement (measured here: 7 µs a call
-- against 35 µs; the policies call it once per candidate row).
CREATE FUNCTION lifectl.lifetimer_can_see(account uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' COST 50
AS $$
DECLARE
    viewer uuid := auth.uid();
BEGIN
    IF account = viewer THEN
        RETURN true;
    END IF;
    RETURN EXISTS (SELECT 1 FROM public.lifetimer_accounts AS a WHERE a.id = account AND a.listed)
        AND NOT EXISTS (SELECT 1 FROM public.lifetimer_blocks AS b WHERE b.blocker_id = viewer AND b.blocked_id = account)
        AND NOT EXISTS (SELECT 1 FROM public.lifetimer_blocks AS b WHERE b.blocker_id = account AND b.blocked_id = viewer);
END $$;

-- True when the caller is an admin (LT-8).
CREATE FUNCTION lifectl.lifetimer_is_admin() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    RETURN EXISTS (SELECT 1 FROM public.lifetimer_admins WHERE account_id = auth.uid());
END $$;

-- The accounts the caller may see whose goals completed ('goals') or
-- longest streak ('streaks') is above `floor`: the listed accounts counted
-- in the histogram, less the listed ones a block hides from the caller, plus
-- the caller when it counts but is not listed. A leaderboard's rank is 1 +
-- this of the row's value; its total is this of 0. Reveals nothing a count
-- over the visible rows would not.
CREATE FUNCTION lifectl.lifetimer_accounts_above(kind text, floor integer) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    viewer uuid := auth.uid();
    listed bigint;
    hidden bigint;
    own bigint;
BEGIN
    SELECT coalesce(sum(c.accounts), 0) INTO listed
    FROM lifectl.lifetimer_board_counts AS c WHERE c.kind = $1 AND c.value > $2;
    SELECT count(*) INTO hidden
    FROM public.lifetimer_accounts AS a
    WHERE a.listed
      AND CASE $1 WHEN 'goals' THEN a.goals_completed ELSE a.longest_streak_days END > $2
      AND a.id IN (SELECT b.blocked_id FROM public.lifetimer_blocks AS b WHERE b.blocker_id = viewer
                   UNION SELECT b.blocker_id FROM public.lifetimer_blocks AS b WHERE b.blocked_id = viewer);
    SELECT count(*) INTO own
    FROM public.lifetimer_accounts AS a
    WHERE a.id = viewer AND NOT a.listed
      AND CASE $1 WHEN 'goals' THEN a.goals_completed ELSE a.longest_streak_days END > $2;
    RETURN listed - hidden + own;
END $$;

-- The hour bucket of an instant: hours since 1970-01-01 UTC.
CREATE FUNCTION lifectl.lifetimer_hour(at timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$ SELECT floor(extract(epoch FROM at) / 3600)::bigint $$;

-- The public completed milestones the caller may see completed at or after
-- `since` (the "recently completed" leaderboard's total): whole hours from
-- the histogram, the first partial hour counted, less what blocks hide,
-- plus the caller's own when it is not listed.
CREATE FUNCTION lifectl.lifetimer_milestones_since(since timestamptz) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    viewer uuid := auth.uid();
    first_hour bigint := lifectl.lifetimer_hour(since);
    whole bigint;
    partial bigint;
    hidden bigint;
    own bigint;
BEGIN
    SELECT coalesce(sum(c.milestones), 0) INTO whole
    FROM lifectl.lifetimer_recent_counts AS c WHERE c.hour > first_hour;
    SELECT count(*) INTO partial
    FROM public.lifetimer_milestones AS m JOIN public.lifetimer_accounts AS a ON a.id = m.account_id
    WHERE m.is_public AND m.completed_at IS NOT NULL AND a.listed
      AND m.completed_at >= since AND m.completed_at < to_timestamp((first_hour + 1) * 3600);
    SELECT count(*) INTO hidden
    FROM public.lifetimer_accounts AS a JOIN public.lifetimer_milestones AS m ON m.account_id = a.id
    WHERE a.listed AND m.is_public AND m.completed_at IS NOT NULL AND m.completed_at >= since
      AND a.id IN (SELECT b.blocked_id FROM public.lifetimer_blocks AS b WHERE b.blocker_id = viewer
                   UNION SELECT b.blocker_id FROM public.lifetimer_blocks AS b WHERE b.blocked_id = viewer);
    SELECT count(*) INTO own
    FROM public.lifetimer_accounts AS a JOIN public.lifetimer_milestones AS m ON m.account_id = a.id
    WHERE a.id = viewer AND NOT a.listed AND m.is_public AND m.completed_at IS NOT NULL AND m.completed_at >= since;
    RETURN whole + partial - hidden + own;
END $$;

-- The id of any account by username, in any case; NULL when there is none.
-- Blocking works on accounts one cannot see (LT-6), so the client needs
-- their id; it reveals only that the name is taken, which a sign-up with it
-- would reveal too.
CREATE FUNCTION lifectl.lifetimer_account_id(name text) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    RETURN (SELECT id FROM public.lifetimer_accounts WHERE username_key = lower(name));
END $$;

-- Accounts the caller may see whose username matches `pattern` (LIKE,
-- lower case, `\` escapes), by username, at most `max`. The one read that
-- is not a plain SELECT under the policies: LIKE is not leakproof, so
-- PostgreSQL would run the policy (the rule) on every account before the
-- match; here the match runs first and the same rule,
-- lifectl.lifetimer_can_see, on the matches only. Its rows are those a
-- SELECT under the policies would give (REL-8 checks it).
CREATE FUNCTION lifectl.lifetimer_search(pattern text, max integer)
    RETURNS TABLE (id uuid, username text, bio text, avatar_path text, created_at timestamptz, last_active_at timestamptz)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    RETURN QUERY
    SELECT a.id, a.username, a.bio, a.avatar_path, a.created_at, a.last_active_at
    FROM public.lifetimer_accounts AS a
    WHERE a.username_key LIKE pattern ESCAPE '\' AND lifectl.lifetimer_can_see(a.id)
    ORDER BY a.username_key
    LIMIT max;
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_can_see(uuid), lifectl.lifetimer_is_admin(),
    lifectl.lifetimer_accounts_above(text, integer), lifectl.lifetimer_milestones_since(timestamptz),
    lifectl.lifetimer_account_id(text), lifectl.lifetimer_search(text, integer), lifectl.lifetimer_hour(timestamptz)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION lifectl.lifetimer_can_see(uuid), lifectl.lifetimer_is_admin(),
    lifectl.lifetimer_accounts_above(text, integer), lifectl.lifetimer_milestones_since(timestamptz),
    lifectl.lifetimer_account_id(text), lifectl.lifetimer_search(text, integer) TO authenticated;

-- ---------------------------------------------------------------------------
-- Triggers: the locks of LT-2 and LT-3, the edges of LT-6, maintained counts.
-- Security definer: they read and write rows the acting user may not see
-- (the follows a block removes, the counts), as the table owner.
-- ---------------------------------------------------------------------------

-- LT-2, LT-3: a new goal's number is above every number the account used
-- before (numbers are never reused, and at most 20 goals are ever created),
-- and none is added after the start. goals_created follows the highest
-- number: a device that created and deleted goals before publishing them
-- skips the numbers it used.
CREATE FUNCTION lifectl.lifetimer_goal_added() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    created integer;
BEGIN
    SELECT goals_created INTO created FROM public.lifetimer_accounts WHERE id = NEW.account_id FOR UPDATE;
    IF EXISTS (SELECT 1 FROM public.lifetimer_countdowns WHERE account_id = NEW.account_id) THEN
        RAISE EXCEPTION 'lifetimer: goals are locked once the countdown has started (no add)' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.number <= created THEN
        RAISE EXCEPTION 'lifetimer: a new goal''s number must be above % (numbers are never reused; at most 20 goals ever)', created
            USING ERRCODE = 'check_violation';
    END IF;
    UPDATE public.lifetimer_accounts SET goals_created = NEW.number WHERE id = NEW.account_id;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_goal_added BEFORE INSERT ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_goal_added();

-- LT-3: after the start, no goal is deleted (except with its account) or
-- retitled; a goal's id, account and number never change.
CREATE FUNCTION lifectl.lifetimer_goal_locked() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW.id <> OLD.id OR NEW.account_id <> OLD.account_id OR NEW.number <> OLD.number THEN
            RAISE EXCEPTION 'lifetimer: a goal''s id, account and number never change' USING ERRCODE = 'check_violation';
        END IF;
        IF NEW.title <> OLD.title
            AND EXISTS (SELECT 1 FROM public.lifetimer_countdowns WHERE account_id = OLD.account_id) THEN
            RAISE EXCEPTION 'lifetimer: goals are locked once the countdown has started (no retitle)'
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END IF;
    IF EXISTS (SELECT 1 FROM public.lifetimer_countdowns WHERE account_id = OLD.account_id)
        AND EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = OLD.account_id) THEN
        RAISE EXCEPTION 'lifetimer: goals are locked once the countdown has started (no delete)'
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
END $$;

CREATE TRIGGER lifetimer_goal_locked BEFORE UPDATE OR DELETE ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_goal_locked();

-- LT-3: the countdown needs a goal; once it exists it never changes and is
-- deleted only with its account (no pause, reset or extension).
CREATE FUNCTION lifectl.lifetimer_countdown_locked() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF NOT EXISTS (SELECT 1 FROM public.lifetimer_goals WHERE account_id = NEW.account_id) THEN
            RAISE EXCEPTION 'lifetimer: the countdown needs at least one goal' USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END IF;
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = OLD.account_id) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'lifetimer: a countdown cannot be paused, reset or extended' USING ERRCODE = 'check_violation';
END $$;

CREATE TRIGGER lifetimer_countdown_locked BEFORE INSERT OR UPDATE OR DELETE ON public.lifetimer_countdowns
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_countdown_locked();

-- goals_created never decreases (LT-2); an account's id never changes. (A
-- client cannot write suspended or the maintained counts at all: the grants
-- below leave those columns out.)
CREATE FUNCTION lifectl.lifetimer_account_guarded() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF NEW.goals_created < OLD.goals_created THEN
        RAISE EXCEPTION 'lifetimer: goals_created counts every goal ever created and never decreases'
            USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.id <> OLD.id THEN
        RAISE EXCEPTION 'lifetimer: an account''s id never changes' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_account_guarded BEFORE UPDATE ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_guarded();

-- LT-6: a follow needs a public account on the other end and no block
-- between the two, in either direction.
CREATE FUNCTION lifectl.lifetimer_follow_allowed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = NEW.followee_id AND visibility = 'public') THEN
        RAISE EXCEPTION 'lifetimer: only a public account can be followed' USING ERRCODE = 'check_violation';
    END IF;
    IF EXISTS (
        SELECT 1 FROM public.lifetimer_blocks
        WHERE (blocker_id = NEW.follower_id AND blocked_id = NEW.followee_id)
           OR (blocker_id = NEW.followee_id AND blocked_id = NEW.follower_id)
    ) THEN
        RAISE EXCEPTION 'lifetimer: a block stands between these accounts' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_follow_allowed BEFORE INSERT ON public.lifetimer_follows
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_follow_allowed();

-- LT-6: a block removes the follows between the two, both ways.
CREATE FUNCTION lifectl.lifetimer_block_removes_follows() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    DELETE FROM public.lifetimer_follows
    WHERE (follower_id = NEW.blocker_id AND followee_id = NEW.blocked_id)
       OR (follower_id = NEW.blocked_id AND followee_id = NEW.blocker_id);
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_block_removes_follows AFTER INSERT ON public.lifetimer_blocks
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_block_removes_follows();

-- LT-8: the suspension's row and the account's flag agree.
CREATE FUNCTION lifectl.lifetimer_suspension_flag() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE public.lifetimer_accounts SET suspended = false WHERE id = OLD.account_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE public.lifetimer_accounts SET suspended = true WHERE id = NEW.account_id;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_suspension_flag AFTER INSERT OR UPDATE OR DELETE ON public.lifetimer_suspensions
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_suspension_flag();

-- Maintained: the account's goals completed.
CREATE FUNCTION lifectl.lifetimer_goal_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    delta integer := 0;
    account uuid;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.completed_at IS NOT NULL THEN
        delta := delta - 1;
        account := OLD.account_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.completed_at IS NOT NULL THEN
        delta := delta + 1;
        account := NEW.account_id;
    END IF;
    IF delta <> 0 THEN
        UPDATE public.lifetimer_accounts SET goals_completed = goals_completed + delta WHERE id = account;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_goal_counts AFTER INSERT OR UPDATE OF completed_at OR DELETE ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_goal_counts();

-- Adds `delta` (+1 or -1) to the hour bucket of `at`, dropping a bucket
-- that reaches 0. (A decrement is an UPDATE: INSERT … ON CONFLICT checks the
-- proposed row, -1, against the CHECK before it looks for the conflict.)
CREATE FUNCTION lifectl.lifetimer_bump_recent(at timestamptz, delta bigint) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF delta > 0 THEN
        INSERT INTO lifectl.lifetimer_recent_counts AS c (hour, milestones)
        VALUES (lifectl.lifetimer_hour(at), delta)
        ON CONFLICT (hour) DO UPDATE SET milestones = c.milestones + delta;
    ELSE
        UPDATE lifectl.lifetimer_recent_counts SET milestones = milestones + delta
        WHERE hour = lifectl.lifetimer_hour(at);
        DELETE FROM lifectl.lifetimer_recent_counts WHERE hour = lifectl.lifetimer_hour(at) AND milestones = 0;
    END IF;
END $$;

-- Adds `delta` (+1 or -1) to the accounts of value `value` for `kind`, when above 0.
CREATE FUNCTION lifectl.lifetimer_bump_board(kind text, value integer, delta integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF value <= 0 THEN
        RETURN;
    END IF;
    IF delta > 0 THEN
        INSERT INTO lifectl.lifetimer_board_counts AS c (kind, value, accounts)
        VALUES (kind, value, delta)
        ON CONFLICT ON CONSTRAINT lifetimer_board_counts_pkey DO UPDATE SET accounts = c.accounts + delta;
    ELSE
        UPDATE lifectl.lifetimer_board_counts AS c SET accounts = c.accounts + delta
        WHERE c.kind = lifetimer_bump_board.kind AND c.value = lifetimer_bump_board.value;
        DELETE FROM lifectl.lifetimer_board_counts AS c
        WHERE c.kind = lifetimer_bump_board.kind AND c.value = lifetimer_bump_board.value AND c.accounts = 0;
    END IF;
END $$;

-- Maintained: a goal's milestone counts, and the recent histogram for
-- public completed milestones of listed accounts.
CREATE FUNCTION lifectl.lifetimer_milestone_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE public.lifetimer_goals
        SET milestones_total = milestones_total - 1,
            milestones_completed = milestones_completed - (OLD.completed_at IS NOT NULL)::integer
        WHERE id = OLD.goal_id;
        IF OLD.is_public AND OLD.completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = OLD.account_id AND listed) THEN
            PERFORM lifectl.lifetimer_bump_recent(OLD.completed_at, -1);
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE public.lifetimer_goals
        SET milestones_total = milestones_total + 1,
            milestones_completed = milestones_completed + (NEW.completed_at IS NOT NULL)::integer
        WHERE id = NEW.goal_id;
        IF NEW.is_public AND NEW.completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = NEW.account_id AND listed) THEN
            PERFORM lifectl.lifetimer_bump_recent(NEW.completed_at, 1);
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_milestone_counts AFTER INSERT OR UPDATE OR DELETE ON public.lifetimer_milestones
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_milestone_counts();

-- A milestone stays with its goal and account.
CREATE FUNCTION lifectl.lifetimer_milestone_fixed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF NEW.id <> OLD.id OR NEW.goal_id <> OLD.goal_id OR NEW.account_id <> OLD.account_id THEN
        RAISE EXCEPTION 'lifetimer: a milestone''s id, goal and account never change' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_milestone_fixed BEFORE UPDATE ON public.lifetimer_milestones
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_milestone_fixed();

-- Maintained: the board histograms follow an account's values and listing;
-- the recent histogram follows its listing. Before a delete, so that the
-- account's milestones are still there to be taken out (the cascade that
-- follows finds no account and leaves the histogram alone).
CREATE FUNCTION lifectl.lifetimer_account_counts() RETURNS trigger
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
            WHERE m.account_id = OLD.id AND m.is_public AND m.completed_at IS NOT NULL
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

CREATE TRIGGER lifetimer_account_counts_changed
    AFTER INSERT OR UPDATE OF visibility, suspended, goals_completed, longest_streak_days ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_counts();
CREATE TRIGGER lifetimer_account_counts_deleted BEFORE DELETE ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_counts();

-- Maintained: the longest run of consecutive activity days of each account
-- whose days changed in the statement.
CREATE FUNCTION lifectl.lifetimer_streaks_of(accounts uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = ''
AS $$
    UPDATE public.lifetimer_accounts AS a
    SET longest_streak_days = coalesce((
        SELECT max(run) FROM (
            SELECT count(*) AS run FROM (
                SELECT d.day - (row_number() OVER (ORDER BY d.day))::integer AS island
                FROM public.lifetimer_activity_days AS d WHERE d.account_id = a.id
            ) AS days GROUP BY island
        ) AS runs), 0)
    WHERE a.id = ANY (accounts)
$$;

CREATE FUNCTION lifectl.lifetimer_activity_added() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    PERFORM lifectl.lifetimer_streaks_of(ARRAY(SELECT DISTINCT account_id FROM changed_days));
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_activity_added AFTER INSERT ON public.lifetimer_activity_days
    REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION lifectl.lifetimer_activity_added();
CREATE TRIGGER lifetimer_activity_removed AFTER DELETE ON public.lifetimer_activity_days
    REFERENCING OLD TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION lifectl.lifetimer_activity_added();

-- Rebuilds every maintained count from the rows (after a bulk load with
-- triggers off, or to repair): for the operator, not for clients. The
-- counting triggers are off meanwhile (their increments would start from
-- the counts being rebuilt); ALTER TABLE is transactional and locks the
-- tables until the caller's transaction ends.
CREATE FUNCTION lifectl.lifetimer_recount() RETURNS void
    LANGUAGE plpgsql SET search_path = ''
AS $$
BEGIN
    ALTER TABLE public.lifetimer_accounts DISABLE TRIGGER lifetimer_account_counts_changed;
    ALTER TABLE public.lifetimer_goals DISABLE TRIGGER lifetimer_goal_counts;
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
        goals_completed = (SELECT count(*) FROM public.lifetimer_goals AS g WHERE g.account_id = a.id AND g.completed_at IS NOT NULL),
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
    WHERE a.listed AND m.is_public AND m.completed_at IS NOT NULL
    GROUP BY 1;
    ALTER TABLE public.lifetimer_accounts ENABLE TRIGGER lifetimer_account_counts_changed;
    ALTER TABLE public.lifetimer_goals ENABLE TRIGGER lifetimer_goal_counts;
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_recount(), lifectl.lifetimer_streaks_of(uuid[]),
    lifectl.lifetimer_bump_recent(timestamptz, bigint), lifectl.lifetimer_bump_board(text, integer, integer) FROM PUBLIC;

-- ---------------------------------------------------------------------------
-- Row-level security: LT-6 on every table, policies to authenticated only
-- (anon sees nothing). Every auth.uid() and every call without a row
-- argument is wrapped in a sub-select, so it runs once per statement.
-- ---------------------------------------------------------------------------

ALTER TABLE public.lifetimer_accounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_account_private ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_goals ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_countdowns ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_milestones ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_activity_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_follows ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_blocks ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_admins ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_suspensions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lifetimer_reports ENABLE ROW LEVEL SECURITY;
ALTER TABLE lifectl.lifetimer_board_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE lifectl.lifetimer_recent_counts ENABLE ROW LEVEL SECURITY;

-- Accounts: your own, and those LT-6 lets you see. You create, change and
-- delete only your own (deleting it deletes everything it owns).
CREATE POLICY lifetimer_accounts_read ON public.lifetimer_accounts FOR SELECT TO authenticated
    USING (id = (SELECT auth.uid()) OR (listed AND lifectl.lifetimer_can_see(id)));
CREATE POLICY lifetimer_accounts_create ON public.lifetimer_accounts FOR INSERT TO authenticated
    WITH CHECK (id = (SELECT auth.uid()));
CREATE POLICY lifetimer_accounts_change ON public.lifetimer_accounts FOR UPDATE TO authenticated
    USING (id = (SELECT auth.uid())) WITH CHECK (id = (SELECT auth.uid()));
CREATE POLICY lifetimer_accounts_delete ON public.lifetimer_accounts FOR DELETE TO authenticated
    USING (id = (SELECT auth.uid()));

-- E-mail, identity, zone: the account itself only.
CREATE POLICY lifetimer_account_private_own ON public.lifetimer_account_private FOR ALL TO authenticated
    USING (account_id = (SELECT auth.uid())) WITH CHECK (account_id = (SELECT auth.uid()));

-- Goals and the countdown: as their account; written by it alone.
CREATE POLICY lifetimer_goals_read ON public.lifetimer_goals FOR SELECT TO authenticated
    USING (account_id = (SELECT auth.uid()) OR lifectl.lifetimer_can_see(account_id));
CREATE POLICY lifetimer_goals_create ON public.lifetimer_goals FOR INSERT TO authenticated
    WITH CHECK (account_id = (SELECT auth.uid()));
CREATE POLICY lifetimer_goals_change ON public.lifetimer_goals FOR UPDATE TO authenticated
    USING (account_id = (SELECT auth.uid())) WITH CHECK (account_id = (SELECT auth.uid()));
CREATE POLICY lifetimer_goals_delete ON public.lifetimer_goals FOR DELETE TO authenticated
    USING (account_id = (SELECT auth.uid()));

CREATE POLICY lifetimer_countdowns_read ON public.lifetimer_countdowns FOR SELECT TO authenticated
    USING (account_id = (SELECT auth.uid()) OR lifectl.lifetimer_can_see(account_id));
CREATE POLICY lifetimer_countdowns_start ON public.lifetimer_countdowns FOR INSERT TO authenticated
    WITH CHECK (account_id = (SELECT auth.uid()));

-- Milestones: your own, and the public ones of accounts you may see.
CREATE POLICY lifetimer_milestones_read ON public.lifetimer_milestones FOR SELECT TO authenticated
    USING (account_id = (SELECT auth.uid()) OR (is_public AND lifectl.lifetimer_can_see(account_id)));
CREATE POLICY lifetimer_milestones_create ON public.lifetimer_milestones FOR INSERT TO authenticated
    WITH CHECK (account_id = (SELECT auth.uid()));
CREATE POLICY lifetimer_milestones_change ON public.lifetimer_milestones FOR UPDATE TO authenticated
    USING (account_id = (SELECT auth.uid())) WITH CHECK (account_id = (SELECT auth.uid()));
CREATE POLICY lifetimer_milestones_delete ON public.lifetimer_milestones FOR DELETE TO authenticated
    USING (account_id = (SELECT auth.uid()));

-- Activity days: the account itself only (others see the streak).
CREATE POLICY lifetimer_activity_days_own ON public.lifetimer_activity_days FOR ALL TO authenticated
    USING (account_id = (SELECT auth.uid())) WITH CHECK (account_id = (SELECT auth.uid()));

-- Follows: seen when you may see both ends; made from yourself to an
-- account you may see; undone by the follower.
CREATE POLICY lifetimer_follows_read ON public.lifetimer_follows FOR SELECT TO authenticated
    USING ((follower_id = (SELECT auth.uid()) OR lifectl.lifetimer_can_see(follower_id))
       AND (followee_id = (SELECT auth.uid()) OR lifectl.lifetimer_can_see(followee_id)));
CREATE POLICY lifetimer_follows_create ON public.lifetimer_follows FOR INSERT TO authenticated
    WITH CHECK (follower_id = (SELECT auth.uid()) AND lifectl.lifetimer_can_see(followee_id));
CREATE POLICY lifetimer_follows_delete ON public.lifetimer_follows FOR DELETE TO authenticated
    USING (follower_id = (SELECT auth.uid()));

-- Blocks: the blocker's alone; who blocked you is never shown.
CREATE POLICY lifetimer_blocks_own ON public.lifetimer_blocks FOR ALL TO authenticated
    USING (blocker_id = (SELECT auth.uid())) WITH CHECK (blocker_id = (SELECT auth.uid()));

-- Moderation (LT-8): admins read every report and suspension and suspend;
-- you read your own reports, whether you are an admin, and your own
-- suspension.
CREATE POLICY lifetimer_admins_read ON public.lifetimer_admins FOR SELECT TO authenticated
    USING (account_id = (SELECT auth.uid()) OR (SELECT lifectl.lifetimer_is_admin()));
CREATE POLICY lifetimer_suspensions_read ON public.lifetimer_suspensions FOR SELECT TO authenticated
    USING (account_id = (SELECT auth.uid()) OR (SELECT lifectl.lifetimer_is_admin()));
CREATE POLICY lifetimer_suspensions_create ON public.lifetimer_suspensions FOR INSERT TO authenticated
    WITH CHECK ((SELECT lifectl.lifetimer_is_admin()) AND suspended_by = (SELECT auth.uid()));
CREATE POLICY lifetimer_suspensions_lift ON public.lifetimer_suspensions FOR DELETE TO authenticated
    USING ((SELECT lifectl.lifetimer_is_admin()));
CREATE POLICY lifetimer_reports_read ON public.lifetimer_reports FOR SELECT TO authenticated
    USING (reporter_id = (SELECT auth.uid()) OR (SELECT lifectl.lifetimer_is_admin()));
-- A report names something the reporter may see: the account, one of its
-- goals, or one of its public milestones (the sub-selects run under these
-- same policies).
CREATE POLICY lifetimer_reports_file ON public.lifetimer_reports FOR INSERT TO authenticated
    WITH CHECK (
        reporter_id = (SELECT auth.uid())
        AND lifectl.lifetimer_can_see(target_account_id)
        AND (target_goal_id IS NULL OR EXISTS (
            SELECT 1 FROM public.lifetimer_goals AS g
            WHERE g.id = target_goal_id AND g.account_id = target_account_id))
        AND (target_milestone_id IS NULL OR EXISTS (
            SELECT 1 FROM public.lifetimer_milestones AS m
            WHERE m.id = target_milestone_id AND m.account_id = target_account_id
              AND (target_goal_id IS NULL OR m.goal_id = target_goal_id))));

-- ---------------------------------------------------------------------------
-- Views: the feed and the leaderboards, security_invoker so that the
-- policies above apply to whoever reads them. Order and limit them in the
-- query (ORDER BY value DESC, username_key LIMIT n); ranks
-- are computed among the rows the reader may see (1, 2, 2, 4).
-- ---------------------------------------------------------------------------

-- The public milestones completed by the accounts you follow.
CREATE VIEW public.lifetimer_feed WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       m.id AS milestone_id, g.title AS goal_title, m.title, m.completed_at
FROM public.lifetimer_follows AS f
JOIN public.lifetimer_accounts AS a ON a.id = f.followee_id
JOIN public.lifetimer_milestones AS m
    ON m.account_id = f.followee_id AND m.is_public AND m.completed_at IS NOT NULL
JOIN public.lifetimer_goals AS g ON g.id = m.goal_id
WHERE f.follower_id = (SELECT auth.uid());

CREATE VIEW public.lifetimer_leaderboard_goals WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       a.goals_completed AS value,
       1 + lifectl.lifetimer_accounts_above('goals', a.goals_completed) AS rank
FROM public.lifetimer_accounts AS a
WHERE a.goals_completed > 0;

CREATE VIEW public.lifetimer_leaderboard_streaks WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       a.longest_streak_days AS value,
       1 + lifectl.lifetimer_accounts_above('streaks', a.longest_streak_days) AS rank
FROM public.lifetimer_accounts AS a
WHERE a.longest_streak_days > 0;

-- Public completed milestones with their account; filter completed_at to
-- the window (30 days back in the reader's zone) and order by it, newest
-- first. lifectl.lifetimer_milestones_since(since) is the window's total.
CREATE VIEW public.lifetimer_leaderboard_recent WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       m.id AS milestone_id, m.title, m.completed_at
FROM public.lifetimer_milestones AS m
JOIN public.lifetimer_accounts AS a ON a.id = m.account_id
WHERE m.is_public AND m.completed_at IS NOT NULL;

-- ---------------------------------------------------------------------------
-- Grants. Supabase grants everything in public to anon and authenticated by
-- default, so all is revoked first, then each table gets what its policies
-- need, column by column where a column is the engine's (suspended, the
-- counts) or fixed (ids).
-- ---------------------------------------------------------------------------

REVOKE ALL ON public.lifetimer_accounts, public.lifetimer_account_private, public.lifetimer_goals,
    public.lifetimer_countdowns, public.lifetimer_milestones, public.lifetimer_activity_days,
    public.lifetimer_follows, public.lifetimer_blocks, public.lifetimer_admins, public.lifetimer_suspensions,
    public.lifetimer_reports, public.lifetimer_feed, public.lifetimer_leaderboard_goals,
    public.lifetimer_leaderboard_streaks, public.lifetimer_leaderboard_recent,
    lifectl.lifetimer_board_counts, lifectl.lifetimer_recent_counts
    FROM PUBLIC, anon, authenticated;

GRANT SELECT, DELETE ON public.lifetimer_accounts TO authenticated;
GRANT INSERT (id, username, bio, avatar_path, visibility, created_at, last_active_at) ON public.lifetimer_accounts TO authenticated;
GRANT UPDATE (username, bio, avatar_path, visibility, last_active_at) ON public.lifetimer_accounts TO authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.lifetimer_account_private TO authenticated;
GRANT SELECT, DELETE ON public.lifetimer_goals TO authenticated;
GRANT INSERT (id, account_id, number, title, completed_at, created_at, updated_at) ON public.lifetimer_goals TO authenticated;
GRANT UPDATE (title, completed_at, updated_at) ON public.lifetimer_goals TO authenticated;
GRANT SELECT, INSERT ON public.lifetimer_countdowns TO authenticated;
GRANT SELECT, DELETE ON public.lifetimer_milestones TO authenticated;
GRANT INSERT (id, goal_id, account_id, position, title, due_date, is_public, completed_at, created_at)
    ON public.lifetimer_milestones TO authenticated;
GRANT UPDATE (position, title, due_date, is_public, completed_at) ON public.lifetimer_milestones TO authenticated;
GRANT SELECT, INSERT, DELETE ON public.lifetimer_activity_days TO authenticated;
GRANT SELECT, INSERT, DELETE ON public.lifetimer_follows TO authenticated;
GRANT SELECT, INSERT, DELETE ON public.lifetimer_blocks TO authenticated;
GRANT SELECT ON public.lifetimer_admins TO authenticated;
GRANT SELECT, INSERT, DELETE ON public.lifetimer_suspensions TO authenticated;
GRANT SELECT, INSERT ON public.lifetimer_reports TO authenticated;
GRANT SELECT ON public.lifetimer_feed, public.lifetimer_leaderboard_goals, public.lifetimer_leaderboard_streaks,
    public.lifetimer_leaderboard_recent TO authenticated;
