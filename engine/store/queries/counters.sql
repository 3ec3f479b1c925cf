-- Folder counters and per-user unread counters, kept exact by every inbox write
-- in its own transaction, so stats never scan a company's threads.
-- Every write takes the counter rows it changes in key order (the primary
-- key's), the folder counters before the unread ones: two writes then never
-- hold rows the other waits for (a deadlock). Statements that change several
-- rows sort them (ORDER BY before the write, or a locking CTE for an UPDATE);
-- ThreadCounterMove's batches come sorted from the caller.

-- name: ThreadCounterAdd :exec
INSERT INTO thread_counters (company_id, category_id, task_type, status, hidden, count)
VALUES (@company_id, @category_id, @task_type, @status, @hidden, 1)
ON CONFLICT (company_id, category_id, task_type, status, hidden)
DO UPDATE SET count = thread_counters.count + 1;

-- name: ThreadCounterStats :many
-- Threads per status and hidden flag over the (company, category) pairs a
-- user sees, and (status 'unread') the user's unread threads of the inbox
-- folder over the same pairs: the folder counters in one round trip.
SELECT tc.status, tc.hidden, sum(tc.count)::bigint AS count
FROM thread_counters tc
WHERE tc.company_id IN (SELECT unnest(@company_ids::bigint[]))
  AND (sqlc.narg(scope)::text[] IS NULL OR (tc.company_id::text || ':' || tc.category_id::text) = ANY(sqlc.narg(scope)::text[]))
      AND tc.category_id = ANY(@category_ids::bigint[])
  AND tc.task_type = ANY(@task_types::text[])
GROUP BY tc.status, tc.hidden
UNION ALL
SELECT 'unread', false, coalesce(sum(uc.count), 0)::bigint
FROM unread_counters uc
WHERE uc.user_id = @user_id::bigint AND uc.company_id IN (SELECT unnest(@company_ids::bigint[]))
  AND (sqlc.narg(scope)::text[] IS NULL OR (uc.company_id::text || ':' || uc.category_id::text) = ANY(sqlc.narg(scope)::text[]))
      AND uc.category_id = ANY(@category_ids::bigint[])
  AND uc.task_type = ANY(@task_types::text[]);

-- name: ThreadCounterList :many
SELECT company_id, category_id, task_type, status, hidden, count
FROM thread_counters WHERE company_id = ANY(@company_ids::bigint[]) AND count > 0
ORDER BY company_id, category_id, task_type, status, hidden;

-- name: UnreadCounterAddUsers :exec
-- Counts the thread as unread (in the inbox folder) for the given users.
INSERT INTO unread_counters (company_id, user_id, category_id, task_type, count)
SELECT @company_id, u, @category_id, @task_type, 1 FROM unnest(@user_ids::bigint[]) AS u
ORDER BY u
ON CONFLICT (company_id, user_id, category_id, task_type)
DO UPDATE SET count = unread_counters.count + 1;

-- name: UnreadCounterSubUsers :exec
UPDATE unread_counters SET count = count - 1
WHERE company_id = @company_id AND category_id = @category_id AND task_type = @task_type
  AND user_id = ANY(@user_ids::bigint[]);

-- name: UnreadCounterAddThread :exec
-- The thread enters the inbox folder: it counts for every user who has it unread.
INSERT INTO unread_counters (company_id, user_id, category_id, task_type, count)
SELECT r.company_id, r.user_id, @category_id, @task_type, 1
FROM thread_reads r WHERE r.company_id = @company_id AND r.thread_id = @thread_id AND r.unread_count > 0
ORDER BY r.user_id
ON CONFLICT (company_id, user_id, category_id, task_type)
DO UPDATE SET count = unread_counters.count + 1;

-- name: UnreadCounterSubThread :exec
-- The thread leaves the inbox folder. The rows are locked in key order first.
WITH locked AS MATERIALIZED (
    SELECT uc.company_id, uc.user_id
    FROM unread_counters uc JOIN thread_reads r ON r.company_id = uc.company_id AND r.user_id = uc.user_id
    WHERE r.company_id = @company_id AND r.thread_id = @thread_id AND r.unread_count > 0
      AND uc.category_id = @category_id AND uc.task_type = @task_type
    ORDER BY uc.user_id
    FOR UPDATE OF uc
)
UPDATE unread_counters uc SET count = uc.count - 1
FROM locked l
WHERE uc.company_id = l.company_id AND uc.user_id = l.user_id
  AND uc.category_id = @category_id AND uc.task_type = @task_type;

-- name: UnreadCounterList :many
SELECT company_id, user_id, category_id, task_type, count
FROM unread_counters WHERE company_id = ANY(@company_ids::bigint[]) AND count > 0
ORDER BY company_id, user_id, category_id, task_type;

-- name: UnreadRecount :many
-- The unread counters recomputed from the read state, for consistency checks.
SELECT t.company_id, r.user_id, t.category_id, t.task_type, count(*)::bigint AS count
FROM thread_reads r JOIN threads t ON t.company_id = r.company_id AND t.id = r.thread_id
WHERE t.company_id = ANY(@company_ids::bigint[]) AND r.unread_count > 0
  AND NOT t.hidden AND t.status IN ('created', 'in_progress')
GROUP BY t.company_id, r.user_id, t.category_id, t.task_type
ORDER BY t.company_id, r.user_id, t.category_id, t.task_type;

-- name: ThreadCounterMove :batchexec
-- Adds delta (positive or negative) to one folder counter.
INSERT INTO thread_counters (company_id, category_id, task_type, status, hidden, count)
VALUES (@company_id, @category_id, @task_type, @status, @hidden, greatest(@delta::bigint, 0))
ON CONFLICT (company_id, category_id, task_type, status, hidden)
DO UPDATE SET count = thread_counters.count + @delta::bigint;

-- name: UnreadCounterAddThreads :exec
-- Many threads enter (delta 1) or leave (delta -1) the inbox folder, for
-- everyone who has them unread: moves is a JSON array of (company_id,
-- thread_id, category_id, task_type, delta). This adds the net gains;
-- UnreadCounterSubThreads takes the net losses.
INSERT INTO unread_counters (company_id, user_id, category_id, task_type, count)
SELECT r.company_id, r.user_id, m.category_id, m.task_type, sum(m.delta)
FROM jsonb_to_recordset(@moves::jsonb) AS m(company_id bigint, thread_id bigint, category_id bigint, task_type text, delta bigint)
JOIN thread_reads r ON r.company_id = m.company_id AND r.thread_id = m.thread_id AND r.unread_count > 0
GROUP BY r.company_id, r.user_id, m.category_id, m.task_type
HAVING sum(m.delta) > 0
ORDER BY r.company_id, r.user_id, m.category_id, m.task_type
ON CONFLICT (company_id, user_id, category_id, task_type)
DO UPDATE SET count = unread_counters.count + excluded.count;

-- name: UnreadCounterSubThreads :exec
-- The rows are locked in key order first.
WITH s AS MATERIALIZED (
    SELECT r.company_id AS cid, r.user_id AS uid, (e->>'category_id')::bigint AS kid, e->>'task_type' AS tt,
           sum((e->>'delta')::bigint)::bigint AS d
    FROM jsonb_array_elements(@moves::jsonb) AS e
    JOIN thread_reads r ON r.company_id = (e->>'company_id')::bigint AND r.thread_id = (e->>'thread_id')::bigint
         AND r.unread_count > 0
    GROUP BY 1, 2, 3, 4
    HAVING sum((e->>'delta')::bigint) < 0
), locked AS MATERIALIZED (
    SELECT uc.company_id, uc.user_id, uc.category_id, uc.task_type, s.d
    FROM unread_counters uc JOIN s ON uc.company_id = s.cid AND uc.user_id = s.uid AND uc.category_id = s.kid
         AND uc.task_type = s.tt
    ORDER BY uc.company_id, uc.user_id, uc.category_id, uc.task_type
    FOR UPDATE OF uc
)
UPDATE unread_counters uc SET count = uc.count + l.d
FROM locked l
WHERE uc.company_id = l.company_id AND uc.user_id = l.user_id AND uc.category_id = l.category_id
  AND uc.task_type = l.task_type;
