-- Threads of the inbox. Column lists are spelled out (a * only over
-- inbox_threads_matching, whose row type names them). The words of a
-- thread's title and description are in the row (search, no index: for
-- threads read in order) and in thread_search (with the text index: for
-- finding a word's threads); the database writes both with the thread
-- (migrations 00043, 00044).
-- The list's filters are written once, in the SQL function
-- inbox_threads_matching (migration 00045): ThreadList, ThreadCount,
-- ThreadSelectIDs and ThreadListOrdered (inbox_tasks.sql) read their threads
-- from it, each with its own order, cursor and limit. PostgreSQL inlines it,
-- so every caller is planned as if the filters were written in it.

-- name: ThreadCreate :one
INSERT INTO threads (company_id, category_id, task_type, title, description, status, priority, urgent,
                     due_date, author_id, responsible_id, copied_from_id, workflow_instance_id,
                     workflow_node_id, skippable, external_actions)
VALUES (@company_id, @category_id, @task_type, @title, sqlc.narg(description), @status, @priority, @urgent,
        sqlc.narg(due_date), sqlc.narg(author_id), sqlc.narg(responsible_id), sqlc.narg(copied_from_id),
        sqlc.narg(workflow_instance_id), sqlc.narg(workflow_node_id), @skippable, @external_actions)
RETURNING company_id, id, uuid, category_id, task_type, title, description, status, priority, urgent,
          due_date, completion_date, hidden, hidden_at, hidden_by, author_id, responsible_id,
          workflow_instance_id, workflow_node_id, skippable, external_actions, copied_from_id,
          activity_at, created_at, updated_at;

-- name: ThreadGetByUUID :one
SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status, t.priority,
       t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by, t.author_id,
       t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable, t.external_actions,
       t.copied_from_id, t.activity_at, t.created_at, t.updated_at, c.uuid AS company_uuid
FROM threads t JOIN companies c ON c.id = t.company_id
WHERE t.uuid = @uuid;

-- name: ThreadGet :one
SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status, t.priority,
       t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by, t.author_id,
       t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable, t.external_actions,
       t.copied_from_id, t.activity_at, t.created_at, t.updated_at
FROM threads t
WHERE t.company_id = @company_id AND t.id = @id;

-- name: ThreadLock :one
-- Locks the thread for the rest of the transaction and returns its current state.
SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status, t.priority,
       t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by, t.author_id,
       t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable, t.external_actions,
       t.copied_from_id, t.activity_at, t.created_at, t.updated_at
FROM threads t
WHERE t.company_id = @company_id AND t.id = @id
FOR UPDATE;

-- name: ThreadUpdate :exec
-- Writes every mutable field of a thread (the engine changes them in memory first).
UPDATE threads SET status = @status, priority = @priority, urgent = @urgent, due_date = sqlc.narg(due_date),
    completion_date = sqlc.narg(completion_date), responsible_id = sqlc.narg(responsible_id),
    hidden = @hidden, hidden_at = sqlc.narg(hidden_at), hidden_by = sqlc.narg(hidden_by),
    activity_at = @activity_at, updated_at = now()
WHERE company_id = @company_id AND id = @id;

-- name: ThreadTouch :exec
UPDATE threads SET activity_at = @activity_at, updated_at = now()
WHERE company_id = @company_id AND id = @id;

-- name: ThreadList :many
-- One keyset page of threads. Open folders put overdue threads first (due date
-- ascending), then the rest by activity time descending; closed and bin order by
-- activity time alone (overdue_first false). The cursor is the last row of the
-- previous page. Both branches read the same filtered set (m and the function
-- are inlined, so each uses the indexes for its own order).
WITH m AS NOT MATERIALIZED (SELECT * FROM inbox_threads_matching(@user_id::bigint, @company_ids::bigint[], sqlc.narg(scope)::text[],
    @category_ids::bigint[], @hidden::bool, @statuses::text[], @task_types::text[], @unread_only::bool,
    sqlc.narg(responsible_ids)::bigint[], @responsible_nobody::bool, sqlc.narg(author_ids)::bigint[],
    sqlc.narg(priorities)::text[], sqlc.narg(urgent)::bool, sqlc.narg(due_from)::timestamptz,
    sqlc.narg(due_to)::timestamptz, sqlc.narg(with_due_date)::bool, @overdue_only::bool, @now::timestamptz,
    sqlc.narg(with_messages)::bool, sqlc.narg(with_attachments)::bool, sqlc.narg(participant_ids)::bigint[],
    sqlc.narg(workflow_ids)::bigint[], sqlc.narg(query)::text))
, p AS (
(SELECT m.company_id, m.id, m.uuid, m.category_id, m.task_type, m.title, m.description, m.status, m.priority,
        m.urgent, m.due_date, m.completion_date, m.hidden, m.hidden_at, m.hidden_by, m.author_id,
        m.responsible_id, m.workflow_instance_id, m.workflow_node_id, m.skippable, m.external_actions,
        m.copied_from_id, m.activity_at, m.created_at, m.updated_at, m.unread_count, m.mentioned,
        m.last_read_activity_id, true AS overdue_part
 FROM m
 WHERE @overdue_first::bool AND m.due_date < @now::timestamptz AND m.status IN ('created', 'in_progress')
   AND (NOT @cursor_set::bool
        OR (@cursor_overdue::bool AND (m.due_date, m.id) > (@cursor_due::timestamptz, @cursor_id::bigint)))
 ORDER BY m.due_date, m.id
 LIMIT @lim::int)
UNION ALL
(SELECT m.company_id, m.id, m.uuid, m.category_id, m.task_type, m.title, m.description, m.status, m.priority,
        m.urgent, m.due_date, m.completion_date, m.hidden, m.hidden_at, m.hidden_by, m.author_id,
        m.responsible_id, m.workflow_instance_id, m.workflow_node_id, m.skippable, m.external_actions,
        m.copied_from_id, m.activity_at, m.created_at, m.updated_at, m.unread_count, m.mentioned,
        m.last_read_activity_id, false AS overdue_part
 FROM m
 WHERE (NOT @overdue_first::bool OR m.due_date IS NULL OR m.due_date >= @now::timestamptz
        OR m.status NOT IN ('created', 'in_progress'))
   AND (NOT @cursor_set::bool OR @cursor_overdue::bool
        OR (m.activity_at, m.id) < (@cursor_activity::timestamptz, @cursor_id::bigint))
 ORDER BY m.activity_at DESC, m.id DESC
 LIMIT @lim::int)
)
SELECT p.company_id, p.id, p.uuid, p.category_id, p.task_type, p.title, p.description, p.status, p.priority,
       p.urgent, p.due_date, p.completion_date, p.hidden, p.hidden_at, p.hidden_by, p.author_id,
       p.responsible_id, p.workflow_instance_id, p.workflow_node_id, p.skippable, p.external_actions,
       p.copied_from_id, p.activity_at, p.created_at, p.updated_at, p.unread_count, p.mentioned,
       p.overdue_part,
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
LEFT JOIN users ur ON ur.id = p.responsible_id;

-- name: ThreadCount :one
-- How many threads ThreadList's filters match (used only when filters go beyond
-- what the counter tables hold).
SELECT count(*)::bigint FROM inbox_threads_matching(@user_id::bigint, @company_ids::bigint[], sqlc.narg(scope)::text[],
    @category_ids::bigint[], @hidden::bool, @statuses::text[], @task_types::text[], @unread_only::bool,
    sqlc.narg(responsible_ids)::bigint[], @responsible_nobody::bool, sqlc.narg(author_ids)::bigint[],
    sqlc.narg(priorities)::text[], sqlc.narg(urgent)::bool, sqlc.narg(due_from)::timestamptz,
    sqlc.narg(due_to)::timestamptz, sqlc.narg(with_due_date)::bool, @overdue_only::bool, @now::timestamptz,
    sqlc.narg(with_messages)::bool, sqlc.narg(with_attachments)::bool, sqlc.narg(participant_ids)::bigint[],
    sqlc.narg(workflow_ids)::bigint[], sqlc.narg(query)::text);

