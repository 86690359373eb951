-- 0022_sync: sync between one person's devices (SPEC §11, SYNC-1 … SYNC-5;
-- docs/sync.md is the contract, its section 3 describes these tables).
--
-- Every change to a synced table is recorded here by the triggers at the
-- end of this file, whatever program makes it (lifectl, an app, the sqlite3
-- shell), stamped with this site's hybrid logical clock. A row created and
-- never changed costs one sync_row record; a unit changed afterwards one
-- sync_cell record; a deleted row keeps its sync_row record for ever (a
-- tombstone: causal length even).

-- This site (one row): its id and role, its clock, and the writing
-- transaction's clock and mode. mode: 0 a program that set no clock (each
-- recorded row ticks the clock from julianday('now')), 1 a transaction
-- stamped with clock_ms and not ticked yet, 3 ticked, 2 applying a bundle
-- (the triggers record nothing). lifectl sets clock_ms and mode inside each
-- write transaction and puts them back to NULL and 0 before it commits.
CREATE TABLE sync_site (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    site         BLOB NOT NULL CHECK (length(site) = 16),
    role         TEXT NOT NULL DEFAULT 'device' CHECK (role IN ('device', 'server')),
    hlc          INTEGER NOT NULL DEFAULT 0 CHECK (hlc >= 0),
    mode         INTEGER NOT NULL DEFAULT 0 CHECK (mode IN (0, 1, 2, 3)),
    clock_ms     INTEGER,
    last_sync_at TEXT CHECK (last_sync_at IS NULL OR last_sync_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

INSERT INTO sync_site (id, site) VALUES (1, randomblob(16));

-- The synced tables, numbered (the metadata stores the number, not the name).
CREATE TABLE sync_table (
    ordinal INTEGER PRIMARY KEY CHECK (ordinal >= 1),
    name    TEXT NOT NULL UNIQUE
) STRICT;

-- One record per identity ever seen (docs/sync.md, section 4): t the
-- table's number, k the identity (the value of a one-column identity, else
-- a JSON array), cl the causal length (odd alive, even deleted), v and s
-- the version (hlc, site number; 0 is this site) of the row's last creation
-- or deletion. cl 1 and s 0 take no byte in SQLite's record.
CREATE TABLE sync_row (
    t  INTEGER NOT NULL,
    k  ANY NOT NULL,
    cl INTEGER NOT NULL DEFAULT 1 CHECK (cl >= 1),
    v  INTEGER NOT NULL,
    s  INTEGER NOT NULL DEFAULT 0 CHECK (s >= 0),
    PRIMARY KEY (t, k)
) STRICT, WITHOUT ROWID;

-- One record per unit changed after its row was created: u the unit's
-- number within the table, h and s its version.
CREATE TABLE sync_cell (
    t INTEGER NOT NULL,
    k ANY NOT NULL,
    u INTEGER NOT NULL CHECK (u >= 0),
    h INTEGER NOT NULL,
    s INTEGER NOT NULL DEFAULT 0 CHECK (s >= 0),
    PRIMARY KEY (t, k, u)
) STRICT, WITHOUT ROWID;

-- Every other site heard of (numbered from 1): its role, the largest hlc of
-- its changes this site has incorporated (has), what it said it has of each
-- site in its latest bundle (vector: a JSON object, site id → hlc), and when
-- its latest bundle was applied here, with that bundle's clock.
CREATE TABLE sync_peer (
    ordinal         INTEGER PRIMARY KEY CHECK (ordinal >= 1),
    site            BLOB NOT NULL UNIQUE CHECK (length(site) = 16),
    role            TEXT NOT NULL CHECK (role IN ('device', 'server')),
    has             INTEGER NOT NULL DEFAULT 0,
    vector          TEXT,
    last_clock      INTEGER,
    last_applied_at TEXT
) STRICT;

-- Records that exist but cannot be shown yet (docs/sync.md, section 7): a
-- parent not here, a unique value another row holds, a product's rule. The
-- record is kept whole (JSON) and tried again after every bundle.
CREATE TABLE sync_parked (
    t      INTEGER NOT NULL,
    k      ANY NOT NULL,
    cl     INTEGER NOT NULL,
    reason TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (t, k)
) STRICT, WITHOUT ROWID;

-- Bundles from a newer schema, as received (still encrypted), applied by
-- the first sync after this device migrates.
CREATE TABLE sync_waiting (
    id             INTEGER PRIMARY KEY,
    schema_version INTEGER NOT NULL,
    received_at    TEXT NOT NULL,
    bytes          BLOB NOT NULL
) STRICT;

-- Per product, whether its withheld values were left out of the last
-- bundle written here, and the clock at which it stopped withholding: a
-- reader that has not heard from this site since then gets every withheld
-- value (docs/sync.md, section 8).
CREATE TABLE sync_withholding (
    product      TEXT PRIMARY KEY,
    withholding  INTEGER NOT NULL CHECK (withholding IN (0, 1)),
    resumed_hlc  INTEGER NOT NULL DEFAULT 0
) STRICT;

-- LT-3 under sync: while a bundle is applied (mode 2) a goal that arrives
-- after the countdown started here is judged by LifeTimer's import rule,
-- which compares the two creations' versions (a goal made before the start
-- on another device is on the list, on every device); every other insert
-- after the start is refused as before.
DROP TRIGGER lifetimer_goal_insert_locked;
CREATE TRIGGER lifetimer_goal_insert_locked
BEFORE INSERT ON lifetimer_goals
WHEN EXISTS (SELECT 1 FROM lifetimer_countdowns WHERE account_id = new.account_id)
    AND (SELECT mode FROM sync_site) <> 2
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals are locked once the countdown has started (no add)');
END;

-- BEGIN GENERATED by scripts/gen-sync from the registry: do not edit by hand.
-- The synced tables, by the number the metadata uses.
INSERT INTO sync_table (ordinal, name) VALUES (1, 'owner');
INSERT INTO sync_table (ordinal, name) VALUES (2, 'finite_profile');
INSERT INTO sync_table (ordinal, name) VALUES (3, 'finite_marks');
INSERT INTO sync_table (ordinal, name) VALUES (4, 'finite_phases');
INSERT INTO sync_table (ordinal, name) VALUES (5, 'walks');
INSERT INTO sync_table (ordinal, name) VALUES (6, 'hereafter_profile');
INSERT INTO sync_table (ordinal, name) VALUES (7, 'hereafter_threads');
INSERT INTO sync_table (ordinal, name) VALUES (8, 'hereafter_messages');
INSERT INTO sync_table (ordinal, name) VALUES (9, 'hereafter_photos');
INSERT INTO sync_table (ordinal, name) VALUES (10, 'lifetimer_accounts');
INSERT INTO sync_table (ordinal, name) VALUES (11, 'lifetimer_goals');
INSERT INTO sync_table (ordinal, name) VALUES (12, 'lifetimer_countdowns');
INSERT INTO sync_table (ordinal, name) VALUES (13, 'lifetimer_milestones');
INSERT INTO sync_table (ordinal, name) VALUES (14, 'lifetimer_identities');
INSERT INTO sync_table (ordinal, name) VALUES (15, 'lifetimer_activity_days');
INSERT INTO sync_table (ordinal, name) VALUES (16, 'lifetimer_follows');
INSERT INTO sync_table (ordinal, name) VALUES (17, 'lifetimer_blocks');
INSERT INTO sync_table (ordinal, name) VALUES (18, 'lifetimer_admins');
INSERT INTO sync_table (ordinal, name) VALUES (19, 'lifetimer_suspensions');
INSERT INTO sync_table (ordinal, name) VALUES (20, 'lifetimer_reports');
INSERT INTO sync_table (ordinal, name) VALUES (21, 'lifetimer_report_decisions');
INSERT INTO sync_table (ordinal, name) VALUES (22, 'lifetimer_settings');
INSERT INTO sync_table (ordinal, name) VALUES (23, 'lifetimer_notification_preferences');
INSERT INTO sync_table (ordinal, name) VALUES (24, 'dailymenu_erasures');
INSERT INTO sync_table (ordinal, name) VALUES (25, 'dailymenu_favorites');
INSERT INTO sync_table (ordinal, name) VALUES (26, 'dailymenu_starts');
INSERT INTO sync_table (ordinal, name) VALUES (27, 'dailymenu_undone_completions');
INSERT INTO sync_table (ordinal, name) VALUES (28, 'dailymenu_low_energy_days');
INSERT INTO sync_table (ordinal, name) VALUES (29, 'dailymenu_completions');
INSERT INTO sync_table (ordinal, name) VALUES (30, 'dailymenu_profile');

