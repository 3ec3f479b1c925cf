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
-- Many activities in one statement: rows is a JSON array of
-- (company_id, thread_id, key, user_id, addition_args).
INSERT INTO activities (company_id, thread_id, key, user_id, addition_args)
SELECT a.company_id, a.thread_id, a.key, a.user_id, coalesce(a.addition_args, '{}')
FROM jsonb_to_recordset(@rows::jsonb) AS a(company_id bigint, thread_id bigint, key text, user_id bigint, addition_args jsonb);