-- name: ThreadSelectIDs :many
-- The ids of the threads a bulk action over "all tasks" touches: the list's
-- filters, without paging, capped by the caller (one more than the limit, to
-- tell "too many").
SELECT t.uuid FROM inbox_threads_matching(@user_id::bigint, @company_ids::bigint[], sqlc.narg(scope)::text[],
    @category_ids::bigint[], @hidden::bool, @statuses::text[], @task_types::text[], @unread_only::bool,
    sqlc.narg(responsible_ids)::bigint[], @responsible_nobody::bool, sqlc.narg(author_ids)::bigint[],
    sqlc.narg(priorities)::text[], sqlc.narg(urgent)::bool, sqlc.narg(due_from)::timestamptz,
    sqlc.narg(due_to)::timestamptz, sqlc.narg(with_due_date)::bool, @overdue_only::bool, @now::timestamptz,
    sqlc.narg(with_messages)::bool, sqlc.narg(with_attachments)::bool, sqlc.narg(participant_ids)::bigint[],
    sqlc.narg(workflow_ids)::bigint[], sqlc.narg(query)::text) t
ORDER BY t.activity_at DESC, t.id DESC
LIMIT @lim::int;

-- name: ThreadCountForCompany :one
-- Test and benchmark support: the recount that the counter tables must equal.
SELECT count(*)::bigint FROM threads WHERE company_id = @company_id;

