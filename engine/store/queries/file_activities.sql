-- name: FileActivityAdd :exec
INSERT INTO file_activities (company_id, file_id, key, user_id, addition_args)
VALUES (@company_id, @file_id, @key, sqlc.narg(user_id), @addition_args);

-- name: FileActivityList :many
-- A file's history, newest first, with who did it.
SELECT sqlc.embed(file_activities), users.uuid AS creator_uuid, users.name AS creator_name,
       users.user_type AS creator_type, users.avatar_url AS creator_avatar, users.active AS creator_active
FROM file_activities
LEFT JOIN users ON users.id = file_activities.user_id
WHERE file_activities.company_id = @company_id AND file_activities.file_id = @file_id
ORDER BY file_activities.action_at DESC, file_activities.id DESC
LIMIT @lim;

-- name: FileActivityLatest :many
-- The newest activity id of each of the given files (a file's activityId).
SELECT DISTINCT ON (file_id) file_id, uuid
FROM file_activities
WHERE company_id = @company_id AND file_id = ANY(@file_ids::bigint[])
ORDER BY file_id, action_at DESC, id DESC;
