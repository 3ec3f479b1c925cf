-- Files attached to threads. Deleting keeps the row (deleted_at) for the history.

-- name: AttachmentCreate :one
INSERT INTO attachments (company_id, thread_id, activity_id, uploader_id, filename, extension, content_type,
                         file_size, blob_key)
VALUES (@company_id, @thread_id, sqlc.narg(activity_id), sqlc.narg(uploader_id), @filename, @extension,
        @content_type, @file_size, @blob_key)
RETURNING company_id, id, uuid, thread_id, activity_id, uploader_id, filename, extension, content_type,
          file_size, blob_key, uploaded_at, deleted_at, deleted_by;

-- name: AttachmentGetByUUID :one
SELECT a.company_id, a.id, a.uuid, a.thread_id, a.activity_id, a.uploader_id, a.filename, a.extension,
       a.content_type, a.file_size, a.blob_key, a.uploaded_at, a.deleted_at, a.deleted_by
FROM attachments a WHERE a.uuid = @uuid;

-- name: AttachmentGetByUUIDs :many
SELECT a.company_id, a.id, a.uuid, a.thread_id, a.activity_id, a.uploader_id, a.filename, a.extension,
       a.content_type, a.file_size, a.blob_key, a.uploaded_at, a.deleted_at, a.deleted_by
FROM attachments a WHERE a.uuid = ANY(@uuids::uuid[]);

-- name: AttachmentSetActivity :exec
UPDATE attachments SET activity_id = @activity_id WHERE company_id = @company_id AND id = @id;

-- name: AttachmentDelete :exec
UPDATE attachments SET deleted_at = now(), deleted_by = @deleted_by WHERE company_id = @company_id AND id = @id;

-- name: AttachmentListByThread :many
-- A keyset page of a thread's attachments, newest first.
SELECT a.company_id, a.id, a.uuid, a.thread_id, a.activity_id, a.uploader_id, a.filename, a.extension,
       a.content_type, a.file_size, a.blob_key, a.uploaded_at, a.deleted_at, a.deleted_by
FROM attachments a
WHERE a.company_id = @company_id AND a.thread_id = @thread_id AND a.deleted_at IS NULL
  AND (sqlc.narg(before_id)::bigint IS NULL OR a.id < sqlc.narg(before_id)::bigint)
ORDER BY a.id DESC LIMIT @lim;

-- name: AttachmentCountByThread :one
SELECT count(*)::bigint FROM attachments
WHERE company_id = @company_id AND thread_id = @thread_id AND deleted_at IS NULL;

-- name: AttachmentListByIDs :many
SELECT a.company_id, a.id, a.uuid, a.thread_id, a.activity_id, a.uploader_id, a.filename, a.extension,
       a.content_type, a.file_size, a.blob_key, a.uploaded_at, a.deleted_at, a.deleted_by
FROM attachments a WHERE a.company_id = @company_id AND a.id = ANY(@ids::bigint[]);

-- name: AttachmentListByActivities :many
SELECT a.company_id, a.id, a.uuid, a.thread_id, a.activity_id, a.uploader_id, a.filename, a.extension,
       a.content_type, a.file_size, a.blob_key, a.uploaded_at, a.deleted_at, a.deleted_by
FROM attachments a WHERE a.company_id = @company_id AND a.activity_id = ANY(@activity_ids::bigint[]);