-- name: ThreadRecount :many
-- The folder counters recomputed from the threads, for consistency checks.
SELECT company_id, category_id, task_type, status, hidden, count(*)::bigint AS count
FROM threads WHERE company_id = ANY(@company_ids::bigint[])
GROUP BY company_id, category_id, task_type, status, hidden
ORDER BY company_id, category_id, task_type, status, hidden;

-- name: ThreadCompanyHasAny :one
SELECT EXISTS (SELECT 1 FROM threads WHERE company_id = @company_id)::bool;

-- name: ThreadLockMany :many
-- Locks the threads of a bulk change (in id order, so concurrent bulks do not deadlock).
SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status, t.priority,
       t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by, t.author_id,
       t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable, t.external_actions,
       t.copied_from_id, t.activity_at, t.created_at, t.updated_at
FROM threads t
WHERE t.uuid = ANY(@uuids::uuid[])
ORDER BY t.company_id, t.id
FOR UPDATE;

-- Search (searchInboxTasks) reads each source in one of two ways. First
-- through the text index, at most @candidates matches in no order, the newest
-- @lim of them kept: right for the usual, rarer words. When the candidates
-- run out (a common word), the caller asks again in time order, walking the
-- newest rows until @lim match (the *Recent queries, under SearchPreferOrder).
-- Text is stemmed for English, Finnish and Swedish.

-- name: ThreadSearch :many
-- Titles and descriptions. candidates says how many matches the index gave;
-- without a hit in scope the one row has company_id 0.
WITH c AS MATERIALIZED (
    SELECT ts.company_id, ts.thread_id AS id FROM thread_search ts
    WHERE ts.search @@ (websearch_to_tsquery('english', @query::text) || websearch_to_tsquery('finnish', @query::text)
           || websearch_to_tsquery('swedish', @query::text))
    LIMIT @candidates::int
), n AS (SELECT count(*)::int AS candidates FROM c)
SELECT n.candidates, coalesce(r.company_id, 0)::bigint AS company_id, coalesce(r.id, 0)::bigint AS id,
       r.author_id, r.responsible_id, coalesce(r.activity_at, 'epoch')::timestamptz AS activity_at
FROM n LEFT JOIN LATERAL (
    SELECT t.company_id, t.id, t.author_id, t.responsible_id, t.activity_at
    FROM c JOIN threads t ON t.company_id = c.company_id AND t.id = c.id
    WHERE (SELECT count(*) FROM c) < @candidates::int -- else the caller walks; skip the work
      AND t.company_id IN (SELECT unnest(@company_ids::bigint[]))
  AND (sqlc.narg(scope)::text[] IS NULL OR (t.company_id::text || ':' || t.category_id::text) = ANY(sqlc.narg(scope)::text[]))
  AND t.category_id = ANY(@category_ids::bigint[])
  AND NOT t.hidden AND t.task_type = ANY(@task_types::text[])
  AND (sqlc.narg(author_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(author_ids)::bigint[]))
  AND (sqlc.narg(responsible_ids)::bigint[] IS NULL OR t.responsible_id = ANY(sqlc.narg(responsible_ids)::bigint[]))
      AND (sqlc.narg(participant_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(participant_ids)::bigint[]))
    ORDER BY t.activity_at DESC, t.id DESC LIMIT @lim::int
) r ON true;

-- name: ThreadSearchRecent :many
-- Titles and descriptions of a common word, newest first.
SELECT t.company_id, t.id, t.author_id, t.responsible_id, t.activity_at
FROM threads t
WHERE t.search @@ (websearch_to_tsquery('english', @query::text) || websearch_to_tsquery('finnish', @query::text)
           || websearch_to_tsquery('swedish', @query::text))
  AND t.company_id IN (SELECT unnest(@company_ids::bigint[]))
  AND (sqlc.narg(scope)::text[] IS NULL OR (t.company_id::text || ':' || t.category_id::text) = ANY(sqlc.narg(scope)::text[]))
  AND t.category_id = ANY(@category_ids::bigint[])
  AND NOT t.hidden AND t.task_type = ANY(@task_types::text[])
  AND (sqlc.narg(author_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(author_ids)::bigint[]))
  AND (sqlc.narg(responsible_ids)::bigint[] IS NULL OR t.responsible_id = ANY(sqlc.narg(responsible_ids)::bigint[]))
  AND (sqlc.narg(participant_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(participant_ids)::bigint[]))
