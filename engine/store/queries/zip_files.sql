-- name: ZipFileCreate :one
INSERT INTO zip_files (company_id, kind, user_id, request)
VALUES (@company_id, @kind, @user_id, @request)
RETURNING *;

-- name: ZipFileGetByUUID :one
SELECT * FROM zip_files WHERE company_id = @company_id AND uuid = @uuid;

-- name: ZipFileGet :one
SELECT * FROM zip_files WHERE company_id = @company_id AND id = @id;

-- name: ZipFileLocate :one
-- A zip by public id in any company, for the export job and downloads.
SELECT sqlc.embed(zip_files), companies.uuid AS company_uuid
FROM zip_files JOIN companies ON companies.id = zip_files.company_id
WHERE zip_files.uuid = @uuid;

-- name: ZipFileArchived :exec
UPDATE zip_files SET blob_key = @blob_key, archived_at = now(), error = NULL
WHERE company_id = @company_id AND id = @id;

-- name: ZipFileFailed :exec
UPDATE zip_files SET error = @error WHERE company_id = @company_id AND id = @id;

-- name: ZipFileAttachments :many
-- The live attachments of one thread to archive: the chosen ones, or all when none is chosen.
SELECT attachments.id, attachments.uuid, attachments.filename, attachments.file_size, attachments.blob_key,
       attachments.uploaded_at
FROM attachments
WHERE attachments.company_id = @company_id AND attachments.thread_id = @thread_id
  AND attachments.deleted_at IS NULL
  AND (cardinality(@uuids::uuid[]) = 0 OR attachments.uuid = ANY(@uuids::uuid[]))
ORDER BY attachments.id;
