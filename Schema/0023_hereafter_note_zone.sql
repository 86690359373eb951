-- 0023_hereafter_note_zone: the time zone a note's dates were fixed in
-- (SPEC HA-2, HA-3; docs/hereafter.md, "The lock is an instant").
--
-- A note's lock is the start of its unlock date in the owner's zone when it
-- was planted (unlock_at, 0005). Without the zone itself, a stored lock
-- could only be checked against every zone on Earth: any instant within
-- about 28 hours of the date passed, so an imported Berlin note could open
-- 14 hours early. time_zone is that zone (an IANA name, as the owner's
-- setting), written with every note and reply from now on, so that an
-- import and `lifectl db check` hold unlock_at to exactly the start of
-- unlock_date there.
--
-- Notes written before keep NULL: which zone they were planted in was never
-- recorded, and a value worked out now would be a guess presented as a
-- fact (and a change every device would send again). Their lock must start
-- at midnight exactly in some zone this system knows; `db check` and an
-- import hold them to that.
ALTER TABLE hereafter_messages ADD COLUMN time_zone TEXT CHECK (
    time_zone IS NULL OR (length(time_zone) BETWEEN 1 AND 64 AND time_zone = trim(time_zone))
);
