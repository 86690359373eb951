-- 0025_dailymenu_own_rituals: a person's own rituals beside the catalogue's
-- (SPEC DM-1, issue 32; docs/dailymenu.md, "Your own rituals").
--
-- A ritual of one's own is a row here, saved and synced like everything a
-- person does (its title, energy, minutes and how-to can be changed, the
-- newer change wins; its category is chosen once: the Moments and stamps of
-- the days it was done depend on it). Removing one keeps the row, is_on 0,
-- so that the history that holds it stays whole and an older file cannot
-- bring it back to the menu.
--
-- Starts, completions, favourites, hidden activities and undo marks name an
-- activity of dailymenu_activities (their foreign keys). So each ritual of
-- one's own has an anchor there under the same id: a row whose values
-- follow from the ritual's id and category alone (title its id, a fixed
-- how-to, energy low, 1 minute), which never change, so that every device
-- and every export holds the same anchor for it whatever was edited since.
-- lifectl reads a ritual's title, energy, minutes and how-to from this
-- table, never from its anchor. The triggers below keep the anchors: made
-- with the ritual, gone with it unless a row still names it (a ritual done
-- on another device after this one deleted everything).
CREATE TABLE dailymenu_own_activities (
    id         TEXT PRIMARY KEY CHECK (length(id) = 40 AND id GLOB 'own-*' AND id = lower(id)),
    title      TEXT NOT NULL CHECK (length(title) > 0 AND title = trim(title, ' ' || char(9, 10, 13))),
    category   TEXT NOT NULL REFERENCES dailymenu_categories (id),
    energy     TEXT NOT NULL CHECK (energy IN ('low', 'medium', 'high')),
    minutes    INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 60),
    -- One line on how to do it; NULL when none was given.
    how_to     TEXT CHECK (how_to IS NULL OR (length(how_to) > 0 AND how_to = trim(how_to, ' ' || char(9, 10, 13)))),
    -- 1: on the menu; 0: removed (kept: its history stays whole).
    is_on      INTEGER NOT NULL DEFAULT 1 CHECK (is_on IN (0, 1)),
    created_at TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

CREATE TRIGGER dailymenu_own_activity_anchored AFTER INSERT ON dailymenu_own_activities
BEGIN
    INSERT OR IGNORE INTO dailymenu_activities (id, title, category, energy, minutes, how_to, pack_id)
    VALUES (new.id, new.id, new.category, 'low', 1, 'A ritual of your own.', NULL);
    DELETE FROM dailymenu_journey_cache;
END;

-- The category is chosen once: the Moments (a category new to you) and the
-- stamps (every category tried) of the days it was done depend on it.
CREATE TRIGGER dailymenu_own_activity_category_kept BEFORE UPDATE OF category ON dailymenu_own_activities
WHEN new.category IS NOT old.category
BEGIN
    SELECT RAISE(ABORT, 'dailymenu_own_activities.category never changes');
END;

-- Its minutes count in the totals the journey's cache keeps.
CREATE TRIGGER dailymenu_own_activity_changed AFTER UPDATE ON dailymenu_own_activities
BEGIN
    DELETE FROM dailymenu_journey_cache;
END;

CREATE TRIGGER dailymenu_own_activity_removed AFTER DELETE ON dailymenu_own_activities
BEGIN
    DELETE FROM dailymenu_activities WHERE id = old.id
        AND NOT EXISTS (SELECT 1 FROM dailymenu_completions WHERE activity_id = old.id)
        AND NOT EXISTS (SELECT 1 FROM dailymenu_starts WHERE activity_id = old.id)
        AND NOT EXISTS (SELECT 1 FROM dailymenu_favorites WHERE activity_id = old.id)
        AND NOT EXISTS (SELECT 1 FROM dailymenu_hidden_activities WHERE activity_id = old.id)
        AND NOT EXISTS (SELECT 1 FROM dailymenu_undone_completions WHERE activity_id = old.id);
    DELETE FROM dailymenu_journey_cache;
END;