ORDER BY t.activity_at DESC, t.id DESC LIMIT @lim::int;

-- name: ThreadSearchPeople :many
-- Person hits: threads whose author or responsible is one of the users, newest first.
SELECT t.company_id, t.id, t.author_id, t.responsible_id, t.activity_at,
       CASE WHEN t.author_id = ANY(@user_ids::bigint[]) THEN t.author_id ELSE t.responsible_id END::bigint AS user_id
FROM threads t
WHERE (t.author_id = ANY(@user_ids::bigint[]) OR t.responsible_id = ANY(@user_ids::bigint[]))
  AND t.company_id IN (SELECT unnest(@company_ids::bigint[]))
  AND (sqlc.narg(scope)::text[] IS NULL OR (t.company_id::text || ':' || t.category_id::text) = ANY(sqlc.narg(scope)::text[]))
  AND t.category_id = ANY(@category_ids::bigint[])
  AND NOT t.hidden AND t.task_type = ANY(@task_types::text[])
  AND (sqlc.narg(author_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(author_ids)::bigint[]))
  AND (sqlc.narg(responsible_ids)::bigint[] IS NULL OR t.responsible_id = ANY(sqlc.narg(responsible_ids)::bigint[]))
  AND (sqlc.narg(participant_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(participant_ids)::bigint[]))
ORDER BY t.activity_at DESC, t.id DESC LIMIT @lim::int;

-- name: MessageSearch :many
-- Live messages (see ThreadSearch).
WITH c AS MATERIALIZED (
    SELECT m.company_id, m.id, m.thread_id, m.activity_id, m.user_id, m.created_at
    FROM messages m WHERE m.search @@ (websearch_to_tsquery('english', @query::text) || websearch_to_tsquery('finnish', @query::text)
           || websearch_to_tsquery('swedish', @query::text)) AND m.deleted_at IS NULL
    LIMIT @candidates::int
), n AS (SELECT count(*)::int AS candidates FROM c)
SELECT n.candidates, coalesce(r.company_id, 0)::bigint AS company_id, coalesce(r.thread_id, 0)::bigint AS thread_id,
       coalesce(r.activity_id, 0)::bigint AS activity_id, r.user_id, coalesce(r.created_at, 'epoch')::timestamptz AS created_at,
       r.author_id, r.responsible_id
FROM n LEFT JOIN LATERAL (
    SELECT c.company_id, c.thread_id, c.activity_id, c.user_id, c.created_at, t.author_id, t.responsible_id
    FROM c JOIN threads t ON t.company_id = c.company_id AND t.id = c.thread_id
    WHERE (SELECT count(*) FROM c) < @candidates::int -- else the caller walks; skip the work
      AND t.company_id IN (SELECT unnest(@company_ids::bigint[]))
  AND (sqlc.narg(scope)::text[] IS NULL OR (t.company_id::text || ':' || t.category_id::text) = ANY(sqlc.narg(scope)::text[]))
  AND t.category_id = ANY(@category_ids::bigint[])
  AND NOT t.hidden AND t.task_type = ANY(@task_types::text[])
  AND (sqlc.narg(author_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(author_ids)::bigint[]))
  AND (sqlc.narg(responsible_ids)::bigint[] IS NULL OR t.responsible_id = ANY(sqlc.narg(responsible_ids)::bigint[]))
      AND (sqlc.narg(participant_ids)::bigint[] IS NULL OR c.user_id = ANY(sqlc.narg(participant_ids)::bigint[]))
    ORDER BY c.created_at DESC, c.id DESC LIMIT @lim::int
) r ON true;

