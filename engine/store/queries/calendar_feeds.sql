-- Calendar feeds: a user's secret iCalendar address (its token's hash) and
-- what the feed lists.

-- name: CalendarFeedGet :one
SELECT * FROM calendar_feeds WHERE user_id = @user_id;

-- name: CalendarFeedByTokenHash :one
SELECT f.*, u.active AS user_active FROM calendar_feeds f JOIN users u ON u.id = f.user_id
WHERE f.token_hash = @token_hash;

-- name: CalendarFeedRenew :one
-- A new token (hash) for the user's feed, made when there is none.
INSERT INTO calendar_feeds (user_id, token_hash, assigned_only) VALUES (@user_id, @token_hash, @assigned_only)
ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, assigned_only = excluded.assigned_only,
    created_at = now(), updated_at = now()
RETURNING *;

-- name: CalendarFeedSetAssignedOnly :one
UPDATE calendar_feeds SET assigned_only = @assigned_only, updated_at = now() WHERE user_id = @user_id
RETURNING *;

-- name: CalendarFeedDelete :execrows
DELETE FROM calendar_feeds WHERE user_id = @user_id;

-- name: CalendarFeedTasks :many
-- The open tasks with a due date in the companies and categories given as
-- "company_id:category_id" pairs (of the companies given), due in the range,
-- of one responsible person when one is named; the earliest first.
SELECT t.uuid, t.company_id, t.title, t.due_date, t.status, t.updated_at, t.task_type, cat.name AS category_name
FROM threads t JOIN categories cat ON cat.id = t.category_id
WHERE t.company_id = ANY(@company_ids::bigint[]) AND NOT t.hidden AND t.status IN ('created', 'in_progress')
  AND (t.company_id::text || ':' || t.category_id::text) = ANY(@scope::text[])
  AND t.due_date >= @due_from AND t.due_date < @due_to
  AND (sqlc.narg(responsible_id)::bigint IS NULL OR t.responsible_id = sqlc.narg(responsible_id)::bigint)
ORDER BY t.due_date, t.id
LIMIT @lim::int;