-- The rows already here: created by this device before any clock (version 0).
INSERT INTO sync_row (t, k, cl, v, s) SELECT 1, id, 1, 0, 0 FROM owner;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 2, id, 1, 0, 0 FROM finite_profile;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 3, week_index, 1, 0, 0 FROM finite_marks;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 4, id, 1, 0, 0 FROM finite_phases;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 5, id, 1, 0, 0 FROM walks;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 6, id, 1, 0, 0 FROM hereafter_profile;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 7, id, 1, 0, 0 FROM hereafter_threads;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 8, id, 1, 0, 0 FROM hereafter_messages;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 9, message_id, 1, 0, 0 FROM hereafter_photos;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 10, id, 1, 0, 0 FROM lifetimer_accounts;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 11, id, 1, 0, 0 FROM lifetimer_goals;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 12, account_id, 1, 0, 0 FROM lifetimer_countdowns;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 13, id, 1, 0, 0 FROM lifetimer_milestones;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 14, json_array(provider, subject), 1, 0, 0 FROM lifetimer_identities;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 15, json_array(account_id, day), 1, 0, 0 FROM lifetimer_activity_days;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 16, json_array(follower_id, followee_id), 1, 0, 0 FROM lifetimer_follows;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 17, json_array(blocker_id, blocked_id), 1, 0, 0 FROM lifetimer_blocks;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 18, account_id, 1, 0, 0 FROM lifetimer_admins;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 19, account_id, 1, 0, 0 FROM lifetimer_suspensions;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 20, id, 1, 0, 0 FROM lifetimer_reports;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 21, id, 1, 0, 0 FROM lifetimer_report_decisions;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 22, account_id, 1, 0, 0 FROM lifetimer_settings;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 23, account_id, 1, 0, 0 FROM lifetimer_notification_preferences;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 24, id, 1, 0, 0 FROM dailymenu_erasures;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 25, activity_id, 1, 0, 0 FROM dailymenu_favorites;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 26, id, 1, 0, 0 FROM dailymenu_starts;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 27, json_array(activity_id, local_day), 1, 0, 0 FROM dailymenu_undone_completions;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 28, local_day, 1, 0, 0 FROM dailymenu_low_energy_days;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 29, json_array(activity_id, local_day), 1, 0, 0 FROM dailymenu_completions;
INSERT INTO sync_row (t, k, cl, v, s) SELECT 30, id, 1, 0, 0 FROM dailymenu_profile;

