-- Workflows assigned to companies, one live assignment per company and workflow.

-- name: CompanyWorkflowCreate :one
INSERT INTO company_workflows (company_id, workflow_id, country_id, created_by)
VALUES (@company_id, @workflow_id, @country_id, sqlc.narg(created_by))
ON CONFLICT (company_id, workflow_id) WHERE unassigned_at IS NULL DO NOTHING
RETURNING *;

-- name: CompanyWorkflowGetByUUID :one
SELECT * FROM company_workflows WHERE uuid = @uuid AND unassigned_at IS NULL;

-- name: CompanyWorkflowGetAnyByUUID :one
-- Live or unassigned (runs keep their assignment).
SELECT * FROM company_workflows WHERE uuid = @uuid;

-- name: CompanyWorkflowGet :one
SELECT * FROM company_workflows WHERE company_id = @company_id AND id = @id;

-- name: CompanyWorkflowGetLive :one
SELECT * FROM company_workflows
WHERE company_id = @company_id AND workflow_id = @workflow_id AND unassigned_at IS NULL;

-- name: CompanyWorkflowLock :one
SELECT * FROM company_workflows WHERE company_id = @company_id AND id = @id FOR UPDATE;

-- name: CompanyWorkflowUnassign :exec
UPDATE company_workflows SET unassigned_at = now() WHERE company_id = @company_id AND id = @id
AND unassigned_at IS NULL;

-- name: CompanyWorkflowAssignedAnywhere :one
SELECT EXISTS (SELECT 1 FROM company_workflows WHERE workflow_id = @workflow_id AND unassigned_at IS NULL)::boolean;

-- name: CompanyWorkflowCompanyIDs :many
-- The companies a workflow is assigned to (the workflow's companies page).
SELECT company_id FROM company_workflows WHERE workflow_id = @workflow_id AND unassigned_at IS NULL;

-- name: CompanyWorkflowList :many
SELECT cw.*, w.name AS workflow_name
FROM company_workflows cw JOIN workflows w ON w.id = cw.workflow_id
WHERE cw.unassigned_at IS NULL AND w.deleted_at IS NULL
  AND cw.company_id = ANY(@company_ids::bigint[])
  AND (sqlc.narg(category_ids)::bigint[] IS NULL OR w.category_id = ANY(sqlc.narg(category_ids)::bigint[]))
  AND (sqlc.narg(country_ids)::bigint[] IS NULL OR cw.country_id = ANY(sqlc.narg(country_ids)::bigint[]))
  AND (sqlc.narg(creator_ids)::bigint[] IS NULL OR w.creator_id = ANY(sqlc.narg(creator_ids)::bigint[]))
  AND (sqlc.narg(tags)::text[] IS NULL OR w.tags && sqlc.narg(tags)::text[])
  AND (sqlc.narg(search)::text IS NULL OR w.name ILIKE '%' || sqlc.narg(search)::text || '%')
ORDER BY lower(w.name), cw.company_id, cw.id
LIMIT @lim::int OFFSET @off::int;

-- name: CompanyWorkflowCount :one
SELECT count(*)::bigint
FROM company_workflows cw JOIN workflows w ON w.id = cw.workflow_id
WHERE cw.unassigned_at IS NULL AND w.deleted_at IS NULL
  AND cw.company_id = ANY(@company_ids::bigint[])
  AND (sqlc.narg(category_ids)::bigint[] IS NULL OR w.category_id = ANY(sqlc.narg(category_ids)::bigint[]))
  AND (sqlc.narg(country_ids)::bigint[] IS NULL OR cw.country_id = ANY(sqlc.narg(country_ids)::bigint[]))
  AND (sqlc.narg(creator_ids)::bigint[] IS NULL OR w.creator_id = ANY(sqlc.narg(creator_ids)::bigint[]))
  AND (sqlc.narg(tags)::text[] IS NULL OR w.tags && sqlc.narg(tags)::text[])
  AND (sqlc.narg(search)::text IS NULL OR w.name ILIKE '%' || sqlc.narg(search)::text || '%');

-- name: CompanyWorkflowTimed :many
-- Live assignments with a schedule or anchor-date trigger: the trigger
-- workflows the scheduler makes sure are running.
SELECT DISTINCT cw.uuid
FROM company_workflows cw
JOIN workflow_triggers t ON t.company_id = cw.company_id AND t.company_workflow_id = cw.id
WHERE cw.unassigned_at IS NULL AND t.trigger_type IN ('schedule', 'anchor_date')
ORDER BY cw.uuid;

-- name: CompanyWorkflowShare :one
-- Keeps the assignment from being unassigned until the transaction ends,
-- without serialising the runs started on it.
SELECT * FROM company_workflows WHERE company_id = @company_id AND id = @id AND unassigned_at IS NULL FOR SHARE;

-- name: CompanyWorkflowGetByIDs :many
SELECT * FROM company_workflows WHERE id = ANY(@ids::bigint[]);

-- name: CompanyWorkflowAssignedFor :many
-- Which of the workflows some company uses.
SELECT DISTINCT workflow_id FROM company_workflows
WHERE workflow_id = ANY(@workflow_ids::bigint[]) AND unassigned_at IS NULL;

-- name: CompanyWorkflowListForCompany :many
-- A company's live assignments (the company's workflowAssigned and companyWorkflowCountryIds).
SELECT * FROM company_workflows WHERE company_id = @company_id AND unassigned_at IS NULL ORDER BY id;

-- name: CompanyWorkflowCountriesFor :many
-- The countries some companies use one workflow for (or any workflow, when
-- workflow_id is null): the companies' workflowAssigned and
-- companyWorkflowCountryIds, for a whole list in one statement.
SELECT DISTINCT company_id, country_id FROM company_workflows
WHERE company_id = ANY(@company_ids::bigint[]) AND unassigned_at IS NULL
  AND (sqlc.narg(workflow_id)::bigint IS NULL OR workflow_id = sqlc.narg(workflow_id)::bigint)
ORDER BY company_id, country_id;

-- name: CompanyWorkflowImportEnded :one
-- An assignment that has ended, written as it happened (the demo's run history, demo/history.go).
INSERT INTO company_workflows (company_id, workflow_id, country_id, created_by, created_at, unassigned_at)
VALUES (@company_id, @workflow_id, @country_id, sqlc.narg(created_by), @created_at, @unassigned_at)
RETURNING *;
