-- 0010_text_limits_in_swift: the schema stops counting text length in code
-- points where the rule is a number of characters (SPEC CORE-9: limits count
-- grapheme clusters, "an emoji is one character"). SQLite's length() counts
-- code points, so an upper bound there refused valid text: 100 family emoji
-- (7 code points each) as a goal title, 200 × "e" + combining accent as a
-- DailyMenu name. The limits stay where they can be counted right, in the
-- stores (TextRule with LifeTimerRules' and DailyMenu's limits), and
-- `lifectl db check` reports a stored text over its limit.
--
-- Rebuilt, with only the code-point upper bounds removed (every non-empty,
-- trimmed and other check exactly as before):
--   lifetimer_accounts     bio, avatar_path, email, identity_subject
--   lifetimer_goals        title, description, place_name, cover
--   lifetimer_milestones   title
--   lifetimer_suspensions  reason
--   lifetimer_reports      reason
--   dailymenu_profile      display_name
-- Rows keep their rowid (the owner's flag passes to the oldest account,
-- ties broken by rowid). Following docs/lifedb.md, "Migrations that rebuild a
-- table": the Migrator turns foreign keys off around this migration and runs
-- foreign_key_check before its commit. RENAME checks every view and trigger,
-- so those that name a rebuilt table go first and come back at the end.

DROP VIEW lifetimer_visible_accounts;

DROP TRIGGER lifetimer_goals_created_never_decreases;
DROP TRIGGER lifetimer_countdown_needs_a_goal;
DROP TRIGGER lifetimer_countdown_never_deleted;
DROP TRIGGER lifetimer_goal_numbered;
DROP TRIGGER lifetimer_goal_insert_locked;
DROP TRIGGER lifetimer_goal_counted;
DROP TRIGGER lifetimer_goal_delete_locked;
DROP TRIGGER lifetimer_goal_retitle_locked;
DROP TRIGGER lifetimer_goal_identity_fixed;
DROP TRIGGER lifetimer_follow_public_only;
DROP TRIGGER search_lifetimer_goal_added;
DROP TRIGGER search_lifetimer_goal_edited;
DROP TRIGGER search_lifetimer_goal_deleted;
DROP TRIGGER search_lifetimer_milestone_added;
DROP TRIGGER search_lifetimer_milestone_edited;
DROP TRIGGER search_lifetimer_milestone_deleted;

-- Accounts: bio ≤ 160, avatar ≤ 1,024, email ≤ 254, identity subject ≤ 255 characters (the store).
CREATE TABLE lifetimer_accounts_new (
    id                  TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    username            TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (
                            length(username) BETWEEN 3 AND 30 AND username NOT GLOB '*[^A-Za-z0-9_.]*'
                        ),
    bio                 TEXT CHECK (bio IS NULL OR (length(bio) >= 1 AND bio = trim(bio, ' ' || char(9, 10, 13)))),
    avatar_path         TEXT CHECK (avatar_path IS NULL OR length(avatar_path) >= 1),
    email               TEXT CHECK (email IS NULL OR (length(email) >= 3 AND email GLOB '?*@?*' AND email NOT GLOB '*[ ]*')),
    visibility          TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('public', 'private')),
    identity_provider   TEXT CHECK (identity_provider IN ('email', 'google', 'apple')),
    identity_subject    TEXT CHECK (identity_subject IS NULL OR length(identity_subject) >= 1),
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

INSERT INTO lifetimer_accounts_new (rowid, id, username, bio, avatar_path, email, visibility, identity_provider, identity_subject, time_zone, is_owner, goals_created, longest_streak_days, created_at, last_active_at)
SELECT rowid, id, username, bio, avatar_path, email, visibility, identity_provider, identity_subject, time_zone, is_owner, goals_created, longest_streak_days, created_at, last_active_at FROM lifetimer_accounts;
DROP TABLE lifetimer_accounts;
ALTER TABLE lifetimer_accounts_new RENAME TO lifetimer_accounts;
CREATE UNIQUE INDEX lifetimer_accounts_one_owner ON lifetimer_accounts (is_owner) WHERE is_owner = 1;
CREATE INDEX lifetimer_accounts_by_streak ON lifetimer_accounts (longest_streak_days DESC, username) WHERE longest_streak_days > 0;

