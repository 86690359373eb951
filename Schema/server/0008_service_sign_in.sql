-- 0008_service_sign_in: the service people sign in to (SPEC SRV-5, LT-1;
-- issue 29; docs/server.md, "The service").
--
-- The service (lifectl-server) logs in as the role `lifectl_service`. It
-- may do two things and no more: become `authenticated` for a request that
-- carries a verified token (as Supabase's `authenticator` does), so the
-- policies of 0001–0007 decide; and call the sign-in functions below, each
-- security definer with an empty search_path, executable by
-- `lifectl_service` only (never by `authenticated` or `anon`). It owns no
-- table and reads none: what it learns about a person outside a request
-- made as that person is what these functions answer (a password's hash for
-- an e-mail, a session's liveness, a refresh token's rotation).
--
-- The role is made without LOGIN: the operator gives it one (`ALTER ROLE
-- lifectl_service LOGIN PASSWORD '…'`, or LOGIN alone on a local socket
-- with trust authentication; scripts/serve does).
--
-- Nothing here holds a password or a token in the clear: passwords as
-- scrypt hashes (salted per user, made by the service), refresh tokens as
-- their SHA-256. Deleting a user deletes its sign-in data; its id stays a
-- tombstone and never comes back (SRV-6), as LifeTimer accounts' ids do.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lifectl_service') THEN
        CREATE ROLE lifectl_service NOLOGIN NOINHERIT;
    END IF;
    -- Roles are the cluster's: another database's migration may have granted it.
    IF NOT pg_has_role('lifectl_service', 'authenticated', 'MEMBER') THEN
        GRANT authenticated TO lifectl_service;
    END IF;
END $$;
GRANT USAGE ON SCHEMA lifectl TO lifectl_service;

-- Every user the service has: an e-mail and a password's hash, or neither
-- (signed in with Apple or Google only).
CREATE TABLE lifectl.service_users (
    id uuid PRIMARY KEY,
    email_key text UNIQUE CHECK (email_key = lower(email_key) AND length(email_key) BETWEEN 3 AND 254),
    password_hash text CHECK ((email_key IS NULL) = (password_hash IS NULL)),
    created_at timestamptz NOT NULL
);

-- Every id a user has had, deleted ones with the instant: an id never comes back.
CREATE TABLE lifectl.service_user_ids (
    id uuid PRIMARY KEY,
    deleted_at timestamptz
);

-- Apple and Google identities, after the service verified an ID token.
CREATE TABLE lifectl.service_identities (
    provider text NOT NULL CHECK (provider IN ('apple', 'google')),
    subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
    user_id uuid NOT NULL REFERENCES lifectl.service_users (id) ON DELETE CASCADE,
    PRIMARY KEY (provider, subject)
);
CREATE INDEX service_identities_by_user ON lifectl.service_identities (user_id);

-- A sign-in on one device: the family of its refresh tokens. An access token
-- names its session; a revoked session's access tokens are refused at once.
CREATE TABLE lifectl.service_sessions (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES lifectl.service_users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz
);
CREATE INDEX service_sessions_by_user ON lifectl.service_sessions (user_id);

