-- 0004_lifetimer_moderation_outlives_rows: moderation outlives an account's
-- rows and a content's rows (SPEC SRV-6, LT-1, LT-8, LT-10; issue 28).
--
-- Before, every moderation fact hung on the account's row by ON DELETE
-- CASCADE: a suspended or blocked account deleted itself (LT-1 lets it) and
-- inserted itself again with the same id, and its suspension, the blocks
-- against it, the reports about it and the decisions about it were gone. An
-- admin's hide went the same way with the milestone's row, and a suspended
-- admin lifted its own suspension. Now:
--
--   * lifectl.lifetimer_account_ids records every account id the server has
--     held; a deleted one stays there as a tombstone (the id and when it
--     went: nothing personal), and **an id never comes back**: inserting an
--     account with a deleted id is refused (23514). A person who leaves and
--     returns is a new account, bound by nothing of the old one's past and
--     owed nothing of it.
--   * Suspensions (of the account and by it), blocks against it, reports (by
--     it and about it, and about its goals and milestones) and decisions
--     (about it and by it) reference that registry, not the account's row:
--     they stay, with the id, when the account goes. What was the account's
--     own goes with it, as LT-1 says: its profile, e-mail, identities, zone,
--     goals, milestones, countdown, days, follows both ways, the blocks it
--     made (they protect no one once it is gone: it never comes back) and
--     its admin grant.
--   * A hide belongs to the content: a goal or milestone whose id an admin
--     hid is hidden whenever a row with that id exists (deleted and put back,
--     it comes back hidden), and so is any goal of that account with the
--     hidden goal's title, or any milestone of that goal with the hidden
--     milestone's title (in any case and spacing), under whatever id. The
--     words are kept in lifectl.lifetimer_hidden_content, which goes with the
--     account (it is the account's text).
--   * A suspended admin is no admin while suspended: it decides nothing,
--     suspends no one and lifts no suspension, its own included.
--   * Progress others see leaves hidden milestones out: a goal's maintained
--     milestone counts count the milestones no admin hid (the account itself
--     counts its own rows, all of which it reads).

-- ---------------------------------------------------------------------------
-- Every account id, once
-- ---------------------------------------------------------------------------

CREATE TABLE lifectl.lifetimer_account_ids (
    id         uuid PRIMARY KEY,
    deleted_at timestamptz
);

ALTER TABLE lifectl.lifetimer_account_ids ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON lifectl.lifetimer_account_ids FROM PUBLIC, anon, authenticated;

INSERT INTO lifectl.lifetimer_account_ids (id) SELECT id FROM public.lifetimer_accounts;

CREATE FUNCTION lifectl.lifetimer_account_born() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM lifectl.lifetimer_account_ids WHERE id = NEW.id AND deleted_at IS NOT NULL) THEN
        RAISE EXCEPTION 'lifetimer: this account was deleted, and an account id never comes back'
            USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO lifectl.lifetimer_account_ids (id) VALUES (NEW.id) ON CONFLICT (id) DO NOTHING;
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_account_born BEFORE INSERT ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_born();

CREATE FUNCTION lifectl.lifetimer_account_died() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    UPDATE lifectl.lifetimer_account_ids SET deleted_at = lifectl.lifetimer_now() WHERE id = OLD.id;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_account_died AFTER DELETE ON public.lifetimer_accounts
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_account_died();

-- The moderation facts reference the registry: no cascade from the account.
ALTER TABLE public.lifetimer_blocks
    DROP CONSTRAINT lifetimer_blocks_blocked_id_fkey,
    ADD CONSTRAINT lifetimer_blocks_blocked_id_fkey FOREIGN KEY (blocked_id) REFERENCES lifectl.lifetimer_account_ids (id);
