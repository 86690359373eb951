-- 0017_walks_dated_as_listed: walks are ordered by the date the list shows
-- (SPEC WALK-7, WALK-9; docs/walks.md, "Untimed walks in the list"): the
-- first timed point; for a walk without times the GPX file's own time
-- (0008's file_time); else when it was added. `walks list` and `walks prune`
-- date walks by coalesce(started_at, file_time, created_at); the index that
-- served the old order, coalesce(started_at, created_at), is replaced by one
-- that serves the list's whole ORDER BY, and the view for people using
-- sqlite3 orders the same way and says what dates each walk.
DROP INDEX walks_by_date;
CREATE INDEX walks_by_date ON walks (coalesce(started_at, file_time, created_at) DESC, created_at DESC, id);

DROP VIEW walks_summary;
CREATE VIEW walks_summary AS
SELECT
    id,
    coalesce(name, source_file, 'Walk') AS name,
    state,
    started_at,
    round(distance_m / 1000.0, 2) AS distance_km,
    CASE WHEN elapsed_s IS NULL THEN NULL
         ELSE printf('%d:%02d:%02d', CAST(round(elapsed_s) AS INTEGER) / 3600, (CAST(round(elapsed_s) AS INTEGER) / 60) % 60, CAST(round(elapsed_s) AS INTEGER) % 60)
    END AS duration,
    CASE WHEN moving_s IS NULL OR distance_m = 0 THEN NULL
         ELSE printf('%d:%02d', CAST(round(moving_s / (distance_m / 1000.0)) AS INTEGER) / 60, CAST(round(moving_s / (distance_m / 1000.0)) AS INTEGER) % 60)
    END AS pace_per_km,
    point_count,
    pruned_at IS NOT NULL AS pruned,
    -- What the list dates the walk by, and which of the three it is.
    coalesce(started_at, file_time, created_at) AS date,
    CASE WHEN started_at IS NOT NULL THEN 'start' WHEN file_time IS NOT NULL THEN 'file' ELSE 'added' END AS dated_by
FROM walks
ORDER BY coalesce(started_at, file_time, created_at) DESC, created_at DESC, id;
