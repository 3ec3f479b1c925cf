-- Per-user read state of threads.

-- name: ThreadReadBump :many
-- A new activity by someone else: one more unread for each of the users who
-- have not read up to it (applied after the write's commit, a reader may
-- have read it meanwhile). Returns the users for whom the thread just became
-- unread. The rows are written in user order, as the unread counters are.
INSERT INTO thread_reads AS r (company_id, thread_id, user_id, unread_count, mentioned)
SELECT @company_id, @thread_id, u, 1, u = ANY(@mentioned_ids::bigint[]) FROM unnest(@user_ids::bigint[]) AS u
ORDER BY u
ON CONFLICT (company_id, thread_id, user_id)
DO UPDATE SET unread_count = r.unread_count + 1, mentioned = r.mentioned OR excluded.mentioned
WHERE r.last_read_activity_id IS NULL OR r.last_read_activity_id < @activity_id::bigint
RETURNING r.user_id, (r.unread_count = 1)::bool AS became_unread;

-- name: ThreadReadMarkRead :one
-- Marks the thread read for the user up to an activity (the marker never
-- moves back); returns the unread count it had before and the one it has now:
-- the news after the marker that others made (messages, files, new threads
-- and copies: what bumps the count, ThreadReadBump), so reading up to an
-- earlier activity leaves the later ones unread. The mention mark stays while
-- something is unread. prev is read (and the row locked) before the upsert:
-- the upsert selects from it.
WITH prev AS MATERIALIZED (
    SELECT tr.unread_count, tr.last_read_activity_id FROM thread_reads tr
    WHERE tr.company_id = @company_id::bigint AND tr.thread_id = @thread_id::bigint AND tr.user_id = @user_id::bigint
    FOR UPDATE
), mark AS MATERIALIZED (
    SELECT greatest((SELECT last_read_activity_id FROM prev), @activity_id::bigint) AS id
), news AS (
    SELECT count(*)::int AS n FROM activities a, mark
    WHERE a.company_id = @company_id::bigint AND a.thread_id = @thread_id::bigint AND a.id > mark.id
      AND NOT a.internal AND a.user_id IS DISTINCT FROM @user_id::bigint
      AND a.key IN ('inbox_message.create', 'inbox_attachment.create', 'inbox_task.create', 'inbox_task.copy')
), up AS (
    INSERT INTO thread_reads AS r (company_id, thread_id, user_id, last_read_activity_id, read_at, unread_count, mentioned)
    SELECT @company_id::bigint, @thread_id::bigint, @user_id::bigint, mark.id, now(), news.n, false
    FROM mark, news
    ON CONFLICT (company_id, thread_id, user_id)
    DO UPDATE SET last_read_activity_id = greatest(r.last_read_activity_id, excluded.last_read_activity_id),
        read_at = now(),
        unread_count = CASE WHEN r.last_read_activity_id > excluded.last_read_activity_id THEN r.unread_count
            ELSE excluded.unread_count END,
        mentioned = r.mentioned AND (r.last_read_activity_id > excluded.last_read_activity_id OR excluded.unread_count > 0)
    RETURNING r.unread_count
)
SELECT coalesce((SELECT unread_count FROM prev), 0)::int AS previous_unread,
       coalesce((SELECT unread_count FROM up), 0)::int AS unread, (SELECT count(*) FROM up)::int AS written;

-- name: ThreadReadMarkUnread :one
-- Marks the thread unread for the user; returns the unread count it had before.
WITH prev AS MATERIALIZED (
    SELECT tr.unread_count FROM thread_reads tr
    WHERE tr.company_id = @company_id::bigint AND tr.thread_id = @thread_id::bigint AND tr.user_id = @user_id::bigint
    FOR UPDATE
), up AS (
    INSERT INTO thread_reads AS r (company_id, thread_id, user_id, unread_count)
    SELECT @company_id::bigint, @thread_id::bigint, @user_id::bigint, 1
    FROM (SELECT 1) AS one LEFT JOIN prev ON true
    ON CONFLICT (company_id, thread_id, user_id)
    DO UPDATE SET unread_count = greatest(r.unread_count, 1)
    RETURNING 1
)
SELECT coalesce((SELECT unread_count FROM prev), 0)::int AS previous_unread, (SELECT count(*) FROM up)::int AS written;

-- name: ThreadReadGet :one
-- The user's read state of a thread, with where their pane opens
-- (unreadActivityId; migration 00089).
SELECT r.company_id, r.thread_id, r.user_id, r.last_read_activity_id, r.read_at, r.unread_count, r.mentioned,
       (SELECT u FROM thread_unread_activity(r.company_id, r.thread_id, r.user_id, r.last_read_activity_id, r.unread_count) AS u)
           AS unread_activity_uuid
FROM thread_reads r WHERE r.company_id = @company_id AND r.thread_id = @thread_id AND r.user_id = @user_id;

-- name: ThreadReadViewers :many
-- The users who have read a thread up to (at least) an activity, by name.
SELECT u.id, u.uuid, u.name, u.email, u.active, u.user_type, u.user_role, r.read_at
FROM thread_reads r JOIN users u ON u.id = r.user_id
WHERE r.company_id = @company_id AND r.thread_id = @thread_id AND r.last_read_activity_id >= @activity_id
ORDER BY lower(u.name), u.id
LIMIT @lim OFFSET @off;

-- name: ThreadReadViewersCount :one
SELECT count(*)::bigint FROM thread_reads r
WHERE r.company_id = @company_id AND r.thread_id = @thread_id AND r.last_read_activity_id >= @activity_id;

-- name: ThreadReadPositions :many
-- A thread's read state in brief, for its activities' read status: how many
-- readers stand at each read position (user_id NULL), and the rows of the
-- given users (the activities' creators and the viewer), so the answer does
-- not grow with the thread's readers.
SELECT NULL::bigint AS user_id, r.last_read_activity_id, NULL::timestamptz AS read_at, count(*)::int AS readers
FROM thread_reads r WHERE r.company_id = @company_id AND r.thread_id = @thread_id
GROUP BY r.last_read_activity_id
UNION ALL
SELECT r.user_id, r.last_read_activity_id, r.read_at, 1
FROM thread_reads r WHERE r.company_id = @company_id AND r.thread_id = @thread_id AND r.user_id = ANY(@user_ids::bigint[]);
