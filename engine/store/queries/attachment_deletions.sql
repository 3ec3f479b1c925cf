-- The admin panel's attachment list (allInboxAttachments) and system deletions
-- of attachments with their undo window (attachment_deletions).

-- name: AttachmentAdminList :many
-- A company's attachments in the given categories, newest first, filtered by
-- upload time and by a piece of the file name.
SELECT a.company_id, a.id, a.uuid, a.thread_id, a.activity_id, a.uploader_id, a.filename, a.extension,
       a.content_type, a.file_size, a.uploaded_at,
       t.uuid AS thread_uuid, t.title AS thread_title, t.category_id, t.task_type, t.status AS thread_status,
       t.hidden AS thread_hidden
FROM attachments a JOIN threads t ON t.company_id = a.company_id AND t.id = a.thread_id
WHERE a.company_id = @company_id AND a.deleted_at IS NULL
  AND t.category_id = ANY(@category_ids::bigint[])
  AND (NOT t.hidden OR @include_hidden::boolean)
  AND (sqlc.narg(uploaded_from)::timestamptz IS NULL OR a.uploaded_at >= sqlc.narg(uploaded_from)::timestamptz)
  AND (sqlc.narg(uploaded_to)::timestamptz IS NULL OR a.uploaded_at < sqlc.narg(uploaded_to)::timestamptz)
  AND (@search::text = '' OR strpos(lower(a.filename), lower(@search::text)) > 0)
ORDER BY a.uploaded_at DESC, a.id DESC
LIMIT @lim OFFSET @off;

-- name: AttachmentAdminCount :one
SELECT count(*)::bigint
FROM attachments a JOIN threads t ON t.company_id = a.company_id AND t.id = a.thread_id
WHERE a.company_id = @company_id AND a.deleted_at IS NULL
  AND t.category_id = ANY(@category_ids::bigint[])
  AND (NOT t.hidden OR @include_hidden::boolean)
  AND (sqlc.narg(uploaded_from)::timestamptz IS NULL OR a.uploaded_at >= sqlc.narg(uploaded_from)::timestamptz)
  AND (sqlc.narg(uploaded_to)::timestamptz IS NULL OR a.uploaded_at < sqlc.narg(uploaded_to)::timestamptz)
  AND (@search::text = '' OR strpos(lower(a.filename), lower(@search::text)) > 0);

-- name: AttachmentAdminGet :many
-- The named attachments of a company (deleted ones too), with their threads.
SELECT a.company_id, a.id, a.uuid, a.thread_id, a.activity_id, a.uploader_id, a.filename, a.extension,
       a.content_type, a.file_size, a.uploaded_at, a.deleted_at,
       t.uuid AS thread_uuid, t.title AS thread_title, t.category_id, t.task_type, t.status AS thread_status,
       t.hidden AS thread_hidden
FROM attachments a JOIN threads t ON t.company_id = a.company_id AND t.id = a.thread_id
WHERE a.company_id = @company_id AND a.uuid = ANY(@uuids::uuid[])
ORDER BY a.id;

-- name: AttachmentSystemDelete :many
-- Marks the named attachments deleted, those not deleted yet.
UPDATE attachments SET deleted_at = now(), deleted_by = @deleted_by
WHERE company_id = @company_id AND id = ANY(@ids::bigint[]) AND deleted_at IS NULL
RETURNING id, uuid, thread_id, activity_id, filename;

-- name: AttachmentRestore :many
-- Brings back attachments a system deletion marked deleted.
UPDATE attachments SET deleted_at = NULL, deleted_by = NULL
WHERE company_id = @company_id AND id = ANY(@ids::bigint[]) AND deleted_at IS NOT NULL
RETURNING id, uuid, thread_id, activity_id, filename;

-- name: AttachmentBlobKeys :many
-- The blobs of deleted attachments, to remove for good.
SELECT blob_key FROM attachments
WHERE company_id = @company_id AND id = ANY(@ids::bigint[]) AND deleted_at IS NOT NULL;

-- name: ActivitySetKeyMany :exec
UPDATE activities SET key = @key, updated_at = now() WHERE company_id = @company_id AND id = ANY(@ids::bigint[]);

-- name: AttachmentDeletionCreate :one
INSERT INTO attachment_deletions (company_id, user_id, attachment_ids, undo_until)
VALUES (@company_id, @user_id, @attachment_ids::bigint[], now() + make_interval(secs => @undo_seconds::float8))
RETURNING *;

-- name: AttachmentDeletionLock :one
-- A deletion, locked, and whether its undo window is still open by the database's clock.
SELECT sqlc.embed(attachment_deletions), (now() < attachment_deletions.undo_until)::boolean AS undoable,
       companies.uuid AS company_uuid
FROM attachment_deletions JOIN companies ON companies.id = attachment_deletions.company_id
WHERE attachment_deletions.uuid = @uuid
FOR UPDATE OF attachment_deletions;

-- name: AttachmentDeletionUndone :exec
UPDATE attachment_deletions SET undone_at = now() WHERE company_id = @company_id AND id = @id;

-- name: AttachmentDeletionPurged :exec
UPDATE attachment_deletions SET purged_at = now() WHERE company_id = @company_id AND id = @id;
