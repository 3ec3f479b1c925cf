-- The activity stream of threads.

-- name: ActivityCreate :one
INSERT INTO activities (company_id, thread_id, key, user_id, internal, addition_args)
VALUES (@company_id, @thread_id, @key, sqlc.narg(user_id), @internal, @addition_args)
RETURNING *;

-- name: ActivitySetKey :exec
UPDATE activities SET key = @key, updated_at = now() WHERE company_id = @company_id AND id = @id;

-- name: ActivityTouch :exec
UPDATE activities SET updated_at = now() WHERE company_id = @company_id AND id = @id;

-- name: ActivityGetByUUID :one
SELECT * FROM activities WHERE uuid = @uuid;

-- name: ActivityLastID :one
SELECT coalesce(max(id), 0)::bigint FROM activities WHERE company_id = @company_id AND thread_id = @thread_id;

-- name: ActivityPageBefore :many
-- The activities older than before_id (newest first; the caller reverses).
SELECT * FROM activities
WHERE company_id = @company_id AND thread_id = @thread_id AND id < @before_id AND internal = @internal
ORDER BY id DESC LIMIT @lim;

-- name: ActivityPageAfter :many
-- The activities newer than after_id, oldest first.
SELECT * FROM activities
WHERE company_id = @company_id AND thread_id = @thread_id AND id > @after_id AND internal = @internal
ORDER BY id LIMIT @lim;

-- name: ActivityListByIDs :many
SELECT * FROM activities WHERE company_id = @company_id AND id = ANY(@ids::bigint[]) ORDER BY id;

-- name: ActivityCreateSet :exec
-- Many activities in one statement, as parallel arrays (one element per
-- activity; binary arrays cost far less to send and read than JSON). The
-- caller makes the public ids (time-ordered, as uuid_v7() makes them, for a
-- fraction of its cost), as text (see ThreadGetForBulk).
INSERT INTO activities (uuid, company_id, thread_id, key, user_id, addition_args)
SELECT a.uuid::uuid, a.company_id, a.thread_id, a.key, a.user_id, coalesce(a.addition_args, '{}')
FROM (SELECT unnest(@uuids::text[]) AS uuid, unnest(@company_ids::bigint[]) AS company_id, unnest(@thread_ids::bigint[]) AS thread_id,
             unnest(@keys::text[]) AS key, unnest(@user_ids::bigint[]) AS user_id,
             unnest(@addition_args::jsonb[]) AS addition_args) a;

-- name: ActivityImportTimes :exec
-- A thread's entries moved with it (ThreadImportTimes): its creation at
-- created_at, every later entry at changed_at.
UPDATE activities SET action_at = CASE WHEN key = 'inbox_task.create' THEN @created_at::timestamptz ELSE @changed_at::timestamptz END,
    created_at = CASE WHEN key = 'inbox_task.create' THEN @created_at::timestamptz ELSE @changed_at::timestamptz END,
    updated_at = @changed_at::timestamptz
WHERE company_id = @company_id AND thread_id = @thread_id;