-- Goals: title ≤ 100, description ≤ 2,000, place ≤ 200, cover ≤ 1,024 characters (the store).
CREATE TABLE lifetimer_goals_new (
    id           TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    account_id   TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    number       INTEGER NOT NULL CHECK (number BETWEEN 1 AND 20),
    title        TEXT NOT NULL CHECK (length(title) >= 1 AND title = trim(title, ' ' || char(9, 10, 13))),
    description  TEXT CHECK (description IS NULL OR (length(description) >= 1 AND description = trim(description, ' ' || char(9, 10, 13)))),
    latitude     REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
    longitude    REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
    place_name   TEXT CHECK (place_name IS NULL OR length(place_name) >= 1),
    cover        TEXT CHECK (cover IS NULL OR length(cover) >= 1),
    completed_at TEXT CHECK (completed_at IS NULL OR completed_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    created_at   TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at   TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK ((latitude IS NULL) = (longitude IS NULL)),
    UNIQUE (account_id, number),
    UNIQUE (id, account_id)
) STRICT;

INSERT INTO lifetimer_goals_new (rowid, id, account_id, number, title, description, latitude, longitude, place_name, cover, completed_at, created_at, updated_at)
SELECT rowid, id, account_id, number, title, description, latitude, longitude, place_name, cover, completed_at, created_at, updated_at FROM lifetimer_goals;
DROP TABLE lifetimer_goals;
ALTER TABLE lifetimer_goals_new RENAME TO lifetimer_goals;
CREATE INDEX lifetimer_goals_completed ON lifetimer_goals (account_id) WHERE completed_at IS NOT NULL;

-- Milestones: title ≤ 100 characters (the store).
CREATE TABLE lifetimer_milestones_new (
    id           TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    goal_id      TEXT NOT NULL,
    account_id   TEXT NOT NULL,
    position     INTEGER NOT NULL CHECK (position >= 1),
    title        TEXT NOT NULL CHECK (length(title) >= 1 AND title = trim(title, ' ' || char(9, 10, 13))),
    due_date     TEXT CHECK (due_date IS NULL OR (due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(due_date, '+0 days') = due_date)),
    is_public    INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1)),
    completed_at TEXT CHECK (completed_at IS NULL OR completed_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    created_at   TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    FOREIGN KEY (goal_id, account_id) REFERENCES lifetimer_goals (id, account_id) ON DELETE CASCADE,
    UNIQUE (goal_id, position)
) STRICT;

INSERT INTO lifetimer_milestones_new (rowid, id, goal_id, account_id, position, title, due_date, is_public, completed_at, created_at)
SELECT rowid, id, goal_id, account_id, position, title, due_date, is_public, completed_at, created_at FROM lifetimer_milestones;
DROP TABLE lifetimer_milestones;
ALTER TABLE lifetimer_milestones_new RENAME TO lifetimer_milestones;
CREATE INDEX lifetimer_milestones_public_by_account
    ON lifetimer_milestones (account_id, completed_at DESC) WHERE is_public = 1 AND completed_at IS NOT NULL;
CREATE INDEX lifetimer_milestones_public_recent
    ON lifetimer_milestones (completed_at DESC) WHERE is_public = 1 AND completed_at IS NOT NULL;
CREATE INDEX lifetimer_milestones_by_account ON lifetimer_milestones (account_id);

