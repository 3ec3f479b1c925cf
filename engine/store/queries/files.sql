-- name: FileList :many
-- A folder's files, newest first, with their uploaders.
SELECT sqlc.embed(files), users.uuid AS uploader_uuid, users.name AS uploader_name,
       users.user_type AS uploader_type, users.avatar_url AS uploader_avatar, users.active AS uploader_active,
       count(*) OVER ()::bigint AS total_count
FROM files
LEFT JOIN users ON users.id = files.uploader_id
WHERE files.company_id = @company_id AND files.folder_id = @folder_id
ORDER BY files.uploaded_at DESC, files.id DESC
LIMIT @lim OFFSET @off;

-- name: FileGetByUUIDs :many
-- Files by public id within one company, with their uploaders and folders.
SELECT sqlc.embed(files), users.uuid AS uploader_uuid, users.name AS uploader_name,
       users.user_type AS uploader_type, users.avatar_url AS uploader_avatar, users.active AS uploader_active,
       folders.uuid AS folder_uuid, folders.name AS folder_name, folders.category_id AS category_id
FROM files
JOIN folders ON folders.company_id = files.company_id AND folders.id = files.folder_id
LEFT JOIN users ON users.id = files.uploader_id
WHERE files.company_id = @company_id AND files.uuid = ANY(@uuids::uuid[])
ORDER BY files.id;

-- name: FileGet :one
-- One file with its uploader and folder.
SELECT sqlc.embed(files), users.uuid AS uploader_uuid, users.name AS uploader_name,
       users.user_type AS uploader_type, users.avatar_url AS uploader_avatar, users.active AS uploader_active,
       folders.uuid AS folder_uuid, folders.name AS folder_name, folders.category_id AS category_id
FROM files
JOIN folders ON folders.company_id = files.company_id AND folders.id = files.folder_id
LEFT JOIN users ON users.id = files.uploader_id
WHERE files.company_id = @company_id AND files.id = @id;

-- name: FileLocate :one
-- A file by public id in any company, for downloads: the company decides access.
SELECT files.company_id, companies.uuid AS company_uuid, files.id, files.filename, files.content_type,
       files.file_size, files.blob_key, files.uploaded_at, files.uploader_id, folders.category_id
FROM files
JOIN companies ON companies.id = files.company_id
JOIN folders ON folders.company_id = files.company_id AND folders.id = files.folder_id
WHERE files.uuid = @uuid;

-- name: FileCreate :one
INSERT INTO files (company_id, folder_id, uploader_id, filename, description, extension, content_type, file_size, blob_key)
VALUES (@company_id, @folder_id, @uploader_id, @filename, sqlc.narg(description), @extension, @content_type,
        @file_size, @blob_key)
RETURNING *;

-- name: FileUpdate :one
UPDATE files SET filename = @filename, description = sqlc.narg(description), extension = @extension,
                 updated_at = now()
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: FileMove :exec
UPDATE files SET folder_id = @folder_id, updated_at = now()
WHERE company_id = @company_id AND id = ANY(@ids::bigint[]);

-- name: FileDelete :many
DELETE FROM files WHERE company_id = @company_id AND id = ANY(@ids::bigint[])
RETURNING id, blob_key;

-- name: FileListInFolders :many
-- The files of some folders (a subtree), for archives and folder deletion.
SELECT id, folder_id, filename, file_size, blob_key, uploaded_at
FROM files
WHERE company_id = @company_id AND folder_id = ANY(@folder_ids::bigint[])
ORDER BY folder_id, lower(filename), id;
