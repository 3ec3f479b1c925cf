-- Dynamic fields of companies (company profile, anchor dates) and their values.

-- name: DynamicFieldListAll :many
SELECT * FROM dynamic_fields
WHERE entity = 'company' AND (sqlc.narg(category_id)::bigint IS NULL OR category_id = sqlc.narg(category_id))
ORDER BY category_id NULLS FIRST, position, id;

-- name: DynamicFieldByID :one
SELECT * FROM dynamic_fields WHERE id = @id;

-- name: DynamicFieldCreate :one
INSERT INTO dynamic_fields (category_id, name, title, field_type, readonly, required, settings, position)
VALUES (sqlc.narg(category_id), @name, @title, @field_type, @readonly, @required, @settings,
        (SELECT coalesce(max(position), 0) + 1 FROM dynamic_fields WHERE category_id IS NOT DISTINCT FROM sqlc.narg(category_id)))
RETURNING *;

-- name: DynamicFieldUpdate :one
UPDATE dynamic_fields SET title = @title, readonly = @readonly, required = @required, settings = @settings
WHERE id = @id
RETURNING *;

-- name: DynamicFieldDelete :exec
DELETE FROM dynamic_fields WHERE id = @id;

-- name: DynamicFieldNameTaken :one
SELECT EXISTS (SELECT 1 FROM dynamic_fields WHERE name = @name)::boolean;

-- name: DynamicFieldInTrigger :one
-- Whether an anchor-date trigger of a live assignment names the field (its
-- values then drive runs, so the field cannot go).
SELECT EXISTS (SELECT 1 FROM workflow_triggers t
               JOIN company_workflows cw ON cw.company_id = t.company_id AND cw.id = t.company_workflow_id
               WHERE cw.unassigned_at IS NULL AND t.trigger_type = 'anchor_date'
                 AND t.data->>'dynamicFieldId' = @field_id::text)::boolean;

-- name: DynamicFieldValueList :many
SELECT * FROM dynamic_field_values WHERE company_id = @company_id;

-- name: DynamicFieldValueSet :exec
INSERT INTO dynamic_field_values (company_id, dynamic_field_id, value, updated_by, updated_at)
VALUES (@company_id, @dynamic_field_id, @value, @updated_by, now())
ON CONFLICT (company_id, dynamic_field_id)
DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now();

-- name: DynamicFieldValueDelete :exec
DELETE FROM dynamic_field_values WHERE company_id = @company_id AND dynamic_field_id = @dynamic_field_id;

-- name: CompanyAnchorTriggerWorkflows :many
-- The live company workflows of a company with an anchor-date trigger on one
-- of the fields (their next runs follow the field's value).
SELECT DISTINCT cw.uuid FROM workflow_triggers t
JOIN company_workflows cw ON cw.company_id = t.company_id AND cw.id = t.company_workflow_id
WHERE t.company_id = @company_id AND cw.unassigned_at IS NULL AND t.trigger_type = 'anchor_date'
  AND t.data->>'dynamicFieldId' = ANY(@field_ids::text[]);

-- name: CompanyCountriesInUse :many
-- The countries of a company's live workflow assignments.
SELECT DISTINCT country_id FROM company_workflows
WHERE company_id = @company_id AND unassigned_at IS NULL;

-- name: DynamicFieldCategoryExists :one
SELECT EXISTS (SELECT 1 FROM categories WHERE id = @id)::boolean;
