-- name: WorkflowVersionCreate :one
-- The next version of a workflow; the workflow row is locked by the caller.
INSERT INTO workflow_versions (workflow_id, version, structure, published_by)
SELECT @workflow_id, coalesce(max(version), 0) + 1, @structure, sqlc.narg(published_by)
FROM workflow_versions WHERE workflow_id = @workflow_id
RETURNING *;

-- name: WorkflowVersionLatest :one
SELECT * FROM workflow_versions WHERE workflow_id = @workflow_id ORDER BY version DESC LIMIT 1;

-- name: WorkflowVersionGet :one
SELECT * FROM workflow_versions WHERE id = @id;

-- name: WorkflowVersionGetByIDs :many
SELECT * FROM workflow_versions WHERE id = ANY(@ids::bigint[]);

-- name: WorkflowVersionLatestFor :many
-- The latest version of each of the workflows.
SELECT DISTINCT ON (workflow_id) * FROM workflow_versions
WHERE workflow_id = ANY(@workflow_ids::bigint[])
ORDER BY workflow_id, version DESC;

-- name: WorkflowVersionNumbers :many
-- A workflow's published versions, newest first.
SELECT version FROM workflow_versions WHERE workflow_id = @workflow_id ORDER BY version DESC;

-- name: WorkflowVersionGetNumbers :many
-- Versions of a workflow by number.
SELECT * FROM workflow_versions WHERE workflow_id = @workflow_id AND version = ANY(@versions::int[]);

-- name: WorkflowVersionGetPairs :many
-- Versions of several workflows by (workflow, number) pairs, the two arrays side by side.
SELECT * FROM workflow_versions
WHERE (workflow_id, version) IN (SELECT unnest(@workflow_ids::bigint[]), unnest(@versions::int[]));
