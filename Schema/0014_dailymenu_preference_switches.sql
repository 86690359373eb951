-- 0014_dailymenu_preference_switches: a DailyMenu preference switched off
-- (a favourite, a hidden activity, an excluded category) stays as a row with
-- is_on = 0 instead of being deleted, and every preference row records when
-- it last changed (SPEC SYNC-2, SYNC-4). Import is a merge by
-- last-writer-wins on updated_at; a deleted row has no version to win with,
-- so an older export that still held it brought it back. Kept, switched off
-- and newer, it stays off.
--
-- Rebuilt (SQLite cannot add a NOT NULL column without a constant default),
-- each row copied as switched on, last changed when it was made. No index,
-- trigger or view names these tables.

CREATE TABLE dailymenu_favorites_new (
    activity_id TEXT PRIMARY KEY REFERENCES dailymenu_activities (id),
    -- 1: a favourite; 0: switched off (kept so that an older file cannot switch it on again).
    is_on       INTEGER NOT NULL DEFAULT 1 CHECK (is_on IN (0, 1)),
    -- When it was first made a favourite, and when it last changed.
    created_at  TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at  TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

INSERT INTO dailymenu_favorites_new (activity_id, is_on, created_at, updated_at)
SELECT activity_id, 1, created_at, created_at FROM dailymenu_favorites;
DROP TABLE dailymenu_favorites;
ALTER TABLE dailymenu_favorites_new RENAME TO dailymenu_favorites;

-- LOCAL ONLY (DM-10), as before: never part of anything meant for sync.
CREATE TABLE dailymenu_hidden_activities_new (
    activity_id TEXT PRIMARY KEY REFERENCES dailymenu_activities (id),
    -- 1: hidden from the menu; 0: shown again.
    is_on       INTEGER NOT NULL DEFAULT 1 CHECK (is_on IN (0, 1)),
    created_at  TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at  TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

INSERT INTO dailymenu_hidden_activities_new (activity_id, is_on, created_at, updated_at)
SELECT activity_id, 1, created_at, created_at FROM dailymenu_hidden_activities;
DROP TABLE dailymenu_hidden_activities;
ALTER TABLE dailymenu_hidden_activities_new RENAME TO dailymenu_hidden_activities;

-- LOCAL ONLY (DM-10), likewise.
CREATE TABLE dailymenu_excluded_categories_new (
    category   TEXT PRIMARY KEY REFERENCES dailymenu_categories (id),
    -- 1: left out of the menu; 0: included again.
    is_on      INTEGER NOT NULL DEFAULT 1 CHECK (is_on IN (0, 1)),
    created_at TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

INSERT INTO dailymenu_excluded_categories_new (category, is_on, created_at, updated_at)
SELECT category, 1, created_at, created_at FROM dailymenu_excluded_categories;
DROP TABLE dailymenu_excluded_categories;
ALTER TABLE dailymenu_excluded_categories_new RENAME TO dailymenu_excluded_categories;
