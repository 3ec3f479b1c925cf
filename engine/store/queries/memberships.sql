-- name: PorticoUserMemberships :many
-- A staff member's memberships with their category ids, for the given companies.
SELECT portico_users.company_id, portico_users.id, portico_users.uuid, portico_users.role,
       portico_users.active, portico_users.responsible,
       coalesce(array_agg(portico_user_categories.category_id ORDER BY portico_user_categories.category_id)
                FILTER (WHERE portico_user_categories.category_id IS NOT NULL), '{}')::bigint[] AS category_ids
FROM portico_users
LEFT JOIN portico_user_categories ON portico_user_categories.company_id = portico_users.company_id
     AND portico_user_categories.portico_user_id = portico_users.id
WHERE portico_users.user_id = @user_id AND portico_users.company_id = ANY(@company_ids::bigint[])
GROUP BY portico_users.company_id, portico_users.id;

-- name: CompanyUserMemberships :many
-- A customer's memberships with their category ids, for the given companies.
SELECT company_users.company_id, company_users.id, company_users.uuid, company_users.role,
       company_users.active, company_users.job_title,
       coalesce(array_agg(company_user_categories.category_id ORDER BY company_user_categories.category_id)
                FILTER (WHERE company_user_categories.category_id IS NOT NULL), '{}')::bigint[] AS category_ids
FROM company_users
LEFT JOIN company_user_categories ON company_user_categories.company_id = company_users.company_id
     AND company_user_categories.company_user_id = company_users.id
WHERE company_users.user_id = @user_id AND company_users.company_id = ANY(@company_ids::bigint[])
GROUP BY company_users.company_id, company_users.id;

-- name: PorticoUserUpsert :one
INSERT INTO portico_users (company_id, user_id, role, responsible)
VALUES (@company_id, @user_id, @role, @responsible)
ON CONFLICT (company_id, user_id) DO UPDATE SET role = EXCLUDED.role
RETURNING *;

-- name: PorticoUserCategoryAdd :exec
INSERT INTO portico_user_categories (company_id, portico_user_id, category_id)
VALUES (@company_id, @portico_user_id, @category_id) ON CONFLICT DO NOTHING;

-- name: CompanyUserUpsert :one
INSERT INTO company_users (company_id, user_id, role, job_title)
VALUES (@company_id, @user_id, @role, sqlc.narg(job_title))
ON CONFLICT (company_id, user_id) DO UPDATE SET role = EXCLUDED.role
RETURNING *;

-- name: CompanyUserCategoryAdd :exec
INSERT INTO company_user_categories (company_id, company_user_id, category_id)
VALUES (@company_id, @company_user_id, @category_id) ON CONFLICT DO NOTHING;

-- name: PorticoUserSetResponsible :one
-- Marks a provider user responsible (or not) for a company; no row when they are not its staff.
UPDATE portico_users SET responsible = @responsible
WHERE company_id = @company_id AND user_id = @user_id
RETURNING *;
