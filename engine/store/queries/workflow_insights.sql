-- Run analytics (engine/workflow/insights.go): what happened to the runs,
-- steps and tasks of the companies given in [date_from, date_to), for one
-- workflow (workflow_id) or all (NULL), of one version (version) or all
-- (NULL). Durations are in seconds; percentiles are percentile_cont's
-- (interpolated), 0 where nothing was measured (the caller reads the count).

-- name: WorkflowInsightsRuns :many
-- Runs started (created_at), completed and cancelled (ended_at) and failed
-- (a failed run has no end: its failed step's end, else its start) in the
-- window, with the cycle time (start to end) of the completed ones, at three
-- levels: level 3 per bucket (date_trunc(bucket) of the event's day in
-- time_zone, as YYYY-MM-DD), level 4 per workflow and version, level 7 all.
WITH events AS (
    SELECT wi.workflow_id, wi.workflow_version_id, 'started'::text AS kind, wi.created_at AS at, NULL::float8 AS seconds
    FROM workflow_instances wi
    WHERE wi.company_id = ANY(@company_ids::bigint[])
      AND (sqlc.narg(workflow_id)::bigint IS NULL OR wi.workflow_id = sqlc.narg(workflow_id)::bigint)
      AND wi.created_at >= @date_from::timestamptz AND wi.created_at < @date_to::timestamptz
    UNION ALL
    SELECT wi.workflow_id, wi.workflow_version_id, wi.state, wi.ended_at,
           CASE WHEN wi.state = 'completed'
                THEN extract(epoch FROM wi.ended_at - coalesce(wi.started_at, wi.created_at))::float8 END
    FROM workflow_instances wi
    WHERE wi.company_id = ANY(@company_ids::bigint[])
      AND (sqlc.narg(workflow_id)::bigint IS NULL OR wi.workflow_id = sqlc.narg(workflow_id)::bigint)
      AND wi.state IN ('completed', 'cancelled') AND wi.ended_at IS NOT NULL
      AND wi.ended_at >= @date_from::timestamptz AND wi.ended_at < @date_to::timestamptz
    UNION ALL
    SELECT f.workflow_id, f.workflow_version_id, 'failed', f.at, NULL
    FROM (
        SELECT wi.workflow_id, wi.workflow_version_id,
               coalesce(s.ended_at, wi.started_at, wi.created_at) AS at
        FROM workflow_instances wi
        LEFT JOIN workflow_instance_steps s
               ON s.company_id = wi.company_id AND s.instance_id = wi.id AND s.node_id = wi.failed_node_id
        WHERE wi.company_id = ANY(@company_ids::bigint[])
          AND (sqlc.narg(workflow_id)::bigint IS NULL OR wi.workflow_id = sqlc.narg(workflow_id)::bigint)
          AND wi.state = 'failed'
    ) f
    WHERE f.at >= @date_from::timestamptz AND f.at < @date_to::timestamptz
), versioned AS (
    SELECT e.workflow_id, v.version, e.kind, e.seconds,
           date_trunc(@bucket::text, e.at AT TIME ZONE @time_zone::text)::date AS bucket
    FROM events e JOIN workflow_versions v ON v.id = e.workflow_version_id
    WHERE sqlc.narg(version)::int IS NULL OR v.version = sqlc.narg(version)::int
)
SELECT grouping(x.bucket, x.workflow_id, x.version)::int AS level,
       coalesce(to_char(x.bucket, 'YYYY-MM-DD'), '')::text AS bucket,
       coalesce(x.workflow_id, 0)::bigint AS workflow_id,
       coalesce(x.version, 0)::int AS version,
       count(*) FILTER (WHERE x.kind = 'started')::int AS started,
       count(*) FILTER (WHERE x.kind = 'completed')::int AS completed,
       count(*) FILTER (WHERE x.kind = 'failed')::int AS failed,
       count(*) FILTER (WHERE x.kind = 'cancelled')::int AS cancelled,
       coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY x.seconds), 0)::float8 AS cycle_p50,
       coalesce(percentile_cont(0.9) WITHIN GROUP (ORDER BY x.seconds), 0)::float8 AS cycle_p90
FROM versioned x
GROUP BY GROUPING SETS ((x.bucket), (x.workflow_id, x.version), ())
ORDER BY level, bucket, workflow_id, version;

-- name: WorkflowInsightsSteps :many
-- The steps of one workflow's runs that completed in the window, per node:
-- how many, and the median and 90th percentile of their time (start to end).
SELECT s.node_id, count(*)::int AS completed,
       coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.ended_at - s.started_at)), 0)::float8 AS p50,
       coalesce(percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM s.ended_at - s.started_at)), 0)::float8 AS p90
FROM workflow_instance_steps s
JOIN workflow_instances wi ON wi.company_id = s.company_id AND wi.id = s.instance_id
JOIN workflow_versions v ON v.id = wi.workflow_version_id
WHERE s.state = 'completed' AND s.started_at IS NOT NULL
  AND s.ended_at >= @date_from::timestamptz AND s.ended_at < @date_to::timestamptz
  AND wi.company_id = ANY(@company_ids::bigint[]) AND wi.workflow_id = @workflow_id
  AND (sqlc.narg(version)::int IS NULL OR v.version = sqlc.narg(version)::int)
GROUP BY s.node_id
ORDER BY s.node_id;

-- name: WorkflowInsightsTasks :many
-- The runs' tasks closed in the window, per workflow, version, company and
-- step: how many, how many of them after their due date (late), and by how
-- long in all (seconds).
SELECT wi.workflow_id, v.version, t.company_id, coalesce(t.workflow_node_id, '')::text AS node_id,
       count(*)::int AS completed,
       count(*) FILTER (WHERE t.completion_date > t.due_date)::int AS late,
       coalesce(sum(extract(epoch FROM t.completion_date - t.due_date)) FILTER (WHERE t.completion_date > t.due_date), 0)::float8 AS late_seconds
FROM threads t
JOIN workflow_instances wi ON wi.company_id = t.company_id AND wi.id = t.workflow_instance_id
JOIN workflow_versions v ON v.id = wi.workflow_version_id
WHERE t.task_type = 'workflow_task' AND t.status = 'closed'
  AND t.completion_date >= @date_from::timestamptz AND t.completion_date < @date_to::timestamptz
  AND t.company_id = ANY(@company_ids::bigint[])
  AND (sqlc.narg(workflow_id)::bigint IS NULL OR wi.workflow_id = sqlc.narg(workflow_id)::bigint)
  AND (sqlc.narg(version)::int IS NULL OR v.version = sqlc.narg(version)::int)
GROUP BY wi.workflow_id, v.version, t.company_id, t.workflow_node_id
ORDER BY wi.workflow_id, v.version, t.company_id, node_id;
