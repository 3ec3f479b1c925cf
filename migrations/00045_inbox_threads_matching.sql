-- Code health (issue 3): the inbox list's filter, written once.
-- The list (ThreadList), its count (ThreadCount), the bulk "all tasks"
-- selection (ThreadSelectIDs) and the tasks table's sorted list
-- (ThreadListOrdered) each repeated the same WHERE over a viewer's threads;
-- a filter change had to be made in four places (sqlc has no fragments).
-- Now they read inbox_threads_matching: the threads a user's filters match,
-- with the user's read state (unread_count, mentioned, last_read_activity_id).
-- It is one SELECT in LANGUAGE sql, STABLE, not STRICT, without SET clauses
-- or SECURITY DEFINER, so PostgreSQL inlines it into each caller: the caller's
-- order, cursor and limit meet the threads table directly, its indexes serve
-- them, and the values of an unnamed statement still fold into the filter
-- (a NULL filter drops out) as when the block was written in each query.
-- PARALLEL SAFE as well: the planner decides whether a statement may use
-- parallel workers before it inlines, from the functions the statement names,
-- and a function unmarked would forbid them (a count over a word's matches
-- ran without the Gather it had).
-- Changing the function's body or arguments is a new migration
-- (CREATE OR REPLACE, or DROP and CREATE when the arguments change).
--
-- Arguments: p_user_id (whose read state), p_company_ids, p_scope (NULL, or
-- "company_id:category_id" pairs), p_category_ids, p_hidden (the bin),
-- p_statuses, p_task_types, p_unread_only, p_responsible_ids (NULL: anyone)
-- with p_responsible_nobody (also threads without one), p_author_ids,
-- p_priorities, p_urgent, p_due_from, p_due_to (a half-open range),
-- p_with_due_date, p_overdue_only with p_now, p_with_messages,
-- p_with_attachments, p_participant_ids, p_workflow_ids and p_query (words, in
-- the row's copy and in thread_search's index). A NULL filter is not applied.

-- +goose Up
-- The rows' type: a thread and one user's read state. A view, only for its
-- type (it shows nothing): sqlc reads the columns of a function's rows from a
-- table or view (not from RETURNS TABLE nor a composite type), and so types
-- the callers' columns as it did when they read threads directly.
CREATE VIEW inbox_thread_row AS
SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status,
       t.priority, t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by,
       t.author_id, t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable,
       t.external_actions, t.copied_from_id, t.activity_at, t.created_at, t.updated_at,
       0::int AS unread_count, false AS mentioned, NULL::bigint AS last_read_activity_id
FROM threads t WHERE false;

-- +goose StatementBegin
CREATE FUNCTION inbox_threads_matching(
    p_user_id bigint, p_company_ids bigint[], p_scope text[], p_category_ids bigint[], p_hidden boolean,
    p_statuses text[], p_task_types text[], p_unread_only boolean, p_responsible_ids bigint[],
    p_responsible_nobody boolean, p_author_ids bigint[], p_priorities text[], p_urgent boolean,
    p_due_from timestamptz, p_due_to timestamptz, p_with_due_date boolean, p_overdue_only boolean,
    p_now timestamptz, p_with_messages boolean, p_with_attachments boolean, p_participant_ids bigint[],
    p_workflow_ids bigint[], p_query text)
RETURNS SETOF inbox_thread_row
LANGUAGE sql STABLE PARALLEL SAFE AS $$
SELECT t.company_id, t.id, t.uuid, t.category_id, t.task_type, t.title, t.description, t.status,
       t.priority, t.urgent, t.due_date, t.completion_date, t.hidden, t.hidden_at, t.hidden_by,
       t.author_id, t.responsible_id, t.workflow_instance_id, t.workflow_node_id, t.skippable,
       t.external_actions, t.copied_from_id, t.activity_at, t.created_at, t.updated_at,
       coalesce(r.unread_count, 0)::int, coalesce(r.mentioned, false)::boolean, r.last_read_activity_id
FROM threads t
LEFT JOIN thread_reads r ON r.company_id = t.company_id AND r.thread_id = t.id AND r.user_id = p_user_id
LEFT JOIN thread_search ts ON ts.company_id = t.company_id AND ts.thread_id = t.id -- for a query (see below)
WHERE t.company_id IN (SELECT unnest(p_company_ids))
  AND (p_scope IS NULL OR (t.company_id::text || ':' || t.category_id::text) = ANY(p_scope))
  AND t.category_id = ANY(p_category_ids)
  AND t.hidden = p_hidden
  AND t.status = ANY(p_statuses)
  AND t.task_type = ANY(p_task_types)
  AND (NOT p_unread_only OR coalesce(r.unread_count, 0) > 0)
  AND (p_responsible_ids IS NULL OR t.responsible_id = ANY(p_responsible_ids)
       OR (p_responsible_nobody AND t.responsible_id IS NULL))
  AND (p_author_ids IS NULL OR t.author_id = ANY(p_author_ids))
  AND (p_priorities IS NULL OR t.priority = ANY(p_priorities))
  AND (p_urgent IS NULL OR t.urgent = p_urgent)
  AND (p_due_from IS NULL OR t.due_date >= p_due_from)
  AND (p_due_to IS NULL OR t.due_date < p_due_to)
  AND (p_with_due_date IS NULL OR (t.due_date IS NOT NULL) = p_with_due_date)
  AND (NOT p_overdue_only OR (t.due_date < p_now AND t.status IN ('created', 'in_progress')))
  AND (p_with_messages IS NULL OR EXISTS (
         SELECT 1 FROM messages mm WHERE mm.company_id = t.company_id AND mm.thread_id = t.id
         AND mm.deleted_at IS NULL) = p_with_messages)
  AND (p_with_attachments IS NULL OR EXISTS (
         SELECT 1 FROM attachments aa WHERE aa.company_id = t.company_id AND aa.thread_id = t.id
         AND aa.deleted_at IS NULL) = p_with_attachments)
  AND (p_participant_ids IS NULL OR EXISTS (
         SELECT 1 FROM activities pa WHERE pa.company_id = t.company_id AND pa.thread_id = t.id
         AND pa.user_id = ANY(p_participant_ids)))
  AND (p_workflow_ids IS NULL OR EXISTS (
         SELECT 1 FROM workflow_instances wi WHERE wi.company_id = t.company_id
         AND wi.id = t.workflow_instance_id AND wi.workflow_id = ANY(p_workflow_ids)))
  -- the row's copy of the words tests threads read in order; thread_search's
  -- index finds a word's threads (migration 00044)
  AND (p_query IS NULL OR (t.search @@ (websearch_to_tsquery('english', p_query)
         || websearch_to_tsquery('finnish', p_query) || websearch_to_tsquery('swedish', p_query))
       AND ts.search @@ (websearch_to_tsquery('english', p_query)
         || websearch_to_tsquery('finnish', p_query) || websearch_to_tsquery('swedish', p_query))))
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION inbox_threads_matching(bigint, bigint[], text[], bigint[], boolean, text[], text[], boolean, bigint[],
    boolean, bigint[], text[], boolean, timestamptz, timestamptz, boolean, boolean, timestamptz, boolean, boolean,
    bigint[], bigint[], text);
DROP VIEW inbox_thread_row;
