-- 0005_hereafter_unlock_instant: the instant a message unlocks, fixed when it
-- is planted (SPEC HA-2, HA-3; docs/hereafter.md, "The lock is an instant").
--
-- unlock_date says which day a message opens, in the owner's zone; read
-- against whatever zone is set *now*, a change of zone after planting would
-- move the lock (planted "tomorrow" at UTC-12, switched to UTC+14: open at
-- once, 26 hours early). So the instant is worked out once, at planting: the
-- start of unlock_date in the owner's zone in force then, as a UTC timestamp
-- (CORE-4). Every "unlocked?" decision compares instants; unlock_date stays
-- for people.
--
-- SQLite cannot convert between zones, so rows planted before this migration
-- get their instant from lifectl right after it runs (LifeDatabase's
-- backfill: the start of unlock_date in the owner's stored zone, else the
-- system's), in one transaction. Until then unlock_at is NULL; the partial
-- index below is that worklist, so checking it on every open costs nothing.
ALTER TABLE hereafter_messages ADD COLUMN unlock_at TEXT CHECK (
    unlock_at IS NULL
    OR (unlock_date IS NOT NULL
        AND unlock_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
);

-- New rows carry their instant: a write path (the store, sqlite3 by hand)
-- that gives an unlock date without one is refused.
CREATE TRIGGER hereafter_messages_unlock_at_planted BEFORE INSERT ON hereafter_messages
WHEN new.unlock_date IS NOT NULL AND new.unlock_at IS NULL
BEGIN
    SELECT RAISE(ABORT, 'hereafter_messages.unlock_at is required when unlock_date is set');
END;

CREATE TRIGGER hereafter_messages_unlock_at_kept BEFORE UPDATE OF unlock_date, unlock_at ON hereafter_messages
WHEN new.unlock_date IS NOT NULL AND new.unlock_at IS NULL
BEGIN
    SELECT RAISE(ABORT, 'hereafter_messages.unlock_at is required when unlock_date is set');
END;

-- The backfill's worklist: empty once lifectl has filled in every instant.
CREATE INDEX hereafter_messages_unlock_unknown ON hereafter_messages (id)
WHERE unlock_at IS NULL AND unlock_date IS NOT NULL;

-- What geofences and visits look for: messages not yet discovered, per
-- thread, by the instant they unlock.
DROP INDEX hereafter_messages_pending;
CREATE INDEX hereafter_messages_pending ON hereafter_messages (thread_id, unlock_at) WHERE discovered_at IS NULL;
