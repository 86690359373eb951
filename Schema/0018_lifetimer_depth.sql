-- 0018_lifetimer_depth: LifeTimer in depth (SPEC LT-10, issue 20; PERF-7,
-- issue 21 item 5).
--
--   * Sign-in identities: an account links several (provider + subject), each
--     unique across accounts, in a table of their own; the two identity
--     columns of the accounts go. An e-mail address belongs to one account
--     (any case): an upgrade keeps each address on the oldest account that
--     has it and clears it from the others (docs/lifetimer.md).
--   * Streaks: the current streak (the latest run of active days, while its
--     last day is today or yesterday in the account's zone) is kept beside
--     the longest; each active day keeps the instant its first progress was
--     recorded, which is when a streak notification fires (never before it).
--   * Milestone reminders can come N days before the due date (a
--     notification preference).
--   * Moderation: an admin's decision on a report (dismiss, hide the goal or
--     milestone reported, suspend the account) is kept with who decided,
--     when and why. A hidden goal or milestone is seen by its own account
--     only: the visibility views below say so once for every read path.
--   * PERF-7: an index for the current-streak leaderboard, and the views
--     the leaderboards count from (lifetimer_listed_goals, _milestones).
--
-- lifetimer_accounts is rebuilt (a column in a UNIQUE constraint cannot be
-- dropped); rows keep their rowid (the owner's flag passes to the oldest
-- account, ties broken by rowid). Following docs/lifedb.md, "Migrations that
-- rebuild a table": the Migrator turns foreign keys off around this
-- migration and runs foreign_key_check before its commit. RENAME checks
-- every view and trigger, so those that name the rebuilt table go first and
-- come back at the end. The current streaks of existing accounts are worked
-- out by a Swift step after this SQL (LifeTimerProduct.migrationSteps: it
-- needs the accounts' time zones).

DROP VIEW lifetimer_visible_milestones;
DROP VIEW lifetimer_visible_goals;
DROP VIEW lifetimer_visible_accounts;
DROP TRIGGER lifetimer_countdown_never_deleted;
DROP TRIGGER lifetimer_goal_numbered;
DROP TRIGGER lifetimer_goal_counted;
DROP TRIGGER lifetimer_goal_delete_locked;
DROP TRIGGER lifetimer_follow_public_only;

-- A sign-in identity linked to an account (LT-1, LT-10): the provider's own
-- id for the person (no password is ever stored). Each (provider, subject)
-- belongs to one account; an account links any number. Private: only the
-- account itself reads them (`account show`). Subjects ≤ 255 characters
-- (counted by the store, as every text limit since 0010).
CREATE TABLE lifetimer_identities (
    provider   TEXT NOT NULL CHECK (provider IN ('email', 'google', 'apple')),
    subject    TEXT NOT NULL CHECK (length(subject) >= 1 AND subject = trim(subject, ' ' || char(9, 10, 13))),
    account_id TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    linked_at  TEXT NOT NULL CHECK (linked_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    PRIMARY KEY (provider, subject)
) STRICT, WITHOUT ROWID;

CREATE INDEX lifetimer_identities_by_account ON lifetimer_identities (account_id);

-- The one link an account could have had was made with it.
INSERT INTO lifetimer_identities (provider, subject, account_id, linked_at)
SELECT identity_provider, identity_subject, id, created_at FROM lifetimer_accounts
WHERE identity_provider IS NOT NULL AND identity_subject IS NOT NULL;

-- One account per e-mail address, whatever its case: the oldest keeps it.
UPDATE lifetimer_accounts SET email = NULL
WHERE email IS NOT NULL AND EXISTS (
    SELECT 1 FROM lifetimer_accounts AS older
    WHERE older.email = lifetimer_accounts.email COLLATE NOCASE
      AND (older.created_at < lifetimer_accounts.created_at
           OR (older.created_at = lifetimer_accounts.created_at AND older.rowid < lifetimer_accounts.rowid)));

CREATE TABLE lifetimer_accounts_new (
    id                   TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    username             TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (
                             length(username) BETWEEN 3 AND 30 AND username NOT GLOB '*[^A-Za-z0-9_.]*'
                         ),
    bio                  TEXT CHECK (bio IS NULL OR (length(bio) >= 1 AND bio = trim(bio, ' ' || char(9, 10, 13)))),
    avatar_path          TEXT CHECK (avatar_path IS NULL OR length(avatar_path) >= 1),
    -- Private; one account per address, in any case (the index below).
    email                TEXT CHECK (email IS NULL OR (length(email) >= 3 AND email GLOB '?*@?*' AND email NOT GLOB '*[ ]*')),
    visibility           TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('public', 'private')),
    -- IANA name: "today", active days and the countdown's wall clock are local to it.
    time_zone            TEXT NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64 AND time_zone NOT GLOB '*[^A-Za-z0-9_+/-]*'),
    -- The account `lifectl lifetimer` acts as without --as: the first one created.
    is_owner             INTEGER NOT NULL DEFAULT 0 CHECK (is_owner IN (0, 1)),
    -- LT-2: every goal ever created, deleted ones included; never decreases.
    goals_created        INTEGER NOT NULL DEFAULT 0 CHECK (goals_created BETWEEN 0 AND 20),
    -- Derived from lifetimer_activity_days by the store with each day it
    -- records (lifectl db check recomputes them): the longest run of
    -- consecutive active days; the latest run and the instant it ends
    -- unless a progress is recorded before (the start of the second local
    -- day after its last day). The current streak is current_streak_days
    -- while now < current_streak_until, else 0.
    longest_streak_days  INTEGER NOT NULL DEFAULT 0 CHECK (longest_streak_days >= 0),
    current_streak_days  INTEGER NOT NULL DEFAULT 0 CHECK (current_streak_days BETWEEN 0 AND longest_streak_days),
    current_streak_until TEXT CHECK (current_streak_until IS NULL OR current_streak_until GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    created_at           TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    last_active_at       TEXT NOT NULL CHECK (last_active_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at           TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK ((current_streak_days = 0) = (current_streak_until IS NULL))
) STRICT;

INSERT INTO lifetimer_accounts_new (rowid, id, username, bio, avatar_path, email, visibility, time_zone, is_owner,
    goals_created, longest_streak_days, created_at, last_active_at, updated_at)
SELECT rowid, id, username, bio, avatar_path, email, visibility, time_zone, is_owner, goals_created,
    longest_streak_days, created_at, last_active_at, updated_at
FROM lifetimer_accounts;
DROP TABLE lifetimer_accounts;
ALTER TABLE lifetimer_accounts_new RENAME TO lifetimer_accounts;

CREATE UNIQUE INDEX lifetimer_accounts_one_owner ON lifetimer_accounts (is_owner) WHERE is_owner = 1;
CREATE UNIQUE INDEX lifetimer_accounts_email ON lifetimer_accounts (email COLLATE NOCASE) WHERE email IS NOT NULL;
-- The longest-streak leaderboard reads accounts in its order.
CREATE INDEX lifetimer_accounts_by_streak ON lifetimer_accounts (longest_streak_days DESC, username) WHERE longest_streak_days > 0;
-- The current-streak leaderboard reads the streaks still running now: the
-- few accounts active today or yesterday, not every account with a run.
CREATE INDEX lifetimer_accounts_current_streak ON lifetimer_accounts (current_streak_until) WHERE current_streak_days > 0;

CREATE TRIGGER lifetimer_goals_created_never_decreases
BEFORE UPDATE OF goals_created ON lifetimer_accounts
WHEN new.goals_created < old.goals_created
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals_created counts every goal ever created and never decreases');
END;

CREATE TRIGGER lifetimer_countdown_never_deleted
BEFORE DELETE ON lifetimer_countdowns
WHEN EXISTS (SELECT 1 FROM lifetimer_accounts WHERE id = old.account_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a countdown cannot be paused, reset or extended');
END;

CREATE TRIGGER lifetimer_goal_numbered
BEFORE INSERT ON lifetimer_goals
WHEN new.number IS NOT (SELECT goals_created + 1 FROM lifetimer_accounts WHERE id = new.account_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a new goal''s number must be goals_created + 1');
END;

CREATE TRIGGER lifetimer_goal_counted
AFTER INSERT ON lifetimer_goals
BEGIN
    UPDATE lifetimer_accounts SET goals_created = goals_created + 1 WHERE id = new.account_id;
END;

CREATE TRIGGER lifetimer_goal_delete_locked
BEFORE DELETE ON lifetimer_goals
WHEN EXISTS (SELECT 1 FROM lifetimer_countdowns WHERE account_id = old.account_id)
    AND EXISTS (SELECT 1 FROM lifetimer_accounts WHERE id = old.account_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals are locked once the countdown has started (no delete)');
END;

CREATE TRIGGER lifetimer_follow_public_only
BEFORE INSERT ON lifetimer_follows
WHEN (SELECT visibility FROM lifetimer_accounts WHERE id = new.followee_id) IS NOT 'public'
    AND new.created_at >= (SELECT updated_at FROM lifetimer_accounts WHERE id = new.followee_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: only a public account can be followed');
END;

-- The instant the day's first progress was recorded (a streak notification
-- fires then, LT-10). NULL for a day recorded before this migration: its
-- instant is unknown, and the notification is dated at the end of that day.
ALTER TABLE lifetimer_activity_days ADD COLUMN recorded_at TEXT
    CHECK (recorded_at IS NULL OR recorded_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]');

-- LT-10: a reminder this many days before each open milestone's due date,
-- beside the one on the day (0: none).
ALTER TABLE lifetimer_notification_preferences ADD COLUMN milestone_advance_days INTEGER NOT NULL DEFAULT 0
    CHECK (milestone_advance_days BETWEEN 0 AND 365);

-- An admin's decision on a report (LT-8, LT-10): dismiss it, hide the goal
-- or milestone it is about, or suspend its account. Every decision is kept,
-- several per report if an admin decides again. target_account_id is the
-- report's (the account reported, or the owner of what was reported): the
-- decision goes with that account. A decision outlives its report (deleted
-- with its reporter) and its admin (decided_by SET NULL, as a suspension's
-- suspended_by): a hide stands when the reporter leaves. hidden_goal_id or
-- hidden_milestone_id is what a 'hide' hid; NULL again if that goal or
-- milestone is deleted since. Reasons ≤ 500 characters (the store).
CREATE TABLE lifetimer_report_decisions (
    id                  TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    report_id           TEXT REFERENCES lifetimer_reports (id) ON DELETE SET NULL,
    action              TEXT NOT NULL CHECK (action IN ('dismiss', 'hide', 'suspend')),
    target_account_id   TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    hidden_goal_id      TEXT REFERENCES lifetimer_goals (id) ON DELETE SET NULL,
    hidden_milestone_id TEXT REFERENCES lifetimer_milestones (id) ON DELETE SET NULL,
    decided_by          TEXT REFERENCES lifetimer_accounts (id) ON DELETE SET NULL,
    reason              TEXT NOT NULL CHECK (length(reason) >= 1 AND reason = trim(reason, ' ' || char(9, 10, 13))),
    decided_at          TEXT NOT NULL CHECK (decided_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK (action = 'hide' OR (hidden_goal_id IS NULL AND hidden_milestone_id IS NULL)),
    CHECK (hidden_goal_id IS NULL OR hidden_milestone_id IS NULL),
    CHECK (decided_by IS NOT target_account_id)
) STRICT;

CREATE INDEX lifetimer_report_decisions_by_report ON lifetimer_report_decisions (report_id) WHERE report_id IS NOT NULL;
CREATE INDEX lifetimer_report_decisions_by_target ON lifetimer_report_decisions (target_account_id);
CREATE INDEX lifetimer_report_decisions_by_admin ON lifetimer_report_decisions (decided_by) WHERE decided_by IS NOT NULL;
-- What the visibility views look up for every goal and milestone they pass.
CREATE INDEX lifetimer_report_decisions_hidden_goal ON lifetimer_report_decisions (hidden_goal_id) WHERE hidden_goal_id IS NOT NULL;
CREATE INDEX lifetimer_report_decisions_hidden_milestone ON lifetimer_report_decisions (hidden_milestone_id) WHERE hidden_milestone_id IS NOT NULL;

-- LT-6, the one visibility rule, as 0006 wrote it, with the streaks.
CREATE VIEW lifetimer_visible_accounts AS
SELECT viewer.id AS viewer_id,
       account.id, account.username, account.bio, account.avatar_path, account.created_at,
       account.last_active_at, account.longest_streak_days, account.current_streak_days,
       account.current_streak_until
FROM lifetimer_accounts AS viewer
JOIN lifetimer_accounts AS account
WHERE account.id = viewer.id
   OR (account.visibility = 'public'
       AND NOT EXISTS (SELECT 1 FROM lifetimer_suspensions AS s WHERE s.account_id = account.id)
       AND NOT EXISTS (SELECT 1 FROM lifetimer_blocks AS b WHERE b.blocker_id = viewer.id AND b.blocked_id = account.id)
       AND NOT EXISTS (SELECT 1 FROM lifetimer_blocks AS b WHERE b.blocker_id = account.id AND b.blocked_id = viewer.id));

-- The goals a viewer may see (0011), less the goals an admin hid, which
-- only their own account sees (with hidden = 1).
CREATE VIEW lifetimer_visible_goals AS
SELECT a.viewer_id AS viewer_id,
       g.id, g.account_id, g.number, g.title,
       CASE WHEN g.account_id = a.viewer_id THEN g.description END AS description,
       g.completed_at, g.created_at,
       (SELECT count(*) FROM lifetimer_milestones AS m WHERE m.goal_id = g.id) AS milestones_total,
       (SELECT count(*) FROM lifetimer_milestones AS m
        WHERE m.goal_id = g.id AND m.completed_at IS NOT NULL) AS milestones_done,
       EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = g.id) AS hidden
FROM lifetimer_visible_accounts AS a
JOIN lifetimer_goals AS g ON g.account_id = a.id
WHERE g.account_id = a.viewer_id
   OR NOT EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = g.id);

-- The milestones a viewer may see: the viewer's own, and those of an
-- account the viewer may see that are public and that no admin hid, by
-- themselves or with their goal.
CREATE VIEW lifetimer_visible_milestones AS
SELECT a.viewer_id AS viewer_id,
       m.id, m.goal_id, m.account_id, m.position, m.title, m.due_date, m.is_public, m.completed_at,
       EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
           OR EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = m.goal_id) AS hidden
FROM lifetimer_visible_accounts AS a
JOIN lifetimer_milestones AS m ON m.account_id = a.id
WHERE m.account_id = a.viewer_id
   OR (m.is_public = 1
       AND NOT EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
       AND NOT EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = m.goal_id));

-- What counts on the leaderboards (LT-6, LT-10), for every viewer alike: the
-- goals no admin hid, and the public milestones no admin hid (by themselves
-- or with their goal); public columns only. A leaderboard joins these with
-- lifetimer_visible_accounts, so that a hidden goal counts for no one, its
-- own account included, and ranks are the same whoever looks.
CREATE VIEW lifetimer_listed_goals AS
SELECT g.id, g.account_id, g.number, g.title, g.completed_at
FROM lifetimer_goals AS g
WHERE NOT EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = g.id);

CREATE VIEW lifetimer_listed_milestones AS
SELECT m.id, m.goal_id, m.account_id, m.position, m.title, m.completed_at
FROM lifetimer_milestones AS m
WHERE m.is_public = 1
  AND NOT EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
  AND NOT EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_goal_id = m.goal_id);
