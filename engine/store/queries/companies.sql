-- name: CompanyGet :one
SELECT * FROM companies WHERE id = @id;

-- name: CompanyGetByUUID :one
SELECT * FROM companies WHERE uuid = @uuid;

-- name: CompanyGetByName :one
SELECT * FROM companies WHERE lower(name) = lower(@name);

-- name: CompanyGetByDomain :one
SELECT companies.* FROM companies
JOIN company_domains ON company_domains.company_id = companies.id
WHERE company_domains.domain = lower(@domain) AND company_domains.active;

-- name: CompanyCreate :one
INSERT INTO companies (name, business_id, communication_language, sso_settings_enabled, terms_accepted_at)
VALUES (@name, sqlc.narg(business_id), @communication_language, @sso_settings_enabled, sqlc.narg(terms_accepted_at))
RETURNING *;

-- name: CompanyListAll :many
-- Every active company (global admins see them all), favourites first.
SELECT sqlc.embed(companies), (favorite_companies.user_id IS NOT NULL)::boolean AS favorite
FROM companies
LEFT JOIN favorite_companies ON favorite_companies.company_id = companies.id AND favorite_companies.user_id = @user_id
WHERE companies.active
ORDER BY favorite DESC, lower(companies.name), companies.id;

-- name: CompanyListForStaff :many
SELECT sqlc.embed(companies), (favorite_companies.user_id IS NOT NULL)::boolean AS favorite
FROM portico_users
JOIN companies ON companies.id = portico_users.company_id
LEFT JOIN favorite_companies ON favorite_companies.company_id = companies.id AND favorite_companies.user_id = @user_id
WHERE portico_users.user_id = @user_id AND portico_users.active AND companies.active
ORDER BY favorite DESC, lower(companies.name), companies.id;

-- name: CompanyListForCustomer :many
SELECT sqlc.embed(companies), false AS favorite
FROM company_users
JOIN companies ON companies.id = company_users.company_id
WHERE company_users.user_id = @user_id AND company_users.active AND companies.active
ORDER BY lower(companies.name), companies.id;

-- name: CompanyAcceptTerms :one
UPDATE companies SET terms_accepted_at = now(), terms_accepted_by = @user_id, updated_at = now()
WHERE id = @id AND terms_accepted_at IS NULL
RETURNING *;

-- name: CompanyDomainAdd :exec
INSERT INTO company_domains (company_id, domain) VALUES (@company_id, lower(@domain))
ON CONFLICT DO NOTHING;

-- name: CompanyDomainList :many
SELECT * FROM company_domains WHERE company_id = ANY(@company_ids::bigint[]) AND active ORDER BY company_id, domain;

-- name: CompanyCountryList :many
SELECT company_countries.company_id, sqlc.embed(countries)
FROM company_countries JOIN countries ON countries.id = company_countries.country_id
WHERE company_countries.company_id = ANY(@company_ids::bigint[])
ORDER BY company_countries.company_id, countries.code;

-- name: CompanyCountryAdd :exec
INSERT INTO company_countries (company_id, country_id) VALUES (@company_id, @country_id) ON CONFLICT DO NOTHING;

-- name: FavoriteCompanySet :exec
INSERT INTO favorite_companies (user_id, company_id) VALUES (@user_id, @company_id) ON CONFLICT DO NOTHING;

-- name: FavoriteCompanyUnset :exec
DELETE FROM favorite_companies WHERE user_id = @user_id AND company_id = @company_id;

-- name: UserMemberCompanies :one
-- The user named by @id, their own uuid or the uuid of one of their memberships
-- (a portico_users or company_users row), with every company they have a
-- membership in, active or not: companies(userId, porticoUserId, companyUserId).
SELECT users.id, users.user_type,
       array(SELECT portico_users.company_id FROM portico_users WHERE portico_users.user_id = users.id
             UNION
             SELECT company_users.company_id FROM company_users WHERE company_users.user_id = users.id)::bigint[] AS company_ids
FROM users
WHERE users.uuid = @id
   OR users.id = (SELECT portico_users.user_id FROM portico_users WHERE portico_users.uuid = @id)
   OR users.id = (SELECT company_users.user_id FROM company_users WHERE company_users.uuid = @id);