-- Suspensions and reports: reason ≤ 500 characters (the store).
CREATE TABLE lifetimer_suspensions_new (
    account_id   TEXT PRIMARY KEY REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    suspended_by TEXT REFERENCES lifetimer_accounts (id) ON DELETE SET NULL,
    reason       TEXT NOT NULL CHECK (length(reason) >= 1),
    suspended_at TEXT NOT NULL CHECK (suspended_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

INSERT INTO lifetimer_suspensions_new (rowid, account_id, suspended_by, reason, suspended_at)
SELECT rowid, account_id, suspended_by, reason, suspended_at FROM lifetimer_suspensions;
DROP TABLE lifetimer_suspensions;
ALTER TABLE lifetimer_suspensions_new RENAME TO lifetimer_suspensions;
CREATE INDEX lifetimer_suspensions_by_admin ON lifetimer_suspensions (suspended_by) WHERE suspended_by IS NOT NULL;

CREATE TABLE lifetimer_reports_new (
    id                  TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    reporter_id         TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    target_kind         TEXT NOT NULL CHECK (target_kind IN ('account', 'goal', 'milestone')),
    target_account_id   TEXT NOT NULL REFERENCES lifetimer_accounts (id) ON DELETE CASCADE,
    target_goal_id      TEXT REFERENCES lifetimer_goals (id) ON DELETE CASCADE,
    target_milestone_id TEXT REFERENCES lifetimer_milestones (id) ON DELETE CASCADE,
    reason              TEXT NOT NULL CHECK (length(reason) >= 1 AND reason = trim(reason, ' ' || char(9, 10, 13))),
    created_at          TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK (reporter_id <> target_account_id),
    CHECK (
        (target_kind = 'account' AND target_goal_id IS NULL AND target_milestone_id IS NULL)
        OR (target_kind = 'goal' AND target_goal_id IS NOT NULL AND target_milestone_id IS NULL)
        OR (target_kind = 'milestone' AND target_milestone_id IS NOT NULL)
    )
) STRICT;

INSERT INTO lifetimer_reports_new (rowid, id, reporter_id, target_kind, target_account_id, target_goal_id, target_milestone_id, reason, created_at)
SELECT rowid, id, reporter_id, target_kind, target_account_id, target_goal_id, target_milestone_id, reason, created_at FROM lifetimer_reports;
DROP TABLE lifetimer_reports;
ALTER TABLE lifetimer_reports_new RENAME TO lifetimer_reports;
CREATE INDEX lifetimer_reports_by_reporter ON lifetimer_reports (reporter_id);
CREATE INDEX lifetimer_reports_by_target ON lifetimer_reports (target_account_id);
CREATE INDEX lifetimer_reports_by_goal ON lifetimer_reports (target_goal_id) WHERE target_goal_id IS NOT NULL;
CREATE INDEX lifetimer_reports_by_milestone ON lifetimer_reports (target_milestone_id) WHERE target_milestone_id IS NOT NULL;

-- DailyMenu: display name ≤ 200 characters (the store).
CREATE TABLE dailymenu_profile_new (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    display_name TEXT CHECK (display_name IS NULL OR (length(display_name) >= 1 AND display_name = trim(display_name))),
    -- The owner's local date when the profile was made.
    member_since TEXT NOT NULL CHECK (member_since GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(member_since, '+0 days') = member_since),
    -- DM-10: 0 keeps every mood and feedback word out of anything meant for sync or export.
    share_mood   INTEGER NOT NULL DEFAULT 1 CHECK (share_mood IN (0, 1)),
    -- A colour theme the seasons unlocked; NULL is the plain one. The store
    -- checks the theme is unlocked when it is chosen.
    theme        TEXT CHECK (theme IS NULL OR theme IN ('morning-cafe', 'garden-party', 'sunset-bistro')),
    created_at   TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at   TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

INSERT INTO dailymenu_profile_new (id, display_name, member_since, share_mood, theme, created_at, updated_at)
SELECT id, display_name, member_since, share_mood, theme, created_at, updated_at FROM dailymenu_profile;
DROP TABLE dailymenu_profile;
ALTER TABLE dailymenu_profile_new RENAME TO dailymenu_profile;

-- The triggers and the view, as they were (0006_lifetimer, 0009_search).
CREATE TRIGGER lifetimer_goals_created_never_decreases
BEFORE UPDATE OF goals_created ON lifetimer_accounts
WHEN new.goals_created < old.goals_created
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals_created counts every goal ever created and never decreases');
END;

CREATE TRIGGER lifetimer_countdown_needs_a_goal
BEFORE INSERT ON lifetimer_countdowns
WHEN NOT EXISTS (SELECT 1 FROM lifetimer_goals WHERE account_id = new.account_id)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: the countdown needs at least one goal');
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

CREATE TRIGGER lifetimer_follow_public_only
BEFORE INSERT ON lifetimer_follows
WHEN (SELECT visibility FROM lifetimer_accounts WHERE id = new.followee_id) IS NOT 'public'
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: only a public account can be followed');
END;

CREATE TRIGGER search_lifetimer_goal_added AFTER INSERT ON lifetimer_goals
BEGIN
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_goal', new.id, new.title);
    INSERT INTO search_documents (kind, ref, body)
    SELECT 'lifetimer_goal_description', new.id, new.description WHERE new.description IS NOT NULL;
END;

CREATE TRIGGER search_lifetimer_goal_edited AFTER UPDATE OF id, title, description ON lifetimer_goals
BEGIN
    DELETE FROM search_documents WHERE kind IN ('lifetimer_goal', 'lifetimer_goal_description') AND ref = old.id;
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_goal', new.id, new.title);
    INSERT INTO search_documents (kind, ref, body)
    SELECT 'lifetimer_goal_description', new.id, new.description WHERE new.description IS NOT NULL;
END;

CREATE TRIGGER search_lifetimer_goal_deleted AFTER DELETE ON lifetimer_goals
BEGIN
    DELETE FROM search_documents WHERE kind IN ('lifetimer_goal', 'lifetimer_goal_description') AND ref = old.id;
END;

CREATE TRIGGER search_lifetimer_milestone_added AFTER INSERT ON lifetimer_milestones
BEGIN
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_milestone', new.id, new.title);
END;

CREATE TRIGGER search_lifetimer_milestone_edited AFTER UPDATE OF id, title ON lifetimer_milestones
BEGIN
    DELETE FROM search_documents WHERE kind = 'lifetimer_milestone' AND ref = old.id;
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_milestone', new.id, new.title);
END;

CREATE TRIGGER search_lifetimer_milestone_deleted AFTER DELETE ON lifetimer_milestones
BEGIN
    DELETE FROM search_documents WHERE kind = 'lifetimer_milestone' AND ref = old.id;
END;

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
