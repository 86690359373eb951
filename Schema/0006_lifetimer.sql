-- 0006_lifetimer: LifeTimer, the 1,356-day bucket-list challenge (SPEC §4,
-- LT-1 … LT-9).
--
-- Several accounts share the database (LT-1). Every row that belongs to an
-- account, and every edge that touches one, goes with it: each reference is
-- ON DELETE CASCADE (or SET NULL for "who did it" columns), so deleting an
-- account leaves nothing that names it.
--
-- The locks of LT-3 live here as well as in LifeTimerStore, so that sqlite3
-- by hand cannot break them either:
--   * at most 20 goals are ever created per account: goals_created counts
--     every insert, never goes down, and its CHECK refuses the 21st;
--   * the countdown needs a goal, and once it exists it can be neither
--     changed (no pause, reset or extension) nor deleted (only with its
--     account);
--   * after the start, no goal is added, deleted or retitled.
-- The visibility rule of LT-6 is the view lifetimer_visible_accounts below;
-- every social read in LifeTimerStore reads accounts through it.

-- One person using LifeTimer (LT-1). No password column exists: sign-in is
-- an identity link (provider + subject) to a service that holds the secret.
-- email, identity_provider and identity_subject are private: no public read
-- selects them (LifeTimerStore.publicAccountColumns).
CREATE TABLE lifetimer_accounts (
    id                  TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    username            TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (
                            length(username) BETWEEN 3 AND 30 AND username NOT GLOB '*[^A-Za-z0-9_.]*'
                        ),
    -- ≤ 160 characters (grapheme clusters, checked by the store; 4 code
    -- points per character is a generous ceiling SQLite can check).
    bio                 TEXT CHECK (bio IS NULL OR (length(bio) BETWEEN 1 AND 640 AND bio = trim(bio, ' ' || char(9, 10, 13)))),
    avatar_path         TEXT CHECK (avatar_path IS NULL OR length(avatar_path) BETWEEN 1 AND 1024),
    email               TEXT CHECK (email IS NULL OR (length(email) BETWEEN 3 AND 254 AND email GLOB '?*@?*' AND email NOT GLOB '*[ ]*')),
    visibility          TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('public', 'private')),
    identity_provider   TEXT CHECK (identity_provider IN ('email', 'google', 'apple')),
    identity_subject    TEXT CHECK (identity_subject IS NULL OR length(identity_subject) BETWEEN 1 AND 255),
    -- IANA name: "today", active days and the countdown's wall clock are local to it.
    time_zone           TEXT NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64 AND time_zone NOT GLOB '*[^A-Za-z0-9_+/-]*'),
    -- The account `lifectl lifetimer` acts as without --as: the first one created.
    is_owner            INTEGER NOT NULL DEFAULT 0 CHECK (is_owner IN (0, 1)),
    -- LT-2: every goal ever created, deleted ones included; never decreases.
    goals_created       INTEGER NOT NULL DEFAULT 0 CHECK (goals_created BETWEEN 0 AND 20),
    -- The longest run of consecutive active days, kept by the store with
    -- each activity day it records (lifectl db check recomputes it).
    longest_streak_days INTEGER NOT NULL DEFAULT 0 CHECK (longest_streak_days >= 0),
    created_at          TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    last_active_at      TEXT NOT NULL CHECK (last_active_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK ((identity_provider IS NULL) = (identity_subject IS NULL)),
    UNIQUE (identity_provider, identity_subject)
) STRICT;

CREATE UNIQUE INDEX lifetimer_accounts_one_owner ON lifetimer_accounts (is_owner) WHERE is_owner = 1;
-- The streak leaderboard reads accounts in its order and stops at its limit.
CREATE INDEX lifetimer_accounts_by_streak ON lifetimer_accounts (longest_streak_days DESC, username) WHERE longest_streak_days > 0;

CREATE TRIGGER lifetimer_goals_created_never_decreases
BEFORE UPDATE OF goals_created ON lifetimer_accounts
WHEN new.goals_created < old.goals_created
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals_created counts every goal ever created and never decreases');
END;

