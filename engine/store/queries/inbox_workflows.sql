-- The workflow columns of the tasks table.

-- name: InboxWorkflowInfo :many
-- The workflow and run parameters of a page's workflow threads, in one query:
-- the run's values and the parameters its version declares on the start node
-- (name, label, type), in declared order.
SELECT wi.company_id, wi.id, wi.uuid AS instance_uuid, w.uuid AS workflow_uuid, w.name AS workflow_name, wi.parameters,
       coalesce(jsonb_path_query_array(wv.structure,
         '$.nodes[*] ? (@.type == "start").data.parameters[*]'), '[]'::jsonb)::jsonb AS declared
FROM workflow_instances wi
JOIN workflows w ON w.id = wi.workflow_id
JOIN workflow_versions wv ON wv.id = wi.workflow_version_id
-- instance ids are unique on their own; the companies narrow the index scan
WHERE wi.company_id = ANY(@company_ids::bigint[]) AND wi.id = ANY(@instance_ids::bigint[]);