ALTER TABLE public.lifetimer_suspensions
    DROP CONSTRAINT lifetimer_suspensions_account_id_fkey,
    DROP CONSTRAINT lifetimer_suspensions_suspended_by_fkey,
    ADD CONSTRAINT lifetimer_suspensions_account_id_fkey FOREIGN KEY (account_id) REFERENCES lifectl.lifetimer_account_ids (id),
    ADD CONSTRAINT lifetimer_suspensions_suspended_by_fkey FOREIGN KEY (suspended_by) REFERENCES lifectl.lifetimer_account_ids (id);
ALTER TABLE public.lifetimer_reports
    DROP CONSTRAINT lifetimer_reports_reporter_id_fkey,
    DROP CONSTRAINT lifetimer_reports_target_account_id_fkey,
    DROP CONSTRAINT lifetimer_reports_target_goal_id_fkey,
    DROP CONSTRAINT lifetimer_reports_target_milestone_id_fkey,
    ADD CONSTRAINT lifetimer_reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES lifectl.lifetimer_account_ids (id),
    ADD CONSTRAINT lifetimer_reports_target_account_id_fkey
        FOREIGN KEY (target_account_id) REFERENCES lifectl.lifetimer_account_ids (id);
ALTER TABLE public.lifetimer_report_decisions
    DROP CONSTRAINT lifetimer_report_decisions_decided_by_fkey,
    DROP CONSTRAINT lifetimer_report_decisions_hidden_goal_id_fkey,
    DROP CONSTRAINT lifetimer_report_decisions_hidden_milestone_id_fkey,
    DROP CONSTRAINT lifetimer_report_decisions_target_account_id_fkey,
    ADD CONSTRAINT lifetimer_report_decisions_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES lifectl.lifetimer_account_ids (id),
    ADD CONSTRAINT lifetimer_report_decisions_target_account_id_fkey
        FOREIGN KEY (target_account_id) REFERENCES lifectl.lifetimer_account_ids (id);

-- ---------------------------------------------------------------------------
-- Hides belong to the content
-- ---------------------------------------------------------------------------

-- The words of what an admin hid, per account: a goal's title (goal_id
-- NULL), or a milestone's title within its goal.
CREATE TABLE lifectl.lifetimer_hidden_content (
    account_id uuid NOT NULL REFERENCES public.lifetimer_accounts (id) ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('goal', 'milestone')),
    goal_id    uuid,
    title_key  text NOT NULL,
    CHECK ((kind = 'goal') = (goal_id IS NULL)),
    UNIQUE NULLS NOT DISTINCT (account_id, kind, goal_id, title_key)
);

ALTER TABLE lifectl.lifetimer_hidden_content ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON lifectl.lifetimer_hidden_content FROM PUBLIC, anon, authenticated;

-- A title as the hide compares it: trimmed, spaces run together, lower case.
CREATE FUNCTION lifectl.lifetimer_title_key(title text) RETURNS text
    LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$ SELECT lower(regexp_replace(btrim(title, E' \t\n\r'), '\s+', ' ', 'g')) $$;

