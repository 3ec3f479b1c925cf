-- Provider staff for the tasks table's assignee switcher (porticoUsers).

-- name: StaffMemberPage :many
-- Active provider users with an active membership in one of the companies,
-- optionally only the given users, whose name or e-mail contains the search
-- text (case-insensitive, literal), by name; total is every match.
SELECT u.id, u.uuid, u.email, u.name, u.phone, u.avatar_url, u.active, u.user_type, u.user_role,
       count(*) OVER ()::bigint AS total
FROM users u
WHERE u.user_type = 'portico_user' AND u.active
  AND EXISTS (SELECT 1 FROM portico_users pu
              WHERE pu.user_id = u.id AND pu.active AND pu.company_id = ANY(@company_ids::bigint[]))
  AND (sqlc.narg(user_ids)::bigint[] IS NULL OR u.id = ANY(sqlc.narg(user_ids)::bigint[]))
  AND (@search::text = '' OR strpos(lower(u.name), lower(@search::text)) > 0
       OR strpos(lower(u.email), lower(@search::text)) > 0)
ORDER BY lower(u.name), u.id
LIMIT @lim::int OFFSET @off::int;
