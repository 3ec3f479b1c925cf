-- Where a reader's thread pane opens (InboxTask.unreadActivityId), written once.
-- The single thread (inboxTask), the list (ThreadList, ThreadListOrdered) and
-- search hits each looked up "the first activity after the read marker" in
-- their own words, and inboxTask without `show` not at all, so a thread could be
-- unread (unreadCount > 0) with no activity to open at: after a reply seen
-- through a card's refresh, and after changeTaskUnread on a thread read to its
-- end (the marker stays at the latest activity; nothing comes after it).
--
-- thread_unread_activity(company, thread, user, last read activity, unread
-- count) is nothing when the thread is read (unread count 0), else:
--   1. the first activity after the marker (none: from the start) that the
--      reader did not make (their own status changes, copies and the like
--      after their marker are not news to them) and that the pane's stream
--      shows (not internal);
--   2. else (marked unread, nothing new since) the latest such activity up to
--      the marker, whoever made it: marking unread makes the last one read
--      unread again.
-- Both are one step along activities_thread_idx (company_id, thread_id, id).
-- It returns a set (one row, or none when read) and is one SELECT in LANGUAGE
-- sql, STABLE, not STRICT, so PostgreSQL inlines it into its callers, which
-- read it as a scalar subquery, (SELECT u FROM thread_unread_activity(...) u):
-- a function returning a plain uuid would not be inlined (its body has
-- subqueries) and cost about 8 µs a row more in the SQL function executor.
-- PARALLEL SAFE for the reason 00045 gives.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION thread_unread_activity(p_company_id bigint, p_thread_id bigint, p_user_id bigint,
    p_last_read_activity_id bigint, p_unread_count int)
RETURNS SETOF uuid
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1 AS $$
SELECT coalesce(
    (SELECT a.uuid FROM activities a
     WHERE a.company_id = p_company_id AND a.thread_id = p_thread_id
       AND a.id > coalesce(p_last_read_activity_id, 0) AND NOT a.internal
       AND a.user_id IS DISTINCT FROM p_user_id
     ORDER BY a.id LIMIT 1),
    (SELECT a.uuid FROM activities a
     WHERE a.company_id = p_company_id AND a.thread_id = p_thread_id
       AND a.id <= coalesce(p_last_read_activity_id, 9223372036854775807) AND NOT a.internal
     ORDER BY a.id DESC LIMIT 1))
WHERE p_unread_count > 0
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION thread_unread_activity(bigint, bigint, bigint, bigint, int);
