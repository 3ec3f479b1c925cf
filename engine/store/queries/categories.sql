-- name: CategoryList :many
SELECT * FROM categories ORDER BY position, lower(name), id;

-- name: CategoryUpsert :one
INSERT INTO categories (name, category_type, color, bg_color, icon_name, position)
VALUES (@name, @category_type, @color, @bg_color, @icon_name, @position)
ON CONFLICT ((lower(name))) DO UPDATE SET category_type = EXCLUDED.category_type
RETURNING *;

-- name: CompanyCategoryList :many
-- The categories each of the given companies uses.
SELECT company_categories.company_id, sqlc.embed(categories)
FROM company_categories JOIN categories ON categories.id = company_categories.category_id
WHERE company_categories.company_id = ANY(@company_ids::bigint[])
ORDER BY company_categories.company_id, categories.position, lower(categories.name), categories.id;

-- name: CompanyCategoryIDs :many
-- The ids of the categories each of the given companies uses, in CompanyCategoryList's
-- order: the directory of an agent of 1000 companies reads each category's row once
-- (CategoryList) instead of once per company.
SELECT company_categories.company_id, company_categories.category_id
FROM company_categories JOIN categories ON categories.id = company_categories.category_id
WHERE company_categories.company_id = ANY(@company_ids::bigint[])
ORDER BY company_categories.company_id, categories.position, lower(categories.name), categories.id;

-- name: CompanyCategoryAdd :exec
INSERT INTO company_categories (company_id, category_id, email_enabled, email_alias)
VALUES (@company_id, @category_id, @email_enabled, sqlc.narg(email_alias))
ON CONFLICT (company_id, category_id) DO NOTHING;
