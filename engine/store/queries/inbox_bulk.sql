-- Set-based writes and lookups of the inbox's bulk changes: one statement for
-- all the threads (and companies) of a change, whatever its size.

-- name: CompanyMemberListMany :many
-- CompanyMemberList for many companies in one round trip: the members of
-- each company (company_id set) and, once, every global admin (company_id 0),
-- who may see every company.
SELECT pu.company_id, u.id, u.uuid, u.user_type, u.user_role, u.active AS user_active, u.name,
       pu.role, pu.active AS member_active,
       coalesce(array_agg(puc.category_id) FILTER (WHERE puc.category_id IS NOT NULL), '{}')::bigint[] AS category_ids
FROM portico_users pu
JOIN users u ON u.id = pu.user_id
LEFT JOIN portico_user_categories puc ON puc.company_id = pu.company_id AND puc.portico_user_id = pu.id
WHERE pu.company_id = ANY(@company_ids::bigint[])
GROUP BY u.id, pu.company_id, pu.id
UNION ALL
SELECT cu.company_id, u.id, u.uuid, u.user_type, u.user_role, u.active, u.name, cu.role, cu.active,
       coalesce(array_agg(cuc.category_id) FILTER (WHERE cuc.category_id IS NOT NULL), '{}')::bigint[]
FROM company_users cu
JOIN users u ON u.id = cu.user_id
LEFT JOIN company_user_categories cuc ON cuc.company_id = cu.company_id AND cuc.company_user_id = cu.id
WHERE cu.company_id = ANY(@company_ids::bigint[])
GROUP BY u.id, cu.company_id, cu.id
UNION ALL
SELECT 0::bigint, u.id, u.uuid, u.user_type, u.user_role, u.active, u.name, 'admin', true, '{}'::bigint[]
FROM users u WHERE u.user_role = 'admin' AND u.active;

-- name: EventLogAddSet :exec
-- One events-log entry per company of a bulk change: rows is a JSON array of
-- (company_id, data).
INSERT INTO events_log (company_id, user_id, event_category, event_name, ip, data)
SELECT e.company_id, sqlc.narg(user_id)::bigint, @event_category::text, @event_name::text, sqlc.narg(ip)::inet,
       coalesce(e.data, '{}')
FROM jsonb_to_recordset(@rows::jsonb) AS e(company_id bigint, data jsonb);

-- name: ThreadReadMarkReadSet :many
-- ThreadReadMarkRead for many threads of one user, each up to its latest
-- activity: the threads are parallel arrays of company and thread ids. Returns the
-- threads that were unread before. The user's read rows are locked (in key
-- order) before the upsert, which selects from them.
WITH t AS MATERIALIZED (
    SELECT unnest(@company_ids::bigint[]) AS company_id, unnest(@thread_ids::bigint[]) AS thread_id
), prev AS MATERIALIZED (
    SELECT tr.company_id, tr.thread_id, tr.unread_count
    FROM thread_reads tr JOIN t ON tr.company_id = t.company_id AND tr.thread_id = t.thread_id
    WHERE tr.user_id = @user_id::bigint
    ORDER BY tr.company_id, tr.thread_id
    FOR UPDATE OF tr
), up AS (
    INSERT INTO thread_reads AS r (company_id, thread_id, user_id, last_read_activity_id, read_at, unread_count, mentioned)
    SELECT t.company_id, t.thread_id, @user_id::bigint,
           (SELECT coalesce(max(a.id), 0) FROM activities a WHERE a.company_id = t.company_id AND a.thread_id = t.thread_id),
           now(), 0, false
    FROM t LEFT JOIN prev ON prev.company_id = t.company_id AND prev.thread_id = t.thread_id
    ORDER BY t.company_id, t.thread_id
    ON CONFLICT (company_id, thread_id, user_id)
    DO UPDATE SET last_read_activity_id = greatest(r.last_read_activity_id, excluded.last_read_activity_id),
        read_at = now(), unread_count = 0, mentioned = false
    RETURNING 1
)
SELECT prev.company_id::bigint AS company_id, prev.thread_id::bigint AS thread_id FROM prev
WHERE prev.unread_count > 0 AND (SELECT count(*) FROM up) >= 0;

-- name: ThreadReadMarkUnreadSet :many
-- ThreadReadMarkUnread for many threads of one user (parallel arrays of
-- company and thread ids). Returns the threads that were read before.
WITH t AS MATERIALIZED (
    SELECT unnest(@company_ids::bigint[]) AS company_id, unnest(@thread_ids::bigint[]) AS thread_id
), prev AS MATERIALIZED (
    SELECT tr.company_id, tr.thread_id, tr.unread_count
    FROM thread_reads tr JOIN t ON tr.company_id = t.company_id AND tr.thread_id = t.thread_id
    WHERE tr.user_id = @user_id::bigint
    ORDER BY tr.company_id, tr.thread_id
    FOR UPDATE OF tr
), up AS (
    INSERT INTO thread_reads AS r (company_id, thread_id, user_id, unread_count)
    SELECT t.company_id, t.thread_id, @user_id::bigint, 1
    FROM t LEFT JOIN prev ON prev.company_id = t.company_id AND prev.thread_id = t.thread_id
    ORDER BY t.company_id, t.thread_id
    ON CONFLICT (company_id, thread_id, user_id)
    DO UPDATE SET unread_count = greatest(r.unread_count, 1)
    RETURNING 1
)
SELECT t.company_id::bigint AS company_id, t.thread_id::bigint AS thread_id
FROM t LEFT JOIN prev ON prev.company_id = t.company_id AND prev.thread_id = t.thread_id
WHERE coalesce(prev.unread_count, 0) = 0 AND (SELECT count(*) FROM up) >= 0;

