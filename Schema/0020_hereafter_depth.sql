-- 0020_hereafter_depth: who planted a message, anniversary nudges, and the
-- notifications one can mute (SPEC HA-8; docs/hereafter.md).
--
-- creator_id is the seed's creatorID, "a device-bound user identifier": a
-- UUID made for this database's Hereafter profile when it is onboarded
-- (never synced: each device keeps its own), recorded on every message
-- planted or written here. Messages planted before this migration were
-- planted here, by this profile: they take its id. SQLite cannot add a NOT
-- NULL column without a constant default, so the triggers below refuse a
-- row without one, as 0005 does for unlock_at.

-- A version 4 UUID, lower case, made once per statement.
ALTER TABLE hereafter_profile ADD COLUMN creator_id TEXT CHECK (
    creator_id IS NULL OR (length(creator_id) = 36 AND creator_id = lower(creator_id))
);
UPDATE hereafter_profile SET creator_id = lower(
    hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
    || substr('89AB', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));

-- Notifications the owner muted (HA-8): 1 keeps that kind out of visits and
-- the calendar (and, for anniversaries, out of the geofences).
ALTER TABLE hereafter_profile ADD COLUMN mute_unlocks INTEGER NOT NULL DEFAULT 0 CHECK (mute_unlocks IN (0, 1));
ALTER TABLE hereafter_profile ADD COLUMN mute_anniversaries INTEGER NOT NULL DEFAULT 0 CHECK (mute_anniversaries IN (0, 1));

ALTER TABLE hereafter_messages ADD COLUMN creator_id TEXT CHECK (
    creator_id IS NULL OR (length(creator_id) = 36 AND creator_id = lower(creator_id))
);
-- Without a profile (no command plants without one) the messages still get
-- one id, made once for the statement.
UPDATE hereafter_messages SET creator_id = coalesce(
    (SELECT creator_id FROM hereafter_profile WHERE id = 1),
    (SELECT lower(
        hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
        || substr('89AB', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))));

CREATE TRIGGER hereafter_messages_creator_planted BEFORE INSERT ON hereafter_messages
WHEN new.creator_id IS NULL
BEGIN
    SELECT RAISE(ABORT, 'hereafter_messages.creator_id is required');
END;

CREATE TRIGGER hereafter_messages_creator_kept BEFORE UPDATE OF creator_id ON hereafter_messages
WHEN new.creator_id IS NULL
BEGIN
    SELECT RAISE(ABORT, 'hereafter_messages.creator_id is required');
END;

CREATE TRIGGER hereafter_profile_creator_made BEFORE INSERT ON hereafter_profile
WHEN new.creator_id IS NULL
BEGIN
    SELECT RAISE(ABORT, 'hereafter_profile.creator_id is required');
END;

CREATE TRIGGER hereafter_profile_creator_kept BEFORE UPDATE OF creator_id ON hereafter_profile
WHEN new.creator_id IS NULL
BEGIN
    SELECT RAISE(ABORT, 'hereafter_profile.creator_id is required');
END;

-- The anniversary nudge (HA-8): a year after a message was discovered (and
-- every year after), when the owner is near it again, Hereafter says so
-- once. The instant it last did; NULL before the first.
ALTER TABLE hereafter_messages ADD COLUMN anniversary_nudged_at TEXT CHECK (
    anniversary_nudged_at IS NULL
    OR anniversary_nudged_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'
);

-- What the geofences look for besides undiscovered messages: discovered
-- ones (planted with a lock, not a reply written open) by when.
CREATE INDEX hereafter_messages_discovered ON hereafter_messages (thread_id, discovered_at)
WHERE discovered_at IS NOT NULL AND unlock_date IS NOT NULL;
