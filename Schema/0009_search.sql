-- 0009_search: one full-text index over the words people wrote in every
-- product (issue 13, SPEC §8): Finite phrases, walk names, discovered
-- Hereafter messages, LifeTimer goal titles, goal descriptions and milestone
-- titles. DailyMenu has no free text of its own (its activities are the
-- catalogue's), so it has nothing here.
--
-- search_documents holds one row per searchable text, kept in step with the
-- products' tables by the triggers below, so no write path (a store, sqlite3
-- by hand) can forget it; search_index is the FTS5 index over it (external
-- content: the text is stored once, in search_documents). Diacritics are
-- folded ("cafe" finds "Café").
--
-- Privacy (SPEC HA-3, REL-6): a Hereafter message enters the index only when
-- it is discovered (discovered_at set). A locked message's text is in no row
-- and no token of the index, so a word found only in locked text matches
-- exactly what a word found nowhere matches: nothing.
--
-- kind names the source table and column; ref is the source row's id.
CREATE TABLE search_documents (
    id    INTEGER PRIMARY KEY,
    kind  TEXT NOT NULL CHECK (kind IN (
              'finite_phrase', 'walk_name', 'hereafter_message',
              'lifetimer_goal', 'lifetimer_goal_description', 'lifetimer_milestone'
          )),
    ref   TEXT NOT NULL CHECK (length(ref) = 36 AND ref = lower(ref)),
    body  TEXT NOT NULL CHECK (length(body) > 0),
    UNIQUE (kind, ref)
) STRICT;