CREATE TRIGGER sync_owner_inserted AFTER INSERT ON owner WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (1, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_owner_deleted AFTER DELETE ON owner WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (1, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 1 AND k = old.id;
END;

CREATE TRIGGER sync_owner_rekeyed AFTER UPDATE OF id ON owner
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (1, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 1 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (1, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_owner_updated AFTER UPDATE OF time_zone, units, created_at, updated_at ON owner
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.time_zone IS NOT new.time_zone OR old.units IS NOT new.units OR old.created_at IS NOT new.created_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 1, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.time_zone IS NOT new.time_zone
        UNION ALL SELECT 1 AS u WHERE old.units IS NOT new.units
        UNION ALL SELECT 2 AS u WHERE old.created_at IS NOT new.created_at
        UNION ALL SELECT 3 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_owner_kept_forward AFTER UPDATE OF updated_at ON owner
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE owner SET updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_finite_profile_inserted AFTER INSERT ON finite_profile WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (2, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_finite_profile_deleted AFTER DELETE ON finite_profile WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (2, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 2 AND k = old.id;
END;

CREATE TRIGGER sync_finite_profile_rekeyed AFTER UPDATE OF id ON finite_profile
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (2, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 2 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (2, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_finite_profile_updated AFTER UPDATE OF birthday, life_expectancy_years, view_mode, daily_notification, daily_notification_time, created_at, updated_at ON finite_profile
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.birthday IS NOT new.birthday OR old.life_expectancy_years IS NOT new.life_expectancy_years OR old.view_mode IS NOT new.view_mode OR old.daily_notification IS NOT new.daily_notification OR old.daily_notification_time IS NOT new.daily_notification_time OR old.created_at IS NOT new.created_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 2, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.birthday IS NOT new.birthday
        UNION ALL SELECT 1 AS u WHERE old.life_expectancy_years IS NOT new.life_expectancy_years
        UNION ALL SELECT 2 AS u WHERE old.view_mode IS NOT new.view_mode
        UNION ALL SELECT 3 AS u WHERE old.daily_notification IS NOT new.daily_notification OR old.daily_notification_time IS NOT new.daily_notification_time
        UNION ALL SELECT 4 AS u WHERE old.created_at IS NOT new.created_at
        UNION ALL SELECT 5 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_finite_profile_kept_forward AFTER UPDATE OF updated_at ON finite_profile
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE finite_profile SET updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_finite_marks_inserted AFTER INSERT ON finite_marks WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (3, new.week_index, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_finite_marks_deleted AFTER DELETE ON finite_marks WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (3, old.week_index, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 3 AND k = old.week_index;
END;

CREATE TRIGGER sync_finite_marks_rekeyed AFTER UPDATE OF week_index ON finite_marks
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.week_index IS NOT new.week_index)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (3, old.week_index, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 3 AND k = old.week_index;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (3, new.week_index, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_finite_marks_updated AFTER UPDATE OF id, profile_id, rating, category, phrase, marked_at, updated_at ON finite_marks
WHEN (SELECT mode FROM sync_site) <> 2 AND old.week_index IS new.week_index AND (old.id IS NOT new.id OR old.profile_id IS NOT new.profile_id OR old.rating IS NOT new.rating OR old.category IS NOT new.category OR old.phrase IS NOT new.phrase OR old.marked_at IS NOT new.marked_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 3, new.week_index, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.id IS NOT new.id OR old.profile_id IS NOT new.profile_id
        UNION ALL SELECT 1 AS u WHERE old.rating IS NOT new.rating OR old.category IS NOT new.category OR old.phrase IS NOT new.phrase
        UNION ALL SELECT 2 AS u WHERE old.marked_at IS NOT new.marked_at
        UNION ALL SELECT 3 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_finite_marks_kept_forward AFTER UPDATE OF marked_at, updated_at ON finite_marks
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.marked_at IS NOT NULL AND (new.marked_at IS NULL OR new.marked_at > old.marked_at)) OR (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE finite_marks SET marked_at = CASE WHEN (old.marked_at IS NOT NULL AND (new.marked_at IS NULL OR new.marked_at > old.marked_at)) THEN old.marked_at ELSE new.marked_at END, updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_finite_phases_inserted AFTER INSERT ON finite_phases WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (4, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_finite_phases_deleted AFTER DELETE ON finite_phases WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (4, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 4 AND k = old.id;
END;

CREATE TRIGGER sync_finite_phases_rekeyed AFTER UPDATE OF id ON finite_phases
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (4, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 4 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (4, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_finite_phases_updated AFTER UPDATE OF profile_id, created_at, name, start_week_index, end_week_index, colour, updated_at ON finite_phases
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.profile_id IS NOT new.profile_id OR old.created_at IS NOT new.created_at OR old.name IS NOT new.name OR old.start_week_index IS NOT new.start_week_index OR old.end_week_index IS NOT new.end_week_index OR old.colour IS NOT new.colour OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 4, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.profile_id IS NOT new.profile_id OR old.created_at IS NOT new.created_at
        UNION ALL SELECT 1 AS u WHERE old.name IS NOT new.name
        UNION ALL SELECT 2 AS u WHERE old.start_week_index IS NOT new.start_week_index OR old.end_week_index IS NOT new.end_week_index
        UNION ALL SELECT 3 AS u WHERE old.colour IS NOT new.colour
        UNION ALL SELECT 4 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_finite_phases_kept_forward AFTER UPDATE OF updated_at ON finite_phases
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE finite_phases SET updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_walks_inserted AFTER INSERT ON walks WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (5, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_walks_deleted AFTER DELETE ON walks WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (5, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 5 AND k = old.id;
END;

CREATE TRIGGER sync_walks_rekeyed AFTER UPDATE OF id ON walks
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (5, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 5 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (5, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_walks_updated AFTER UPDATE OF name, source, source_file, source_sha256, source_track, state, started_at, ended_at, distance_m, elapsed_s, moving_s, ascent_m, descent_m, point_count, timed_point_count, segment_count, min_latitude, min_longitude, max_latitude, max_longitude, points, simplified, created_at, file_time, pruned_at ON walks
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.name IS NOT new.name OR old.source IS NOT new.source OR old.source_file IS NOT new.source_file OR old.source_sha256 IS NOT new.source_sha256 OR old.source_track IS NOT new.source_track OR old.state IS NOT new.state OR old.started_at IS NOT new.started_at OR old.ended_at IS NOT new.ended_at OR old.distance_m IS NOT new.distance_m OR old.elapsed_s IS NOT new.elapsed_s OR old.moving_s IS NOT new.moving_s OR old.ascent_m IS NOT new.ascent_m OR old.descent_m IS NOT new.descent_m OR old.point_count IS NOT new.point_count OR old.timed_point_count IS NOT new.timed_point_count OR old.segment_count IS NOT new.segment_count OR old.min_latitude IS NOT new.min_latitude OR old.min_longitude IS NOT new.min_longitude OR old.max_latitude IS NOT new.max_latitude OR old.max_longitude IS NOT new.max_longitude OR old.points IS NOT new.points OR old.simplified IS NOT new.simplified OR old.created_at IS NOT new.created_at OR old.file_time IS NOT new.file_time OR old.pruned_at IS NOT new.pruned_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 5, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.name IS NOT new.name OR old.source IS NOT new.source OR old.source_file IS NOT new.source_file OR old.source_sha256 IS NOT new.source_sha256 OR old.source_track IS NOT new.source_track OR old.state IS NOT new.state OR old.started_at IS NOT new.started_at OR old.ended_at IS NOT new.ended_at OR old.distance_m IS NOT new.distance_m OR old.elapsed_s IS NOT new.elapsed_s OR old.moving_s IS NOT new.moving_s OR old.ascent_m IS NOT new.ascent_m OR old.descent_m IS NOT new.descent_m OR old.point_count IS NOT new.point_count OR old.timed_point_count IS NOT new.timed_point_count OR old.segment_count IS NOT new.segment_count OR old.min_latitude IS NOT new.min_latitude OR old.min_longitude IS NOT new.min_longitude OR old.max_latitude IS NOT new.max_latitude OR old.max_longitude IS NOT new.max_longitude OR old.points IS NOT new.points OR old.simplified IS NOT new.simplified OR old.created_at IS NOT new.created_at OR old.file_time IS NOT new.file_time
        UNION ALL SELECT 1 AS u WHERE old.pruned_at IS NOT new.pruned_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_walks_kept_forward AFTER UPDATE OF pruned_at ON walks
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.pruned_at IS NOT NULL AND (new.pruned_at IS NULL OR new.pruned_at > old.pruned_at)))
BEGIN
    UPDATE walks SET pruned_at = CASE WHEN (old.pruned_at IS NOT NULL AND (new.pruned_at IS NULL OR new.pruned_at > old.pruned_at)) THEN old.pruned_at ELSE new.pruned_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_hereafter_profile_inserted AFTER INSERT ON hereafter_profile WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (6, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_profile_deleted AFTER DELETE ON hereafter_profile WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (6, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 6 AND k = old.id;
END;

CREATE TRIGGER sync_hereafter_profile_rekeyed AFTER UPDATE OF id ON hereafter_profile
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (6, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 6 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (6, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_profile_updated AFTER UPDATE OF first_name, onboarding_completed, created_at, updated_at, mute_unlocks, mute_anniversaries ON hereafter_profile
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.first_name IS NOT new.first_name OR old.onboarding_completed IS NOT new.onboarding_completed OR old.created_at IS NOT new.created_at OR old.updated_at IS NOT new.updated_at OR old.mute_unlocks IS NOT new.mute_unlocks OR old.mute_anniversaries IS NOT new.mute_anniversaries)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 6, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.first_name IS NOT new.first_name
        UNION ALL SELECT 1 AS u WHERE old.onboarding_completed IS NOT new.onboarding_completed
        UNION ALL SELECT 2 AS u WHERE old.created_at IS NOT new.created_at
        UNION ALL SELECT 3 AS u WHERE old.updated_at IS NOT new.updated_at
        UNION ALL SELECT 4 AS u WHERE old.mute_unlocks IS NOT new.mute_unlocks
        UNION ALL SELECT 5 AS u WHERE old.mute_anniversaries IS NOT new.mute_anniversaries
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_hereafter_profile_kept_forward AFTER UPDATE OF onboarding_completed, created_at, updated_at ON hereafter_profile
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.onboarding_completed IS NOT NULL AND (new.onboarding_completed IS NULL OR new.onboarding_completed < old.onboarding_completed)) OR (old.created_at IS NOT NULL AND (new.created_at IS NULL OR new.created_at > old.created_at)) OR (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE hereafter_profile SET onboarding_completed = CASE WHEN (old.onboarding_completed IS NOT NULL AND (new.onboarding_completed IS NULL OR new.onboarding_completed < old.onboarding_completed)) THEN old.onboarding_completed ELSE new.onboarding_completed END, created_at = CASE WHEN (old.created_at IS NOT NULL AND (new.created_at IS NULL OR new.created_at > old.created_at)) THEN old.created_at ELSE new.created_at END, updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_hereafter_threads_inserted AFTER INSERT ON hereafter_threads WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (7, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_threads_deleted AFTER DELETE ON hereafter_threads WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (7, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 7 AND k = old.id;
END;

CREATE TRIGGER sync_hereafter_threads_rekeyed AFTER UPDATE OF id ON hereafter_threads
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (7, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 7 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (7, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_threads_updated AFTER UPDATE OF latitude, longitude, created_at, place_name ON hereafter_threads
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude OR old.created_at IS NOT new.created_at OR old.place_name IS NOT new.place_name)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 7, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude OR old.created_at IS NOT new.created_at
        UNION ALL SELECT 1 AS u WHERE old.place_name IS NOT new.place_name
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_hereafter_threads_kept_forward AFTER UPDATE OF place_name ON hereafter_threads
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.place_name IS NOT NULL AND (new.place_name IS NULL OR new.place_name > old.place_name)))
BEGIN
    UPDATE hereafter_threads SET place_name = CASE WHEN (old.place_name IS NOT NULL AND (new.place_name IS NULL OR new.place_name > old.place_name)) THEN old.place_name ELSE new.place_name END WHERE id = new.id;
END;

CREATE TRIGGER sync_hereafter_messages_inserted AFTER INSERT ON hereafter_messages WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (8, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_messages_deleted AFTER DELETE ON hereafter_messages WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (8, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 8 AND k = old.id;
END;

CREATE TRIGGER sync_hereafter_messages_rekeyed AFTER UPDATE OF id ON hereafter_messages
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (8, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 8 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (8, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_messages_updated AFTER UPDATE OF thread_id, parent_id, latitude, longitude, place_name, text, planted_on, unlock_date, created_at, unlock_at, creator_id, discovered_at, read_at, anniversary_nudged_at ON hereafter_messages
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.thread_id IS NOT new.thread_id OR old.parent_id IS NOT new.parent_id OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude OR old.place_name IS NOT new.place_name OR old.text IS NOT new.text OR old.planted_on IS NOT new.planted_on OR old.unlock_date IS NOT new.unlock_date OR old.created_at IS NOT new.created_at OR old.unlock_at IS NOT new.unlock_at OR old.creator_id IS NOT new.creator_id OR old.discovered_at IS NOT new.discovered_at OR old.read_at IS NOT new.read_at OR old.anniversary_nudged_at IS NOT new.anniversary_nudged_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 8, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.thread_id IS NOT new.thread_id OR old.parent_id IS NOT new.parent_id OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude OR old.place_name IS NOT new.place_name OR old.text IS NOT new.text OR old.planted_on IS NOT new.planted_on OR old.unlock_date IS NOT new.unlock_date OR old.created_at IS NOT new.created_at OR old.unlock_at IS NOT new.unlock_at OR old.creator_id IS NOT new.creator_id
        UNION ALL SELECT 1 AS u WHERE old.discovered_at IS NOT new.discovered_at
        UNION ALL SELECT 2 AS u WHERE old.read_at IS NOT new.read_at
        UNION ALL SELECT 3 AS u WHERE old.anniversary_nudged_at IS NOT new.anniversary_nudged_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_hereafter_messages_kept_forward AFTER UPDATE OF discovered_at, read_at, anniversary_nudged_at ON hereafter_messages
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.discovered_at IS NOT NULL AND (new.discovered_at IS NULL OR new.discovered_at > old.discovered_at)) OR (old.read_at IS NOT NULL AND (new.read_at IS NULL OR new.read_at > old.read_at)) OR (old.anniversary_nudged_at IS NOT NULL AND (new.anniversary_nudged_at IS NULL OR new.anniversary_nudged_at < old.anniversary_nudged_at)))
BEGIN
    UPDATE hereafter_messages SET discovered_at = CASE WHEN (old.discovered_at IS NOT NULL AND (new.discovered_at IS NULL OR new.discovered_at > old.discovered_at)) THEN old.discovered_at ELSE new.discovered_at END, read_at = CASE WHEN (old.read_at IS NOT NULL AND (new.read_at IS NULL OR new.read_at > old.read_at)) THEN old.read_at ELSE new.read_at END, anniversary_nudged_at = CASE WHEN (old.anniversary_nudged_at IS NOT NULL AND (new.anniversary_nudged_at IS NULL OR new.anniversary_nudged_at < old.anniversary_nudged_at)) THEN old.anniversary_nudged_at ELSE new.anniversary_nudged_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_hereafter_photos_inserted AFTER INSERT ON hereafter_photos WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (9, new.message_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_photos_deleted AFTER DELETE ON hereafter_photos WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (9, old.message_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 9 AND k = old.message_id;
END;

CREATE TRIGGER sync_hereafter_photos_rekeyed AFTER UPDATE OF message_id ON hereafter_photos
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.message_id IS NOT new.message_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (9, old.message_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 9 AND k = old.message_id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (9, new.message_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_hereafter_photos_updated AFTER UPDATE OF media_type, byte_count, bytes ON hereafter_photos
WHEN (SELECT mode FROM sync_site) <> 2 AND old.message_id IS new.message_id AND (old.media_type IS NOT new.media_type OR old.byte_count IS NOT new.byte_count OR old.bytes IS NOT new.bytes)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 9, new.message_id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.media_type IS NOT new.media_type OR old.byte_count IS NOT new.byte_count OR old.bytes IS NOT new.bytes
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_accounts_inserted AFTER INSERT ON lifetimer_accounts WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (10, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_accounts_deleted AFTER DELETE ON lifetimer_accounts WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (10, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 10 AND k = old.id;
END;

CREATE TRIGGER sync_lifetimer_accounts_rekeyed AFTER UPDATE OF id ON lifetimer_accounts
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (10, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 10 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (10, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_accounts_updated AFTER UPDATE OF username, bio, avatar_path, email, visibility, time_zone, created_at, last_active_at, updated_at ON lifetimer_accounts
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.username IS NOT new.username OR old.bio IS NOT new.bio OR old.avatar_path IS NOT new.avatar_path OR old.email IS NOT new.email OR old.visibility IS NOT new.visibility OR old.time_zone IS NOT new.time_zone OR old.created_at IS NOT new.created_at OR old.last_active_at IS NOT new.last_active_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 10, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.username IS NOT new.username
        UNION ALL SELECT 1 AS u WHERE old.bio IS NOT new.bio
        UNION ALL SELECT 2 AS u WHERE old.avatar_path IS NOT new.avatar_path
        UNION ALL SELECT 3 AS u WHERE old.email IS NOT new.email
        UNION ALL SELECT 4 AS u WHERE old.visibility IS NOT new.visibility
        UNION ALL SELECT 5 AS u WHERE old.time_zone IS NOT new.time_zone
        UNION ALL SELECT 6 AS u WHERE old.created_at IS NOT new.created_at
        UNION ALL SELECT 7 AS u WHERE old.last_active_at IS NOT new.last_active_at
        UNION ALL SELECT 8 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_accounts_kept_forward AFTER UPDATE OF last_active_at, updated_at ON lifetimer_accounts
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.last_active_at IS NOT NULL AND (new.last_active_at IS NULL OR new.last_active_at < old.last_active_at)) OR (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE lifetimer_accounts SET last_active_at = CASE WHEN (old.last_active_at IS NOT NULL AND (new.last_active_at IS NULL OR new.last_active_at < old.last_active_at)) THEN old.last_active_at ELSE new.last_active_at END, updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_lifetimer_goals_inserted AFTER INSERT ON lifetimer_goals WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (11, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_goals_deleted AFTER DELETE ON lifetimer_goals WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (11, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 11 AND k = old.id;
END;

CREATE TRIGGER sync_lifetimer_goals_rekeyed AFTER UPDATE OF id ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (11, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 11 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (11, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_goals_updated AFTER UPDATE OF account_id, created_at, title, description, latitude, longitude, place_name, cover, completed_at, updated_at ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.account_id IS NOT new.account_id OR old.created_at IS NOT new.created_at OR old.title IS NOT new.title OR old.description IS NOT new.description OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude OR old.place_name IS NOT new.place_name OR old.cover IS NOT new.cover OR old.completed_at IS NOT new.completed_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 11, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.account_id IS NOT new.account_id OR old.created_at IS NOT new.created_at
        UNION ALL SELECT 1 AS u WHERE old.title IS NOT new.title
        UNION ALL SELECT 2 AS u WHERE old.description IS NOT new.description
        UNION ALL SELECT 3 AS u WHERE old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude OR old.place_name IS NOT new.place_name
        UNION ALL SELECT 4 AS u WHERE old.cover IS NOT new.cover
        UNION ALL SELECT 5 AS u WHERE old.completed_at IS NOT new.completed_at
        UNION ALL SELECT 6 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_goals_kept_forward AFTER UPDATE OF updated_at ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE lifetimer_goals SET updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_lifetimer_countdowns_inserted AFTER INSERT ON lifetimer_countdowns WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (12, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_countdowns_deleted AFTER DELETE ON lifetimer_countdowns WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (12, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 12 AND k = old.account_id;
END;

CREATE TRIGGER sync_lifetimer_countdowns_rekeyed AFTER UPDATE OF account_id ON lifetimer_countdowns
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.account_id IS NOT new.account_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (12, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 12 AND k = old.account_id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (12, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_countdowns_updated AFTER UPDATE OF started_at, ends_at, time_zone ON lifetimer_countdowns
WHEN (SELECT mode FROM sync_site) <> 2 AND old.account_id IS new.account_id AND (old.started_at IS NOT new.started_at OR old.ends_at IS NOT new.ends_at OR old.time_zone IS NOT new.time_zone)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 12, new.account_id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.started_at IS NOT new.started_at OR old.ends_at IS NOT new.ends_at OR old.time_zone IS NOT new.time_zone
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_milestones_inserted AFTER INSERT ON lifetimer_milestones WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (13, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_milestones_deleted AFTER DELETE ON lifetimer_milestones WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (13, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 13 AND k = old.id;
END;

CREATE TRIGGER sync_lifetimer_milestones_rekeyed AFTER UPDATE OF id ON lifetimer_milestones
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (13, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 13 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (13, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_milestones_updated AFTER UPDATE OF goal_id, account_id, created_at, title, due_date, is_public, completed_at, updated_at ON lifetimer_milestones
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.goal_id IS NOT new.goal_id OR old.account_id IS NOT new.account_id OR old.created_at IS NOT new.created_at OR old.title IS NOT new.title OR old.due_date IS NOT new.due_date OR old.is_public IS NOT new.is_public OR old.completed_at IS NOT new.completed_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 13, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.goal_id IS NOT new.goal_id OR old.account_id IS NOT new.account_id OR old.created_at IS NOT new.created_at
        UNION ALL SELECT 1 AS u WHERE old.title IS NOT new.title
        UNION ALL SELECT 2 AS u WHERE old.due_date IS NOT new.due_date
        UNION ALL SELECT 3 AS u WHERE old.is_public IS NOT new.is_public
        UNION ALL SELECT 4 AS u WHERE old.completed_at IS NOT new.completed_at
        UNION ALL SELECT 5 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_milestones_kept_forward AFTER UPDATE OF updated_at ON lifetimer_milestones
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE lifetimer_milestones SET updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_lifetimer_identities_inserted AFTER INSERT ON lifetimer_identities WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (14, json_array(new.provider, new.subject), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_identities_deleted AFTER DELETE ON lifetimer_identities WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (14, json_array(old.provider, old.subject), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 14 AND k = json_array(old.provider, old.subject);
END;

CREATE TRIGGER sync_lifetimer_identities_rekeyed AFTER UPDATE OF provider, subject ON lifetimer_identities
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.provider IS NOT new.provider OR old.subject IS NOT new.subject)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (14, json_array(old.provider, old.subject), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 14 AND k = json_array(old.provider, old.subject);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (14, json_array(new.provider, new.subject), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_identities_updated AFTER UPDATE OF account_id, linked_at ON lifetimer_identities
WHEN (SELECT mode FROM sync_site) <> 2 AND old.provider IS new.provider AND old.subject IS new.subject AND (old.account_id IS NOT new.account_id OR old.linked_at IS NOT new.linked_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 14, json_array(new.provider, new.subject), u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.account_id IS NOT new.account_id OR old.linked_at IS NOT new.linked_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_activity_days_inserted AFTER INSERT ON lifetimer_activity_days WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (15, json_array(new.account_id, new.day), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_activity_days_deleted AFTER DELETE ON lifetimer_activity_days WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (15, json_array(old.account_id, old.day), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 15 AND k = json_array(old.account_id, old.day);
END;

CREATE TRIGGER sync_lifetimer_activity_days_rekeyed AFTER UPDATE OF account_id, day ON lifetimer_activity_days
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.account_id IS NOT new.account_id OR old.day IS NOT new.day)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (15, json_array(old.account_id, old.day), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 15 AND k = json_array(old.account_id, old.day);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (15, json_array(new.account_id, new.day), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_activity_days_updated AFTER UPDATE OF recorded_at ON lifetimer_activity_days
WHEN (SELECT mode FROM sync_site) <> 2 AND old.account_id IS new.account_id AND old.day IS new.day AND (old.recorded_at IS NOT new.recorded_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 15, json_array(new.account_id, new.day), u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.recorded_at IS NOT new.recorded_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_activity_days_kept_forward AFTER UPDATE OF recorded_at ON lifetimer_activity_days
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.recorded_at IS NOT NULL AND (new.recorded_at IS NULL OR new.recorded_at > old.recorded_at)))
BEGIN
    UPDATE lifetimer_activity_days SET recorded_at = CASE WHEN (old.recorded_at IS NOT NULL AND (new.recorded_at IS NULL OR new.recorded_at > old.recorded_at)) THEN old.recorded_at ELSE new.recorded_at END WHERE account_id = new.account_id AND day = new.day;
END;

CREATE TRIGGER sync_lifetimer_follows_inserted AFTER INSERT ON lifetimer_follows WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (16, json_array(new.follower_id, new.followee_id), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_follows_deleted AFTER DELETE ON lifetimer_follows WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (16, json_array(old.follower_id, old.followee_id), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 16 AND k = json_array(old.follower_id, old.followee_id);
END;

CREATE TRIGGER sync_lifetimer_follows_rekeyed AFTER UPDATE OF follower_id, followee_id ON lifetimer_follows
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.follower_id IS NOT new.follower_id OR old.followee_id IS NOT new.followee_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (16, json_array(old.follower_id, old.followee_id), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 16 AND k = json_array(old.follower_id, old.followee_id);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (16, json_array(new.follower_id, new.followee_id), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_follows_updated AFTER UPDATE OF created_at ON lifetimer_follows
WHEN (SELECT mode FROM sync_site) <> 2 AND old.follower_id IS new.follower_id AND old.followee_id IS new.followee_id AND (old.created_at IS NOT new.created_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 16, json_array(new.follower_id, new.followee_id), u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.created_at IS NOT new.created_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_blocks_inserted AFTER INSERT ON lifetimer_blocks WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (17, json_array(new.blocker_id, new.blocked_id), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_blocks_deleted AFTER DELETE ON lifetimer_blocks WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (17, json_array(old.blocker_id, old.blocked_id), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 17 AND k = json_array(old.blocker_id, old.blocked_id);
END;

CREATE TRIGGER sync_lifetimer_blocks_rekeyed AFTER UPDATE OF blocker_id, blocked_id ON lifetimer_blocks
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.blocker_id IS NOT new.blocker_id OR old.blocked_id IS NOT new.blocked_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (17, json_array(old.blocker_id, old.blocked_id), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 17 AND k = json_array(old.blocker_id, old.blocked_id);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (17, json_array(new.blocker_id, new.blocked_id), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_blocks_updated AFTER UPDATE OF created_at ON lifetimer_blocks
WHEN (SELECT mode FROM sync_site) <> 2 AND old.blocker_id IS new.blocker_id AND old.blocked_id IS new.blocked_id AND (old.created_at IS NOT new.created_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 17, json_array(new.blocker_id, new.blocked_id), u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.created_at IS NOT new.created_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_admins_inserted AFTER INSERT ON lifetimer_admins WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (18, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_admins_deleted AFTER DELETE ON lifetimer_admins WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (18, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 18 AND k = old.account_id;
END;

CREATE TRIGGER sync_lifetimer_admins_rekeyed AFTER UPDATE OF account_id ON lifetimer_admins
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.account_id IS NOT new.account_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (18, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 18 AND k = old.account_id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (18, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_admins_updated AFTER UPDATE OF granted_at ON lifetimer_admins
WHEN (SELECT mode FROM sync_site) <> 2 AND old.account_id IS new.account_id AND (old.granted_at IS NOT new.granted_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 18, new.account_id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.granted_at IS NOT new.granted_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_suspensions_inserted AFTER INSERT ON lifetimer_suspensions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (19, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_suspensions_deleted AFTER DELETE ON lifetimer_suspensions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (19, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 19 AND k = old.account_id;
END;

CREATE TRIGGER sync_lifetimer_suspensions_rekeyed AFTER UPDATE OF account_id ON lifetimer_suspensions
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.account_id IS NOT new.account_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (19, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 19 AND k = old.account_id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (19, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_suspensions_updated AFTER UPDATE OF suspended_by, reason, suspended_at ON lifetimer_suspensions
WHEN (SELECT mode FROM sync_site) <> 2 AND old.account_id IS new.account_id AND (old.suspended_by IS NOT new.suspended_by OR old.reason IS NOT new.reason OR old.suspended_at IS NOT new.suspended_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 19, new.account_id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.suspended_by IS NOT new.suspended_by OR old.reason IS NOT new.reason OR old.suspended_at IS NOT new.suspended_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_reports_inserted AFTER INSERT ON lifetimer_reports WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (20, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_reports_deleted AFTER DELETE ON lifetimer_reports WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (20, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 20 AND k = old.id;
END;

CREATE TRIGGER sync_lifetimer_reports_rekeyed AFTER UPDATE OF id ON lifetimer_reports
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (20, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 20 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (20, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_reports_updated AFTER UPDATE OF reporter_id, target_kind, target_account_id, target_goal_id, target_milestone_id, reason, created_at ON lifetimer_reports
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.reporter_id IS NOT new.reporter_id OR old.target_kind IS NOT new.target_kind OR old.target_account_id IS NOT new.target_account_id OR old.target_goal_id IS NOT new.target_goal_id OR old.target_milestone_id IS NOT new.target_milestone_id OR old.reason IS NOT new.reason OR old.created_at IS NOT new.created_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 20, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.reporter_id IS NOT new.reporter_id OR old.target_kind IS NOT new.target_kind OR old.target_account_id IS NOT new.target_account_id OR old.target_goal_id IS NOT new.target_goal_id OR old.target_milestone_id IS NOT new.target_milestone_id OR old.reason IS NOT new.reason OR old.created_at IS NOT new.created_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_report_decisions_inserted AFTER INSERT ON lifetimer_report_decisions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (21, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_report_decisions_deleted AFTER DELETE ON lifetimer_report_decisions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (21, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 21 AND k = old.id;
END;

CREATE TRIGGER sync_lifetimer_report_decisions_rekeyed AFTER UPDATE OF id ON lifetimer_report_decisions
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (21, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 21 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (21, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_report_decisions_updated AFTER UPDATE OF report_id, action, target_account_id, hidden_goal_id, hidden_milestone_id, decided_by, reason, decided_at ON lifetimer_report_decisions
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.report_id IS NOT new.report_id OR old.action IS NOT new.action OR old.target_account_id IS NOT new.target_account_id OR old.hidden_goal_id IS NOT new.hidden_goal_id OR old.hidden_milestone_id IS NOT new.hidden_milestone_id OR old.decided_by IS NOT new.decided_by OR old.reason IS NOT new.reason OR old.decided_at IS NOT new.decided_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 21, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.report_id IS NOT new.report_id OR old.action IS NOT new.action OR old.target_account_id IS NOT new.target_account_id OR old.hidden_goal_id IS NOT new.hidden_goal_id OR old.hidden_milestone_id IS NOT new.hidden_milestone_id OR old.decided_by IS NOT new.decided_by OR old.reason IS NOT new.reason OR old.decided_at IS NOT new.decided_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_settings_inserted AFTER INSERT ON lifetimer_settings WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (22, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_settings_deleted AFTER DELETE ON lifetimer_settings WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (22, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 22 AND k = old.account_id;
END;

CREATE TRIGGER sync_lifetimer_settings_rekeyed AFTER UPDATE OF account_id ON lifetimer_settings
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.account_id IS NOT new.account_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (22, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 22 AND k = old.account_id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (22, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_settings_updated AFTER UPDATE OF theme, clock, language, updated_at ON lifetimer_settings
WHEN (SELECT mode FROM sync_site) <> 2 AND old.account_id IS new.account_id AND (old.theme IS NOT new.theme OR old.clock IS NOT new.clock OR old.language IS NOT new.language OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 22, new.account_id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.theme IS NOT new.theme
        UNION ALL SELECT 1 AS u WHERE old.clock IS NOT new.clock
        UNION ALL SELECT 2 AS u WHERE old.language IS NOT new.language
        UNION ALL SELECT 3 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_settings_kept_forward AFTER UPDATE OF updated_at ON lifetimer_settings
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE lifetimer_settings SET updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE account_id = new.account_id;
END;

CREATE TRIGGER sync_lifetimer_notification_preferences_inserted AFTER INSERT ON lifetimer_notification_preferences WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (23, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_notification_preferences_deleted AFTER DELETE ON lifetimer_notification_preferences WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (23, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 23 AND k = old.account_id;
END;

CREATE TRIGGER sync_lifetimer_notification_preferences_rekeyed AFTER UPDATE OF account_id ON lifetimer_notification_preferences
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.account_id IS NOT new.account_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (23, old.account_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 23 AND k = old.account_id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (23, new.account_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_lifetimer_notification_preferences_updated AFTER UPDATE OF reminder_frequency, reminder_every_days, reminder_time, mute_reminders, mute_milestones, mute_streaks, mute_checkpoints, updated_at, milestone_advance_days ON lifetimer_notification_preferences
WHEN (SELECT mode FROM sync_site) <> 2 AND old.account_id IS new.account_id AND (old.reminder_frequency IS NOT new.reminder_frequency OR old.reminder_every_days IS NOT new.reminder_every_days OR old.reminder_time IS NOT new.reminder_time OR old.mute_reminders IS NOT new.mute_reminders OR old.mute_milestones IS NOT new.mute_milestones OR old.mute_streaks IS NOT new.mute_streaks OR old.mute_checkpoints IS NOT new.mute_checkpoints OR old.updated_at IS NOT new.updated_at OR old.milestone_advance_days IS NOT new.milestone_advance_days)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 23, new.account_id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.reminder_frequency IS NOT new.reminder_frequency OR old.reminder_every_days IS NOT new.reminder_every_days OR old.reminder_time IS NOT new.reminder_time
        UNION ALL SELECT 1 AS u WHERE old.mute_reminders IS NOT new.mute_reminders
        UNION ALL SELECT 2 AS u WHERE old.mute_milestones IS NOT new.mute_milestones
        UNION ALL SELECT 3 AS u WHERE old.mute_streaks IS NOT new.mute_streaks
        UNION ALL SELECT 4 AS u WHERE old.mute_checkpoints IS NOT new.mute_checkpoints
        UNION ALL SELECT 5 AS u WHERE old.updated_at IS NOT new.updated_at
        UNION ALL SELECT 6 AS u WHERE old.milestone_advance_days IS NOT new.milestone_advance_days
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_lifetimer_notification_preferences_kept_forward AFTER UPDATE OF updated_at ON lifetimer_notification_preferences
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE lifetimer_notification_preferences SET updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE account_id = new.account_id;
END;

CREATE TRIGGER sync_dailymenu_erasures_inserted AFTER INSERT ON dailymenu_erasures WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (24, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_erasures_deleted AFTER DELETE ON dailymenu_erasures WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (24, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 24 AND k = old.id;
END;

CREATE TRIGGER sync_dailymenu_erasures_rekeyed AFTER UPDATE OF id ON dailymenu_erasures
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (24, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 24 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (24, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_erasures_updated AFTER UPDATE OF erased_at ON dailymenu_erasures
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.erased_at IS NOT new.erased_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 24, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.erased_at IS NOT new.erased_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_dailymenu_erasures_kept_forward AFTER UPDATE OF erased_at ON dailymenu_erasures
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.erased_at IS NOT NULL AND (new.erased_at IS NULL OR new.erased_at < old.erased_at)))
BEGIN
    UPDATE dailymenu_erasures SET erased_at = CASE WHEN (old.erased_at IS NOT NULL AND (new.erased_at IS NULL OR new.erased_at < old.erased_at)) THEN old.erased_at ELSE new.erased_at END WHERE id = new.id;
END;

CREATE TRIGGER sync_dailymenu_favorites_inserted AFTER INSERT ON dailymenu_favorites WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (25, new.activity_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_favorites_deleted AFTER DELETE ON dailymenu_favorites WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (25, old.activity_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 25 AND k = old.activity_id;
END;

CREATE TRIGGER sync_dailymenu_favorites_rekeyed AFTER UPDATE OF activity_id ON dailymenu_favorites
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.activity_id IS NOT new.activity_id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (25, old.activity_id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 25 AND k = old.activity_id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (25, new.activity_id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_favorites_updated AFTER UPDATE OF is_on, created_at, updated_at ON dailymenu_favorites
WHEN (SELECT mode FROM sync_site) <> 2 AND old.activity_id IS new.activity_id AND (old.is_on IS NOT new.is_on OR old.created_at IS NOT new.created_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 25, new.activity_id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.is_on IS NOT new.is_on
        UNION ALL SELECT 1 AS u WHERE old.created_at IS NOT new.created_at
        UNION ALL SELECT 2 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_dailymenu_favorites_kept_forward AFTER UPDATE OF created_at, updated_at ON dailymenu_favorites
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.created_at IS NOT NULL AND (new.created_at IS NULL OR new.created_at > old.created_at)) OR (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE dailymenu_favorites SET created_at = CASE WHEN (old.created_at IS NOT NULL AND (new.created_at IS NULL OR new.created_at > old.created_at)) THEN old.created_at ELSE new.created_at END, updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE activity_id = new.activity_id;
END;

CREATE TRIGGER sync_dailymenu_starts_inserted AFTER INSERT ON dailymenu_starts WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (26, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_starts_deleted AFTER DELETE ON dailymenu_starts WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (26, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 26 AND k = old.id;
END;

CREATE TRIGGER sync_dailymenu_starts_rekeyed AFTER UPDATE OF id ON dailymenu_starts
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (26, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 26 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (26, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_starts_updated AFTER UPDATE OF activity_id, started_at, before_mood ON dailymenu_starts
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.activity_id IS NOT new.activity_id OR old.started_at IS NOT new.started_at OR old.before_mood IS NOT new.before_mood)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 26, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.activity_id IS NOT new.activity_id OR old.started_at IS NOT new.started_at
        UNION ALL SELECT 1 AS u WHERE old.before_mood IS NOT new.before_mood
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_dailymenu_undone_completions_inserted AFTER INSERT ON dailymenu_undone_completions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (27, json_array(new.activity_id, new.local_day), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_undone_completions_deleted AFTER DELETE ON dailymenu_undone_completions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (27, json_array(old.activity_id, old.local_day), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 27 AND k = json_array(old.activity_id, old.local_day);
END;

CREATE TRIGGER sync_dailymenu_undone_completions_rekeyed AFTER UPDATE OF activity_id, local_day ON dailymenu_undone_completions
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.activity_id IS NOT new.activity_id OR old.local_day IS NOT new.local_day)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (27, json_array(old.activity_id, old.local_day), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 27 AND k = json_array(old.activity_id, old.local_day);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (27, json_array(new.activity_id, new.local_day), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_undone_completions_updated AFTER UPDATE OF undone_at ON dailymenu_undone_completions
WHEN (SELECT mode FROM sync_site) <> 2 AND old.activity_id IS new.activity_id AND old.local_day IS new.local_day AND (old.undone_at IS NOT new.undone_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 27, json_array(new.activity_id, new.local_day), u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.undone_at IS NOT new.undone_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_dailymenu_undone_completions_kept_forward AFTER UPDATE OF undone_at ON dailymenu_undone_completions
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.undone_at IS NOT NULL AND (new.undone_at IS NULL OR new.undone_at < old.undone_at)))
BEGIN
    UPDATE dailymenu_undone_completions SET undone_at = CASE WHEN (old.undone_at IS NOT NULL AND (new.undone_at IS NULL OR new.undone_at < old.undone_at)) THEN old.undone_at ELSE new.undone_at END WHERE activity_id = new.activity_id AND local_day = new.local_day;
END;

CREATE TRIGGER sync_dailymenu_low_energy_days_inserted AFTER INSERT ON dailymenu_low_energy_days WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (28, new.local_day, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_low_energy_days_deleted AFTER DELETE ON dailymenu_low_energy_days WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (28, old.local_day, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 28 AND k = old.local_day;
END;

CREATE TRIGGER sync_dailymenu_low_energy_days_rekeyed AFTER UPDATE OF local_day ON dailymenu_low_energy_days
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.local_day IS NOT new.local_day)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (28, old.local_day, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 28 AND k = old.local_day;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (28, new.local_day, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_low_energy_days_updated AFTER UPDATE OF asked_at ON dailymenu_low_energy_days
WHEN (SELECT mode FROM sync_site) <> 2 AND old.local_day IS new.local_day AND (old.asked_at IS NOT new.asked_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 28, new.local_day, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.asked_at IS NOT new.asked_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_dailymenu_low_energy_days_kept_forward AFTER UPDATE OF asked_at ON dailymenu_low_energy_days
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.asked_at IS NOT NULL AND (new.asked_at IS NULL OR new.asked_at > old.asked_at)))
BEGIN
    UPDATE dailymenu_low_energy_days SET asked_at = CASE WHEN (old.asked_at IS NOT NULL AND (new.asked_at IS NULL OR new.asked_at > old.asked_at)) THEN old.asked_at ELSE new.asked_at END WHERE local_day = new.local_day;
END;

CREATE TRIGGER sync_dailymenu_completions_inserted AFTER INSERT ON dailymenu_completions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (29, json_array(new.activity_id, new.local_day), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_completions_deleted AFTER DELETE ON dailymenu_completions WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (29, json_array(old.activity_id, old.local_day), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 29 AND k = json_array(old.activity_id, old.local_day);
END;

CREATE TRIGGER sync_dailymenu_completions_rekeyed AFTER UPDATE OF activity_id, local_day ON dailymenu_completions
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.activity_id IS NOT new.activity_id OR old.local_day IS NOT new.local_day)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (29, json_array(old.activity_id, old.local_day), 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 29 AND k = json_array(old.activity_id, old.local_day);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (29, json_array(new.activity_id, new.local_day), 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_completions_updated AFTER UPDATE OF id, start_id, completed_at, local_time, time_zone, before_mood, after_mood, feedback ON dailymenu_completions
WHEN (SELECT mode FROM sync_site) <> 2 AND old.activity_id IS new.activity_id AND old.local_day IS new.local_day AND (old.id IS NOT new.id OR old.start_id IS NOT new.start_id OR old.completed_at IS NOT new.completed_at OR old.local_time IS NOT new.local_time OR old.time_zone IS NOT new.time_zone OR old.before_mood IS NOT new.before_mood OR old.after_mood IS NOT new.after_mood OR old.feedback IS NOT new.feedback)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 29, json_array(new.activity_id, new.local_day), u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.id IS NOT new.id OR old.start_id IS NOT new.start_id OR old.completed_at IS NOT new.completed_at OR old.local_time IS NOT new.local_time OR old.time_zone IS NOT new.time_zone
        UNION ALL SELECT 1 AS u WHERE old.before_mood IS NOT new.before_mood
        UNION ALL SELECT 2 AS u WHERE old.after_mood IS NOT new.after_mood
        UNION ALL SELECT 3 AS u WHERE old.feedback IS NOT new.feedback
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_dailymenu_profile_inserted AFTER INSERT ON dailymenu_profile WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (30, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_profile_deleted AFTER DELETE ON dailymenu_profile WHEN (SELECT mode FROM sync_site) <> 2
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (30, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 30 AND k = old.id;
END;

CREATE TRIGGER sync_dailymenu_profile_rekeyed AFTER UPDATE OF id ON dailymenu_profile
WHEN (SELECT mode FROM sync_site) <> 2 AND (old.id IS NOT new.id)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (30, old.id, 2, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;
    DELETE FROM sync_cell WHERE t = 30 AND k = old.id;
    INSERT INTO sync_row (t, k, cl, v, s) VALUES (30, new.id, 1, (SELECT hlc FROM sync_site), 0)
        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;
END;

CREATE TRIGGER sync_dailymenu_profile_updated AFTER UPDATE OF display_name, member_since, share_mood, theme, created_at, updated_at ON dailymenu_profile
WHEN (SELECT mode FROM sync_site) <> 2 AND old.id IS new.id AND (old.display_name IS NOT new.display_name OR old.member_since IS NOT new.member_since OR old.share_mood IS NOT new.share_mood OR old.theme IS NOT new.theme OR old.created_at IS NOT new.created_at OR old.updated_at IS NOT new.updated_at)
BEGIN
    UPDATE sync_site SET hlc = max(hlc + 1, coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) * 32), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);
    INSERT INTO sync_cell (t, k, u, h, s)
    SELECT 30, new.id, u, (SELECT hlc FROM sync_site), 0 FROM (
        SELECT 0 AS u WHERE old.display_name IS NOT new.display_name
        UNION ALL SELECT 1 AS u WHERE old.member_since IS NOT new.member_since
        UNION ALL SELECT 2 AS u WHERE old.share_mood IS NOT new.share_mood
        UNION ALL SELECT 3 AS u WHERE old.theme IS NOT new.theme
        UNION ALL SELECT 4 AS u WHERE old.created_at IS NOT new.created_at
        UNION ALL SELECT 5 AS u WHERE old.updated_at IS NOT new.updated_at
    ) WHERE true
    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
END;

CREATE TRIGGER sync_dailymenu_profile_kept_forward AFTER UPDATE OF member_since, created_at, updated_at ON dailymenu_profile
WHEN (SELECT mode FROM sync_site) IN (1, 3) AND ((old.member_since IS NOT NULL AND (new.member_since IS NULL OR new.member_since > old.member_since)) OR (old.created_at IS NOT NULL AND (new.created_at IS NULL OR new.created_at > old.created_at)) OR (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)))
BEGIN
    UPDATE dailymenu_profile SET member_since = CASE WHEN (old.member_since IS NOT NULL AND (new.member_since IS NULL OR new.member_since > old.member_since)) THEN old.member_since ELSE new.member_since END, created_at = CASE WHEN (old.created_at IS NOT NULL AND (new.created_at IS NULL OR new.created_at > old.created_at)) THEN old.created_at ELSE new.created_at END, updated_at = CASE WHEN (old.updated_at IS NOT NULL AND (new.updated_at IS NULL OR new.updated_at < old.updated_at)) THEN old.updated_at ELSE new.updated_at END WHERE id = new.id;
END;
-- END GENERATED