-- A goal on the bucket list (LT-2). number is its place in creation order,
-- 1 … 20, and always goals_created + 1 when inserted, so the counter cannot
-- be skipped. Titles ≤ 100 and descriptions ≤ 2,000 characters are counted
-- by the store (grapheme clusters).
CREATE TABLE lifetimer_goals (
    id           TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    account_id   TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    number       INTEGER NOT NULL CHECK (number BETWEEN 1 AND 20),
    title        TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 400 AND title = trim(title, ' ' || char(9, 10, 13))),
    description  TEXT CHECK (description IS NULL OR (length(description) BETWEEN 1 AND 8000 AND description = trim(description, ' ' || char(9, 10, 13)))),
    latitude     REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
    longitude    REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
    place_name   TEXT CHECK (place_name IS NULL OR length(place_name) BETWEEN 1 AND 800),
    cover        TEXT CHECK (cover IS NULL OR length(cover) BETWEEN 1 AND 2048),
    completed_at TEXT CHECK (completed_at IS NULL OR completed_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    created_at   TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at   TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK ((latitude IS NULL) = (longitude IS NULL)),
    UNIQUE (account_id, number),
    UNIQUE (id, account_id)
) STRICT;

CREATE INDEX lifetimer_goals_completed ON lifetimer_goals (account_id) WHERE completed_at IS NOT NULL;

