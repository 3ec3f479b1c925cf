-- Steps of runs, and the workflow_task threads they create.

-- name: WorkflowStepList :many
SELECT * FROM workflow_instance_steps WHERE company_id = @company_id AND instance_id = @instance_id
ORDER BY started_at NULLS LAST, node_id;

-- name: WorkflowStepGet :one
SELECT * FROM workflow_instance_steps WHERE company_id = @company_id AND instance_id = @instance_id
AND node_id = @node_id;

-- name: WorkflowStepBegin :one
-- A step starts (or starts again on retry: its error and thread are cleared).
INSERT INTO workflow_instance_steps (company_id, instance_id, node_id, state, started_at)
VALUES (@company_id, @instance_id, @node_id, 'running', now())
ON CONFLICT (company_id, instance_id, node_id) DO UPDATE SET
    state = 'running', error = NULL, outcome = NULL, ended_at = NULL,
    thread_id = CASE WHEN workflow_instance_steps.state = 'failed' THEN NULL ELSE workflow_instance_steps.thread_id END,
    started_at = coalesce(workflow_instance_steps.started_at, now())
RETURNING *;

-- name: WorkflowStepSetThread :exec
UPDATE workflow_instance_steps SET thread_id = @thread_id
WHERE company_id = @company_id AND instance_id = @instance_id AND node_id = @node_id;

-- name: WorkflowStepFinish :exec
INSERT INTO workflow_instance_steps (company_id, instance_id, node_id, state, outcome, error, started_at, ended_at)
VALUES (@company_id, @instance_id, @node_id, @state, sqlc.narg(outcome), sqlc.narg(error), now(), now())
ON CONFLICT (company_id, instance_id, node_id) DO UPDATE SET
    state = @state, outcome = sqlc.narg(outcome), error = sqlc.narg(error), ended_at = now();

-- name: WorkflowStepCancelOpen :exec
UPDATE workflow_instance_steps SET state = 'cancelled', ended_at = now()
WHERE company_id = @company_id AND instance_id = @instance_id AND state IN ('pending', 'running', 'failed');

-- name: WorkflowTaskThreadGet :one
SELECT company_id, id, uuid, status, workflow_instance_id, workflow_node_id, task_type
FROM threads WHERE company_id = @company_id AND id = @id;

-- name: WorkflowTaskThreadByUUID :one
SELECT t.company_id, t.id, t.uuid, t.status, t.workflow_instance_id, t.workflow_node_id, t.task_type,
       wi.uuid AS instance_uuid
FROM threads t LEFT JOIN workflow_instances wi ON wi.company_id = t.company_id AND wi.id = t.workflow_instance_id
WHERE t.uuid = @uuid;

-- name: WorkflowTaskResponsibles :many
-- The provider user responsible for each of the companies (the first, by
-- name): who a run's task for the responsible person goes to. A run asks for
-- its one company, a forecast for all of its companies.
SELECT DISTINCT ON (pu.company_id) pu.company_id, u.id AS user_id
FROM portico_users pu JOIN users u ON u.id = pu.user_id
WHERE pu.company_id = ANY(@company_ids::bigint[]) AND pu.responsible AND pu.active AND u.active
ORDER BY pu.company_id, lower(u.name), u.id;

-- name: WorkflowTaskStaffMembers :many
-- The users who may be given the companies' tasks among those named: active
-- staff members of the company.
SELECT pu.company_id, u.uuid, u.id AS user_id
FROM portico_users pu JOIN users u ON u.id = pu.user_id
WHERE pu.company_id = ANY(@company_ids::bigint[]) AND u.uuid = ANY(@user_uuids::uuid[]) AND pu.active AND u.active;

-- name: WorkflowTaskOpenThread :one
-- The open task a step already created (a retried activity must not create a second).
SELECT id, uuid FROM threads
WHERE company_id = @company_id AND workflow_instance_id = @workflow_instance_id AND workflow_node_id = @node_id
  AND status IN ('created', 'in_progress')
ORDER BY id DESC LIMIT 1;

-- name: WorkflowStepEndedTasks :many
-- Steps still waiting for a task the inbox has already finished: the sweep
-- tells their runs again, in case the status-change signal was lost.
SELECT i.uuid AS instance_uuid, s.node_id, t.uuid AS thread_uuid, t.status
FROM workflow_instance_steps s
JOIN workflow_instances i ON i.company_id = s.company_id AND i.id = s.instance_id
JOIN threads t ON t.company_id = s.company_id AND t.id = s.thread_id
WHERE s.state = 'running' AND i.state = 'running'
  AND t.status IN ('closed', 'skipped', 'failed', 'cancelled')
ORDER BY s.started_at
LIMIT @lim::int;

-- name: WorkflowStepImport :exec
-- A step written as it happened (the demo's run history, demo/history.go).
INSERT INTO workflow_instance_steps (company_id, instance_id, node_id, state, outcome, error, started_at, ended_at)
VALUES (@company_id, @instance_id, @node_id, @state, sqlc.narg(outcome), sqlc.narg(error), @started_at, sqlc.narg(ended_at))
ON CONFLICT (company_id, instance_id, node_id) DO UPDATE SET
    state = @state, outcome = sqlc.narg(outcome), error = sqlc.narg(error), started_at = @started_at, ended_at = sqlc.narg(ended_at);