-- Refresh tokens by their SHA-256; each is used once (rotated). Using one
-- again revokes its session: a stolen copy and its owner cannot both go on.
CREATE TABLE lifectl.service_refresh_tokens (
    token_hash bytea PRIMARY KEY CHECK (length(token_hash) = 32),
    session_id uuid NOT NULL REFERENCES lifectl.service_sessions (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
);
CREATE INDEX service_refresh_tokens_by_session ON lifectl.service_refresh_tokens (session_id);

ALTER TABLE lifectl.service_users ENABLE ROW LEVEL SECURITY;
ALTER TABLE lifectl.service_user_ids ENABLE ROW LEVEL SECURITY;
ALTER TABLE lifectl.service_identities ENABLE ROW LEVEL SECURITY;
ALTER TABLE lifectl.service_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE lifectl.service_refresh_tokens ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON lifectl.service_users, lifectl.service_user_ids, lifectl.service_identities, lifectl.service_sessions,
    lifectl.service_refresh_tokens FROM PUBLIC, anon, authenticated, lifectl_service;

-- A new user with an e-mail and a password's hash; `wanted`, when given, is
-- its id (a device's LifeTimer account becoming the user), refused when any
-- user or LifeTimer account has or had it. Answers the id, or NULL when the
-- address is taken.
CREATE FUNCTION lifectl.service_sign_up(email text, password_hash text, wanted uuid, at timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
DECLARE
    key text := lower(btrim(email));
    made uuid := coalesce(wanted, gen_random_uuid());
BEGIN
    IF EXISTS (SELECT 1 FROM lifectl.service_user_ids AS u WHERE u.id = made)
       OR EXISTS (SELECT 1 FROM lifectl.lifetimer_account_ids AS a WHERE a.id = made) THEN
        RAISE EXCEPTION 'service: the id is or was in use, and an id never comes back'
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'service_user_ids_pkey';
    END IF;
    INSERT INTO lifectl.service_users (id, email_key, password_hash, created_at)
    VALUES (made, key, password_hash, at) ON CONFLICT (email_key) DO NOTHING;
    IF NOT FOUND THEN RETURN NULL; END IF;
    INSERT INTO lifectl.service_user_ids (id) VALUES (made);
    RETURN made;
END $$;

-- The user and password hash for an e-mail (any case), no row when none has it.
CREATE FUNCTION lifectl.service_password_of(email text) RETURNS TABLE (user_id uuid, password_hash text)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
    SELECT u.id, u.password_hash FROM lifectl.service_users AS u WHERE u.email_key = lower(btrim(email))
$$;

-- The user of a verified Apple or Google identity, made on its first sign-in.
CREATE FUNCTION lifectl.service_identity_user(provider text, subject text, at timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
DECLARE
    found uuid;
BEGIN
    SELECT i.user_id INTO found FROM lifectl.service_identities AS i
    WHERE i.provider = provider AND i.subject = subject;
    IF found IS NOT NULL THEN RETURN found; END IF;
    found := gen_random_uuid();
    INSERT INTO lifectl.service_users (id, email_key, password_hash, created_at) VALUES (found, NULL, NULL, at);
    INSERT INTO lifectl.service_user_ids (id) VALUES (found);
    INSERT INTO lifectl.service_identities (provider, subject, user_id) VALUES (provider, subject, found);
    RETURN found;
END $$;

-- A new session for `user_id` with its first refresh token; answers the session.
CREATE FUNCTION lifectl.service_session_open(user_id uuid, token_hash bytea, expires_at timestamptz, at timestamptz)
    RETURNS uuid
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
DECLARE
    session uuid := gen_random_uuid();
BEGIN
    INSERT INTO lifectl.service_sessions (id, user_id, created_at) VALUES (session, user_id, at);
    INSERT INTO lifectl.service_refresh_tokens (token_hash, session_id, expires_at)
    VALUES (token_hash, session, expires_at);
    RETURN session;
END $$;

-- Rotates a refresh token: when `old_hash` is live (unused, unexpired, its
-- session not revoked) it is used up and `new_hash` takes its place in the
-- same session, and the row answers the user and the session. A token used
-- before revokes its whole session (it was copied) and answers no row, as
-- does one unknown, expired or revoked.
CREATE FUNCTION lifectl.service_refresh(old_hash bytea, new_hash bytea, expires_at timestamptz, at timestamptz)
    RETURNS TABLE (user_id uuid, session_id uuid)
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
DECLARE
    token record;
    live boolean;
BEGIN
    SELECT t.session_id, t.expires_at, t.used_at, s.user_id, s.revoked_at INTO token
    FROM lifectl.service_refresh_tokens AS t JOIN lifectl.service_sessions AS s ON s.id = t.session_id
    WHERE t.token_hash = old_hash FOR UPDATE OF t, s;
    IF NOT FOUND THEN RETURN; END IF;
    IF token.used_at IS NOT NULL THEN
        UPDATE lifectl.service_sessions AS s SET revoked_at = at WHERE s.id = token.session_id AND s.revoked_at IS NULL;
        RETURN;
    END IF;
    live := token.revoked_at IS NULL AND token.expires_at > at;
    IF NOT live THEN RETURN; END IF;
    UPDATE lifectl.service_refresh_tokens AS t SET used_at = at WHERE t.token_hash = old_hash;
    INSERT INTO lifectl.service_refresh_tokens (token_hash, session_id, expires_at)
    VALUES (new_hash, token.session_id, expires_at);
    RETURN QUERY SELECT token.user_id, token.session_id;
END $$;

-- True when `session` is `user_id`'s and not revoked (the user exists).
CREATE FUNCTION lifectl.service_session_live(session uuid, user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
    SELECT EXISTS (
        SELECT 1 FROM lifectl.service_sessions AS s
        WHERE s.id = session AND s.user_id = service_session_live.user_id AND s.revoked_at IS NULL)
$$;

-- Signs out: revokes `session`, or with `everywhere` every session of the user.
CREATE FUNCTION lifectl.service_sign_out(session uuid, user_id uuid, everywhere boolean, at timestamptz)
    RETURNS integer
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
DECLARE
    n integer;
BEGIN
    UPDATE lifectl.service_sessions AS s SET revoked_at = at
    WHERE s.user_id = user_id AND s.revoked_at IS NULL AND (everywhere OR s.id = session);
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END $$;

-- Deletes a user's sign-in data (LT-1): its e-mail, password hash,
-- identities, sessions and tokens; its id stays a tombstone. The service
-- deletes the person's LifeTimer account first, as the person.
CREATE FUNCTION lifectl.service_delete_user(user_id uuid, at timestamptz) RETURNS boolean
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
BEGIN
    DELETE FROM lifectl.service_users AS u WHERE u.id = user_id;
    IF NOT FOUND THEN RETURN false; END IF;
    UPDATE lifectl.service_user_ids AS u SET deleted_at = at WHERE u.id = user_id;
    RETURN true;
END $$;

REVOKE ALL ON FUNCTION lifectl.service_sign_up(text, text, uuid, timestamptz),
    lifectl.service_password_of(text), lifectl.service_identity_user(text, text, timestamptz),
    lifectl.service_session_open(uuid, bytea, timestamptz, timestamptz),
    lifectl.service_refresh(bytea, bytea, timestamptz, timestamptz), lifectl.service_session_live(uuid, uuid),
    lifectl.service_sign_out(uuid, uuid, boolean, timestamptz), lifectl.service_delete_user(uuid, timestamptz)
    FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION lifectl.service_sign_up(text, text, uuid, timestamptz),
    lifectl.service_password_of(text), lifectl.service_identity_user(text, text, timestamptz),
    lifectl.service_session_open(uuid, bytea, timestamptz, timestamptz),
    lifectl.service_refresh(bytea, bytea, timestamptz, timestamptz), lifectl.service_session_live(uuid, uuid),
    lifectl.service_sign_out(uuid, uuid, boolean, timestamptz), lifectl.service_delete_user(uuid, timestamptz)
    TO lifectl_service;
