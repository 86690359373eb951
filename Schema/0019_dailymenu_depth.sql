-- 0019_dailymenu_depth: DailyMenu's low-energy days, undo and "delete all
-- data" (SPEC DM-11; docs/dailymenu.md, "Undo and deleting everything").
--
-- A deletion cannot win a merge by itself: importing an older export (or a
-- device that has not heard of it) would bring the row back. So each kind
-- of deletion leaves a small record that outlives the rows it removed and
-- travels like them, holding no more than it must.

-- The days the person asked for the menu with `--energy low` (DM-11): a
-- ritual done that day at or after the first ask earns the low-energy-day
-- bonus (DailyMenuRules.lowEnergyBonus). One row per local day, the first ask.
CREATE TABLE dailymenu_low_energy_days (
    local_day TEXT PRIMARY KEY CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(local_day, '+0 days') = local_day),
    asked_at  TEXT NOT NULL CHECK (asked_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- A completion undone (`dailymenu undo`): the ritual of this activity on
-- this local day (the completions' natural key) completed at or before
-- undone_at is gone, here and in every file or device that still holds it;
-- one completed after it (done again) stands. undone_at only grows.
CREATE TABLE dailymenu_undone_completions (
    activity_id TEXT NOT NULL REFERENCES dailymenu_activities (id),
    local_day   TEXT NOT NULL CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(local_day, '+0 days') = local_day),
    undone_at   TEXT NOT NULL CHECK (undone_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    PRIMARY KEY (activity_id, local_day)
) STRICT;

-- Everything deleted (`dailymenu delete-all`, the seed's "delete all
-- data"): every start, completion, low-energy day, undo mark, preference
-- and the profile dated at or before erased_at is gone, here and in every
-- file or device that still holds it. Only the instant is kept. One row.
CREATE TABLE dailymenu_erasures (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    erased_at TEXT NOT NULL CHECK (erased_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- Derived (issue 21): the journey as last worked out from the history,
-- everything of the profile but today's warmth (which goes on from the
-- warmth at the end of last_day). Kept only while the history it came from
-- is unchanged: any change to the completions, the low-energy days or the
-- catalogue deletes it (the triggers below, whoever writes: lifectl, an app,
-- the sqlite3 shell), and the next read works it out again from the
-- completions alone. `lifectl db check` works it out and compares.
CREATE TABLE dailymenu_journey_cache (
    id               INTEGER PRIMARY KEY CHECK (id = 1),
    rituals          INTEGER NOT NULL CHECK (rituals >= 0),
    active_days      INTEGER NOT NULL CHECK (active_days >= 0),
    minutes          INTEGER NOT NULL CHECK (minutes >= 0),
    categories_tried INTEGER NOT NULL CHECK (categories_tried >= 0),
    categories       INTEGER NOT NULL CHECK (categories >= 0),
    mood_lifted      INTEGER NOT NULL CHECK (mood_lifted >= 0),
    moments          INTEGER NOT NULL CHECK (moments >= 0),
    first_day        TEXT CHECK (first_day IS NULL OR date(first_day, '+0 days') = first_day),
    last_day         TEXT CHECK (last_day IS NULL OR date(last_day, '+0 days') = last_day),
    -- Warmth at the end of last_day, and the calendar week (Monday first,
    -- counted from 1970-01-05 as week 1) whose grace day was last used.
    warmth           REAL NOT NULL CHECK (warmth BETWEEN 0 AND 1),
    grace_week       INTEGER,
    -- The stamps earned, in order: "kind date completion-id", one a line.
    stamps           TEXT NOT NULL
) STRICT;

CREATE TRIGGER dailymenu_journey_cache_completion_added AFTER INSERT ON dailymenu_completions
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_completion_changed AFTER UPDATE ON dailymenu_completions
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_completion_removed AFTER DELETE ON dailymenu_completions
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_low_energy_added AFTER INSERT ON dailymenu_low_energy_days
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_low_energy_changed AFTER UPDATE ON dailymenu_low_energy_days
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_low_energy_removed AFTER DELETE ON dailymenu_low_energy_days
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_activity_added AFTER INSERT ON dailymenu_activities
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_activity_changed AFTER UPDATE ON dailymenu_activities
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_activity_removed AFTER DELETE ON dailymenu_activities
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_category_added AFTER INSERT ON dailymenu_categories
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_category_changed AFTER UPDATE ON dailymenu_categories
BEGIN DELETE FROM dailymenu_journey_cache; END;
CREATE TRIGGER dailymenu_journey_cache_category_removed AFTER DELETE ON dailymenu_categories
BEGIN DELETE FROM dailymenu_journey_cache; END;
