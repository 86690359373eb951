-- 0001_core: what every product shares (SPEC CORE-4, CORE-5).
--
-- The owner of this database and their settings. One row at most: the id is
-- always 1. A missing row means every setting is at its default: the system's
-- time zone and metric units.
CREATE TABLE owner (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    -- IANA name such as 'Europe/Berlin'; NULL follows the system's zone.
    time_zone  TEXT CHECK (
                   time_zone IS NULL
                   OR (length(time_zone) BETWEEN 1 AND 64 AND time_zone NOT GLOB '*[^A-Za-z0-9_+/-]*')
               ),
    units      TEXT NOT NULL DEFAULT 'metric' CHECK (units IN ('metric', 'imperial')),
    created_at TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;
