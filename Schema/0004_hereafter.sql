-- 0004_hereafter: Hereafter, time-locked, place-pinned notes to future-you
-- (SPEC §6, HA-1 … HA-7).
--
-- The words of the guide (docs/hereafter.md): a message is *locked* before
-- its unlock date, *unlocked* from that date on (still unreadable), and
-- *discovered* once the owner has been within 150 m of its thread on or after
-- that date (discovered_at); from then on it is readable everywhere, and
-- *read* once the owner has opened it (read_at). HA-3: the store never hands
-- out text or photo of a message whose discovered_at is NULL.

-- The owner's Hereafter profile (HA-1). One row: id 1.
CREATE TABLE hereafter_profile (
    id                   INTEGER PRIMARY KEY CHECK (id = 1),
    first_name           TEXT NOT NULL CHECK (length(first_name) > 0 AND first_name = trim(first_name, ' ' || char(9, 10, 13))),
    onboarding_completed INTEGER NOT NULL DEFAULT 1 CHECK (onboarding_completed IN (0, 1)),
    created_at           TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at           TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- A place where messages gather (HA-2). The centre is the first message's
-- position and never moves, so a thread's membership never changes once
-- decided. location_key is the thread's integer key in the R*Tree (which
-- only takes integer ids); it is explicit because an implicit rowid may be
-- renumbered by VACUUM.
CREATE TABLE hereafter_threads (
    id           TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    location_key INTEGER NOT NULL UNIQUE CHECK (location_key > 0),
    latitude     REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude    REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    place_name   TEXT CHECK (place_name IS NULL OR (length(place_name) > 0 AND place_name = trim(place_name, ' ' || char(9, 10, 13)))),
    created_at   TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- The spatial index over thread centres (HA-6): one point box per thread.
-- An R*Tree cannot be STRICT. It is kept in step with hereafter_threads by
-- the triggers below, so no write path (the store, sqlite3 by hand) can
-- forget it. R*Tree coordinates are 32-bit floats rounded outwards, so the
-- box always contains the true point; the store re-checks every candidate
-- with the exact distance.
CREATE VIRTUAL TABLE hereafter_thread_locations USING rtree (
    location_key, min_latitude, max_latitude, min_longitude, max_longitude
);

CREATE TRIGGER hereafter_threads_located AFTER INSERT ON hereafter_threads
BEGIN
    INSERT INTO hereafter_thread_locations (location_key, min_latitude, max_latitude, min_longitude, max_longitude)
    VALUES (new.location_key, new.latitude, new.latitude, new.longitude, new.longitude);
END;

CREATE TRIGGER hereafter_threads_moved AFTER UPDATE OF location_key, latitude, longitude ON hereafter_threads
BEGIN
    DELETE FROM hereafter_thread_locations WHERE location_key = old.location_key;
    INSERT INTO hereafter_thread_locations (location_key, min_latitude, max_latitude, min_longitude, max_longitude)
    VALUES (new.location_key, new.latitude, new.latitude, new.longitude, new.longitude);
END;

CREATE TRIGGER hereafter_threads_removed AFTER DELETE ON hereafter_threads
BEGIN
    DELETE FROM hereafter_thread_locations WHERE location_key = old.location_key;
END;

-- One message to future-you (HA-2) or a reply (HA-5). The text limit (500
-- characters) counts grapheme clusters, which SQLite cannot count, so the
-- store enforces it; `lifectl db check` re-checks it. planted_on is the
-- owner's local date at planting; unlock_date is at least the day after
-- (a reply written without an unlock date has none: it is born discovered).
CREATE TABLE hereafter_messages (
    id            TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    thread_id     TEXT NOT NULL REFERENCES hereafter_threads (id),
    parent_id     TEXT REFERENCES hereafter_messages (id),
    latitude      REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude     REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    place_name    TEXT CHECK (place_name IS NULL OR (length(place_name) > 0 AND place_name = trim(place_name, ' ' || char(9, 10, 13)))),
    text          TEXT NOT NULL CHECK (length(text) > 0 AND text = trim(text, ' ' || char(9, 10, 13))),
    planted_on    TEXT NOT NULL CHECK (planted_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(planted_on, '+0 days') = planted_on),
    unlock_date   TEXT CHECK (
                      unlock_date IS NULL
                      OR (unlock_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                          AND date(unlock_date, '+0 days') = unlock_date AND unlock_date > planted_on)
                  ),
    created_at    TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    discovered_at TEXT CHECK (discovered_at IS NULL OR discovered_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    read_at       TEXT CHECK (read_at IS NULL OR read_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    -- Only a reply may be written without an unlock date, and it is then discovered at once.
    CHECK (unlock_date IS NOT NULL OR (parent_id IS NOT NULL AND discovered_at IS NOT NULL)),
    -- Read implies discovered: nothing locked can have been read.
    CHECK (read_at IS NULL OR discovered_at IS NOT NULL)
) STRICT;

CREATE INDEX hereafter_messages_by_thread ON hereafter_messages (thread_id, created_at);
CREATE INDEX hereafter_messages_by_parent ON hereafter_messages (parent_id) WHERE parent_id IS NOT NULL;
-- What geofences and visits look for: messages not yet discovered, per thread, by unlock date.
CREATE INDEX hereafter_messages_pending ON hereafter_messages (thread_id, unlock_date) WHERE discovered_at IS NULL;

-- A message's photo (HA-2), apart from the message so that listing never
-- reads the bytes. One image, JPEG, PNG or HEIC by content, at most
-- 10,000,000 bytes (10 MB).
CREATE TABLE hereafter_photos (
    message_id TEXT PRIMARY KEY REFERENCES hereafter_messages (id),
    media_type TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/heic')),
    byte_count INTEGER NOT NULL CHECK (byte_count BETWEEN 1 AND 10000000),
    bytes      BLOB NOT NULL CHECK (length(bytes) = byte_count)
) STRICT;
