-- People the inbox needs: authors, the audience of a company's threads.

-- name: UserListByIDs :many
SELECT * FROM users WHERE id = ANY(@ids::bigint[]);

-- name: UserListByUUIDs :many
SELECT * FROM users WHERE uuid = ANY(@uuids::uuid[]);

-- name: CompanyMemberList :many
-- Every member of a company (staff and customers) with their categories, and
-- every global admin: the people who may see some of its threads.
SELECT u.id, u.uuid, u.user_type, u.user_role, u.active AS user_active, u.name,
       pu.role, pu.active AS member_active,
       coalesce(array_agg(puc.category_id) FILTER (WHERE puc.category_id IS NOT NULL), '{}')::bigint[] AS category_ids
FROM portico_users pu
JOIN users u ON u.id = pu.user_id
LEFT JOIN portico_user_categories puc ON puc.company_id = pu.company_id AND puc.portico_user_id = pu.id
WHERE pu.company_id = @company_id
GROUP BY u.id, pu.company_id, pu.id
UNION ALL
SELECT u.id, u.uuid, u.user_type, u.user_role, u.active, u.name, cu.role, cu.active,
       coalesce(array_agg(cuc.category_id) FILTER (WHERE cuc.category_id IS NOT NULL), '{}')::bigint[]
FROM company_users cu
JOIN users u ON u.id = cu.user_id
LEFT JOIN company_user_categories cuc ON cuc.company_id = cu.company_id AND cuc.company_user_id = cu.id
WHERE cu.company_id = @company_id
GROUP BY u.id, cu.company_id, cu.id
UNION ALL
SELECT u.id, u.uuid, u.user_type, u.user_role, u.active, u.name, 'admin', true, '{}'::bigint[]
FROM users u WHERE u.user_role = 'admin' AND u.active;

-- name: WorkflowIDsByUUIDs :many
-- The workflow filter of the inbox.
SELECT id FROM workflows WHERE uuid = ANY(@uuids::uuid[]);

-- name: UserIDsByName :many
-- Person hits of the search: users whose name contains the text (a literal ILIKE pattern).
SELECT id FROM users WHERE name ILIKE ('%' || @name_pattern::text || '%') ORDER BY id LIMIT 100;
