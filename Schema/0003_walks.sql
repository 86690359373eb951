-- 0003_walks: Only Walks (SPEC §5, WALK-1 … WALK-8).
--
-- One row per walk, with its summary in columns so that listing never decodes
-- points (WALK-4). The points themselves are one compact, versioned binary
-- value per walk (TrackCodec: a version byte, then zig-zag varint deltas of
-- 1e-7 degree integers, milliseconds and centimetres, segment by segment),
-- and the simplified path the doodles draw is another. `walks prune` drops
-- `points` and keeps the summary and the simplified path.
--
-- A walk being recorded (WALK-2) has state 'recording'; its points arrive one
-- row at a time in walks_live_points, each committed as it comes, so a crash
-- loses none. Finishing encodes them into `points` and deletes the rows.
CREATE TABLE walks (
    id              TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    name            TEXT CHECK (name IS NULL OR (length(name) > 0 AND name = trim(name, ' ' || char(9, 10, 13)))),
    source          TEXT NOT NULL CHECK (source IN ('gpx', 'recorded')),
    -- gpx: the file's name as given, the SHA-256 of its bytes (a file already
    -- imported is skipped, WALK-1) and which <trk> of it (0-based) this is.
    source_file     TEXT,
    source_sha256   TEXT CHECK (source_sha256 IS NULL OR (length(source_sha256) = 64 AND source_sha256 NOT GLOB '*[^0-9a-f]*')),
    source_track    INTEGER CHECK (source_track IS NULL OR source_track >= 0),
    state           TEXT NOT NULL DEFAULT 'finished' CHECK (state IN ('recording', 'finished')),
    -- First and last timed point (UTC); NULL for a walk without times.
    started_at      TEXT CHECK (started_at IS NULL OR started_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    ended_at        TEXT CHECK (ended_at IS NULL OR (ended_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]' AND ended_at >= started_at)),
    -- WALK-3: metres along the WGS-84 ellipsoid, summed within segments.
    distance_m      REAL NOT NULL DEFAULT 0 CHECK (distance_m >= 0),
    elapsed_s       REAL CHECK (elapsed_s IS NULL OR elapsed_s >= 0),
    moving_s        REAL CHECK (moving_s IS NULL OR (moving_s >= 0 AND elapsed_s IS NOT NULL AND moving_s <= elapsed_s + 0.001)),
    ascent_m        REAL CHECK (ascent_m IS NULL OR ascent_m >= 0),
    descent_m       REAL CHECK (descent_m IS NULL OR descent_m >= 0),
    point_count     INTEGER NOT NULL DEFAULT 0 CHECK (point_count >= 0),
    timed_point_count INTEGER NOT NULL DEFAULT 0 CHECK (timed_point_count BETWEEN 0 AND point_count),
    segment_count   INTEGER NOT NULL DEFAULT 0 CHECK (segment_count >= 0),
    min_latitude    REAL CHECK (min_latitude IS NULL OR min_latitude BETWEEN -90 AND 90),
    min_longitude   REAL CHECK (min_longitude IS NULL OR min_longitude BETWEEN -180 AND 180),
    max_latitude    REAL CHECK (max_latitude IS NULL OR (max_latitude BETWEEN -90 AND 90 AND max_latitude >= min_latitude)),
    max_longitude   REAL CHECK (max_longitude IS NULL OR (max_longitude BETWEEN -180 AND 180 AND max_longitude >= min_longitude)),
    -- TrackCodec bytes: every point (NULL once pruned) and the simplified path.
    points          BLOB,
    simplified      BLOB,
    pruned_at       TEXT CHECK (pruned_at IS NULL OR pruned_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    created_at      TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    CHECK (source = 'gpx' OR (source_file IS NULL AND source_sha256 IS NULL AND source_track IS NULL)),
    CHECK (source = 'recorded' OR (source_sha256 IS NOT NULL AND source_track IS NOT NULL)),
    -- A finished walk has its simplified path, and its points unless pruned;
    -- a walk being recorded has neither yet.
    CHECK (
        (state = 'finished' AND simplified IS NOT NULL AND (points IS NULL) = (pruned_at IS NOT NULL))
        OR (state = 'recording' AND source = 'recorded' AND points IS NULL AND simplified IS NULL AND pruned_at IS NULL)
    )
) STRICT;

-- Newest first (WALK-7): a walk without times sorts by when it was added.
CREATE INDEX walks_by_date ON walks (coalesce(started_at, created_at) DESC);
CREATE UNIQUE INDEX walks_by_source ON walks (source_sha256, source_track) WHERE source_sha256 IS NOT NULL;

-- WALK-2: the points of a walk being recorded, one row each, committed as
-- they arrive. `seq` orders them. Points worse than 50 m accuracy never
-- reach this table.
CREATE TABLE walks_live_points (
    walk_id     TEXT NOT NULL REFERENCES walks (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    latitude    REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude   REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_ms     INTEGER NOT NULL,
    elevation_m REAL,
    accuracy_m  REAL CHECK (accuracy_m IS NULL OR (accuracy_m >= 0 AND accuracy_m <= 50)),
    PRIMARY KEY (walk_id, seq)
) STRICT, WITHOUT ROWID;

-- For people using sqlite3: every walk with its summary in familiar units.
--   sqlite3 life.db 'SELECT * FROM walks_summary'
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
    pruned_at IS NOT NULL AS pruned
FROM walks
ORDER BY coalesce(started_at, created_at) DESC;