-- The countdown (LT-3): one row per account, inserted by `start`, never
-- changed. ends_at is started_at + 1,356 calendar days at the same local
-- wall-clock time in time_zone (the account's zone at the start); the store
-- computes it (CountdownRules.end) and db check re-checks it.
CREATE TABLE lifetimer_countdowns (
    account_id  TEXT PRIMARY KEY REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    started_at  TEXT NOT NULL CHECK (started_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    ends_at     TEXT NOT NULL CHECK (ends_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    time_zone   TEXT NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64 AND time_zone NOT GLOB '*[^A-Za-z0-9_+/-]*'),
    -- 1,356 days of 23 to 25 hours: within a day of 1,356 × 24 hours.
    CHECK (julianday(ends_at) - julianday(started_at) BETWEEN 1355 AND 1357)
) STRICT;

CREATE TRIGGER lifetimer_countdown_needs_a_goal
BEFORE INSERT ON lifetimer_countdowns
WHEN NOT EXISTS (SELECT 1 FROM lifetimer_goals WHERE account_id = new.account_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: the countdown needs at least one goal');
END;

CREATE TRIGGER lifetimer_countdown_never_changes
BEFORE UPDATE ON lifetimer_countdowns
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a countdown cannot be paused, reset or extended');
END;

-- Deleting the account deletes its countdown (the account row is already
-- gone when the cascade runs); nothing else can.
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

CREATE TRIGGER lifetimer_goal_insert_locked
BEFORE INSERT ON lifetimer_goals
WHEN EXISTS (SELECT 1 FROM lifetimer_countdowns WHERE account_id = new.account_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals are locked once the countdown has started (no add)');
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

CREATE TRIGGER lifetimer_goal_retitle_locked
BEFORE UPDATE OF title ON lifetimer_goals
WHEN new.title IS NOT old.title
    AND EXISTS (SELECT 1 FROM lifetimer_countdowns WHERE account_id = old.account_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals are locked once the countdown has started (no retitle)');
END;

CREATE TRIGGER lifetimer_goal_identity_fixed
BEFORE UPDATE OF id, account_id, number ON lifetimer_goals
WHEN new.id IS NOT old.id OR new.account_id IS NOT old.account_id OR new.number IS NOT old.number
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a goal''s id, account and number never change');
END;

-- A step of a goal (LT-2), in order (position 1, 2, …). account_id repeats
-- the goal's owner (the composite reference keeps it right) so that the
-- feed and the leaderboard read one index. Titles ≤ 100 characters.
CREATE TABLE lifetimer_milestones (
    id           TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    goal_id      TEXT NOT NULL,
    account_id   TEXT NOT NULL,
    position     INTEGER NOT NULL CHECK (position >= 1),
    title        TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 400 AND title = trim(title, ' ' || char(9, 10, 13))),
    due_date     TEXT CHECK (due_date IS NULL OR (due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(due_date, '+0 days') = due_date)),
    is_public    INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1)),
    completed_at TEXT CHECK (completed_at IS NULL OR completed_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    created_at   TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    FOREIGN KEY (goal_id, account_id) REFERENCES lifetimer_goals (id, account_id) ON DELETE CASCADE,
    UNIQUE (goal_id, position)
) STRICT;

-- The feed (public milestones of followed accounts, newest first) and the
-- "recently completed" leaderboard read these.
CREATE INDEX lifetimer_milestones_public_by_account
    ON lifetimer_milestones (account_id, completed_at DESC) WHERE is_public = 1 AND completed_at IS NOT NULL;
CREATE INDEX lifetimer_milestones_public_recent
    ON lifetimer_milestones (completed_at DESC) WHERE is_public = 1 AND completed_at IS NOT NULL;
CREATE INDEX lifetimer_milestones_by_account ON lifetimer_milestones (account_id);

-- Local days (in the account's zone) with any progress recorded: a
-- milestone or goal completed. Streaks are runs of consecutive days.
CREATE TABLE lifetimer_activity_days (
    account_id TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    day        TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(day, '+0 days') = day),
    PRIMARY KEY (account_id, day)
) STRICT, WITHOUT ROWID;

-- follower follows followee (LT-6). Only a public account can be followed,
-- and never across a block in either direction.
CREATE TABLE lifetimer_follows (
    follower_id TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    followee_id TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    created_at  TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    PRIMARY KEY (follower_id, followee_id),
    CHECK (follower_id <> followee_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX lifetimer_follows_by_followee ON lifetimer_follows (followee_id, follower_id);

CREATE TRIGGER lifetimer_follow_public_only
BEFORE INSERT ON lifetimer_follows
WHEN (SELECT visibility FROM lifetimer_accounts WHERE id = new.followee_id) IS NOT 'public'
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: only a public account can be followed');
END;

CREATE TRIGGER lifetimer_follow_not_across_block
BEFORE INSERT ON lifetimer_follows
WHEN EXISTS (
    SELECT 1 FROM lifetimer_blocks
    WHERE (blocker_id = new.follower_id AND blocked_id = new.followee_id)
       OR (blocker_id = new.followee_id AND blocked_id = new.follower_id)
)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a block stands between these accounts');
END;

-- blocker blocks blocked (LT-6): each is hidden from the other, and the
-- follows between them go, both ways.
CREATE TABLE lifetimer_blocks (
    blocker_id TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    blocked_id TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX lifetimer_blocks_by_blocked ON lifetimer_blocks (blocked_id, blocker_id);

CREATE TRIGGER lifetimer_block_removes_follows
AFTER INSERT ON lifetimer_blocks
BEGIN
    DELETE FROM lifetimer_follows
    WHERE (follower_id = new.blocker_id AND followee_id = new.blocked_id)
       OR (follower_id = new.blocked_id AND followee_id = new.blocker_id);
END;

-- Accounts that may list reports and suspend (LT-8).
CREATE TABLE lifetimer_admins (
    account_id TEXT PRIMARY KEY REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    granted_at TEXT NOT NULL CHECK (granted_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- A suspended account is seen by no one else (LT-6, LT-8).
CREATE TABLE lifetimer_suspensions (
    account_id   TEXT PRIMARY KEY REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    suspended_by TEXT REFERENCES lifetimer_accounts (id) ON DELETE SET NULL,
    reason       TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
    suspended_at TEXT NOT NULL CHECK (suspended_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- A report of an account, a goal or a milestone (LT-8). target_account_id
-- is the account reported or the owner of the goal or milestone reported.
CREATE TABLE lifetimer_reports (
    id                  TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    reporter_id         TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    target_kind         TEXT NOT NULL CHECK (target_kind IN ('account', 'goal', 'milestone')),
    target_account_id   TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    target_goal_id      TEXT REFERENCES lifetimer_goals (id) ON DELETE CASCADE,
    target_milestone_id TEXT REFERENCES lifetimer_milestones (id) ON DELETE CASCADE,
    reason              TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000 AND reason = trim(reason, ' ' || char(9, 10, 13))),
    created_at          TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK (reporter_id <> target_account_id),
    CHECK (
        (target_kind = 'account' AND target_goal_id IS NULL AND target_milestone_id IS NULL)
        OR (target_kind = 'goal' AND target_goal_id IS NOT NULL AND target_milestone_id IS NULL)
        OR (target_kind = 'milestone' AND target_milestone_id IS NOT NULL)
    )
) STRICT;

CREATE INDEX lifetimer_reports_by_reporter ON lifetimer_reports (reporter_id);
CREATE INDEX lifetimer_reports_by_target ON lifetimer_reports (target_account_id);
CREATE INDEX lifetimer_reports_by_goal ON lifetimer_reports (target_goal_id) WHERE target_goal_id IS NOT NULL;
CREATE INDEX lifetimer_reports_by_milestone ON lifetimer_reports (target_milestone_id) WHERE target_milestone_id IS NOT NULL;
CREATE INDEX lifetimer_suspensions_by_admin ON lifetimer_suspensions (suspended_by) WHERE suspended_by IS NOT NULL;

-- Display settings (LT-9), one row per account.
CREATE TABLE lifetimer_settings (
    account_id TEXT PRIMARY KEY REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    theme      TEXT NOT NULL DEFAULT 'system' CHECK (theme IN ('light', 'dark', 'system')),
    clock      TEXT NOT NULL DEFAULT '24h' CHECK (clock IN ('12h', '24h')),
    -- A BCP 47 language tag such as 'en' or 'pt-BR'.
    language   TEXT NOT NULL DEFAULT 'en' CHECK (length(language) BETWEEN 2 AND 35 AND language NOT GLOB '*[^A-Za-z0-9-]*'),
    updated_at TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- Notification preferences (LT-7), one row per account: the reminder's
-- frequency and local time, and one mute per category.
CREATE TABLE lifetimer_notification_preferences (
    account_id            TEXT PRIMARY KEY REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    reminder_frequency    TEXT NOT NULL DEFAULT 'daily' CHECK (reminder_frequency IN ('daily', 'weekly', 'every')),
    -- Used when the frequency is 'every': every N days from the start.
    reminder_every_days   INTEGER NOT NULL DEFAULT 3 CHECK (reminder_every_days BETWEEN 1 AND 365),
    reminder_time         TEXT NOT NULL DEFAULT '09:00' CHECK (reminder_time GLOB '[0-2][0-9]:[0-5][0-9]' AND reminder_time <= '23:59'),
    mute_reminders        INTEGER NOT NULL DEFAULT 0 CHECK (mute_reminders IN (0, 1)),
    mute_milestones       INTEGER NOT NULL DEFAULT 0 CHECK (mute_milestones IN (0, 1)),
    mute_streaks          INTEGER NOT NULL DEFAULT 0 CHECK (mute_streaks IN (0, 1)),
    mute_checkpoints      INTEGER NOT NULL DEFAULT 0 CHECK (mute_checkpoints IN (0, 1)),
    updated_at            TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- LT-6, the one visibility rule, and the public view of an account in one
-- place: one row per (viewer, account the viewer may see). A viewer sees an
-- account when they are the same account, or when the account is public,
-- not suspended, and no block stands between them in either direction. The
-- columns are the public ones only: never email, never the identity link.
-- Every social read in LifeTimerStore reads accounts through this view with
-- viewer_id bound; SQLite flattens it into the query, so the checks are a
-- few primary-key lookups per account, and indexes on the accounts table
-- (the streak order) still serve.
CREATE VIEW lifetimer_visible_accounts AS
SELECT viewer.id AS viewer_id,
       account.id, account.username, account.bio, account.avatar_path, account.created_at,
       account.last_active_at, account.longest_streak_days
FROM lifetimer_accounts AS viewer
JOIN lifetimer_accounts AS account
WHERE account.id = viewer.id
   OR (account.visibility = 'public'
       AND NOT EXISTS (SELECT 1 FROM lifetimer_suspensions AS s WHERE s.account_id = account.id)
       AND NOT EXISTS (SELECT 1 FROM lifetimer_blocks AS b WHERE b.blocker_id = viewer.id AND b.blocked_id = account.id)
       AND NOT EXISTS (SELECT 1 FROM lifetimer_blocks AS b WHERE b.blocker_id = account.id AND b.blocked_id = viewer.id));
