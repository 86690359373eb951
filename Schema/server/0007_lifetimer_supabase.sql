-- 0007_lifetimer_supabase: what an app needs, through Supabase's API (SPEC
-- SRV-1, SRV-6, LT-8; issue 28).
--
-- Supabase's API (PostgREST) reaches tables, views and functions in the
-- schemas it exposes, `public` by default; lifectl is not one of them. The
-- reads that are functions (search, blocks by name, the totals, the feed,
-- followers and following, a profile's numbers, the current-streak board)
-- are in public since 0005 and 0006; here the admins' reads join them, each
-- a security-definer function with an empty search_path that answers only
-- what its caller may see, executable by `authenticated` and not by `anon`,
-- exactly like the tables' policies. A client calls them as
-- `POST /rest/v1/rpc/lifetimer_search {"needle": "ad", "max": 20}`.
--
-- And where the schema `auth` has Supabase's users (auth.users), deleting a
-- user deletes its LifeTimer account, as if the account deleted itself
-- (LT-1: its personal data goes, its id stays a tombstone, the moderation
-- facts about it stay, SRV-6).

-- True when the caller is an admin, and not suspended.
CREATE FUNCTION public.lifetimer_is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$ SELECT lifectl.lifetimer_is_admin() $$;

-- For an admin: the username of any account (a decision names accounts the
-- admin may not see), NULL for one that is gone; for anyone else an error,
-- whatever the id.
CREATE FUNCTION public.lifetimer_username_for_admin(account uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF NOT lifectl.lifetimer_is_admin() THEN
        RAISE EXCEPTION 'lifetimer: for admins only' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN (SELECT a.username FROM public.lifetimer_accounts AS a WHERE a.id = account);
END $$;

-- For an admin: the id of the account named `username` (any case), to
-- suspend it; NULL when none has it.
CREATE FUNCTION public.lifetimer_account_id_for_admin(username text) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
BEGIN
    IF NOT lifectl.lifetimer_is_admin() THEN
        RAISE EXCEPTION 'lifetimer: for admins only' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN (SELECT a.id FROM public.lifetimer_accounts AS a WHERE a.username_key = lower(username));
END $$;

DROP FUNCTION lifectl.lifetimer_username_for_admin(uuid);

-- For an admin: the reports, newest first, at most `max` (1–500), with the
-- names and titles they are about (hidden ones too: the admin decides on
-- them); NULL names for accounts that are gone, NULL titles for content
-- that is gone. `open_only`: those no admin has decided on.
CREATE FUNCTION public.lifetimer_reports_for_admin(open_only boolean DEFAULT false, max integer DEFAULT 500)
    RETURNS TABLE (
        id uuid, reporter text, target_kind text, account text, target_account_id uuid, goal_title text,
        milestone_title text, reason text, created_at timestamptz, account_suspended boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
BEGIN
    IF NOT lifectl.lifetimer_is_admin() THEN
        RAISE EXCEPTION 'lifetimer: for admins only' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    SELECT r.id, rep.username, r.target_kind, tgt.username, r.target_account_id, g.title, m.title, r.reason,
           r.created_at, EXISTS (SELECT 1 FROM public.lifetimer_suspensions AS s WHERE s.account_id = r.target_account_id)
    FROM public.lifetimer_reports AS r
    LEFT JOIN public.lifetimer_accounts AS rep ON rep.id = r.reporter_id
    LEFT JOIN public.lifetimer_accounts AS tgt ON tgt.id = r.target_account_id
    LEFT JOIN public.lifetimer_goals AS g ON g.id = r.target_goal_id AND g.account_id = r.target_account_id
    LEFT JOIN public.lifetimer_milestones AS m ON m.id = r.target_milestone_id AND m.account_id = r.target_account_id
    WHERE NOT coalesce(open_only, false)
       OR NOT EXISTS (SELECT 1 FROM public.lifetimer_report_decisions AS d WHERE d.report_id = r.id)
    ORDER BY r.created_at DESC, r.id
    LIMIT max;
END $$;

-- For an admin: the decisions, newest first, at most `max` (1–500), with
-- the names of the account each is about and of its admin (NULL once gone).
CREATE FUNCTION public.lifetimer_decisions_for_admin(max integer DEFAULT 500)
    RETURNS TABLE (
        id uuid, report_id uuid, action text, account text, target_account_id uuid, decided_by text, reason text,
        decided_at timestamptz)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
BEGIN
    IF NOT lifectl.lifetimer_is_admin() THEN
        RAISE EXCEPTION 'lifetimer: for admins only' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF max IS NULL OR max < 1 OR max > 500 THEN
        RAISE EXCEPTION 'lifetimer: max must be from 1 to 500' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    SELECT d.id, d.report_id, d.action, tgt.username, d.target_account_id, adm.username, d.reason, d.decided_at
    FROM public.lifetimer_report_decisions AS d
    LEFT JOIN public.lifetimer_accounts AS tgt ON tgt.id = d.target_account_id
    LEFT JOIN public.lifetimer_accounts AS adm ON adm.id = d.decided_by
    ORDER BY d.decided_at DESC, d.id DESC
    LIMIT max;
END $$;

CREATE INDEX lifetimer_reports_newest ON public.lifetimer_reports (created_at DESC, id);
CREATE INDEX lifetimer_report_decisions_newest ON public.lifetimer_report_decisions (decided_at DESC, id DESC);

REVOKE ALL ON FUNCTION public.lifetimer_is_admin(), public.lifetimer_username_for_admin(uuid),
    public.lifetimer_account_id_for_admin(text), public.lifetimer_reports_for_admin(boolean, integer),
    public.lifetimer_decisions_for_admin(integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.lifetimer_is_admin(), public.lifetimer_username_for_admin(uuid),
    public.lifetimer_account_id_for_admin(text), public.lifetimer_reports_for_admin(boolean, integer),
    public.lifetimer_decisions_for_admin(integer) TO authenticated;

-- ---------------------------------------------------------------------------
-- Supabase's users
-- ---------------------------------------------------------------------------

CREATE FUNCTION lifectl.lifetimer_auth_user_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    DELETE FROM public.lifetimer_accounts WHERE id = OLD.id;
    RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_auth_user_deleted() FROM PUBLIC;

DO $$
BEGIN
    IF to_regclass('auth.users') IS NOT NULL THEN
        CREATE TRIGGER lifetimer_account_follows_user AFTER DELETE ON auth.users
            FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_auth_user_deleted();
    END IF;
END $$;
