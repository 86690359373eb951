-- 0033_sync_hub: where this device stands in each chain of bundles on a
-- service's hub (SPEC SRV-4; docs/sync.md, section 10, "Through the
-- service"). The hub keeps each device's bundles as a chain: a sequence
-- and, for each bundle, the hash of the one before. A device remembers the
-- last bundle it read of each other device's chain (and the last it sent of
-- its own), so a hub that lost, withheld, rolled back or changed a bundle
-- is noticed instead of silently skipped. Local to this device: never in a
-- bundle, never captured.
--
-- server: the service's URL, as `lifectl login` keeps it (no trailing
-- slash); device: the chain's device id (this device's own included);
-- sequence and hash: the last bundle read or sent (its SHA-256, 32 bytes).
CREATE TABLE sync_hub (
    server   TEXT NOT NULL CHECK (length(server) BETWEEN 1 AND 2048),
    device   BLOB NOT NULL CHECK (length(device) = 16),
    sequence INTEGER NOT NULL CHECK (sequence >= 1),
    hash     BLOB NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (server, device)
) STRICT, WITHOUT ROWID;
