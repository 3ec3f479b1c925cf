-- name: PeoplePage :many
-- A page of customer users (user_type customer) or provider users
-- (portico_user) by name, each row with the count of every match (total,
-- counted only when with_total): with company_id only that company's members
-- (active or not); with company_ids only members of those companies (a
-- viewer's scope; null for everyone). search (LIKE-escaped by the caller)
-- matches name or e-mail. The filter is written once: the page and the count
-- both read the inlined CTE.
WITH matches AS NOT MATERIALIZED (
  SELECT users.id, users.name FROM users
  WHERE users.user_type = @user_type
    AND (sqlc.narg(search)::text IS NULL
         OR lower(users.name) LIKE '%' || lower(sqlc.narg(search)::text) || '%'
         OR lower(users.email) LIKE '%' || lower(sqlc.narg(search)::text) || '%')
    AND (sqlc.narg(company_ids)::bigint[] IS NULL
         OR (@user_type = 'customer' AND EXISTS (
             SELECT 1 FROM company_users
             WHERE company_users.user_id = users.id AND company_users.company_id = ANY(sqlc.narg(company_ids)::bigint[])))
         OR (@user_type = 'portico_user' AND EXISTS (
             SELECT 1 FROM portico_users
             WHERE portico_users.user_id = users.id AND portico_users.company_id = ANY(sqlc.narg(company_ids)::bigint[]))))
),
page AS (
  SELECT matches.id,
         CASE WHEN @with_total::boolean THEN (SELECT count(*) FROM matches) ELSE 0 END::bigint AS total
  FROM matches
  ORDER BY lower(matches.name), matches.id
  LIMIT @lim OFFSET @off
)
SELECT sqlc.embed(users), page.total FROM page JOIN users ON users.id = page.id
ORDER BY lower(users.name), users.id;

-- name: PeopleCompanyUsers :many
-- The company memberships of a page of customer users, in one query: each with
-- its company and category ids, by company name.
SELECT company_users.company_id, company_users.id, company_users.uuid, company_users.user_id, company_users.role,
       company_users.job_title, company_users.active,
       companies.uuid AS company_uuid, companies.name AS company_name, companies.active AS company_active,
       companies.business_id AS company_business_id,
       coalesce(array_agg(company_user_categories.category_id ORDER BY company_user_categories.category_id)
                FILTER (WHERE company_user_categories.category_id IS NOT NULL), '{}')::bigint[] AS category_ids
FROM company_users
JOIN companies ON companies.id = company_users.company_id
LEFT JOIN company_user_categories ON company_user_categories.company_id = company_users.company_id
     AND company_user_categories.company_user_id = company_users.id
WHERE company_users.user_id = ANY(@user_ids::bigint[])
GROUP BY company_users.company_id, company_users.id, companies.id
ORDER BY lower(companies.name), companies.id;

-- name: CompanyUserPage :many
-- A page of one company's members (active or not) by name, each with its
-- user, category ids and the count of every match. search (LIKE-escaped by the
-- caller) matches name or e-mail.
SELECT sqlc.embed(users), company_users.id AS membership_id, company_users.uuid AS membership_uuid,
       company_users.role, company_users.job_title, company_users.active AS membership_active,
       coalesce((SELECT array_agg(c.category_id ORDER BY c.category_id) FROM company_user_categories c
                 WHERE c.company_id = company_users.company_id AND c.company_user_id = company_users.id),
                '{}')::bigint[] AS category_ids,
       count(*) OVER ()::bigint AS total
FROM company_users JOIN users ON users.id = company_users.user_id
WHERE company_users.company_id = @company_id
  AND (sqlc.narg(search)::text IS NULL
       OR lower(users.name) LIKE '%' || lower(sqlc.narg(search)::text) || '%'
       OR lower(users.email) LIKE '%' || lower(sqlc.narg(search)::text) || '%')
ORDER BY lower(users.name), users.id
LIMIT @lim OFFSET @off;

-- name: CompanyUserGetByUUID :one
SELECT company_users.*, users.uuid AS user_uuid FROM company_users JOIN users ON users.id = company_users.user_id
WHERE company_users.uuid = @uuid;

-- name: CompanyUserInsert :one
INSERT INTO company_users (company_id, user_id, role, job_title)
VALUES (@company_id, @user_id, @role, sqlc.narg(job_title))
RETURNING *;

-- name: CompanyUserUpdate :one
UPDATE company_users SET role = @role, job_title = sqlc.narg(job_title)
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: CompanyUserSetActive :one
UPDATE company_users SET active = @active
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: CompanyUserCategoriesClear :exec
DELETE FROM company_user_categories WHERE company_id = @company_id AND company_user_id = @company_user_id;

-- name: CompanyUserActiveAdminCount :one
-- The company's active admins other than the given membership (locks them, so
-- two concurrent demotions cannot both leave a company without an admin).
SELECT count(*) FROM (
  SELECT 1 FROM company_users
  WHERE company_id = @company_id AND role = 'admin' AND active AND id <> @except_id
  FOR UPDATE) admins;

-- name: UserActiveMembershipCount :one
SELECT (SELECT count(*) FROM company_users WHERE company_users.user_id = @user_id AND company_users.active)
     + (SELECT count(*) FROM portico_users WHERE portico_users.user_id = @user_id AND portico_users.active);

-- name: SessionDeleteForUser :execrows
DELETE FROM sessions WHERE user_id = @user_id;

-- name: UserCreate :one
INSERT INTO users (email, name, user_type, phone, language)
VALUES (@email, @name, @user_type, sqlc.narg(phone), @language)
RETURNING *;

-- name: UserSetLanguage :one
UPDATE users SET language = @language, language_chosen = true, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: UserAdoptLanguage :one
-- The first sign-in's browser language, unless one was already chosen.
UPDATE users SET language = @language, language_chosen = true, updated_at = now()
WHERE id = @id AND NOT language_chosen
RETURNING *;
