-- Runs of company workflows. State is written by the run's activities.

-- name: WorkflowInstanceCreate :one
INSERT INTO workflow_instances (company_id, uuid, company_workflow_id, workflow_id, workflow_version_id, trigger_id,
                                parameters, total_steps_count, temporal_workflow_id)
VALUES (@company_id, @uuid, @company_workflow_id, @workflow_id, @workflow_version_id, sqlc.narg(trigger_id),
        @parameters, @total_steps_count, @temporal_workflow_id)
ON CONFLICT (uuid) DO NOTHING
RETURNING *;

-- name: WorkflowInstanceGetByUUID :one
SELECT * FROM workflow_instances WHERE uuid = @uuid;

-- name: WorkflowInstanceGet :one
SELECT * FROM workflow_instances WHERE company_id = @company_id AND id = @id;

-- name: WorkflowInstanceLock :one
SELECT * FROM workflow_instances WHERE uuid = @uuid FOR UPDATE;

-- name: WorkflowInstanceList :many
-- One page of runs, newest first, over the companies the viewer may read runs of.
-- With after_created_at and after_id (the last row of the previous page) it pages
-- by keyset on the index (company_id, created_at DESC, id DESC); off is then 0.
SELECT wi.* FROM workflow_instances wi
JOIN workflows w ON w.id = wi.workflow_id
WHERE wi.company_id = ANY(@company_ids::bigint[])
  AND (sqlc.narg(states)::text[] IS NULL OR wi.state = ANY(sqlc.narg(states)::text[]))
  AND (sqlc.narg(category_ids)::bigint[] IS NULL OR w.category_id = ANY(sqlc.narg(category_ids)::bigint[]))
  AND (sqlc.narg(workflow_uuids)::uuid[] IS NULL OR w.uuid = ANY(sqlc.narg(workflow_uuids)::uuid[]))
  AND (sqlc.narg(date_from)::timestamptz IS NULL OR wi.created_at >= sqlc.narg(date_from)::timestamptz)
  AND (sqlc.narg(date_to)::timestamptz IS NULL OR wi.created_at < sqlc.narg(date_to)::timestamptz)
  AND (sqlc.narg(search)::text IS NULL OR w.name ILIKE '%' || sqlc.narg(search)::text || '%')
  AND (sqlc.narg(after_created_at)::timestamptz IS NULL
       OR (wi.created_at, wi.id) < (sqlc.narg(after_created_at)::timestamptz, sqlc.narg(after_id)::bigint))
ORDER BY wi.created_at DESC, wi.id DESC
LIMIT @lim::int OFFSET @off::int;

-- name: WorkflowInstanceCount :one
SELECT count(*)::bigint FROM workflow_instances wi
JOIN workflows w ON w.id = wi.workflow_id
WHERE wi.company_id = ANY(@company_ids::bigint[])
  AND (sqlc.narg(states)::text[] IS NULL OR wi.state = ANY(sqlc.narg(states)::text[]))
  AND (sqlc.narg(category_ids)::bigint[] IS NULL OR w.category_id = ANY(sqlc.narg(category_ids)::bigint[]))
  AND (sqlc.narg(workflow_uuids)::uuid[] IS NULL OR w.uuid = ANY(sqlc.narg(workflow_uuids)::uuid[]))
  AND (sqlc.narg(date_from)::timestamptz IS NULL OR wi.created_at >= sqlc.narg(date_from)::timestamptz)
  AND (sqlc.narg(date_to)::timestamptz IS NULL OR wi.created_at < sqlc.narg(date_to)::timestamptz)
  AND (sqlc.narg(search)::text IS NULL OR w.name ILIKE '%' || sqlc.narg(search)::text || '%');

-- name: WorkflowInstanceOpenCount :one
SELECT count(*)::bigint FROM workflow_instances
WHERE company_id = @company_id AND company_workflow_id = @company_workflow_id
  AND state IN ('pending', 'running', 'failed');

-- name: WorkflowInstanceStart :one
-- The run began (or began again after a worker lost it): pending becomes running.
UPDATE workflow_instances SET state = 'running', started_at = coalesce(started_at, now()),
    total_steps_count = @total_steps_count
WHERE company_id = @company_id AND id = @id AND state = 'pending'
RETURNING *;

-- name: WorkflowInstanceSetState :exec
UPDATE workflow_instances SET state = @state,
    ended_at = CASE WHEN @state IN ('completed', 'cancelled') THEN coalesce(ended_at, now()) ELSE NULL END,
    failure_reason = CASE WHEN @state = 'failed' THEN sqlc.narg(failure_reason) ELSE failure_reason END,
    failed_node_id = CASE WHEN @state = 'failed' THEN sqlc.narg(failed_node_id) ELSE failed_node_id END
WHERE company_id = @company_id AND id = @id;

-- name: WorkflowInstanceCancel :exec
UPDATE workflow_instances SET state = 'cancelled', cancelled_by = sqlc.narg(cancelled_by),
    ended_at = coalesce(ended_at, now())
WHERE company_id = @company_id AND id = @id;

-- name: WorkflowInstanceRecount :exec
-- completed_steps_count is the number of finished steps, so a retried activity never counts twice.
UPDATE workflow_instances SET completed_steps_count = (
    SELECT count(*) FROM workflow_instance_steps s
    WHERE s.company_id = @company_id AND s.instance_id = @id AND s.state IN ('completed', 'skipped'))
WHERE company_id = @company_id AND id = @id;

-- name: WorkflowRunAudience :many
-- Who may read a company's runs, to address realtime events about them: the
-- company's active provider staff and the active global admins.
SELECT users.uuid FROM portico_users
JOIN users ON users.id = portico_users.user_id AND users.active
WHERE portico_users.company_id = @company_id AND portico_users.active
UNION
SELECT users.uuid FROM users WHERE users.user_role = 'admin' AND users.active;

-- name: WorkflowInstanceImport :exec
-- A run written as it happened (the demo's run history, demo/history.go):
-- its state and times; completed_steps_count is recounted after.
UPDATE workflow_instances SET state = @state, created_at = @created_at, started_at = @created_at,
    ended_at = sqlc.narg(ended_at), failure_reason = sqlc.narg(failure_reason), failed_node_id = sqlc.narg(failed_node_id),
    cancelled_by = sqlc.narg(cancelled_by)
WHERE company_id = @company_id AND id = @id;
