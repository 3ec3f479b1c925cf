-- The tasks table's sorted list (inboxTasks with orderBy).

-- name: ThreadListOrdered :many
-- One keyset page of threads in a chosen order: the field @order_field
-- (title, workflow, company, priority, status, dueDate, activityAt or
-- responsible; @order_desc), then the due date (@due_desc), then activity time
-- descending, then uuid. Empty values (no workflow, nobody responsible, no due
-- date) come last either way. Every order is the tuple
--   (k_null, k_text asc or desc, k_num, d_null, d_num, a_num, uuid)
-- in which every part but k_text ascends (numbers are negated to descend):
-- text fields fill k_text, the others k_num. The cursor is the thread
-- (@cursor_company_id, @cursor_id): its keys are read here with the same
-- expressions, whatever it matches now. Its filters are ThreadList's
-- (inbox_threads_matching).
WITH m AS (
    SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status,
           t.priority, t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by,
           t.author_id, t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable,
           t.external_actions, t.copied_from_id, t.activity_at, t.created_at, t.updated_at,
           t.unread_count, t.mentioned, t.last_read_activity_id,
           -- the sort keys (see above), the same in m and cur
           CASE @order_field::text WHEN 'workflow' THEN t.workflow_instance_id IS NULL
             WHEN 'responsible' THEN t.responsible_id IS NULL WHEN 'dueDate' THEN t.due_date IS NULL
             ELSE false END AS k_null,
           coalesce(CASE @order_field::text
             WHEN 'title' THEN lower(t.title)
             WHEN 'company' THEN (SELECT lower(c.name) FROM companies c WHERE c.id = t.company_id)
             WHEN 'workflow' THEN (SELECT lower(w.name) FROM workflow_instances wi JOIN workflows w ON w.id = wi.workflow_id
                                   WHERE wi.company_id = t.company_id AND wi.id = t.workflow_instance_id)
             WHEN 'responsible' THEN (SELECT lower(CASE WHEN @mask_staff::bool AND u.user_type = 'portico_user'
                                                       THEN @provider_label::text ELSE u.name END)
                                      FROM users u WHERE u.id = t.responsible_id)
             END, '')::text AS k_text,
           (coalesce(CASE @order_field::text
             WHEN 'priority' THEN CASE t.priority WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 ELSE 4 END
             WHEN 'status' THEN CASE t.status WHEN 'created' THEN 1 WHEN 'in_progress' THEN 2 WHEN 'closed' THEN 3
                                WHEN 'skipped' THEN 4 WHEN 'failed' THEN 5 ELSE 6 END
             WHEN 'dueDate' THEN extract(epoch FROM t.due_date)
             WHEN 'activityAt' THEN extract(epoch FROM t.activity_at)
             END, 0) * CASE WHEN @order_desc::bool THEN -1 ELSE 1 END)::numeric AS k_num,
           t.due_date IS NULL AS d_null,
           (coalesce(extract(epoch FROM t.due_date), 0) * CASE WHEN @due_desc::bool THEN -1 ELSE 1 END)::numeric AS d_num,
           (-extract(epoch FROM t.activity_at))::numeric AS a_num
    FROM inbox_threads_matching(@user_id::bigint, @company_ids::bigint[], sqlc.narg(scope)::text[],
        @category_ids::bigint[], @hidden::bool, @statuses::text[], @task_types::text[], @unread_only::bool,
        sqlc.narg(responsible_ids)::bigint[], @responsible_nobody::bool, sqlc.narg(author_ids)::bigint[],
        sqlc.narg(priorities)::text[], sqlc.narg(urgent)::bool, sqlc.narg(due_from)::timestamptz,
        sqlc.narg(due_to)::timestamptz, sqlc.narg(with_due_date)::bool, @overdue_only::bool, @now::timestamptz,
        sqlc.narg(with_messages)::bool, sqlc.narg(with_attachments)::bool, sqlc.narg(participant_ids)::bigint[],
        sqlc.narg(workflow_ids)::bigint[], sqlc.narg(query)::text) t
), cur AS MATERIALIZED ( -- once, not once per row of m
    SELECT t.uuid,
           -- the sort keys (see above), the same in m and cur
           CASE @order_field::text WHEN 'workflow' THEN t.workflow_instance_id IS NULL
             WHEN 'responsible' THEN t.responsible_id IS NULL WHEN 'dueDate' THEN t.due_date IS NULL
             ELSE false END AS k_null,
           coalesce(CASE @order_field::text
             WHEN 'title' THEN lower(t.title)
             WHEN 'company' THEN (SELECT lower(c.name) FROM companies c WHERE c.id = t.company_id)
             WHEN 'workflow' THEN (SELECT lower(w.name) FROM workflow_instances wi JOIN workflows w ON w.id = wi.workflow_id
                                   WHERE wi.company_id = t.company_id AND wi.id = t.workflow_instance_id)
             WHEN 'responsible' THEN (SELECT lower(CASE WHEN @mask_staff::bool AND u.user_type = 'portico_user'
                                                       THEN @provider_label::text ELSE u.name END)
                                      FROM users u WHERE u.id = t.responsible_id)
             END, '')::text AS k_text,
           (coalesce(CASE @order_field::text
             WHEN 'priority' THEN CASE t.priority WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 ELSE 4 END
             WHEN 'status' THEN CASE t.status WHEN 'created' THEN 1 WHEN 'in_progress' THEN 2 WHEN 'closed' THEN 3
                                WHEN 'skipped' THEN 4 WHEN 'failed' THEN 5 ELSE 6 END
             WHEN 'dueDate' THEN extract(epoch FROM t.due_date)
             WHEN 'activityAt' THEN extract(epoch FROM t.activity_at)
             END, 0) * CASE WHEN @order_desc::bool THEN -1 ELSE 1 END)::numeric AS k_num,
           t.due_date IS NULL AS d_null,
           (coalesce(extract(epoch FROM t.due_date), 0) * CASE WHEN @due_desc::bool THEN -1 ELSE 1 END)::numeric AS d_num,
           (-extract(epoch FROM t.activity_at))::numeric AS a_num
    FROM threads t
    WHERE @cursor_set::bool AND t.company_id = @cursor_company_id::bigint AND t.id = @cursor_id::bigint
), p AS (
    SELECT m.company_id, m.id, m.uuid, m.category_id, m.task_type, m.title, m.description, m.status, m.priority,
        m.urgent, m.due_date, m.completion_date, m.hidden, m.hidden_at, m.hidden_by, m.author_id,
        m.responsible_id, m.workflow_instance_id, m.workflow_node_id, m.skippable, m.external_actions,
        m.copied_from_id, m.activity_at, m.created_at, m.updated_at, m.unread_count, m.mentioned,
        m.last_read_activity_id, m.k_null, m.k_text, m.k_num, m.d_null, m.d_num, m.a_num
    FROM m LEFT JOIN cur c ON true -- one row, or none without a cursor
    WHERE NOT @cursor_set::bool OR (
           m.k_null > c.k_null
           OR (m.k_null = c.k_null AND (
                 CASE WHEN @order_desc::bool THEN m.k_text < c.k_text ELSE m.k_text > c.k_text END
              OR (m.k_text = c.k_text AND (m.k_num, m.d_null, m.d_num, m.a_num, m.uuid)
                                           > (c.k_num, c.d_null, c.d_num, c.a_num, c.uuid)))))
    ORDER BY m.k_null, CASE WHEN NOT @order_desc::bool THEN m.k_text END, CASE WHEN @order_desc::bool THEN m.k_text END DESC,
             m.k_num, m.d_null, m.d_num, m.a_num, m.uuid
    LIMIT @lim::int
)
SELECT p.company_id, p.id, p.uuid, p.category_id, p.task_type, p.title, p.description, p.status, p.priority,
       p.urgent, p.due_date, p.completion_date, p.hidden, p.hidden_at, p.hidden_by, p.author_id,
       p.responsible_id, p.workflow_instance_id, p.workflow_node_id, p.skippable, p.external_actions,
       p.copied_from_id, p.activity_at, p.created_at, p.updated_at, p.unread_count, p.mentioned,
       false AS overdue_part,
       -- where the reader's pane opens (unreadActivityId; migration 00089)
       (SELECT u FROM thread_unread_activity(p.company_id, p.id, @user_id::bigint, p.last_read_activity_id, p.unread_count) AS u)
           AS unread_activity_uuid,
       -- the author and responsible, so the page needs no second query
       ua.uuid AS author_uuid, ua.name AS author_name, ua.email AS author_email, ua.user_type AS author_user_type,
       ua.user_role AS author_user_role, ua.active AS author_active,
       ur.uuid AS responsible_uuid, ur.name AS responsible_name, ur.email AS responsible_email,
       ur.user_type AS responsible_user_type, ur.user_role AS responsible_user_role, ur.active AS responsible_active
FROM p
LEFT JOIN users ua ON ua.id = p.author_id
LEFT JOIN users ur ON ur.id = p.responsible_id
ORDER BY p.k_null, CASE WHEN NOT @order_desc::bool THEN p.k_text END, CASE WHEN @order_desc::bool THEN p.k_text END DESC,
         p.k_num, p.d_null, p.d_num, p.a_num, p.uuid;
