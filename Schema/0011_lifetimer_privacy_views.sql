-- 0011_lifetimer_privacy_views: LifeTimer's visibility rule for goals and
-- milestones as views beside the one for accounts (SPEC LT-6, REL-6), and
-- the versions an import merges by (SPEC SYNC-2, SYNC-4).
--
-- Which goals, milestones and descriptions a viewer may see was written in
-- six places in Swift; it is written here once, over
-- lifetimer_visible_accounts (0010), and every read of another account's
-- goals or milestones (profile, feed, leaderboards, reports, search) reads
-- these views with viewer_id bound.

-- The goals a viewer may see: every goal of an account the viewer may see,
-- as a summary (number, title, completed, and the counts its progress is
-- made of, private milestones included: a viewer can tell that a goal has
-- steps it does not see, never what they are). The description is the
-- account's own only: NULL for every other viewer. Place and cover are not
-- part of the summary.
CREATE VIEW lifetimer_visible_goals AS
SELECT a.viewer_id AS viewer_id,
       g.id, g.account_id, g.number, g.title,
       CASE WHEN g.account_id = a.viewer_id THEN g.description END AS description,
       g.completed_at, g.created_at,
       (SELECT count(*) FROM lifetimer_milestones AS m WHERE m.goal_id = g.id) AS milestones_total,
       (SELECT count(*) FROM lifetimer_milestones AS m
        WHERE m.goal_id = g.id AND m.completed_at IS NOT NULL) AS milestones_done
FROM lifetimer_visible_accounts AS a
JOIN lifetimer_goals AS g ON g.account_id = a.id;

-- The milestones a viewer may see: those of an account the viewer may see
-- that are public, or that are the viewer's own.
CREATE VIEW lifetimer_visible_milestones AS
SELECT a.viewer_id AS viewer_id,
       m.id, m.goal_id, m.account_id, m.position, m.title, m.due_date, m.is_public, m.completed_at
FROM lifetimer_visible_accounts AS a
JOIN lifetimer_milestones AS m ON m.account_id = a.id
WHERE m.is_public = 1 OR m.account_id = a.viewer_id;

-- An account's profile (username, bio, avatar, e-mail, visibility, identity,
-- zone) changes at updated_at; last_active_at moves with every action and
-- is no version of the profile. An import keeps the newer profile (SYNC-4).
-- Rows made before this migration take their last activity.
ALTER TABLE lifetimer_accounts ADD COLUMN updated_at TEXT NOT NULL DEFAULT '0001-01-01 00:00:00.000'
    CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]');
UPDATE lifetimer_accounts SET updated_at = last_active_at;

-- A milestone's title, due date, visibility and completion change at
-- updated_at. Rows made before this migration take their latest instant.
ALTER TABLE lifetimer_milestones ADD COLUMN updated_at TEXT NOT NULL DEFAULT '0001-01-01 00:00:00.000'
    CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]');
UPDATE lifetimer_milestones SET updated_at = max(created_at, coalesce(completed_at, created_at));

-- A follow is made of a public account (the store, and this trigger for
-- sqlite3), but an account that turns private keeps its followers' rows
-- (LT-6: hidden, not removed). So a follow older than the account's last
-- profile change may be of a private account now: an import or a sync
-- brings it back as it was. Only one made after the account's last change
-- while it is not public is refused.
DROP TRIGGER lifetimer_follow_public_only;
CREATE TRIGGER lifetimer_follow_public_only
BEFORE INSERT ON lifetimer_follows
WHEN (SELECT visibility FROM lifetimer_accounts WHERE id = new.followee_id) IS NOT 'public'
    AND new.created_at >= (SELECT updated_at FROM lifetimer_accounts WHERE id = new.followee_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: only a public account can be followed');
END;