-- Whether a goal (id, account, title) is hidden: an admin hid that id, or a
-- goal of the account with the same words.
CREATE FUNCTION lifectl.lifetimer_goal_is_hidden(goal uuid, account uuid, title text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
    SELECT EXISTS (
               SELECT 1 FROM public.lifetimer_report_decisions AS d
               WHERE d.hidden_goal_id = goal AND d.target_account_id = account)
        OR EXISTS (
               SELECT 1 FROM lifectl.lifetimer_hidden_content AS h
               WHERE h.account_id = account AND h.kind = 'goal' AND h.goal_id IS NULL
                 AND h.title_key = lifectl.lifetimer_title_key(title))
$$;

-- Whether a milestone is hidden: an admin hid that id, or its goal, or a
-- milestone of the same goal with the same words.
CREATE FUNCTION lifectl.lifetimer_milestone_is_hidden(milestone uuid, account uuid, goal uuid, title text)
    RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
    SELECT EXISTS (
               SELECT 1 FROM public.lifetimer_report_decisions AS d
               WHERE d.hidden_milestone_id = milestone AND d.target_account_id = account)
        OR EXISTS (SELECT 1 FROM public.lifetimer_goals AS g WHERE g.id = goal AND g.hidden)
        OR EXISTS (
               SELECT 1 FROM lifectl.lifetimer_hidden_content AS h
               WHERE h.account_id = account AND h.kind = 'milestone' AND h.goal_id = goal
                 AND h.title_key = lifectl.lifetimer_title_key(title))
$$;

-- The flags, worked out whenever a row is written with a title or a flag
-- (`SET hidden = hidden` works them out again).
CREATE FUNCTION lifectl.lifetimer_goal_hidden() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    NEW.hidden := lifectl.lifetimer_goal_is_hidden(NEW.id, NEW.account_id, NEW.title);
    RETURN NEW;
END $$;

CREATE TRIGGER lifetimer_goal_hidden BEFORE INSERT OR UPDATE OF title, hidden ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_goal_hidden();

CREATE OR REPLACE FUNCTION lifectl.lifetimer_milestone_hidden() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    NEW.hidden := lifectl.lifetimer_milestone_is_hidden(NEW.id, NEW.account_id, NEW.goal_id, NEW.title);
    RETURN NEW;
END $$;

DROP TRIGGER lifetimer_milestone_hidden ON public.lifetimer_milestones;
CREATE TRIGGER lifetimer_milestone_hidden BEFORE INSERT OR UPDATE OF title, hidden ON public.lifetimer_milestones
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_milestone_hidden();

-- A goal hidden or shown takes its milestones with it.
CREATE FUNCTION lifectl.lifetimer_goal_hidden_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    UPDATE public.lifetimer_milestones SET hidden = hidden WHERE goal_id = NEW.id;
    RETURN NULL;
END $$;

CREATE TRIGGER lifetimer_goal_hidden_changed AFTER UPDATE ON public.lifetimer_goals
    FOR EACH ROW WHEN (OLD.hidden IS DISTINCT FROM NEW.hidden) EXECUTE FUNCTION lifectl.lifetimer_goal_hidden_changed();

-- The flags of every goal and milestone of `account`, from the rule.
CREATE OR REPLACE FUNCTION lifectl.lifetimer_refresh_hidden_of(account uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = ''
AS $$
    UPDATE public.lifetimer_goals SET hidden = hidden WHERE account_id = account;
    UPDATE public.lifetimer_milestones SET hidden = hidden WHERE account_id = account;
$$;

-- A decision to hide keeps the words of what it hid, then the flags of the
-- account's content are worked out again.
CREATE OR REPLACE FUNCTION lifectl.lifetimer_decision_hides() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.action = 'hide' THEN
        INSERT INTO lifectl.lifetimer_hidden_content (account_id, kind, goal_id, title_key)
        SELECT g.account_id, 'goal', NULL, lifectl.lifetimer_title_key(g.title)
        FROM public.lifetimer_goals AS g
        WHERE g.id = NEW.hidden_goal_id AND g.account_id = NEW.target_account_id
        UNION ALL
        SELECT m.account_id, 'milestone', m.goal_id, lifectl.lifetimer_title_key(m.title)
        FROM public.lifetimer_milestones AS m
        WHERE m.id = NEW.hidden_milestone_id AND m.account_id = NEW.target_account_id
        ON CONFLICT DO NOTHING;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM lifectl.lifetimer_refresh_hidden_of(OLD.target_account_id);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM lifectl.lifetimer_refresh_hidden_of(NEW.target_account_id);
    END IF;
    RETURN NULL;
END $$;

-- The goal's counts follow any change of its completion or flag, however
-- the flag changed (a retitle works it out again).
DROP TRIGGER lifetimer_goal_counts ON public.lifetimer_goals;
CREATE TRIGGER lifetimer_goal_counts AFTER INSERT OR UPDATE OR DELETE ON public.lifetimer_goals
    FOR EACH ROW EXECUTE FUNCTION lifectl.lifetimer_goal_counts();

-- A goal's milestone counts leave hidden milestones out (the progress
-- others see); the recent histogram as before.
CREATE OR REPLACE FUNCTION lifectl.lifetimer_milestone_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        IF NOT OLD.hidden THEN
            UPDATE public.lifetimer_goals
            SET milestones_total = milestones_total - 1,
                milestones_completed = milestones_completed - (OLD.completed_at IS NOT NULL)::integer
            WHERE id = OLD.goal_id;
        END IF;
        IF OLD.is_public AND NOT OLD.hidden AND OLD.completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = OLD.account_id AND listed) THEN
            PERFORM lifectl.lifetimer_bump_recent(OLD.completed_at, -1);
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        IF NOT NEW.hidden THEN
            UPDATE public.lifetimer_goals
            SET milestones_total = milestones_total + 1,
                milestones_completed = milestones_completed + (NEW.completed_at IS NOT NULL)::integer
            WHERE id = NEW.goal_id;
        END IF;
        IF NEW.is_public AND NOT NEW.hidden AND NEW.completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM public.lifetimer_accounts WHERE id = NEW.account_id AND listed) THEN
            PERFORM lifectl.lifetimer_bump_recent(NEW.completed_at, 1);
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- The words of what is hidden now, and the counts without hidden milestones.
INSERT INTO lifectl.lifetimer_hidden_content (account_id, kind, goal_id, title_key)
SELECT g.account_id, 'goal', NULL, lifectl.lifetimer_title_key(g.title)
FROM public.lifetimer_report_decisions AS d JOIN public.lifetimer_goals AS g ON g.id = d.hidden_goal_id
UNION ALL
SELECT m.account_id, 'milestone', m.goal_id, lifectl.lifetimer_title_key(m.title)
FROM public.lifetimer_report_decisions AS d JOIN public.lifetimer_milestones AS m ON m.id = d.hidden_milestone_id
ON CONFLICT DO NOTHING;