CREATE VIRTUAL TABLE search_index USING fts5 (
    body, content = 'search_documents', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

-- The index follows search_documents (the FTS5 external-content pattern:
-- a 'delete' names the old text so its tokens can be removed).
CREATE TRIGGER search_documents_added AFTER INSERT ON search_documents
BEGIN
    INSERT INTO search_index (rowid, body) VALUES (new.id, new.body);
END;

CREATE TRIGGER search_documents_removed AFTER DELETE ON search_documents
BEGIN
    INSERT INTO search_index (search_index, rowid, body) VALUES ('delete', old.id, old.body);
END;

CREATE TRIGGER search_documents_changed AFTER UPDATE ON search_documents
BEGIN
    INSERT INTO search_index (search_index, rowid, body) VALUES ('delete', old.id, old.body);
    INSERT INTO search_index (rowid, body) VALUES (new.id, new.body);
END;

-- Finite: a marked week's phrase.
CREATE TRIGGER search_finite_marked AFTER INSERT ON finite_marks WHEN new.phrase IS NOT NULL
BEGIN
    INSERT INTO search_documents (kind, ref, body) VALUES ('finite_phrase', new.id, new.phrase);
END;

CREATE TRIGGER search_finite_remarked AFTER UPDATE OF id, phrase ON finite_marks
BEGIN
    DELETE FROM search_documents WHERE kind = 'finite_phrase' AND ref = old.id;
    INSERT INTO search_documents (kind, ref, body)
    SELECT 'finite_phrase', new.id, new.phrase WHERE new.phrase IS NOT NULL;
END;

CREATE TRIGGER search_finite_unmarked AFTER DELETE ON finite_marks
BEGIN
    DELETE FROM search_documents WHERE kind = 'finite_phrase' AND ref = old.id;
END;

-- Only Walks: a walk's name.
CREATE TRIGGER search_walk_added AFTER INSERT ON walks WHEN new.name IS NOT NULL
BEGIN
    INSERT INTO search_documents (kind, ref, body) VALUES ('walk_name', new.id, new.name);
END;

CREATE TRIGGER search_walk_renamed AFTER UPDATE OF id, name ON walks
BEGIN
    DELETE FROM search_documents WHERE kind = 'walk_name' AND ref = old.id;
    INSERT INTO search_documents (kind, ref, body)
    SELECT 'walk_name', new.id, new.name WHERE new.name IS NOT NULL;
END;

CREATE TRIGGER search_walk_deleted AFTER DELETE ON walks
BEGIN
    DELETE FROM search_documents WHERE kind = 'walk_name' AND ref = old.id;
END;

-- Hereafter: a message's text, from the moment it is discovered only.
CREATE TRIGGER search_hereafter_planted AFTER INSERT ON hereafter_messages WHEN new.discovered_at IS NOT NULL
BEGIN
    INSERT INTO search_documents (kind, ref, body) VALUES ('hereafter_message', new.id, new.text);
END;

CREATE TRIGGER search_hereafter_discovered AFTER UPDATE OF id, text, discovered_at ON hereafter_messages
BEGIN
    DELETE FROM search_documents WHERE kind = 'hereafter_message' AND ref = old.id;
    INSERT INTO search_documents (kind, ref, body)
    SELECT 'hereafter_message', new.id, new.text WHERE new.discovered_at IS NOT NULL;
END;

CREATE TRIGGER search_hereafter_deleted AFTER DELETE ON hereafter_messages
BEGIN
    DELETE FROM search_documents WHERE kind = 'hereafter_message' AND ref = old.id;
END;

-- LifeTimer: a goal's title and its description apart (others may see a
-- goal's title, never its description: SPEC LT-6), and a milestone's title.
CREATE TRIGGER search_lifetimer_goal_added AFTER INSERT ON lifetimer_goals
BEGIN
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_goal', new.id, new.title);
    INSERT INTO search_documents (kind, ref, body)
    SELECT 'lifetimer_goal_description', new.id, new.description WHERE new.description IS NOT NULL;
END;

CREATE TRIGGER search_lifetimer_goal_edited AFTER UPDATE OF id, title, description ON lifetimer_goals
BEGIN
    DELETE FROM search_documents WHERE kind IN ('lifetimer_goal', 'lifetimer_goal_description') AND ref = old.id;
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_goal', new.id, new.title);
    INSERT INTO search_documents (kind, ref, body)
    SELECT 'lifetimer_goal_description', new.id, new.description WHERE new.description IS NOT NULL;
END;

CREATE TRIGGER search_lifetimer_goal_deleted AFTER DELETE ON lifetimer_goals
BEGIN
    DELETE FROM search_documents WHERE kind IN ('lifetimer_goal', 'lifetimer_goal_description') AND ref = old.id;
END;

CREATE TRIGGER search_lifetimer_milestone_added AFTER INSERT ON lifetimer_milestones
BEGIN
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_milestone', new.id, new.title);
END;

CREATE TRIGGER search_lifetimer_milestone_edited AFTER UPDATE OF id, title ON lifetimer_milestones
BEGIN
    DELETE FROM search_documents WHERE kind = 'lifetimer_milestone' AND ref = old.id;
    INSERT INTO search_documents (kind, ref, body) VALUES ('lifetimer_milestone', new.id, new.title);
END;

CREATE TRIGGER search_lifetimer_milestone_deleted AFTER DELETE ON lifetimer_milestones
BEGIN
    DELETE FROM search_documents WHERE kind = 'lifetimer_milestone' AND ref = old.id;
END;

-- What was written before this migration.
INSERT INTO search_documents (kind, ref, body)
SELECT 'finite_phrase', id, phrase FROM finite_marks WHERE phrase IS NOT NULL;
INSERT INTO search_documents (kind, ref, body)
SELECT 'walk_name', id, name FROM walks WHERE name IS NOT NULL;
INSERT INTO search_documents (kind, ref, body)
SELECT 'hereafter_message', id, text FROM hereafter_messages WHERE discovered_at IS NOT NULL;
INSERT INTO search_documents (kind, ref, body)
SELECT 'lifetimer_goal', id, title FROM lifetimer_goals;
INSERT INTO search_documents (kind, ref, body)
SELECT 'lifetimer_goal_description', id, description FROM lifetimer_goals WHERE description IS NOT NULL;
INSERT INTO search_documents (kind, ref, body)
SELECT 'lifetimer_milestone', id, title FROM lifetimer_milestones;