-- name: MessageSearchRecent :many
-- Live messages of a common word, newest first: each row checks its thread
-- (a scalar subquery the planner keeps), so the walk stops at @lim.
SELECT x.company_id, x.thread_id, x.activity_id, x.user_id, x.created_at, t.author_id, t.responsible_id
FROM (SELECT m.company_id, m.id, m.thread_id, m.activity_id, m.user_id, m.created_at
      FROM messages m
      WHERE m.company_id = ANY(@company_ids::bigint[]) AND m.search @@ (websearch_to_tsquery('english', @query::text) || websearch_to_tsquery('finnish', @query::text)
           || websearch_to_tsquery('swedish', @query::text)) AND m.deleted_at IS NULL
        AND (sqlc.narg(participant_ids)::bigint[] IS NULL OR m.user_id = ANY(sqlc.narg(participant_ids)::bigint[]))
        AND coalesce((SELECT true FROM threads t
                 WHERE t.company_id = m.company_id AND t.id = m.thread_id
                   AND (sqlc.narg(scope)::text[] IS NULL OR (t.company_id::text || ':' || t.category_id::text) = ANY(sqlc.narg(scope)::text[]))
                   AND t.category_id = ANY(@category_ids::bigint[])
                   AND NOT t.hidden AND t.task_type = ANY(@task_types::text[])
                   AND (sqlc.narg(author_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(author_ids)::bigint[]))
                   AND (sqlc.narg(responsible_ids)::bigint[] IS NULL OR t.responsible_id = ANY(sqlc.narg(responsible_ids)::bigint[]))), false)
      ORDER BY m.created_at DESC, m.id DESC LIMIT @lim::int) x
JOIN threads t ON t.company_id = x.company_id AND t.id = x.thread_id
ORDER BY x.created_at DESC, x.id DESC;

-- name: AttachmentSearch :many
-- Live attachment names, word by word (see ThreadSearch).
WITH c AS MATERIALIZED (
    SELECT a.company_id, a.id, a.thread_id, a.activity_id, a.uploader_id, a.uploaded_at
    FROM attachments a
    WHERE a.search @@ websearch_to_tsquery('simple', @query::text) AND a.deleted_at IS NULL AND a.activity_id IS NOT NULL
    LIMIT @candidates::int
)
SELECT c.company_id, c.thread_id, c.activity_id, c.uploader_id, c.uploaded_at, t.author_id, t.responsible_id
FROM c JOIN threads t ON t.company_id = c.company_id AND t.id = c.thread_id
WHERE t.company_id IN (SELECT unnest(@company_ids::bigint[]))
  AND (sqlc.narg(scope)::text[] IS NULL OR (t.company_id::text || ':' || t.category_id::text) = ANY(sqlc.narg(scope)::text[]))
  AND t.category_id = ANY(@category_ids::bigint[])
  AND NOT t.hidden AND t.task_type = ANY(@task_types::text[])
  AND (sqlc.narg(author_ids)::bigint[] IS NULL OR t.author_id = ANY(sqlc.narg(author_ids)::bigint[]))
  AND (sqlc.narg(responsible_ids)::bigint[] IS NULL OR t.responsible_id = ANY(sqlc.narg(responsible_ids)::bigint[]))
  AND (sqlc.narg(participant_ids)::bigint[] IS NULL OR c.uploader_id = ANY(sqlc.narg(participant_ids)::bigint[]))
ORDER BY c.uploaded_at DESC, c.id DESC LIMIT @lim::int;

-- name: SearchPreferIndex :exec
-- For the rest of the transaction, find words through the text indexes
-- (bitmap scans): with a LIMIT the planner would otherwise read a table from
-- the start, hoping for an early match of a word it has no statistics on.
SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true);

-- name: SearchPreferOrder :exec
-- For the rest of the transaction, read common words in index order rather
-- than collecting (and sorting) every match first.
-- JIT is off too: the walk's cost estimate is huge (it cannot know it stops
-- early) and compiling would cost more than the walk.
SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true);

