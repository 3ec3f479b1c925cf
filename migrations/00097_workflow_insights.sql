-- +goose Up
-- Run analytics (issue 31, engine/workflow/insights.go) read runs, steps and
-- tasks by the time something happened to them over a window of days, for one
-- workflow or for all: runs by their start (created_at, also served by
-- workflow_instances_created_idx across workflows) and end, failed runs
-- (which have no end: their failed step's end counts), steps by their end and
-- workflow tasks by their completion. Cross-company, so not led by company_id.
CREATE INDEX workflow_instances_workflow_created_idx ON workflow_instances (workflow_id, created_at);
CREATE INDEX workflow_instances_workflow_ended_idx ON workflow_instances (workflow_id, ended_at)
    WHERE ended_at IS NOT NULL;
CREATE INDEX workflow_instances_ended_idx ON workflow_instances (ended_at) WHERE ended_at IS NOT NULL;
CREATE INDEX workflow_instances_failed_idx ON workflow_instances (workflow_id) WHERE state = 'failed';
CREATE INDEX workflow_instance_steps_completed_idx ON workflow_instance_steps (ended_at)
    WHERE state = 'completed';
CREATE INDEX threads_workflow_closed_idx ON threads (completion_date)
    WHERE task_type = 'workflow_task' AND status = 'closed';

-- +goose Down
DROP INDEX threads_workflow_closed_idx;
DROP INDEX workflow_instance_steps_completed_idx;
DROP INDEX workflow_instances_failed_idx;
DROP INDEX workflow_instances_ended_idx;
DROP INDEX workflow_instances_workflow_ended_idx;
DROP INDEX workflow_instances_workflow_created_idx;
