-- name: GroupListForCompanies :many
-- The groups whose every member company is among the given ones: a user sees a
-- group only when they may see all of its companies.
SELECT company_groups.*,
       array_agg(companies.uuid ORDER BY lower(companies.name))::uuid[] AS company_uuids,
       (favorite_groups.user_id IS NOT NULL)::boolean AS favorite
FROM company_groups
JOIN company_group_members ON company_group_members.group_id = company_groups.id
JOIN companies ON companies.id = company_group_members.company_id
LEFT JOIN favorite_groups ON favorite_groups.group_id = company_groups.id AND favorite_groups.user_id = @user_id
GROUP BY company_groups.id, favorite_groups.user_id
HAVING bool_and(company_group_members.company_id = ANY(@company_ids::bigint[]))
ORDER BY favorite DESC, lower(company_groups.name), company_groups.id;

-- name: GroupUpsert :one
INSERT INTO company_groups (name, mother_company_id) VALUES (@name, sqlc.narg(mother_company_id))
ON CONFLICT DO NOTHING
RETURNING *;

-- name: GroupGetByName :one
SELECT * FROM company_groups WHERE lower(name) = lower(@name);

-- name: GroupMemberAdd :exec
INSERT INTO company_group_members (company_id, group_id) VALUES (@company_id, @group_id) ON CONFLICT DO NOTHING;

-- name: FavoriteGroupSet :exec
INSERT INTO favorite_groups (user_id, group_id) VALUES (@user_id, @group_id) ON CONFLICT DO NOTHING;

-- name: FavoriteGroupUnset :exec
DELETE FROM favorite_groups WHERE user_id = @user_id AND group_id = @group_id;
