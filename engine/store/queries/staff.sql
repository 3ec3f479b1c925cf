-- name: PeopleStaffMemberships :many
-- The company memberships of a page of provider users, in one query: each with
-- its company, category ids and company role ids, by company name.
SELECT portico_users.company_id, portico_users.id, portico_users.uuid, portico_users.user_id, portico_users.role,
       portico_users.active, portico_users.responsible,
       companies.uuid AS company_uuid, companies.name AS company_name, companies.active AS company_active,
       companies.business_id AS company_business_id,
       coalesce((SELECT array_agg(c.category_id ORDER BY c.category_id) FROM portico_user_categories c
                 WHERE c.company_id = portico_users.company_id AND c.portico_user_id = portico_users.id),
                '{}')::bigint[] AS category_ids,
       coalesce((SELECT array_agg(r.global_role_id ORDER BY r.global_role_id) FROM portico_user_roles r
                 WHERE r.company_id = portico_users.company_id AND r.portico_user_id = portico_users.id),
                '{}')::bigint[] AS role_ids
FROM portico_users
JOIN companies ON companies.id = portico_users.company_id
WHERE portico_users.user_id = ANY(@user_ids::bigint[])
ORDER BY lower(companies.name), companies.id;

-- name: GlobalRoleList :many
SELECT * FROM global_roles ORDER BY lower(name), id;

-- name: GlobalRoleUpsert :one
INSERT INTO global_roles (name) VALUES (@name)
ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
RETURNING *;

-- name: PorticoUserGetByUUID :one
SELECT portico_users.*, users.uuid AS user_uuid FROM portico_users JOIN users ON users.id = portico_users.user_id
WHERE portico_users.uuid = @uuid;

-- name: PorticoUserInsert :one
INSERT INTO portico_users (company_id, user_id, role)
VALUES (@company_id, @user_id, @role)
RETURNING *;

-- name: PorticoUserUpdateRole :one
UPDATE portico_users SET role = @role
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: PorticoUserSetActive :one
UPDATE portico_users SET active = @active
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: PorticoUserDelete :execrows
DELETE FROM portico_users WHERE company_id = @company_id AND id = @id;

-- name: PorticoUserCategoriesClear :exec
DELETE FROM portico_user_categories WHERE company_id = @company_id AND portico_user_id = @portico_user_id;

-- name: PorticoUserRolesClear :exec
DELETE FROM portico_user_roles WHERE company_id = @company_id AND portico_user_id = @portico_user_id;

-- name: PorticoUserRoleAdd :exec
INSERT INTO portico_user_roles (company_id, portico_user_id, global_role_id)
VALUES (@company_id, @portico_user_id, @global_role_id) ON CONFLICT DO NOTHING;
