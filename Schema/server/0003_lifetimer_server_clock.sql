-- 0003_lifetimer_server_clock: the values others rank by are the server's
-- (SPEC SRV-6, LT-6, LT-10; issue 28).
--
-- Before, a client wrote its own instants and days through the API: ten
-- years of activity days (a 3,653-day streak, rank 1 on the streak board), a
-- milestone completed in 2099 (first in every feed for ever), an account
-- created in 1990. From here the server stamps them:
--
--   * every instant a row is born with (created_at, linked_at, granted_at,
--     suspended_at, decided_at) is the server's clock, whatever the client
--     sent;
--   * completed_at is the server's clock at the moment a goal or milestone
--     becomes completed; sent again on a completed row it changes nothing,
--     cleared and set again it is stamped again;
--   * last_active_at only moves forward, to the server's clock;
--   * a countdown cannot start after the server's now;
--   * activity days are the server's: a client no longer writes them; each
--     completion the server stamps records its local day in the account's
--     zone (as the device records the day of any progress), and the streaks
--     follow from those days.
--
-- The server's clock is now() (the transaction's start). An operator (a
-- session whose login role is the owner of the schema lifectl, or a member
-- of it: the URL that ran the migrations) may pin it for its transaction
-- with set_config('lifectl.now', '…', true), as lifectl does with its own
-- clock so that tests and demos are reproducible. A request through
-- Supabase's API logs in as `authenticator`, which owns nothing here, so the
-- pin is ignored for it: an API client can neither move the clock nor write
-- an instant.

CREATE FUNCTION lifectl.lifetimer_now() RETURNS timestamptz
    LANGUAGE plpgsql STABLE SET search_path = ''
AS $$
DECLARE
    pinned text := current_setting('lifectl.now', true);
BEGIN
    IF pinned IS NULL OR pinned = '' THEN
        RETURN now();
    END IF;
    IF NOT pg_catalog.pg_has_role(
        session_user, (SELECT n.nspowner FROM pg_catalog.pg_namespace AS n WHERE n.nspname = 'lifectl'), 'MEMBER') THEN
        RETURN now();
    END IF;
    RETURN pinned::timestamptz;
END $$;

REVOKE ALL ON FUNCTION lifectl.lifetimer_now() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION lifectl.lifetimer_now() TO authenticated;

-- The row's birth instant, named by the trigger's argument, is the server's.
CREATE FUNCTION lifectl.lifetimer_stamp_birth() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    NEW := pg_catalog.jsonb_populate_record(NEW, pg_catalog.jsonb_build_object(TG_ARGV[0], lifectl.lifetimer_now()));
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_follows_stamped BEFORE INSERT ON public.lifetimer_follows
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_stamp_birth('created_at');
CREATE TRIGGER lifetimer_blocks_stamped BEFORE INSERT ON public.lifetimer_blocks
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_stamp_birth('created_at');
CREATE TRIGGER lifetimer_reports_stamped BEFORE INSERT ON public.lifetimer_reports
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_stamp_birth('created_at');
CREATE TRIGGER lifetimer_suspensions_stamped BEFORE INSERT ON public.lifetimer_suspensions
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_stamp_birth('suspended_at');
CREATE TRIGGER lifetimer_report_decisions_stamped BEFORE INSERT ON public.lifetimer_report_decisions
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_stamp_birth('decided_at');
CREATE TRIGGER lifetimer_identities_stamped BEFORE INSERT ON public.lifetimer_identities
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_stamp_birth('linked_at');
CREATE TRIGGER lifetimer_admins_stamped BEFORE INSERT ON public.lifetimer_admins
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_stamp_birth('granted_at');

-- Accounts: born now; active at most now, and never earlier than before.
CREATE FUNCTION lifectl.lifetimer_account_stamped() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    clock timestamptz := lifectl.lifetimer_now();
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.created_at := clock;
        NEW.last_active_at := clock;
        RETURN NEW;
    END IF;
    NEW.created_at := OLD.created_at;
    IF NEW.last_active_at IS DISTINCT FROM OLD.last_active_at THEN
        NEW.last_active_at := greatest(OLD.last_active_at, clock);
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_account_stamped BEFORE INSERT OR UPDATE ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_stamped();

-- Goals and milestones: born now; completed when the server learns it.
CREATE FUNCTION lifectl.lifetimer_completion_stamped() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    clock timestamptz := lifectl.lifetimer_now();
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.created_at := clock;
        IF NEW.completed_at IS NOT NULL THEN
            NEW.completed_at := clock;
        END IF;
    ELSE
        NEW.created_at := OLD.created_at;
        IF NEW.completed_at IS NOT NULL THEN
            NEW.completed_at := coalesce(OLD.completed_at, clock);
        END IF;
    END IF;
    IF TG_TABLE_NAME = 'lifetimer_goals' THEN
        NEW := pg_catalog.jsonb_populate_record(NEW, pg_catalog.jsonb_build_object('updated_at', clock));
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_goal_stamped BEFORE INSERT OR UPDATE ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_completion_stamped();
CREATE TRIGGER lifetimer_milestone_stamped BEFORE INSERT OR UPDATE ON public.lifetimer_milestones
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_completion_stamped();

