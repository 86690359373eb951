-- 0005_lifetimer_no_oracles: nothing a viewer can provoke tells a hidden
-- account from a missing one (SPEC SRV-6, LT-6, LT-10; issue 28).
--
-- Before, an attacker learnt who blocked it and more:
--   * a refused follow answered three ways (23514 "a block stands", 42501
--     for a suspended account, 23514 "only a public account" for a private
--     one, 23503 for no account at all);
--   * lifectl.lifetimer_account_id(name) handed out any account's id;
--   * lifectl.lifetimer_accounts_above('xyz', -1) answered minus the number of
--     accounts that blocked the caller, and by moving the floor their streaks;
--   * a block made by name left a row the blocker could read, with the id;
--   * an e-mail address or a sign-in identity in use was refused as such
--     (23505), and anyone could link another person's identity first;
--   * lifectl.lifetimer_search('%', 200000) cost 4.8 s of CPU for anyone.
-- And a follow and a block made at the same moment left a follow across
-- the block.
--
-- Now:
--   * a follow of an account the follower may not see (private, suspended,
--     a block either way, no such account) is refused by one trigger with
--     one answer: 42501 and PostgreSQL's own words for a policy's refusal;
--   * follows and blocks of one pair of accounts wait for each other (a
--     transaction-scoped advisory lock on the pair), at READ COMMITTED, so
--     that the second sees the first: a block removes a follow made at the
--     same moment, a follow made after a block is refused. A transaction at
--     REPEATABLE READ or SERIALIZABLE would keep a snapshot from before the
--     other committed, so follows and blocks are refused there (0A000);
--     Supabase's API and lifectl run at READ COMMITTED;
--   * blocks are made and lifted by name through public.lifetimer_block and
--     public.lifetimer_unblock, which answer alike whether an account has
--     the name or not; no client reads or writes the blocks table (who is
--     blocked, by the blocker or anyone, is no client's to read: a block's
--     row names an account its maker cannot see);
--   * no function resolves a name to an id; the totals' functions (now in
--     public, for Supabase's API) refuse kinds they have no board for and
--     floors below 0 (22023);
--   * an e-mail address is unique only among verified ones, and only the
--     operator (or the service, with a proof) verifies: a client's claim of
--     any address succeeds, so it tells nothing. Identities are linked by
--     the operator only (lifectl.lifetimer_link_identity) until the service
--     verifies a token; a client reads and unlinks its own;
--   * search takes text, not a pattern, at most 500 rows, and reads an
--     index of every name's one-, two- and three-letter pieces (the idea of
--     pg_trgm, whose LIKE support finds no trigram in a needle of one or
--     two letters and then reads its whole index; and it needs an
--     extension a Supabase project keeps in a schema of its own).

-- ---------------------------------------------------------------------------
-- Follows and blocks: one answer, one at a time
-- ---------------------------------------------------------------------------

-- Takes the lock of the pair (a, b) for the transaction; refuses outside
-- READ COMMITTED.
CREATE FUNCTION lifectl.lifetimer_lock_pair(a uuid, b uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION 'lifetimer: follows and blocks are made at READ COMMITTED, where each waits for the other'
            USING ERRCODE = 'feature_not_supported';
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(
        pg_catalog.hashtextextended(least(a, b)::text || greatest(a, b)::text, 20261127));
END $$;

-- LT-6: a follow needs an account the follower may see (public, not
-- suspended, no block either way). Every other case answers as a policy's
-- refusal does, whatever the reason.
CREATE OR REPLACE FUNCTION lifectl.lifetimer_follow_allowed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    PERFORM lifectl.lifetimer_lock_pair(NEW.follower_id, NEW.followee_id);
    IF NOT EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = NEW.followee_id AND listed)
        OR EXISTS (
            SELECT 1 FROM public.lifetimer_blocks
            WHERE (blocker_id = NEW.follower_id AND blocked_id = NEW.followee_id)
               OR (blocker_id = NEW.followee_id AND blocked_id = NEW.follower_id)) THEN
        RAISE EXCEPTION 'new row violates row-level security policy for table "lifetimer_follows"'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;

CREATE FUNCTION lifectl.lifetimer_block_locked() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    PERFORM lifectl.lifetimer_lock_pair(NEW.blocker_id, NEW.blocked_id);
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_block_locked BEFORE INSERT ON public.lifetimer_blocks
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_block_locked();