-- name: ThreadSearchPage :many
-- One page of search hits with their threads and highlighted text. The hits
-- are given as parallel arrays (kind, company, thread, activity; activity 0
-- for thread and user hits), in page order.
WITH q AS MATERIALIZED (
    SELECT websearch_to_tsquery('english', @query::text) AS en, websearch_to_tsquery('finnish', @query::text) AS fi,
           websearch_to_tsquery('swedish', @query::text) AS sv, websearch_to_tsquery('simple', @query::text) AS simple
), page AS (
    SELECT i AS ord, (@kinds::text[])[i] AS kind, (@company_ids::bigint[])[i] AS company_id,
           (@thread_ids::bigint[])[i] AS thread_id, (@activity_ids::bigint[])[i] AS activity_id
    FROM generate_series(1, cardinality(@kinds::text[])) AS i
)
SELECT p.ord::bigint AS ord, p.kind::text AS kind, t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description,
       t.status, t.priority, t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by, t.author_id,
       t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable, t.external_actions,
       t.copied_from_id, t.activity_at, t.created_at, t.updated_at,
       act.uuid AS activity_uuid, coalesce(r.unread_count, 0)::int AS unread_count,
       coalesce(r.mentioned, false)::bool AS mentioned,
       (SELECT u FROM thread_unread_activity(t.company_id, t.id, @user_id::bigint, r.last_read_activity_id, coalesce(r.unread_count, 0)::int) AS u)
           AS unread_activity_uuid,
       CASE p.kind
         WHEN 'Inbox::Message' THEN ts_headline('swedish', ts_headline('finnish', ts_headline('english',
             m.body_text, q.en, 'HighlightAll=true, StartSel=[[[, StopSel=]]]'),
             q.fi, 'HighlightAll=true, StartSel=[[[, StopSel=]]]'),
             q.sv, 'StartSel=[[[, StopSel=]]], MaxWords=30, MinWords=10, MaxFragments=2')
         WHEN 'Inbox::Attachment' THEN ts_headline('simple', a.filename, q.simple, 'HighlightAll=true, StartSel=[[[, StopSel=]]]')
         WHEN 'User' THEN coalesce(ur.name, ua.name, '')
         ELSE ts_headline('swedish', ts_headline('finnish', ts_headline('english',
             t.title || ' ' || regexp_replace(coalesce(t.description, ''), '<[^>]*>', ' ', 'g'), q.en,
             'HighlightAll=true, StartSel=[[[, StopSel=]]]'),
             q.fi, 'HighlightAll=true, StartSel=[[[, StopSel=]]]'),
             q.sv, 'StartSel=[[[, StopSel=]]], MaxWords=30, MinWords=10, MaxFragments=2')
       END::text AS highlight
FROM page p
CROSS JOIN q
JOIN threads t ON t.company_id = p.company_id AND t.id = p.thread_id
LEFT JOIN activities act ON act.company_id = p.company_id AND act.id = p.activity_id
LEFT JOIN messages m ON p.kind = 'Inbox::Message' AND m.company_id = p.company_id AND m.activity_id = p.activity_id
LEFT JOIN attachments a ON p.kind = 'Inbox::Attachment' AND a.company_id = p.company_id AND a.activity_id = p.activity_id
LEFT JOIN users ua ON ua.id = t.author_id
LEFT JOIN users ur ON ur.id = t.responsible_id
LEFT JOIN thread_reads r ON r.company_id = t.company_id AND r.thread_id = t.id AND r.user_id = @user_id::bigint
ORDER BY p.ord;

-- name: ThreadUpdateSet :exec
-- The bulk form of ThreadUpdate as one statement: rows is a JSON array of
-- the threads' new fields (company_id, id, status, ...).
UPDATE threads t SET status = u.status, priority = u.priority, urgent = u.urgent, due_date = u.due_date,
    completion_date = u.completion_date, responsible_id = u.responsible_id, hidden = u.hidden,
    hidden_at = u.hidden_at, hidden_by = u.hidden_by, activity_at = u.activity_at, updated_at = now()
FROM jsonb_to_recordset(@rows::jsonb) AS u(company_id bigint, id bigint, status text, priority text, urgent boolean,
    due_date timestamptz, completion_date timestamptz, responsible_id bigint, hidden boolean, hidden_at timestamptz,
    hidden_by bigint, activity_at timestamptz)
WHERE t.company_id = u.company_id AND t.id = u.id;

-- name: ThreadWorkflowOpenIDs :many
-- The open (created or in progress) workflow_task threads of a run, locked in
-- id order for the rest of the transaction (the run is being cancelled).
SELECT id FROM threads
WHERE company_id = @company_id AND workflow_instance_id = @workflow_instance_id
  AND task_type = 'workflow_task' AND status IN ('created', 'in_progress')
ORDER BY id
FOR UPDATE;

-- name: ThreadImportTimes :exec
-- A run's task written now, moved to when it happened (the demo's run
-- history, demo/history.go): made at created_at, its last change (and its
-- completion, when it has one) at changed_at.
UPDATE threads SET created_at = @created_at, activity_at = @changed_at, updated_at = @changed_at,
    completion_date = CASE WHEN completion_date IS NULL THEN NULL ELSE @changed_at::timestamptz END
WHERE company_id = @company_id AND id = @id;
