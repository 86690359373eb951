-- 0007_dailymenu: DailyMenu, micro-rituals, mood and gentle gamification
-- (SPEC §7, DM-1 … DM-10).
--
-- What is stored: the catalogue (loaded here), the owner's preferences, and
-- what they did (starts and completions). Nothing derived is stored: Moments,
-- the season, warmth and stamps are pure functions of the completions
-- (DailyMenuRules), so the profile can always be recomputed from them alone.
--
-- Mood words are stored as people read them ('Low', 'Better', 'Loved it');
-- a skipped prompt is NULL, never a value (DM-3).

-- The categories of the catalogue. "Every category tried" (a stamp) counts these.
CREATE TABLE dailymenu_categories (
    id       TEXT PRIMARY KEY CHECK (id GLOB '[a-z]*' AND id NOT GLOB '*[^a-z]*'),
    name     TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 40),
    position INTEGER NOT NULL UNIQUE CHECK (position >= 1)
) STRICT;

-- Themed packs of ten activities, locked until the season that opens them
-- (DM-5). The season is its number in DailyMenuRules.seasons (1 = First Light);
-- a test checks that each pack's season unlocks that pack.
CREATE TABLE dailymenu_packs (
    id            TEXT PRIMARY KEY CHECK (id GLOB '[a-z]*' AND id NOT GLOB '*[^a-z-]*'),
    name          TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 40),
    description   TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
    unlock_season INTEGER NOT NULL UNIQUE CHECK (unlock_season BETWEEN 2 AND 20)
) STRICT;

-- The catalogue (DM-1). Ids are stable slugs: later migrations and people's
-- histories refer to them, so an id is never reused or renamed.
CREATE TABLE dailymenu_activities (
    id       TEXT PRIMARY KEY CHECK (id GLOB '[a-z]*' AND id NOT GLOB '*[^a-z0-9-]*' AND length(id) <= 40),
    title    TEXT NOT NULL UNIQUE CHECK (length(title) BETWEEN 1 AND 60),
    category TEXT NOT NULL REFERENCES dailymenu_categories (id),
    energy   TEXT NOT NULL CHECK (energy IN ('low', 'medium', 'high')),
    minutes  INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 60),
    how_to   TEXT NOT NULL CHECK (length(how_to) BETWEEN 1 AND 160),
    -- NULL: the base catalogue, open to everyone from the first day.
    pack_id  TEXT REFERENCES dailymenu_packs (id)
) STRICT;

