-- 0008_walks_file_time: the GPX file's own time, which dates an untimed walk
-- in the list (SPEC WALK-1, WALK-4; docs/walks.md, "Untimed walks").
--
-- A walk imported from a file whose points carry no <time> has no
-- started_at; it used to sort by when it was imported (created_at). The file
-- often says when it was made (<metadata><time>, GPX 1.0's <gpx><time>):
-- kept here as a UTC timestamp (CORE-4), the list orders by
-- coalesce(started_at, file_time, created_at). Only an imported walk has a
-- file; walks imported before this migration keep NULL (the file is not kept
-- to read it again).
ALTER TABLE walks ADD COLUMN file_time TEXT CHECK (
    file_time IS NULL
    OR (source = 'gpx'
        AND file_time GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
);
