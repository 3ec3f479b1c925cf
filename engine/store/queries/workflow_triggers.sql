-- name: WorkflowTriggerList :many
SELECT * FROM workflow_triggers WHERE company_id = @company_id AND company_workflow_id = @company_workflow_id
ORDER BY id;

-- name: WorkflowTriggerListFor :many
SELECT * FROM workflow_triggers
WHERE company_id = ANY(@company_ids::bigint[]) AND company_workflow_id = ANY(@company_workflow_ids::bigint[])
ORDER BY company_id, company_workflow_id, id;

-- name: WorkflowTriggerCreate :one
INSERT INTO workflow_triggers (company_id, company_workflow_id, trigger_type, data, next_run_at)
VALUES (@company_id, @company_workflow_id, @trigger_type, @data, sqlc.narg(next_run_at))
RETURNING *;

-- name: WorkflowTriggerUpdate :one
UPDATE workflow_triggers SET trigger_type = @trigger_type, data = @data, next_run_at = sqlc.narg(next_run_at),
    next_run_error = NULL, updated_at = now()
WHERE company_id = @company_id AND id = @id
RETURNING *;

-- name: WorkflowTriggerDelete :exec
DELETE FROM workflow_triggers WHERE company_id = @company_id AND id = @id;

-- name: WorkflowTriggerSetNextRun :exec
UPDATE workflow_triggers SET next_run_at = sqlc.narg(next_run_at), next_run_error = sqlc.narg(next_run_error)
WHERE company_id = @company_id AND id = @id;

-- name: WorkflowTriggerGetByUUID :one
SELECT * FROM workflow_triggers WHERE uuid = @uuid;

-- name: WorkflowHasScheduleTrigger :one
SELECT EXISTS (SELECT 1 FROM workflow_triggers t
               JOIN company_workflows cw ON cw.company_id = t.company_id AND cw.id = t.company_workflow_id
               WHERE cw.workflow_id = @workflow_id AND cw.unassigned_at IS NULL AND t.trigger_type = 'schedule')::boolean;