-- The owner's DailyMenu profile and settings (DM-9, DM-10). One row: id 1,
-- made by the first command that writes.
CREATE TABLE dailymenu_profile (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    display_name TEXT CHECK (display_name IS NULL OR (length(display_name) BETWEEN 1 AND 200 AND display_name = trim(display_name))),
    -- The owner's local date when the profile was made.
    member_since TEXT NOT NULL CHECK (member_since GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(member_since, '+0 days') = member_since),
    -- DM-10: 0 keeps every mood and feedback word out of anything meant for sync or export.
    share_mood   INTEGER NOT NULL DEFAULT 1 CHECK (share_mood IN (0, 1)),
    -- A colour theme the seasons unlocked; NULL is the plain one. The store
    -- checks the theme is unlocked when it is chosen.
    theme        TEXT CHECK (theme IS NULL OR theme IN ('morning-cafe', 'garden-party', 'sunset-bistro')),
    created_at   TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    updated_at   TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- Favourites (DM-1): they weigh more on the menu (DM-2).
CREATE TABLE dailymenu_favorites (
    activity_id TEXT PRIMARY KEY REFERENCES dailymenu_activities (id),
    created_at  TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- LOCAL ONLY (DM-10): hidden activities never appear on the menu and are
-- never part of anything meant for sync or export.
CREATE TABLE dailymenu_hidden_activities (
    activity_id TEXT PRIMARY KEY REFERENCES dailymenu_activities (id),
    created_at  TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- LOCAL ONLY (DM-10): excluded categories, likewise.
CREATE TABLE dailymenu_excluded_categories (
    category   TEXT PRIMARY KEY REFERENCES dailymenu_categories (id),
    created_at TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]')
) STRICT;

-- A ritual begun (DM-3), with the optional before-mood. A start is open until
-- a completion refers to it; an open start older than
-- DailyMenuRules.openStartHours (12) has expired: it is kept, but completing
-- the activity then is a new one-tap completion.
CREATE TABLE dailymenu_starts (
    id          TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    activity_id TEXT NOT NULL REFERENCES dailymenu_activities (id),
    started_at  TEXT NOT NULL CHECK (started_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    before_mood TEXT CHECK (before_mood IS NULL OR before_mood IN ('Low', 'Okay', 'Good'))
) STRICT;
CREATE INDEX dailymenu_starts_by_activity ON dailymenu_starts (activity_id, started_at);

-- A ritual done (DM-3). It counts on the owner's local day when it was
-- completed (local_day, local_time in the zone of that moment, kept so that a
-- later move to another zone never moves past rituals), even when its start
-- was the evening before. One completion per activity per local day.
CREATE TABLE dailymenu_completions (
    id           TEXT PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
    activity_id  TEXT NOT NULL REFERENCES dailymenu_activities (id),
    -- NULL: a one-tap completion without a start.
    start_id     TEXT UNIQUE REFERENCES dailymenu_starts (id),
    completed_at TEXT NOT NULL CHECK (completed_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]'),
    local_day    TEXT NOT NULL CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(local_day, '+0 days') = local_day),
    local_time   TEXT NOT NULL CHECK (local_time GLOB '[0-2][0-9]:[0-5][0-9]' AND local_time <= '23:59'),
    time_zone    TEXT NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
    before_mood  TEXT CHECK (before_mood IS NULL OR before_mood IN ('Low', 'Okay', 'Good')),
    after_mood   TEXT CHECK (after_mood IS NULL OR after_mood IN ('Lower', 'Same', 'Better')),
    feedback     TEXT CHECK (feedback IS NULL OR feedback IN ('Loved it', 'Nice', 'Not for me')),
    UNIQUE (activity_id, local_day)
) STRICT;
CREATE INDEX dailymenu_completions_by_day ON dailymenu_completions (local_day);
CREATE INDEX dailymenu_completions_by_time ON dailymenu_completions (completed_at);

INSERT INTO dailymenu_categories (id, name, position) VALUES
    ('move', 'Move', 1),
    ('breathe', 'Breathe', 2),
    ('create', 'Create', 3),
    ('connect', 'Connect', 4),
    ('outdoors', 'Outdoors', 5),
    ('nourish', 'Nourish', 6),
    ('tidy', 'Tidy', 7),
    ('learn', 'Learn', 8);

INSERT INTO dailymenu_packs (id, name, description, unlock_season) VALUES
    ('slow-mornings', 'Slow Mornings', 'Ten gentle ways to let a morning unfold.', 3),
    ('kitchen-garden', 'Kitchen Garden', 'Ten small joys from the pot, the pan and the windowsill.', 5),
    ('starlight', 'Starlight', 'Ten quiet rituals for the end of the day.', 7);

INSERT INTO dailymenu_activities (id, title, category, energy, minutes, how_to) VALUES
    ('neck-rolls', 'Neck rolls', 'move', 'low', 2, 'Roll your head slowly, five times each way, shoulders soft.'),
    ('sun-salute', 'One sun salutation', 'move', 'medium', 5, 'Reach up, fold down, step back, rise again: one slow round.'),
    ('kitchen-dance', 'Kitchen dance', 'move', 'high', 4, 'Put on one song you love and dance until it ends.'),
    ('stair-climb', 'Take the stairs', 'move', 'high', 5, 'Walk up and down a flight of stairs three times.'),
    ('wall-pushups', 'Wall push-ups', 'move', 'medium', 3, 'Ten slow push-ups against a wall, breathing out as you push.'),
    ('toe-touch', 'Reach for your toes', 'move', 'low', 2, 'Fold forward, knees soft, and hang there for five breaths.'),
    ('shake-it-out', 'Shake it out', 'move', 'medium', 1, 'Shake your hands, arms and legs loose for one minute.'),
    ('balance', 'Stand on one foot', 'move', 'low', 2, 'Balance on each foot for thirty seconds; a wall nearby is fine.'),
    ('box-breath', 'Box breathing', 'breathe', 'low', 3, 'In for four, hold for four, out for four, hold for four.'),
    ('sigh', 'Three long sighs', 'breathe', 'low', 1, 'Breathe in deeply and let it go with an audible sigh, three times.'),
    ('body-scan', 'Body scan', 'breathe', 'low', 5, 'Notice each part of you from toes to crown, without changing anything.'),
    ('counted-breath', 'Count ten breaths', 'breathe', 'low', 2, 'Count each out-breath up to ten; start again if you lose count.'),
    ('tea-pause', 'A mindful cup', 'breathe', 'low', 5, 'Make a warm drink and notice its smell, warmth and taste.'),
    ('window-gaze', 'Window gazing', 'breathe', 'low', 3, 'Look out of a window and name five things you can see.'),
    ('humming', 'Hum a tune', 'breathe', 'low', 2, 'Hum a long low note or a favourite tune and feel it buzz.'),
    ('candle', 'Light a candle', 'breathe', 'low', 5, 'Light a candle and watch the flame for a few quiet minutes.'),
    ('doodle', 'Doodle something', 'create', 'low', 5, 'Draw whatever is in front of you; nobody needs to see it.'),
    ('haiku', 'Write a haiku', 'create', 'medium', 5, 'Five syllables, seven, five: about today.'),
    ('photo', 'Take one photo', 'create', 'medium', 3, 'Find one small beautiful thing and photograph it.'),
    ('colour-page', 'Colour a corner', 'create', 'low', 10, 'Colour in a small part of a page with any pens you have.'),
    ('rearrange', 'Arrange something', 'create', 'medium', 5, 'Arrange a shelf, a vase or a bowl of fruit until it pleases you.'),
    ('sing', 'Sing a song', 'create', 'high', 4, 'Sing one whole song out loud, words or no words.'),
    ('journal-line', 'One line journal', 'create', 'low', 2, 'Write one sentence about today.'),
    ('paper-fold', 'Fold a paper boat', 'create', 'medium', 5, 'Fold a boat or a crane from any sheet of paper.'),
    ('text-friend', 'Message a friend', 'connect', 'low', 2, 'Send someone a note that you thought of them.'),
    ('call-family', 'Call someone you love', 'connect', 'medium', 10, 'Ring someone for no reason but to hear their voice.'),
    ('thank-you', 'Say thank you', 'connect', 'low', 2, 'Thank someone for something small and specific.'),
    ('compliment', 'Give a compliment', 'connect', 'medium', 1, 'Tell someone one thing you appreciate about them.'),
    ('neighbour', 'Greet a neighbour', 'connect', 'medium', 3, 'Say hello to a neighbour and ask how they are.'),
    ('old-photo', 'Share an old photo', 'connect', 'low', 3, 'Send a friend an old photo of the two of you.'),
    ('postcard', 'Write a postcard', 'connect', 'medium', 10, 'Write a few lines on a postcard and send it.'),
    ('listen', 'Listen closely', 'connect', 'low', 5, 'In your next conversation, listen without planning your reply.'),
    ('sky-look', 'Look at the sky', 'outdoors', 'low', 2, 'Step outside and watch the sky for a moment.'),
    ('short-walk', 'A short walk', 'outdoors', 'medium', 10, 'Walk around the block at whatever pace feels good.'),
    ('barefoot', 'Barefoot on grass', 'outdoors', 'low', 3, 'Stand barefoot on grass or earth and feel the ground.'),
    ('tree-hello', 'Visit a tree', 'outdoors', 'low', 5, 'Find a tree, touch its bark and notice its leaves.'),
    ('bird-listen', 'Listen for birds', 'outdoors', 'low', 3, 'Stand still outside and count the different birdsongs.'),
    ('brisk-walk', 'A brisk walk', 'outdoors', 'high', 15, 'Walk briskly for fifteen minutes and let your arms swing.'),
    ('water-plants', 'Water the plants', 'outdoors', 'low', 5, 'Water your plants and pick off any tired leaves.'),
    ('fresh-air', 'Open a window', 'outdoors', 'low', 1, 'Open a window wide and take five breaths of fresh air.'),
    ('glass-water', 'A glass of water', 'nourish', 'low', 1, 'Drink a full glass of water slowly.'),
    ('fruit', 'A piece of fruit', 'nourish', 'low', 3, 'Eat one piece of fruit slowly, noticing its taste.'),
    ('smoothie', 'Blend a smoothie', 'nourish', 'medium', 10, 'Blend fruit with yoghurt or milk and sip it slowly.'),
    ('herbal-tea', 'Brew herbal tea', 'nourish', 'low', 5, 'Brew a cup of herbal tea and drink it while it is warm.'),
    ('snack-plate', 'Arrange a snack plate', 'nourish', 'medium', 10, 'Put a few favourite snacks on a nice plate and sit down.'),
    ('lunch-away', 'Lunch away from screens', 'nourish', 'medium', 20, 'Eat your next meal with every screen out of sight.'),
    ('new-spice', 'Try a new spice', 'nourish', 'medium', 10, 'Add a spice you rarely use to your next dish.'),
    ('hand-cream', 'Hand cream', 'nourish', 'low', 2, 'Massage cream into your hands, one finger at a time.'),
    ('desk-clear', 'Clear your desk', 'tidy', 'medium', 5, 'Put away five things from your desk.'),
    ('one-drawer', 'Tidy one drawer', 'tidy', 'medium', 10, 'Empty one drawer, keep what you use, put it back neatly.'),
    ('make-bed', 'Make your bed', 'tidy', 'low', 3, 'Make your bed and smooth the cover with both hands.'),
    ('dishes', 'Wash a few dishes', 'tidy', 'medium', 5, 'Wash the dishes in the sink, feeling the warm water.'),
    ('inbox-five', 'Five emails', 'tidy', 'medium', 5, 'Answer, archive or delete five emails.'),
    ('donate-one', 'Let one thing go', 'tidy', 'low', 3, 'Choose one thing you no longer need to give away.'),
    ('sweep', 'Sweep a floor', 'tidy', 'high', 10, 'Sweep or vacuum one room, start to finish.'),
    ('fresh-sheets', 'Fresh sheets', 'tidy', 'high', 15, 'Change your bed sheets for fresh ones.'),
    ('read-page', 'Read one page', 'learn', 'low', 5, 'Read one page of a book you have been meaning to read.'),
    ('new-word', 'Learn a word', 'learn', 'low', 2, 'Look up a word you do not know and use it today.'),
    ('podcast', 'A short podcast', 'learn', 'low', 15, 'Listen to a short episode about something new.'),
    ('map-look', 'Explore a map', 'learn', 'low', 5, 'Open a map of a place you have never been and wander.'),
    ('how-it-works', 'How does it work?', 'learn', 'medium', 10, 'Find out how one everyday object works.'),
    ('language', 'A phrase in another language', 'learn', 'medium', 5, 'Learn to say one friendly phrase in another language.'),
    ('poem', 'Read a poem', 'learn', 'low', 3, 'Read one poem aloud, slowly.'),
    ('sketch-learn', 'Draw to learn', 'learn', 'medium', 10, 'Draw a diagram of something you are learning about.');

INSERT INTO dailymenu_activities (id, title, category, energy, minutes, how_to, pack_id) VALUES
    ('sunrise-watch', 'Watch the light change', 'outdoors', 'low', 10, 'Sit by a window or door while the morning light grows.', 'slow-mornings'),
    ('slow-coffee', 'Slow coffee', 'nourish', 'low', 10, 'Brew coffee by hand and drink the first cup sitting down.', 'slow-mornings'),
    ('morning-pages', 'Morning pages', 'create', 'medium', 15, 'Write three pages of whatever comes, before checking anything.', 'slow-mornings'),
    ('morning-stretch', 'Bed stretch', 'move', 'low', 3, 'Before you get up, stretch long from fingers to toes.', 'slow-mornings'),
    ('intention', 'Set an intention', 'breathe', 'low', 2, 'Choose one word for how you want today to feel.', 'slow-mornings'),
    ('open-curtains', 'Open the curtains slowly', 'breathe', 'low', 1, 'Open the curtains and greet the day by name.', 'slow-mornings'),
    ('warm-water', 'Warm water and lemon', 'nourish', 'low', 3, 'Sip a cup of warm water with a slice of lemon.', 'slow-mornings'),
    ('morning-walk', 'A morning stroll', 'outdoors', 'medium', 15, 'Walk outside before the day gets busy.', 'slow-mornings'),
    ('breakfast-table', 'Breakfast at the table', 'nourish', 'medium', 15, 'Sit at a table for breakfast, plate and all.', 'slow-mornings'),
    ('morning-message', 'Good-morning message', 'connect', 'low', 2, 'Wish someone a good morning.', 'slow-mornings'),
    ('herb-pot', 'Tend a herb pot', 'outdoors', 'low', 5, 'Water a herb pot and pinch the tips so it grows bushy.', 'kitchen-garden'),
    ('bake-bread', 'Knead some dough', 'nourish', 'high', 20, 'Knead a small batch of dough for ten minutes.', 'kitchen-garden'),
    ('soup-pot', 'A pot of soup', 'nourish', 'medium', 30, 'Chop what vegetables you have into a simple soup.', 'kitchen-garden'),
    ('sprouts', 'Start some sprouts', 'learn', 'low', 5, 'Soak a spoonful of seeds in a jar for sprouting.', 'kitchen-garden'),
    ('jam-jar', 'Label your jars', 'tidy', 'low', 10, 'Label the jars in your cupboard by hand.', 'kitchen-garden'),
    ('share-food', 'Share a dish', 'connect', 'medium', 10, 'Bring something you made to a neighbour or friend.', 'kitchen-garden'),
    ('taste-test', 'Blind taste test', 'learn', 'low', 5, 'Taste three herbs or spices with your eyes closed.', 'kitchen-garden'),
    ('kitchen-sketch', 'Sketch your vegetables', 'create', 'low', 10, 'Draw a vegetable from the kitchen, roots and all.', 'kitchen-garden'),
    ('compost', 'Start a compost bowl', 'tidy', 'medium', 5, 'Keep peelings in a bowl today for the compost.', 'kitchen-garden'),
    ('seed-sowing', 'Sow a seed', 'outdoors', 'medium', 10, 'Sow one seed in a small pot and label it.', 'kitchen-garden'),
    ('star-count', 'Count the stars', 'outdoors', 'low', 10, 'Step out after dark and count the stars you can see.', 'starlight'),
    ('moon-note', 'Note the moon', 'learn', 'low', 2, 'Find the moon and note its shape today.', 'starlight'),
    ('evening-stretch', 'Evening stretch', 'move', 'low', 5, 'Stretch slowly on the floor before bed.', 'starlight'),
    ('three-good', 'Three good things', 'create', 'low', 5, 'Write down three good things from today.', 'starlight'),
    ('lights-low', 'Lights low', 'breathe', 'low', 10, 'Dim the lights an hour before bed and keep them low.', 'starlight'),
    ('goodnight-call', 'A goodnight call', 'connect', 'low', 5, 'Call or message someone to say goodnight.', 'starlight'),
    ('tomorrow-list', 'Tomorrow in three lines', 'tidy', 'low', 3, 'Write the three things tomorrow holds.', 'starlight'),
    ('warm-milk', 'A warm bedtime drink', 'nourish', 'low', 5, 'Warm some milk or a caffeine-free tea and sip it slowly.', 'starlight'),
    ('night-reading', 'Read by lamplight', 'learn', 'low', 15, 'Read a few pages of paper book by a warm lamp.', 'starlight'),
    ('night-breath', 'Four-seven-eight breath', 'breathe', 'low', 3, 'Breathe in for 4, hold for 7, out for 8, four times.', 'starlight');
