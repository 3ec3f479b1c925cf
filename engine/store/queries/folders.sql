-- name: FolderRootsEnsure :exec
-- Every category of the company gets one root folder, named after it. Roots
-- are made by the system: they can be neither renamed nor deleted.
INSERT INTO folders (company_id, category_id, name, depth)
SELECT company_categories.company_id, categories.id, categories.name, 1
FROM company_categories JOIN categories ON categories.id = company_categories.category_id
WHERE company_categories.company_id = @company_id
  AND NOT EXISTS (SELECT 1 FROM folders WHERE folders.company_id = company_categories.company_id
                  AND folders.parent_id IS NULL AND folders.category_id = categories.id)
ON CONFLICT DO NOTHING;

-- name: FolderListRoots :many
-- Root folders of the given categories, by name, with the number of subfolders
-- and their creator (none for the roots the system makes).
SELECT sqlc.embed(folders),
       (SELECT count(*) FROM folders AS children
        WHERE children.company_id = folders.company_id AND children.parent_id = folders.id)::bigint AS folders_count,
       creator.uuid AS creator_uuid, creator.name AS creator_name, creator.user_type AS creator_type,
       creator.avatar_url AS creator_avatar, creator.active AS creator_active,
       count(*) OVER ()::bigint AS total_count
FROM folders
LEFT JOIN users AS creator ON creator.id = folders.user_id
WHERE folders.company_id = @company_id AND folders.parent_id IS NULL
  AND folders.category_id = ANY(@category_ids::bigint[])
ORDER BY lower(folders.name), folders.id
LIMIT @lim OFFSET @off;

-- name: FolderListChildren :many
-- Subfolders of one folder, by name, with the number of their own subfolders
-- and their creator.
SELECT sqlc.embed(folders),
       (SELECT count(*) FROM folders AS children
        WHERE children.company_id = folders.company_id AND children.parent_id = folders.id)::bigint AS folders_count,
       creator.uuid AS creator_uuid, creator.name AS creator_name, creator.user_type AS creator_type,
       creator.avatar_url AS creator_avatar, creator.active AS creator_active,
       count(*) OVER ()::bigint AS total_count
FROM folders
LEFT JOIN users AS creator ON creator.id = folders.user_id
WHERE folders.company_id = @company_id AND folders.parent_id = @parent_id
ORDER BY lower(folders.name), folders.id
LIMIT @lim OFFSET @off;

-- name: FolderGetByUUID :one
SELECT sqlc.embed(folders),
       (SELECT count(*) FROM folders AS children
        WHERE children.company_id = folders.company_id AND children.parent_id = folders.id)::bigint AS folders_count,
       creator.uuid AS creator_uuid, creator.name AS creator_name, creator.user_type AS creator_type,
       creator.avatar_url AS creator_avatar, creator.active AS creator_active
FROM folders
LEFT JOIN users AS creator ON creator.id = folders.user_id
WHERE folders.company_id = @company_id AND folders.uuid = @uuid;

-- name: FolderGet :one
SELECT * FROM folders WHERE company_id = @company_id AND id = @id;

-- name: FolderCreate :one
INSERT INTO folders (company_id, parent_id, category_id, name, depth, user_id)
VALUES (@company_id, @parent_id, @category_id, @name, @depth, sqlc.narg(user_id))
RETURNING *;

-- name: FolderRename :one
UPDATE folders SET name = @name, updated_at = now()
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: FolderSubtree :many
-- A folder and all its descendants, each with its path of names below the
-- folder ('' for the folder itself), parents before children.
WITH RECURSIVE tree AS (
    SELECT folders.id, folders.depth, ''::text AS path
    FROM folders WHERE folders.company_id = @company_id AND folders.id = @id
  UNION ALL
    SELECT folders.id, folders.depth,
           CASE WHEN tree.path = '' THEN folders.name ELSE tree.path || '/' || folders.name END
    FROM folders JOIN tree ON folders.parent_id = tree.id
    WHERE folders.company_id = @company_id
)
SELECT id, depth, path::text AS path FROM tree ORDER BY depth, id;

-- name: FolderMove :one
-- Moves one folder under a new parent (its subtree follows with FolderShiftSubtree).
UPDATE folders SET parent_id = @parent_id, updated_at = now()
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: FolderShiftSubtree :exec
-- After a move the subtree takes its new parent's category and depth.
UPDATE folders SET depth = depth + @delta::int, category_id = @category_id, updated_at = now()
WHERE company_id = @company_id AND id = ANY(@ids::bigint[]);

-- name: FolderDelete :exec
DELETE FROM folders WHERE company_id = @company_id AND id = @id;

-- name: FolderAudience :many
-- The company's active members with what their abilities depend on, to
-- address realtime events about files and folders.
SELECT users.uuid, users.user_type, users.user_role, portico_users.role,
       coalesce(array_agg(portico_user_categories.category_id)
                FILTER (WHERE portico_user_categories.category_id IS NOT NULL), '{}')::bigint[] AS category_ids
FROM portico_users
JOIN users ON users.id = portico_users.user_id AND users.active
LEFT JOIN portico_user_categories ON portico_user_categories.company_id = portico_users.company_id
     AND portico_user_categories.portico_user_id = portico_users.id
WHERE portico_users.company_id = @company_id AND portico_users.active
GROUP BY users.id, portico_users.company_id, portico_users.id
UNION ALL
SELECT users.uuid, users.user_type, users.user_role, company_users.role,
       coalesce(array_agg(company_user_categories.category_id)
                FILTER (WHERE company_user_categories.category_id IS NOT NULL), '{}')::bigint[] AS category_ids
FROM company_users
JOIN users ON users.id = company_users.user_id AND users.active
LEFT JOIN company_user_categories ON company_user_categories.company_id = company_users.company_id
     AND company_user_categories.company_user_id = company_users.id
WHERE company_users.company_id = @company_id AND company_users.active
GROUP BY users.id, company_users.company_id, company_users.id;

-- name: FolderLocate :one
-- A folder by public id in any company: calls that name only a folder find its company here.
SELECT folders.company_id, companies.uuid AS company_uuid
FROM folders JOIN companies ON companies.id = folders.company_id
WHERE folders.uuid = @uuid;