-- A completion the server stamped is progress recorded on that local day
-- of the account (its zone, UTC without one).
CREATE FUNCTION lifectl.lifetimer_day_of(account uuid, at timestamptz) RETURNS date
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
    SELECT (at AT TIME ZONE coalesce(
        (SELECT p.time_zone FROM public.lifetimer_account_private AS p WHERE p.account_id = account), 'UTC'))::date
$$;

CREATE FUNCTION lifectl.lifetimer_progress_recorded() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF NEW.completed_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.completed_at IS NULL) THEN
        INSERT INTO public.lifetimer_activity_days (account_id, day)
        VALUES (NEW.account_id, lifectl.lifetimer_day_of(NEW.account_id, NEW.completed_at))
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_goal_progress AFTER INSERT OR UPDATE OF completed_at ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_progress_recorded();
CREATE TRIGGER lifetimer_milestone_progress AFTER INSERT OR UPDATE OF completed_at ON public.lifetimer_milestones
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_progress_recorded();

-- LT-3: a countdown starts at most now (a device's clock ahead of the
-- server's is brought back, the 1,356 days kept).
CREATE FUNCTION lifectl.lifetimer_countdown_stamped() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    clock timestamptz := lifectl.lifetimer_now();
BEGIN
    IF NEW.started_at > clock THEN
        NEW.ends_at := NEW.ends_at - (NEW.started_at - clock);
        NEW.started_at := clock;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_countdown_stamped BEFORE INSERT ON public.lifetimer_countdowns
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_countdown_stamped();

-- No client writes days any more: they follow from the completions.
REVOKE INSERT, DELETE ON public.lifetimer_activity_days FROM authenticated;

-- What clients wrote before this migration: no instant after now, and the
-- days only those the completions give (their instants, as recorded).
ALTER TABLE public.lifetimer_accounts DISABLE TRIGGER lifetimer_account_stamped;
UPDATE public.lifetimer_accounts SET created_at = least(created_at, now()), last_active_at = least(last_active_at, now())
WHERE created_at > now() OR last_active_at > now();
ALTER TABLE public.lifetimer_accounts ENABLE TRIGGER lifetimer_account_stamped;
ALTER TABLE public.lifetimer_goals DISABLE TRIGGER lifetimer_goal_stamped;
UPDATE public.lifetimer_goals SET completed_at = least(completed_at, now()), created_at = least(created_at, now())
WHERE completed_at > now() OR created_at > now();
ALTER TABLE public.lifetimer_goals ENABLE TRIGGER lifetimer_goal_stamped;
ALTER TABLE public.lifetimer_milestones DISABLE TRIGGER lifetimer_milestone_stamped;
UPDATE public.lifetimer_milestones SET completed_at = least(completed_at, now()), created_at = least(created_at, now())
WHERE completed_at > now() OR created_at > now();
ALTER TABLE public.lifetimer_milestones ENABLE TRIGGER lifetimer_milestone_stamped;
DELETE FROM public.lifetimer_activity_days AS d
WHERE NOT EXISTS (
    SELECT 1 FROM public.lifetimer_goals AS g
    WHERE g.account_id = d.account_id AND g.completed_at IS NOT NULL
      AND lifectl.lifetimer_day_of(g.account_id, g.completed_at) = d.day)
  AND NOT EXISTS (
    SELECT 1 FROM public.lifetimer_milestones AS m
    WHERE m.account_id = d.account_id AND m.completed_at IS NOT NULL
      AND lifectl.lifetimer_day_of(m.account_id, m.completed_at) = d.day);
INSERT INTO public.lifetimer_activity_days (account_id, day)
SELECT account_id, lifectl.lifetimer_day_of(account_id, completed_at) FROM public.lifetimer_goals WHERE completed_at IS NOT NULL
UNION
SELECT account_id, lifectl.lifetimer_day_of(account_id, completed_at) FROM public.lifetimer_milestones WHERE completed_at IS NOT NULL
ON CONFLICT DO NOTHING;

REVOKE ALL ON FUNCTION lifectl.lifetimer_stamp_birth(), lifectl.lifetimer_account_stamped(),
    lifectl.lifetimer_completion_stamped(), lifectl.lifetimer_day_of(uuid, timestamptz),
    lifectl.lifetimer_progress_recorded(), lifectl.lifetimer_countdown_stamped() FROM PUBLIC;
