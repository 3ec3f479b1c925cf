-- name: InboxFanoutAdd :one
-- A new activity's per-reader work, applied after the commit (migration 00088).
INSERT INTO inbox_fanouts (company_id, thread_id, activity_id, author_id, payload)
VALUES (@company_id, @thread_id, @activity_id, @author_id, @payload)
RETURNING id;

-- name: InboxFanoutTake :many
-- Locks pending fan-outs to apply them, oldest first (those another process
-- applied meanwhile are gone).
SELECT id, company_id, thread_id, activity_id, author_id, payload FROM inbox_fanouts
WHERE id = ANY(@ids::bigint[]) ORDER BY id FOR UPDATE;

-- name: InboxFanoutPending :many
-- The fan-outs left by processes that stopped before applying them, oldest first.
SELECT id, company_id, thread_id, activity_id, author_id, payload FROM inbox_fanouts ORDER BY id;

-- name: InboxFanoutDone :exec
DELETE FROM inbox_fanouts WHERE id = ANY(@ids::bigint[]);
