-- name: InboxFanoutAdd :one
-- A new activity's per-reader work, applied after the commit (migration 00088).
INSERT INTO inbox_fanouts (company_id, thread_id, activity_id, author_id, payload)
VALUES (@company_id, @thread_id, @activity_id, @author_id, @payload)
RETURNING id;

-- name: InboxFanoutTake :many
-- Locks one pending fan-out to apply it (none when another process applied it).
SELECT id, company_id, thread_id, activity_id, author_id, payload FROM inbox_fanouts WHERE id = @id FOR UPDATE;

-- name: InboxFanoutPending :many
-- The fan-outs left by processes that stopped before applying them, oldest first.
SELECT id, company_id, thread_id, activity_id, author_id, payload FROM inbox_fanouts ORDER BY id;

-- name: InboxFanoutDone :exec
DELETE FROM inbox_fanouts WHERE id = @id;
