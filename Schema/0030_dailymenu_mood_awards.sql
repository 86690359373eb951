-- 0030_dailymenu_mood_awards: what a ritual's moods earn travels, the moods
-- need not (SPEC SYNC-8, DM-4, DM-10).
--
-- With mood sharing off a device withholds the moods from its bundles, so
-- the other devices could not tell which rituals lifted the mood or were
-- done on a low-energy day, and counted other Moments. The device that has
-- the moods records what they earn beside them, and that travels whatever
-- the sharing: every device then counts the same Moments, seasons and
-- stamps. NULL: not known (no mood given). Set when the ritual is completed
-- and never changed; the rows already here get theirs from their moods when
-- sync's triggers exist (a step of migration 0032).
ALTER TABLE dailymenu_completions ADD COLUMN mood_lifted INTEGER CHECK (mood_lifted IS NULL OR mood_lifted IN (0, 1));
ALTER TABLE dailymenu_completions ADD COLUMN felt_low INTEGER CHECK (felt_low IS NULL OR felt_low IN (0, 1));