-- Blocks by name: true when the caller could see the account (it is
-- blocked now); false for a name no account has and for one the caller
-- cannot see (blocked now too, if an account has it): one answer for both.
CREATE FUNCTION public.lifetimer_block(username text) RETURNS boolean
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
DECLARE
    viewer uuid := auth.uid();
    target uuid;
    seen boolean;
BEGIN
    IF username IS NULL OR username !~ '^[A-Za-z0-9_.]{3,30}$' THEN
        RAISE EXCEPTION 'lifetimer: a username is 3–30 letters, digits, _ and .' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM public.lifetimer_accounts AS a WHERE a.id = viewer) THEN
        RAISE EXCEPTION 'lifetimer: the caller has no account on the server' USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT a.id INTO target FROM public.lifetimer_accounts AS a WHERE a.username_key = lower(username);
    IF target IS NULL THEN
        RETURN false;
    END IF;
    IF target = viewer THEN
        RAISE EXCEPTION 'lifetimer: you cannot block yourself' USING ERRCODE = 'check_violation';
    END IF;
    seen := lifectl.lifetimer_can_see(target);
    INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id) VALUES (viewer, target) ON CONFLICT DO NOTHING;
    RETURN seen;
END $$;

-- Lifts the caller's block of the account named `username`, if any: the
-- same answer (none) whether there was one, an account, or neither.
CREATE FUNCTION public.lifetimer_unblock(username text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
BEGIN
    IF username IS NULL OR username !~ '^[A-Za-z0-9_.]{3,30}$' THEN
        RAISE EXCEPTION 'lifetimer: a username is 3–30 letters, digits, _ and .' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    DELETE FROM public.lifetimer_blocks AS b
    USING public.lifetimer_accounts AS a
    WHERE a.username_key = lower(username) AND b.blocker_id = auth.uid() AND b.blocked_id = a.id;
END $$;

REVOKE ALL ON public.lifetimer_blocks FROM PUBLIC, anon, authenticated;
DROP FUNCTION lifectl.lifetimer_account_id(text);

-- ---------------------------------------------------------------------------
-- The totals, in public (Supabase's API reaches them), with their arguments checked
-- ---------------------------------------------------------------------------

-- The accounts the caller may see whose goals completed ('goals') or
-- longest streak ('streaks') is above `floor` (≥ 0); see 0001.
CREATE FUNCTION public.lifetimer_accounts_above(kind text, floor integer) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    viewer uuid := auth.uid();
    in_histogram bigint;
    behind_blocks bigint;
    own bigint;
BEGIN
    IF kind IS NULL OR kind NOT IN ('goals', 'streaks') THEN
        RAISE EXCEPTION 'lifetimer: kind must be goals or streaks' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF floor IS NULL OR floor < 0 THEN
        RAISE EXCEPTION 'lifetimer: floor must be 0 or more' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT coalesce(sum(c.accounts), 0) INTO in_histogram
    FROM lifectl.lifetimer_board_counts AS c WHERE c.kind = $1 AND c.value > $2;
    SELECT count(*) INTO behind_blocks
    FROM public.lifetimer_accounts AS a
    WHERE a.listed
      AND CASE $1 WHEN 'goals' THEN a.goals_completed ELSE a.longest_streak_days END > $2
      AND a.id IN (SELECT b.blocked_id FROM public.lifetimer_blocks AS b WHERE b.blocker_id = viewer
                   UNION SELECT b.blocker_id FROM public.lifetimer_blocks AS b WHERE b.blocked_id = viewer);
    SELECT count(*) INTO own
    FROM public.lifetimer_accounts AS a
    WHERE a.id = viewer AND NOT a.listed
      AND CASE $1 WHEN 'goals' THEN a.goals_completed ELSE a.longest_streak_days END > $2;
    RETURN in_histogram - behind_blocks + own;
END $$;

-- The public completed milestones the caller may see completed at or
-- after `since`; see 0001 and 0002.
CREATE FUNCTION public.lifetimer_milestones_since(since timestamptz) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    viewer uuid := auth.uid();
    first_hour bigint;
    whole bigint;
    partial bigint;
    behind_blocks bigint;
    own bigint;
BEGIN
    IF since IS NULL OR NOT isfinite(since) THEN
        RAISE EXCEPTION 'lifetimer: since must be an instant' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    first_hour := lifectl.lifetimer_hour(since);
    SELECT coalesce(sum(c.milestones), 0) INTO whole
    FROM lifectl.lifetimer_recent_counts AS c WHERE c.hour > first_hour;
    SELECT count(*) INTO partial
    FROM public.lifetimer_milestones AS m JOIN public.lifetimer_accounts AS a ON a.id = m.account_id
    WHERE m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL AND a.listed
      AND m.completed_at >= since AND m.completed_at < to_timestamp((first_hour + 1) * 3600);
    SELECT count(*) INTO behind_blocks
    FROM public.lifetimer_accounts AS a JOIN public.lifetimer_milestones AS m ON m.account_id = a.id
    WHERE a.listed AND m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL AND m.completed_at >= since
      AND a.id IN (SELECT b.blocked_id FROM public.lifetimer_blocks AS b WHERE b.blocker_id = viewer
                   UNION SELECT b.blocker_id FROM public.lifetimer_blocks AS b WHERE b.blocked_id = viewer);
    SELECT count(*) INTO own
    FROM public.lifetimer_accounts AS a JOIN public.lifetimer_milestones AS m ON m.account_id = a.id
    WHERE a.id = viewer AND NOT a.listed AND m.is_public AND NOT m.hidden AND m.completed_at IS NOT NULL
      AND m.completed_at >= since;
    RETURN whole + partial - behind_blocks + own;
END $$;

CREATE OR REPLACE VIEW public.lifetimer_leaderboard_goals WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       a.goals_completed AS value,
       1 + public.lifetimer_accounts_above('goals', a.goals_completed) AS rank
FROM public.lifetimer_accounts AS a
WHERE a.goals_completed > 0;

CREATE OR REPLACE VIEW public.lifetimer_leaderboard_streaks WITH (security_invoker = true) AS
SELECT a.id, a.username, a.username_key, a.bio, a.avatar_path, a.created_at, a.last_active_at,
       a.longest_streak_days AS value,
       1 + public.lifetimer_accounts_above('streaks', a.longest_streak_days) AS rank
FROM public.lifetimer_accounts AS a
WHERE a.longest_streak_days > 0;

DROP FUNCTION lifectl.lifetimer_accounts_above(text, integer);
DROP FUNCTION lifectl.lifetimer_milestones_since(timestamptz);

-- ---------------------------------------------------------------------------
-- E-mail and identities: nothing to learn from a refusal
-- ---------------------------------------------------------------------------

ALTER TABLE public.lifetimer_account_private ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
DROP INDEX public.lifetimer_account_private_email;
CREATE UNIQUE INDEX lifetimer_account_private_verified_email
    ON public.lifetimer_account_private (lower(email)) WHERE email IS NOT NULL AND email_verified;

-- A changed address is unverified again (unless the same write verifies it).
CREATE FUNCTION lifectl.lifetimer_email_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF NEW.email IS DISTINCT FROM OLD.email AND NEW.email_verified = OLD.email_verified THEN
        NEW.email_verified := false;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_email_changed BEFORE UPDATE ON public.lifetimer_account_private
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_email_changed();

REVOKE ALL ON public.lifetimer_account_private FROM PUBLIC, anon, authenticated;
GRANT SELECT, DELETE ON public.lifetimer_account_private TO authenticated;
GRANT INSERT (account_id, email, time_zone) ON public.lifetimer_account_private TO authenticated;
GRANT UPDATE (email, time_zone) ON public.lifetimer_account_private TO authenticated;

REVOKE INSERT ON public.lifetimer_identities FROM authenticated;

-- The operator's (or, later, the service's after it verified a token) link
-- of an identity to an account: true when the identity is this account's
-- now, false when another account has it. Not for clients.
CREATE FUNCTION lifectl.lifetimer_link_identity(link_account uuid, link_provider text, link_subject text) RETURNS boolean
    LANGUAGE plpgsql SET search_path = ''
AS $$
BEGIN
    INSERT INTO public.lifetimer_identities (provider, subject, account_id)
    VALUES (link_provider, link_subject, link_account)
    ON CONFLICT DO NOTHING;
    RETURN EXISTS (
        SELECT 1 FROM public.lifetimer_identities AS i
        WHERE i.provider = link_provider AND i.subject = link_subject AND i.account_id = link_account);
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_link_identity(uuid, text, text) FROM PUBLIC;

-- ---------------------------------------------------------------------------
-- Search: text, bounded, through an index
-- ---------------------------------------------------------------------------

-- Every distinct piece of one, two and three characters of a name.
CREATE FUNCTION lifectl.lifetimer_name_grams(name text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = ''
AS $$
    SELECT coalesce(array_agg(DISTINCT substr(name, i, n)), '{}')
    FROM generate_series(1, 3) AS n, generate_series(1, length(name) - n + 1) AS i
$$;

ALTER TABLE public.lifetimer_accounts
    ADD COLUMN name_grams text[] NOT NULL GENERATED ALWAYS AS (lifectl.lifetimer_name_grams(lower(username))) STORED;
CREATE INDEX lifetimer_accounts_name_grams ON public.lifetimer_accounts USING gin (name_grams);
-- A needle most names contain is found by walking the names in order:
-- from this index alone (the pieces, the flag and the id are in it), the
-- page's rows read from the table at the end.
CREATE INDEX lifetimer_accounts_search_walk ON public.lifetimer_accounts (username_key) INCLUDE (id, listed, name_grams);

-- The accounts the caller may see whose username contains `needle` (any
-- case), by username, at most `max` (1–500). A needle of up to three
-- characters is one piece of the index; a longer one is all its pieces of
-- three, then checked whole. The plan is made for each call's values
-- (EXECUTE), so that a needle most names contain walks the names in order
-- and stops at `max`, and a rare one reads its few entries of the index.
CREATE FUNCTION public.lifetimer_search(needle text, max integer)
    RETURNS TABLE (id uuid, username text, bio text, avatar_path text, created_at timestamptz, last_active_at timestamptz)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    key text := lower(needle);
    pieces text[];
BEGIN
    IF needle IS NULL OR length(needle) < 1 OR length(needle) > 30 THEN
        RAISE EXCEPTION 'lifetimer: search text must be 1–30 characters' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF key !~ '^[a-z0-9_.]+$' THEN
        RETURN;  -- no username holds another character
    END IF;
    pieces := CASE WHEN length(key) <= 3 THEN ARRAY[key]
                   ELSE ARRAY(SELECT DISTINCT substr(key, i, 3) FROM generate_series(1, length(key) - 2) AS i) END;
    RETURN QUERY EXECUTE $query$
        SELECT a.id, a.username, a.bio, a.avatar_path, a.created_at, a.last_active_at
        FROM (
            SELECT x.id, x.username_key FROM public.lifetimer_accounts AS x
            WHERE x.name_grams @> $1 AND strpos(x.username_key, $2) > 0
              AND (x.id = $3 OR (x.listed AND x.id NOT IN (
                    SELECT b.blocked_id FROM public.lifetimer_blocks AS b WHERE b.blocker_id = $3
                    UNION ALL SELECT b.blocker_id FROM public.lifetimer_blocks AS b WHERE b.blocked_id = $3)))
            ORDER BY x.username_key
            LIMIT $4
        ) AS found
        JOIN public.lifetimer_accounts AS a ON a.id = found.id
        ORDER BY found.username_key
    $query$ USING pieces, key, auth.uid(), max;
END $$;

DROP FUNCTION lifectl.lifetimer_search(text, integer);

-- ---------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------

REVOKE ALL ON FUNCTION lifectl.lifetimer_lock_pair(uuid, uuid), lifectl.lifetimer_block_locked(),
    lifectl.lifetimer_email_changed(), lifectl.lifetimer_name_grams(text) FROM PUBLIC;
-- The generated column is worked out as the writer of the row.
GRANT EXECUTE ON FUNCTION lifectl.lifetimer_name_grams(text) TO authenticated;
REVOKE ALL ON FUNCTION public.lifetimer_block(text), public.lifetimer_unblock(text),
    public.lifetimer_accounts_above(text, integer), public.lifetimer_milestones_since(timestamptz),
    public.lifetimer_search(text, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.lifetimer_block(text), public.lifetimer_unblock(text),
    public.lifetimer_accounts_above(text, integer), public.lifetimer_milestones_since(timestamptz),
    public.lifetimer_search(text, integer) TO authenticated;
