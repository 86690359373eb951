-- 0027_walks_gzip_names: a walk without a name of its own is called by its
-- GPX file's name, and a gzip-compressed file by the name of the file inside
-- it, as gunzip names it: `ride.gpx.gz` gives `ride.gpx`, the name the same
-- walk takes from `ride.gpx` (SPEC WALK-9; docs/walks.md, "Importing GPX").
-- `source_file` keeps the file's name as given; only the view's `name`, for
-- people using sqlite3, follows `WalkSummary.displayName`.
DROP VIEW walks_summary;
CREATE VIEW walks_summary AS
SELECT
    id,
    coalesce(
        name,
        CASE WHEN lower(source_file) GLOB '*?.gz' THEN substr(source_file, 1, length(source_file) - 3) ELSE source_file END,
        'Walk'
    ) AS name,
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
