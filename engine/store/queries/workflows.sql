-- Workflow templates (global): the draft being edited lives in workflows.structure;
-- published versions are in workflow_versions.

-- name: WorkflowCreate :one
INSERT INTO workflows (name, label, description, category_id, consider_holidays, optional_steps, tags,
                       structure, draft, creator_id)
VALUES (@name, sqlc.narg(label), sqlc.narg(description), @category_id, @consider_holidays, @optional_steps,
        @tags::text[], @structure, @draft, sqlc.narg(creator_id))
RETURNING *;

-- name: WorkflowUpdate :one
UPDATE workflows SET name = @name, label = sqlc.narg(label), description = sqlc.narg(description),
    category_id = @category_id, consider_holidays = @consider_holidays, optional_steps = @optional_steps,
    tags = @tags::text[], structure = @structure, draft = @draft, updated_at = now()
WHERE id = @id AND deleted_at IS NULL
RETURNING *;

-- name: WorkflowGetByUUID :one
SELECT * FROM workflows WHERE uuid = @uuid AND deleted_at IS NULL;

-- name: WorkflowGet :one
-- By internal id, deleted or not (runs keep pointing at their workflow).
SELECT * FROM workflows WHERE id = @id;

-- name: WorkflowLock :one
SELECT * FROM workflows WHERE id = @id AND deleted_at IS NULL FOR UPDATE;

-- name: WorkflowGetByIDs :many
SELECT * FROM workflows WHERE id = ANY(@ids::bigint[]);

-- name: WorkflowNameTaken :one
SELECT EXISTS (SELECT 1 FROM workflows WHERE lower(name) = lower(@name) AND deleted_at IS NULL
               AND id <> @except_id)::boolean;

-- name: WorkflowList :many
-- One page of the workflows list (the global_workflows tab is draft = false,
-- the drafts tab draft = true), newest first.
SELECT * FROM workflows w
WHERE w.deleted_at IS NULL
  AND (sqlc.narg(draft)::bool IS NULL OR w.draft = sqlc.narg(draft)::bool)
  AND (sqlc.narg(category_ids)::bigint[] IS NULL OR w.category_id = ANY(sqlc.narg(category_ids)::bigint[]))
  AND (sqlc.narg(creator_ids)::bigint[] IS NULL OR w.creator_id = ANY(sqlc.narg(creator_ids)::bigint[]))
  AND (sqlc.narg(tags)::text[] IS NULL OR w.tags && sqlc.narg(tags)::text[])
  AND (sqlc.narg(country_ids)::bigint[] IS NULL OR EXISTS (
         SELECT 1 FROM workflow_countries wc WHERE wc.workflow_id = w.id
         AND wc.country_id = ANY(sqlc.narg(country_ids)::bigint[])))
  AND (sqlc.narg(search)::text IS NULL OR w.name ILIKE '%' || sqlc.narg(search)::text || '%'
       OR w.label ILIKE '%' || sqlc.narg(search)::text || '%')
ORDER BY w.created_at DESC, w.id DESC
LIMIT @lim::int OFFSET @off::int;

-- name: WorkflowCount :one
SELECT count(*)::bigint FROM workflows w
WHERE w.deleted_at IS NULL
  AND (sqlc.narg(draft)::bool IS NULL OR w.draft = sqlc.narg(draft)::bool)
  AND (sqlc.narg(category_ids)::bigint[] IS NULL OR w.category_id = ANY(sqlc.narg(category_ids)::bigint[]))
  AND (sqlc.narg(creator_ids)::bigint[] IS NULL OR w.creator_id = ANY(sqlc.narg(creator_ids)::bigint[]))
  AND (sqlc.narg(tags)::text[] IS NULL OR w.tags && sqlc.narg(tags)::text[])
  AND (sqlc.narg(country_ids)::bigint[] IS NULL OR EXISTS (
         SELECT 1 FROM workflow_countries wc WHERE wc.workflow_id = w.id
         AND wc.country_id = ANY(sqlc.narg(country_ids)::bigint[])))
  AND (sqlc.narg(search)::text IS NULL OR w.name ILIKE '%' || sqlc.narg(search)::text || '%'
       OR w.label ILIKE '%' || sqlc.narg(search)::text || '%');

-- name: WorkflowTags :many
SELECT DISTINCT t::text AS tag FROM workflows, unnest(tags) AS t WHERE deleted_at IS NULL ORDER BY tag;

-- name: WorkflowDelete :exec
UPDATE workflows SET deleted_at = now(), updated_at = now() WHERE id = @id AND deleted_at IS NULL;

-- name: WorkflowCountryClear :exec
DELETE FROM workflow_countries WHERE workflow_id = @workflow_id;

-- name: WorkflowCountryAdd :exec
INSERT INTO workflow_countries (workflow_id, country_id) VALUES (@workflow_id, @country_id)
ON CONFLICT DO NOTHING;

-- name: WorkflowCountryList :many
SELECT wc.workflow_id, sqlc.embed(countries)
FROM workflow_countries wc JOIN countries ON countries.id = wc.country_id
WHERE wc.workflow_id = ANY(@workflow_ids::bigint[])
ORDER BY wc.workflow_id, countries.code;

-- name: WorkflowDynamicFieldList :many
-- Dynamic fields a workflow may name (anchor dates for due dates, waits and
-- triggers), filtered by type and category.
SELECT * FROM dynamic_fields
WHERE (sqlc.narg(field_types)::text[] IS NULL OR field_type = ANY(sqlc.narg(field_types)::text[]))
  AND (sqlc.narg(category_ids)::bigint[] IS NULL OR category_id = ANY(sqlc.narg(category_ids)::bigint[]))
ORDER BY category_id NULLS FIRST, position, id;

-- name: WorkflowDynamicFieldValues :many
-- The companies' values of the dynamic fields (the anchor dates that triggers,
-- due dates and waits name): one company's for a run, many for a forecast.
SELECT company_id, dynamic_field_id, value FROM dynamic_field_values
WHERE company_id = ANY(@company_ids::bigint[]) AND dynamic_field_id = ANY(@dynamic_field_ids::bigint[]);

-- name: WorkflowGetByName :one
SELECT * FROM workflows WHERE lower(name) = lower(@name) AND deleted_at IS NULL;

-- name: WorkflowCreatorList :many
-- The people who created a live workflow, for the workflows list's creator filter.
SELECT u.* FROM users u
WHERE EXISTS (SELECT 1 FROM workflows w WHERE w.creator_id = u.id AND w.deleted_at IS NULL)
ORDER BY u.name, u.id;
