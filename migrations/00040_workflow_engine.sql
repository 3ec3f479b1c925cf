-- The workflow engine's additions to the data model.
--   * Unassigning a workflow from a company keeps the assignment's runs (their
--     tasks in the inbox point at them): the row is marked unassigned instead of
--     deleted, and only one live assignment per company and workflow may exist.
--   * Indexes for the lists the runs view and the engine page.

-- +goose Up
ALTER TABLE company_workflows ADD COLUMN unassigned_at timestamptz;
ALTER TABLE company_workflows DROP CONSTRAINT company_workflows_company_id_workflow_id_key;
CREATE UNIQUE INDEX company_workflows_live_key ON company_workflows (company_id, workflow_id)
    WHERE unassigned_at IS NULL;

CREATE INDEX workflow_triggers_company_workflow_idx ON workflow_triggers (company_id, company_workflow_id, id);
CREATE INDEX workflow_instances_company_workflow_idx ON workflow_instances (company_id, company_workflow_id, created_at DESC);
CREATE INDEX workflow_instances_created_idx ON workflow_instances (created_at DESC, id DESC);
CREATE INDEX workflows_list_idx ON workflows (draft, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX workflow_versions_latest_idx ON workflow_versions (workflow_id, version DESC);

-- +goose Down
DROP INDEX workflow_versions_latest_idx;
DROP INDEX workflows_list_idx;
DROP INDEX workflow_instances_created_idx;
DROP INDEX workflow_instances_company_workflow_idx;
DROP INDEX workflow_triggers_company_workflow_idx;
DROP INDEX company_workflows_live_key;
ALTER TABLE company_workflows ADD CONSTRAINT company_workflows_company_id_workflow_id_key UNIQUE (company_id, workflow_id);
ALTER TABLE company_workflows DROP COLUMN unassigned_at;