-- name: UnreadCounterAddUser :exec
-- Adds to one user's unread counters: rows is a JSON array of (company_id,
-- category_id, task_type, n), n > 0. Rows are written in key order, as every
-- counter write does, so two changes of the same user cannot deadlock.
INSERT INTO unread_counters (company_id, user_id, category_id, task_type, count)
SELECT m.company_id, @user_id::bigint, m.category_id, m.task_type, m.n
FROM jsonb_to_recordset(@rows::jsonb) AS m(company_id bigint, category_id bigint, task_type text, n bigint)
ORDER BY m.company_id, m.category_id, m.task_type
ON CONFLICT (company_id, user_id, category_id, task_type)
DO UPDATE SET count = unread_counters.count + excluded.count;

-- name: UnreadCounterSubUser :exec
-- Takes from one user's unread counters: rows as in UnreadCounterAddUser. The
-- rows are locked in key order first (the update reads locked, so it runs).
WITH locked AS MATERIALIZED (
    SELECT uc.company_id FROM unread_counters uc
    WHERE uc.user_id = @user_id::bigint
      AND (uc.company_id, uc.category_id, uc.task_type) IN (
          SELECT k.company_id, k.category_id, k.task_type
          FROM jsonb_to_recordset(@rows::jsonb) AS k(company_id bigint, category_id bigint, task_type text))
    ORDER BY uc.company_id, uc.category_id, uc.task_type
    FOR UPDATE OF uc
)
UPDATE unread_counters uc SET count = uc.count - m.n
FROM jsonb_to_recordset(@rows::jsonb) AS m(company_id bigint, category_id bigint, task_type text, n bigint)
WHERE uc.company_id = m.company_id AND uc.user_id = @user_id::bigint AND uc.category_id = m.category_id
  AND uc.task_type = m.task_type AND (SELECT count(*) FROM locked) >= 0;

-- name: ThreadGetForBulk :many
-- The threads of a bulk change, with their company's public id and their
-- row version (xmin: it changes with every write of the row), so that the
-- change writes them without locking them first (ThreadUpdateSetIfUnchanged).
-- The ids come as text: pgx sends a uuid.UUID through its text form after a
-- failed binary attempt (an error value each), milliseconds for a thousand.
SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status, t.priority,
       t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by, t.author_id,
       t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable, t.external_actions,
       t.copied_from_id, t.activity_at, t.created_at, t.updated_at, c.uuid AS company_uuid,
       t.xmin::text::bigint AS version
FROM threads t JOIN companies c ON c.id = t.company_id
WHERE t.uuid = ANY(CAST(@uuids::text[] AS uuid[]));

-- name: ThreadUpdateSetIfUnchanged :many
-- ThreadUpdateSet for threads read without a lock: a row is written only if
-- it is still the version that was read (its xmin then; a row another write
-- changes meanwhile is waited for and then fails the check). Returns the rows
-- written; those another write changed in between are left alone, for the
-- caller to lock and do again.
-- The caller gives the changes in key order (company_id, id), and the rows
-- are written in that order: a nested loop driven by the changes (at most a
-- thousand) through the primary key, the plan for any table beyond a few
-- pages (a tiny one is read in its own order, the same for everyone). So
-- concurrent bulk changes lock their threads in the same order and do not
-- deadlock. No separate locking pass: locking the rows first cost a sixth of
-- the update's CPU (a lock, its WAL record and a second lookup per row).
-- The changes are parallel arrays, one element per thread (binary arrays cost
-- far less to send and read than JSON); nullable values come as 0 (ids) and
-- the zero time (0001-01-01, never a real date) for NULL.
UPDATE threads t SET status = u.status, priority = u.priority, urgent = u.urgent,
    due_date = nullif(u.due_date, '0001-01-01 00:00:00+00'), completion_date = nullif(u.completion_date, '0001-01-01 00:00:00+00'),
    responsible_id = nullif(u.responsible_id, 0), hidden = u.hidden, hidden_at = nullif(u.hidden_at, '0001-01-01 00:00:00+00'),
    hidden_by = nullif(u.hidden_by, 0), activity_at = u.activity_at, updated_at = now()
FROM (SELECT unnest(@company_ids::bigint[]) AS company_id, unnest(@ids::bigint[]) AS id,
             unnest(@versions::bigint[]) AS version, unnest(@statuses::text[]) AS status,
             unnest(@priorities::text[]) AS priority, unnest(@urgents::boolean[]) AS urgent,
             unnest(@due_dates::timestamptz[]) AS due_date, unnest(@completion_dates::timestamptz[]) AS completion_date,
             unnest(@responsible_ids::bigint[]) AS responsible_id, unnest(@hiddens::boolean[]) AS hidden,
             unnest(@hidden_ats::timestamptz[]) AS hidden_at, unnest(@hidden_bys::bigint[]) AS hidden_by,
             unnest(@activity_ats::timestamptz[]) AS activity_at) u
WHERE t.company_id = u.company_id AND t.id = u.id AND t.xmin::text::bigint = u.version
RETURNING t.company_id, t.id;
