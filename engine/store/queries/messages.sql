-- Messages of threads; each belongs to one activity.

-- name: MessageCreate :one
INSERT INTO messages (company_id, thread_id, activity_id, user_id, body, body_text, image_attachment_id,
                      replyable_type, replyable_id)
VALUES (@company_id, @thread_id, @activity_id, sqlc.narg(user_id), @body, @body_text,
        sqlc.narg(image_attachment_id), sqlc.narg(replyable_type), sqlc.narg(replyable_id))
RETURNING id, uuid;

-- name: MessageGetByUUID :one
SELECT company_id, id, uuid, thread_id, activity_id, user_id, body, body_text, image_attachment_id,
       replyable_type, replyable_id, edited_at, deleted_at, deleted_by, created_at, updated_at
FROM messages WHERE uuid = @uuid;

-- name: MessageUpdate :exec
UPDATE messages SET body = @body, body_text = @body_text, image_attachment_id = sqlc.narg(image_attachment_id),
    edited_at = now(), updated_at = now()
WHERE company_id = @company_id AND id = @id;

-- name: MessageDelete :exec
UPDATE messages SET deleted_at = now(), deleted_by = @deleted_by, updated_at = now()
WHERE company_id = @company_id AND id = @id;

-- name: MessageListByActivities :many
SELECT company_id, id, uuid, thread_id, activity_id, user_id, body, body_text, image_attachment_id,
       replyable_type, replyable_id, edited_at, deleted_at, deleted_by, created_at, updated_at
FROM messages WHERE company_id = @company_id AND activity_id = ANY(@activity_ids::bigint[]);

-- name: MessageListByIDs :many
SELECT company_id, id, uuid, thread_id, activity_id, user_id, body, body_text, image_attachment_id,
       replyable_type, replyable_id, edited_at, deleted_at, deleted_by, created_at, updated_at
FROM messages WHERE company_id = @company_id AND id = ANY(@ids::bigint[]);