UPDATE public.lifetimer_goals AS g
SET milestones_total = coalesce(m.total, 0), milestones_completed = coalesce(m.completed, 0)
FROM public.lifetimer_goals AS g2
LEFT JOIN (
    SELECT goal_id, count(*) AS total, count(completed_at) AS completed
    FROM public.lifetimer_milestones WHERE NOT hidden GROUP BY goal_id
) AS m ON m.goal_id = g2.id
WHERE g.id = g2.id
  AND (g.milestones_total, g.milestones_completed) IS DISTINCT FROM (coalesce(m.total, 0), coalesce(m.completed, 0));

-- ---------------------------------------------------------------------------
-- A suspended admin is no admin
-- ---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION lifectl.lifetimer_is_admin() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    RETURN EXISTS (SELECT 1 FROM public.lifetimer_admins WHERE account_id = auth.uid())
        AND NOT EXISTS (SELECT 1 FROM public.lifetimer_suspensions WHERE account_id = auth.uid());
END $$;

-- And no admin lifts a suspension of its own (another admin does).
DROP POLICY lifetimer_suspensions_lift ON public.lifetimer_suspensions;
CREATE POLICY lifetimer_suspensions_lift ON public.lifetimer_suspensions FOR DELETE TO authenticated
    USING ((SELECT lifectl.lifetimer_is_admin()) AND account_id <> (SELECT auth.uid()));

REVOKE ALL ON FUNCTION lifectl.lifetimer_account_born(), lifectl.lifetimer_account_died(),
    lifectl.lifetimer_title_key(text), lifectl.lifetimer_goal_is_hidden(uuid, uuid, text),
    lifectl.lifetimer_milestone_is_hidden(uuid, uuid, uuid, text), lifectl.lifetimer_goal_hidden(),
    lifectl.lifetimer_goal_hidden_changed(), lifectl.lifetimer_refresh_hidden_of(uuid) FROM PUBLIC;
