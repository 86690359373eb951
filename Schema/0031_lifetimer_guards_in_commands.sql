-- 0031_lifetimer_guards_in_commands: LifeTimer's triggers guard a person's
-- commands; they never veto sync (SPEC SYNC-6, LT-2, LT-3).
--
-- A sync apply (sync_site.mode 2) writes what the merged records say: a
-- countdown started on two devices takes the earlier start everywhere, a
-- goal's number is its place in the order the account's goals were made,
-- a goal deleted after the start on a device that had not heard of it comes
-- back, and the count of goals made is the number of the account's goals'
-- records (docs/sync.md, section 7). The rules behind these triggers are
-- then sync's, worked out from the merged records alone; refusing one of
-- those writes would stop the device for ever. Every other writer (lifectl,
-- an app, the sqlite3 shell) meets them as before.

DROP TRIGGER lifetimer_goals_created_never_decreases;
DROP TRIGGER lifetimer_countdown_needs_a_goal;
DROP TRIGGER lifetimer_countdown_never_changes;
DROP TRIGGER lifetimer_countdown_never_deleted;
DROP TRIGGER lifetimer_goal_numbered;
DROP TRIGGER lifetimer_goal_insert_locked;
DROP TRIGGER lifetimer_goal_counted;
DROP TRIGGER lifetimer_goal_delete_locked;
DROP TRIGGER lifetimer_goal_retitle_locked;
DROP TRIGGER lifetimer_goal_identity_fixed;
DROP TRIGGER lifetimer_follow_public_only;
DROP TRIGGER lifetimer_follow_not_across_block;
DROP TRIGGER lifetimer_block_removes_follows;

CREATE TRIGGER lifetimer_goals_created_never_decreases
BEFORE UPDATE OF goals_created ON lifetimer_accounts
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (new.goals_created < old.goals_created)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals_created counts every goal ever created and never decreases');
END;

CREATE TRIGGER lifetimer_countdown_needs_a_goal
BEFORE INSERT ON lifetimer_countdowns
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (NOT EXISTS (SELECT 1 FROM lifetimer_goals WHERE account_id = new.account_id))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: the countdown needs at least one goal');
END;

CREATE TRIGGER lifetimer_countdown_never_changes
BEFORE UPDATE ON lifetimer_countdowns
WHEN (SELECT mode FROM sync_site) IS NOT 2
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a countdown cannot be paused, reset or extended');
END;

CREATE TRIGGER lifetimer_countdown_never_deleted
BEFORE DELETE ON lifetimer_countdowns
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (EXISTS (SELECT 1 FROM lifetimer_accounts WHERE id = old.account_id))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a countdown cannot be paused, reset or extended');
END;

CREATE TRIGGER lifetimer_goal_numbered
BEFORE INSERT ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (new.number IS NOT (SELECT goals_created + 1 FROM lifetimer_accounts WHERE id = new.account_id))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a new goal''s number must be goals_created + 1');
END;

CREATE TRIGGER lifetimer_goal_insert_locked
BEFORE INSERT ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (EXISTS (SELECT 1 FROM lifetimer_countdowns WHERE account_id = new.account_id))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals are locked once the countdown has started (no add)');
END;

CREATE TRIGGER lifetimer_goal_counted
AFTER INSERT ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) IS NOT 2
BEGIN
    UPDATE lifetimer_accounts SET goals_created = goals_created + 1 WHERE id = new.account_id;
END;

CREATE TRIGGER lifetimer_goal_delete_locked
BEFORE DELETE ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (EXISTS (SELECT 1 FROM lifetimer_countdowns WHERE account_id = old.account_id)
        AND EXISTS (SELECT 1 FROM lifetimer_accounts WHERE id = old.account_id))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals are locked once the countdown has started (no delete)');
END;

CREATE TRIGGER lifetimer_goal_retitle_locked
BEFORE UPDATE OF title ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (new.title IS NOT old.title
        AND EXISTS (SELECT 1 FROM lifetimer_countdowns WHERE account_id = old.account_id))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: goals are locked once the countdown has started (no retitle)');
END;

CREATE TRIGGER lifetimer_goal_identity_fixed
BEFORE UPDATE OF id, account_id, number ON lifetimer_goals
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (new.id IS NOT old.id OR new.account_id IS NOT old.account_id OR new.number IS NOT old.number)
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a goal''s id, account and number never change');
END;

CREATE TRIGGER lifetimer_follow_public_only
BEFORE INSERT ON lifetimer_follows
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND ((SELECT visibility FROM lifetimer_accounts WHERE id = new.followee_id) IS NOT 'public'
        AND new.created_at >= (SELECT updated_at FROM lifetimer_accounts WHERE id = new.followee_id))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: only a public account can be followed');
END;

CREATE TRIGGER lifetimer_follow_not_across_block
BEFORE INSERT ON lifetimer_follows
WHEN (SELECT mode FROM sync_site) IS NOT 2
    AND (EXISTS (
        SELECT 1 FROM lifetimer_blocks
        WHERE (blocker_id = new.follower_id AND blocked_id = new.followee_id)
           OR (blocker_id = new.followee_id AND blocked_id = new.follower_id)
    ))
BEGIN
    SELECT RAISE(ABORT, 'lifetimer: a block stands between these accounts');
END;

CREATE TRIGGER lifetimer_block_removes_follows
AFTER INSERT ON lifetimer_blocks
WHEN (SELECT mode FROM sync_site) IS NOT 2
BEGIN
    DELETE FROM lifetimer_follows
    WHERE (follower_id = new.blocker_id AND followee_id = new.blocked_id)
       OR (follower_id = new.blocked_id AND followee_id = new.blocker_id);
END;
