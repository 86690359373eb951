-- 0021_finite_phases: life phases, named chapters of a life (SPEC FIN-11).
--
-- A phase runs from a start week to an end week, both inclusive, counted as
-- finite_marks counts them (week index i, shown as "Week i+1"); an end of
-- NULL is an ongoing phase, which lasts through the current week. Phases
-- may overlap (a chapter of work and one of a city), but no week belongs to
-- more than FiniteRules.phasesPerWeek of them, and names are unique ignoring
-- case, so that a command can name one. The name limit (40 characters,
-- counted as grapheme clusters) and the overlap limit are the store's to
-- enforce; `lifectl db check` re-checks them. The colour is a name from
-- FinitePalette's phase colours, none of which is a rating's.
CREATE TABLE finite_phases (
    id               TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    profile_id       INTEGER NOT NULL DEFAULT 1 REFERENCES finite_profile (id),
    name             TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (
                         length(name) > 0 AND name = trim(name, ' ' || char(9, 10, 13))
                         AND instr(name, char(10)) = 0 AND instr(name, char(9)) = 0 AND instr(name, char(13)) = 0
                     ),
    start_week_index INTEGER NOT NULL CHECK (start_week_index >= 0),
    end_week_index   INTEGER CHECK (end_week_index IS NULL OR end_week_index >= start_week_index),
    colour           TEXT NOT NULL CHECK (colour IN ('sky', 'violet', 'magenta', 'indigo', 'slate', 'pink')),
    created_at       TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at       TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

CREATE INDEX finite_phases_by_start ON finite_phases (start_week_index);
