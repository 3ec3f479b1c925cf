-- The workload forecast (engine/workflow/forecast.go) reads the timed triggers
-- of many companies at once; the values their runs depend on come from the
-- same queries a run uses (WorkflowDynamicFieldValues, WorkflowTaskResponsibles,
-- WorkflowTaskStaffMembers).

-- name: ForecastTriggers :many
-- The schedule and anchor-date triggers of the companies' live assignments, by
-- assignment (data as text: 20,000 of them are not worth decoding as JSON twice).
SELECT cw.company_id, cw.id AS company_workflow_id, cw.uuid AS company_workflow_uuid, cw.workflow_id,
       cw.country_id, t.trigger_type, t.data::text AS data
FROM company_workflows cw
JOIN workflows w ON w.id = cw.workflow_id
JOIN workflow_triggers t ON t.company_id = cw.company_id AND t.company_workflow_id = cw.id
WHERE cw.company_id = ANY(@company_ids::bigint[]) AND cw.unassigned_at IS NULL AND w.deleted_at IS NULL
  AND t.trigger_type IN ('schedule', 'anchor_date')
ORDER BY cw.company_id, cw.id, t.id;
