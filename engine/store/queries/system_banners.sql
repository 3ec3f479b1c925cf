-- name: SystemBannerGet :one
-- A banner by public id, with its company's public id (null for global banners).
SELECT sqlc.embed(system_banners), companies.uuid AS company_uuid
FROM system_banners LEFT JOIN companies ON companies.id = system_banners.company_id
WHERE system_banners.uuid = @uuid;

-- name: SystemBannerListGlobal :many
-- Global banners, oldest first; only those shown to a user type when given, and
-- without those a user dismissed when given.
SELECT * FROM system_banners
WHERE company_id IS NULL
  AND (sqlc.narg(user_type)::text IS NULL OR sqlc.narg(user_type)::text = ANY (user_types))
  AND (sqlc.narg(undismissed_by)::bigint IS NULL OR NOT EXISTS (
        SELECT 1 FROM banner_dismissals d
        WHERE d.user_id = sqlc.narg(undismissed_by)::bigint AND d.banner_id = system_banners.id))
ORDER BY id;

-- name: SystemBannerListForCompanies :many
-- Company banners of some companies, by company then oldest first, with the same filters.
SELECT sqlc.embed(system_banners), companies.uuid AS company_uuid
FROM system_banners JOIN companies ON companies.id = system_banners.company_id
WHERE system_banners.company_id = ANY (@company_ids::bigint[])
  AND (sqlc.narg(user_type)::text IS NULL OR sqlc.narg(user_type)::text = ANY (system_banners.user_types))
  AND (sqlc.narg(undismissed_by)::bigint IS NULL OR NOT EXISTS (
        SELECT 1 FROM banner_dismissals d
        WHERE d.user_id = sqlc.narg(undismissed_by)::bigint AND d.banner_id = system_banners.id))
ORDER BY system_banners.company_id, system_banners.id;

-- name: SystemBannerLockScope :exec
-- Serialises writes of banners in one scope (a company, or 0 for global) until
-- the transaction ends, so the "one banner of a type per user type" check holds.
SELECT pg_advisory_xact_lock(hashtext('system_banners'), @scope::int);

-- name: SystemBannerTypeTaken :one
-- Whether another banner of the scope has this type for any of these user types.
SELECT EXISTS (
    SELECT 1 FROM system_banners
    WHERE company_id IS NOT DISTINCT FROM sqlc.narg(company_id)::bigint
      AND banner_type = @banner_type
      AND user_types && @user_types::text[]
      AND id <> @except_id
);

-- name: SystemBannerCreate :one
INSERT INTO system_banners (company_id, banner_group, banner_type, description, dismissible, user_types, created_by)
VALUES (sqlc.narg(company_id), @banner_group, @banner_type, @description, @dismissible, @user_types, @created_by)
RETURNING *;

-- name: SystemBannerUpdate :one
UPDATE system_banners
SET banner_type = @banner_type, description = @description, dismissible = @dismissible,
    user_types = @user_types, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: SystemBannerDelete :exec
DELETE FROM system_banners WHERE id = @id;

-- name: SystemBannerDismiss :exec
INSERT INTO banner_dismissals (banner_id, user_id) VALUES (@banner_id, @user_id)
ON CONFLICT DO NOTHING;

-- name: SystemBannerRecipientsGlobal :many
-- Active users of these types who have not dismissed the banner (every one of
-- them when banner_id is 0): who hears of a global banner's change.
SELECT u.uuid FROM users u
WHERE u.active AND u.user_type = ANY (@user_types::text[])
  AND NOT EXISTS (SELECT 1 FROM banner_dismissals d WHERE d.user_id = u.id AND d.banner_id = @banner_id)
ORDER BY u.id;

-- name: SystemBannerRecipientsCompany :many
-- The company's active members of these types, and global admins when staff
-- are among the types, without those who dismissed the banner.
SELECT u.uuid FROM users u
WHERE u.active AND u.user_type = ANY (@user_types::text[])
  AND (EXISTS (SELECT 1 FROM portico_users p WHERE p.company_id = @company_id AND p.user_id = u.id AND p.active)
    OR EXISTS (SELECT 1 FROM company_users c WHERE c.company_id = @company_id AND c.user_id = u.id AND c.active)
    OR u.user_role = 'admin')
  AND NOT EXISTS (SELECT 1 FROM banner_dismissals d WHERE d.user_id = u.id AND d.banner_id = @banner_id)
ORDER BY u.id;
