-- 0002_finite: Finite, your life in weeks (SPEC §3, FIN-1 … FIN-10).
--
-- The week model (FIN-2): row y of the grid starts on the y-th birthday;
-- week k (0-51) of the row starts 7k days later; week 51 runs to the day
-- before the next birthday (8 or 9 days). Week index i = 52y + k, shown to
-- people as "Week i+1". A 29 February birthday falls on 28 February in
-- common years.

-- The owner's life and Finite's settings (FIN-1, FIN-5). One row: id 1.
-- The time zone is the owner's, shared by every product (table owner).
CREATE TABLE finite_profile (
    id                      INTEGER PRIMARY KEY CHECK (id = 1),
    birthday                TEXT NOT NULL CHECK (
                                birthday GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                                AND date(birthday, '+0 days') = birthday
                            ),
    life_expectancy_years   INTEGER NOT NULL DEFAULT 80 CHECK (life_expectancy_years BETWEEN 1 AND 120),
    view_mode               TEXT NOT NULL DEFAULT 'color' CHECK (view_mode IN ('color', 'bw')),
    biometric_lock          INTEGER NOT NULL DEFAULT 1 CHECK (biometric_lock IN (0, 1)),
    daily_notification      INTEGER NOT NULL DEFAULT 1 CHECK (daily_notification IN (0, 1)),
    daily_notification_time TEXT NOT NULL DEFAULT '08:00' CHECK (
                                daily_notification_time GLOB '[0-2][0-9]:[0-5][0-9]'
                                AND daily_notification_time <= '23:59'
                            ),
    created_at              TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at              TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- One row per marked week (FIN-4). Marking again updates the row; unmark
-- deletes it. The phrase limit (140 characters) counts grapheme clusters,
-- which SQLite cannot count, so the store enforces it; `lifectl db check`
-- re-checks it.
CREATE TABLE finite_marks (
    id          TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    profile_id  INTEGER NOT NULL DEFAULT 1 REFERENCES finite_profile (id),
    week_index  INTEGER NOT NULL UNIQUE CHECK (week_index >= 0),
    rating      INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    category    TEXT CHECK (category IN ('work', 'health', 'growth', 'relationships', 'rest', 'adventure')),
    phrase      TEXT CHECK (phrase IS NULL OR (length(phrase) > 0 AND phrase = trim(phrase, ' ' || char(9, 10, 13)))),
    marked_at   TEXT NOT NULL CHECK (marked_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at  TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- FIN-10: every marked week with its dates, for people using sqlite3:
--   sqlite3 life.db 'SELECT week_number, start_date, end_date, rating_label, phrase FROM finite_weeks'
-- The dates are worked out here from the birthday alone, with the same rules
-- as the Swift LifeGrid (a test compares the two over whole lives).
CREATE VIEW finite_weeks AS
WITH marked AS (
    SELECT m.*,
           m.week_index / 52 AS age_years,
           m.week_index % 52 AS week_in_row,
           CAST(substr(p.birthday, 1, 4) AS INTEGER) + m.week_index / 52 AS row_year,
           substr(p.birthday, 6, 5) AS birth_month_day
    FROM finite_marks AS m
    JOIN finite_profile AS p ON p.id = m.profile_id
),
anchored AS (
    SELECT marked.*,
           CASE
               WHEN birth_month_day = '02-29'
                    AND NOT ((row_year % 4 = 0 AND row_year % 100 <> 0) OR row_year % 400 = 0)
               THEN printf('%04d-02-28', row_year)
               ELSE printf('%04d-%s', row_year, birth_month_day)
           END AS row_start,
           CASE
               WHEN birth_month_day = '02-29'
                    AND NOT (((row_year + 1) % 4 = 0 AND (row_year + 1) % 100 <> 0) OR (row_year + 1) % 400 = 0)
               THEN printf('%04d-02-28', row_year + 1)
               ELSE printf('%04d-%s', row_year + 1, birth_month_day)
           END AS next_row_start
    FROM marked
)
SELECT week_index + 1 AS week_number,
       week_index,
       age_years,
       week_in_row + 1 AS week_of_year,
       date(row_start, printf('+%d days', 7 * week_in_row)) AS start_date,
       CASE
           WHEN week_in_row = 51 THEN date(next_row_start, '-1 day')
           ELSE date(row_start, printf('+%d days', 7 * week_in_row + 6))
       END AS end_date,
       rating,
       CASE rating WHEN 1 THEN 'Awful' WHEN 2 THEN 'Hard' WHEN 3 THEN 'Okay' WHEN 4 THEN 'Good' WHEN 5 THEN 'Great' END
           AS rating_label,
       category,
       phrase,
       marked_at,
       updated_at,
       id
FROM anchored
ORDER BY week_index;
