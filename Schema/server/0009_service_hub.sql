-- 0009_service_hub: the hub carries one person's sync bundles between their
-- devices (SPEC SRV-4; issue 29; docs/server.md, "The hub").
--
-- A blind relay: each row is a bundle's ciphertext, which the server cannot
-- read, filed under its owner (the signed-in person, `auth.uid()`) and the
-- device that made it, with the device's sequence number (1, 2, 3, …) and
-- the SHA-256 of the device's previous bundle. The server computes each
-- bundle's hash itself and takes a bundle only as the next link of its
-- device's chain, so a device that reads the chain back (checking every
-- hash against the ciphertext it received) notices a bundle the hub lost,
-- withheld or changed: the next one names a hash it does not have.
--
-- Each person reaches only their own bundles: the policies below, to
-- `authenticated`, through the service (SRV-5) or Supabase's API alike.
-- Bundles are written once and never changed; their owner may delete them.
-- Limits: 8 MiB a bundle; per person 256 MiB and 10,000 bundles, counted in
-- lifectl.sync_usage (kept by a trigger, read by no client).

CREATE TABLE public.sync_bundles (
    owner_id uuid NOT NULL,
    device_id uuid NOT NULL,
    sequence bigint NOT NULL CHECK (sequence >= 1),
    previous_hash bytea CHECK (length(previous_hash) = 32),
    hash bytea NOT NULL CHECK (length(hash) = 32),
    ciphertext bytea NOT NULL CHECK (length(ciphertext) BETWEEN 1 AND 8388608),
    received_at timestamptz NOT NULL,
    PRIMARY KEY (owner_id, device_id, sequence),
    CHECK ((sequence = 1) = (previous_hash IS NULL))
);

CREATE TABLE lifectl.sync_usage (
    owner_id uuid PRIMARY KEY,
    bytes bigint NOT NULL DEFAULT 0,
    bundles integer NOT NULL DEFAULT 0
);
ALTER TABLE lifectl.sync_usage ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON lifectl.sync_usage FROM PUBLIC, anon, authenticated;

-- The next link of the device's chain, stamped and hashed by the server,
-- within the owner's quota.
CREATE FUNCTION lifectl.sync_bundle_arrives() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
    before bytea;
    usage record;
BEGIN
    -- Before anything is read: a row for someone else gets the policy's own
    -- refusal, so no answer tells anything about another person's chain.
    IF NEW.owner_id IS DISTINCT FROM auth.uid() THEN
        RAISE EXCEPTION 'new row violates row-level security policy for table "sync_bundles"'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    NEW.hash := pg_catalog.sha256(NEW.ciphertext);
    NEW.received_at := lifectl.lifetimer_now();
    IF NEW.sequence > 1 THEN
        SELECT b.hash INTO before FROM public.sync_bundles AS b
        WHERE b.owner_id = NEW.owner_id AND b.device_id = NEW.device_id AND b.sequence = NEW.sequence - 1;
        IF before IS NULL OR before <> NEW.previous_hash THEN
            RAISE EXCEPTION 'sync: bundle % of the device does not follow the bundle the hub has before it', NEW.sequence
                USING ERRCODE = 'check_violation';
        END IF;
    END IF;
    INSERT INTO lifectl.sync_usage AS u (owner_id, bytes, bundles)
    VALUES (NEW.owner_id, length(NEW.ciphertext), 1)
    ON CONFLICT (owner_id) DO UPDATE SET bytes = u.bytes + EXCLUDED.bytes, bundles = u.bundles + 1
    RETURNING u.bytes, u.bundles INTO usage;
    IF usage.bytes > 268435456 OR usage.bundles > 10000 THEN
        RAISE EXCEPTION 'sync: the hub holds at most 256 MiB and 10000 bundles per person; delete old bundles first'
            USING ERRCODE = 'program_limit_exceeded';
    END IF;
    RETURN NEW;
END $$;

CREATE FUNCTION lifectl.sync_bundle_leaves() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
    UPDATE lifectl.sync_usage AS u SET bytes = u.bytes - length(OLD.ciphertext), bundles = u.bundles - 1
    WHERE u.owner_id = OLD.owner_id;
    RETURN OLD;
END $$;

REVOKE ALL ON FUNCTION lifectl.sync_bundle_arrives(), lifectl.sync_bundle_leaves() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER sync_bundle_arrives BEFORE INSERT ON public.sync_bundles
    FOR EACH ROW EXECUTE FUNCTION lifectl.sync_bundle_arrives();
CREATE TRIGGER sync_bundle_leaves AFTER DELETE ON public.sync_bundles
    FOR EACH ROW EXECUTE FUNCTION lifectl.sync_bundle_leaves();

ALTER TABLE public.sync_bundles ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.sync_bundles FROM PUBLIC, anon, authenticated;
GRANT SELECT, DELETE ON public.sync_bundles TO authenticated;
GRANT INSERT (owner_id, device_id, sequence, previous_hash, ciphertext) ON public.sync_bundles TO authenticated;

CREATE POLICY sync_bundles_read ON public.sync_bundles FOR SELECT TO authenticated
    USING (owner_id = (SELECT auth.uid()));
CREATE POLICY sync_bundles_send ON public.sync_bundles FOR INSERT TO authenticated
    WITH CHECK (owner_id = (SELECT auth.uid()));
CREATE POLICY sync_bundles_delete ON public.sync_bundles FOR DELETE TO authenticated
    USING (owner_id = (SELECT auth.uid()));

-- Deleting a user deletes its bundles too (LT-1).
CREATE OR REPLACE FUNCTION lifectl.service_delete_user(user_id uuid, at timestamptz) RETURNS boolean
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_variable
BEGIN
    DELETE FROM lifectl.service_users AS u WHERE u.id = user_id;
    IF NOT FOUND THEN RETURN false; END IF;
    UPDATE lifectl.service_user_ids AS u SET deleted_at = at WHERE u.id = user_id;
    DELETE FROM public.sync_bundles AS b WHERE b.owner_id = user_id;
    DELETE FROM lifectl.sync_usage AS u WHERE u.owner_id = user_id;
    RETURN true;
END $$;
