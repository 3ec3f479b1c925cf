-- name: PdfFileCreate :one
INSERT INTO pdf_files (company_id, thread_id, user_id) VALUES (@company_id, @thread_id, @user_id)
RETURNING *;

-- name: PdfFileGetByUUID :one
SELECT * FROM pdf_files WHERE company_id = @company_id AND uuid = @uuid;

-- name: PdfFileLocate :one
-- A thread PDF by public id in any company, for the export job and downloads.
SELECT sqlc.embed(pdf_files), companies.uuid AS company_uuid
FROM pdf_files JOIN companies ON companies.id = pdf_files.company_id
WHERE pdf_files.uuid = @uuid;

-- name: PdfFileGenerated :exec
UPDATE pdf_files SET blob_key = @blob_key, generated_at = now(), error = NULL
WHERE company_id = @company_id AND id = @id;

-- name: PdfFileFailed :exec
UPDATE pdf_files SET error = @error WHERE company_id = @company_id AND id = @id;

-- name: PdfFileThreadByUUID :one
-- What an export needs to know of a thread: access attributes and the PDF heading.
SELECT threads.id, threads.uuid, threads.title, threads.status, threads.task_type, threads.hidden,
       threads.author_id, threads.category_id, threads.created_at,
       categories.name AS category_name, companies.name AS company_name, users.uuid AS author_uuid
FROM threads
JOIN categories ON categories.id = threads.category_id
JOIN companies ON companies.id = threads.company_id
LEFT JOIN users ON users.id = threads.author_id
WHERE threads.company_id = @company_id AND threads.uuid = @uuid;

-- name: PdfFileThread :one
-- PdfFileThreadByUUID by internal id, for the export job.
SELECT threads.id, threads.uuid, threads.title, threads.status, threads.task_type, threads.hidden,
       threads.author_id, threads.category_id, threads.created_at,
       categories.name AS category_name, companies.name AS company_name, users.uuid AS author_uuid
FROM threads
JOIN categories ON categories.id = threads.category_id
JOIN companies ON companies.id = threads.company_id
LEFT JOIN users ON users.id = threads.author_id
WHERE threads.company_id = @company_id AND threads.id = @id;

-- name: PdfFileMessages :many
-- A thread's live messages in order, with their authors, for the PDF.
SELECT messages.id, messages.body, messages.body_text, messages.created_at,
       coalesce(users.name, '')::text AS author_name
FROM messages
LEFT JOIN users ON users.id = messages.user_id
WHERE messages.company_id = @company_id AND messages.thread_id = @thread_id AND messages.deleted_at IS NULL
ORDER BY messages.id;

-- name: PdfFileAttachments :many
-- A thread's live attachments, for the PDF's list.
SELECT attachments.filename, attachments.file_size, attachments.uploaded_at,
       coalesce(users.name, '')::text AS uploader_name
FROM attachments
LEFT JOIN users ON users.id = attachments.uploader_id
WHERE attachments.company_id = @company_id AND attachments.thread_id = @thread_id
  AND attachments.deleted_at IS NULL
ORDER BY attachments.id;
