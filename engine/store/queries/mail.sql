-- name: MailEventSource :one
-- What a thread event needs to be mailed: the thread, and the activity that
-- caused it (the given one, or the thread's first for a new thread).
SELECT t.company_id, t.id AS thread_id, t.category_id, t.urgent, a.id AS activity_id, a.user_id AS actor_id
FROM threads t
JOIN activities a ON a.company_id = t.company_id AND a.thread_id = t.id
WHERE t.uuid = @thread_uuid
  AND CASE WHEN sqlc.narg(activity_uuid)::uuid IS NULL
           THEN a.id = (SELECT min(f.id) FROM activities f WHERE f.company_id = t.company_id AND f.thread_id = t.id)
           ELSE a.uuid = sqlc.narg(activity_uuid)::uuid END;

-- name: MailChangeSource :one
-- What a change without an activity of its own needs to be mailed: the
-- thread, anchored to its latest activity.
SELECT t.company_id, t.id AS thread_id, t.category_id, t.urgent,
       (SELECT max(a.id) FROM activities a WHERE a.company_id = t.company_id AND a.thread_id = t.id)::bigint AS activity_id
FROM threads t
WHERE t.uuid = @thread_uuid;

-- name: AccessMailSource :one
-- What a change of a user's access rights in a company needs to be mailed:
-- the company and whoever made the change.
SELECT c.id AS company_id, actor.id AS actor_id
FROM companies c LEFT JOIN users actor ON actor.uuid = @actor_uuid
WHERE c.uuid = @company_uuid;

-- name: MailFanOut :many
-- Queues an event's mails in one statement, whatever the number of readers:
-- the event row, then one delivery per reader (never the actor) whose setting
-- for any of the triggers is email_immediately or digest and whose scope holds
-- the thread's category (customers) or company (staff); where several triggers
-- apply, the quicker mode wins. An event about no thread (thread_id and
-- category_id null: a change of access rights) is held by any customer's
-- scope. Repeating it changes nothing and answers the same deliveries.
WITH ev AS (
    INSERT INTO mail_events (company_id, activity_id, thread_id, trigger, actor_id, change_key)
    VALUES (@company_id, @activity_id, sqlc.narg(thread_id), @trigger, sqlc.narg(actor_id), @change_key)
    ON CONFLICT (company_id, activity_id, trigger, change_key) DO UPDATE SET trigger = excluded.trigger
    RETURNING id
), recipients AS (
    SELECT u.id AS user_id,
           CASE WHEN u.user_type = 'customer' THEN 'customer'
                WHEN EXISTS (SELECT 1 FROM portico_users pu
                             WHERE pu.company_id = @company_id AND pu.user_id = u.id AND pu.responsible AND pu.active)
                THEN 'portico_customers'
                ELSE 'portico' END AS setting_type
    FROM users u
    WHERE u.uuid = ANY (@user_uuids::uuid[]) AND u.active AND u.user_type <> 'external'
      AND u.id IS DISTINCT FROM sqlc.narg(actor_id)
), chosen AS (
    SELECT DISTINCT ON (r.user_id) r.user_id, coalesce(s.notification_type, d.notification_type) AS mode
    FROM recipients r
    JOIN notification_setting_defaults d ON d.setting_type = r.setting_type AND d.trigger = ANY (@triggers::text[])
    LEFT JOIN notification_settings s
           ON s.user_id = r.user_id AND s.setting_type = d.setting_type AND s.trigger = d.trigger
    WHERE coalesce(s.notification_type, d.notification_type) IN ('email_immediately', 'digest')
      AND CASE WHEN r.setting_type = 'customer'
               THEN coalesce(cardinality(s.category_ids), 0) = 0 OR sqlc.narg(category_id)::bigint IS NULL
                    OR sqlc.narg(category_id)::bigint = ANY (s.category_ids)
               ELSE coalesce(cardinality(s.company_ids), 0) = 0 OR @company_id::bigint = ANY (s.company_ids) END
    ORDER BY r.user_id, CASE coalesce(s.notification_type, d.notification_type) WHEN 'email_immediately' THEN 0 ELSE 1 END
)
INSERT INTO mail_deliveries (company_id, event_id, user_id, mode)
SELECT @company_id, ev.id, chosen.user_id, chosen.mode FROM chosen CROSS JOIN ev
ON CONFLICT (company_id, event_id, user_id) DO UPDATE SET mode = mail_deliveries.mode
RETURNING event_id, user_id, mode;

-- name: MailPendingImmediate :many
-- An event's immediate mails still to send, with what they say and whether the
-- reader has since read the thread up to the event. An event about no thread
-- (a change of access rights) has a nil thread uuid and empty thread and
-- category names, and is never read.
SELECT d.user_id, u.email, u.name AS user_name, u.language, c.communication_language,
       coalesce(t.uuid, '00000000-0000-0000-0000-000000000000')::uuid AS thread_uuid,
       coalesce(t.title, '')::text AS thread_title, t.description AS thread_description,
       c.uuid AS company_uuid, c.name AS company_name, coalesce(cat.name, '')::text AS category_name, e.trigger,
       coalesce(actor.name, '')::text AS actor_name, coalesce(m.body, '')::text AS message_body,
       CASE WHEN e.change_key <> '' THEN coalesce(tr.read_at >= e.created_at, false)
            ELSE tr.last_read_activity_id IS NOT NULL AND tr.last_read_activity_id >= e.activity_id END::boolean AS already_read
FROM mail_deliveries d
JOIN mail_events e ON e.company_id = d.company_id AND e.id = d.event_id
JOIN users u ON u.id = d.user_id
LEFT JOIN threads t ON t.company_id = e.company_id AND t.id = e.thread_id
JOIN companies c ON c.id = e.company_id
LEFT JOIN categories cat ON cat.id = t.category_id
LEFT JOIN users actor ON actor.id = e.actor_id
LEFT JOIN messages m ON m.company_id = e.company_id AND m.activity_id = e.activity_id AND m.deleted_at IS NULL
LEFT JOIN thread_reads tr ON tr.company_id = e.company_id AND tr.thread_id = e.thread_id AND tr.user_id = d.user_id
WHERE d.company_id = @company_id AND d.event_id = @event_id AND d.mode = 'email_immediately' AND d.status = 'pending'
ORDER BY d.user_id;

-- name: MailPendingDigest :many
-- A user's digest items still to send, oldest first, with whether each was
-- read since (an event about no thread as in MailPendingImmediate).
SELECT d.company_id, d.event_id, u.email, u.name AS user_name, u.language, c.communication_language,
       coalesce(t.uuid, '00000000-0000-0000-0000-000000000000')::uuid AS thread_uuid,
       coalesce(t.title, '')::text AS thread_title, c.uuid AS company_uuid, c.name AS company_name,
       coalesce(cat.name, '')::text AS category_name, e.trigger,
       coalesce(actor.name, '')::text AS actor_name, coalesce(m.body, '')::text AS message_body,
       CASE WHEN e.change_key <> '' THEN coalesce(tr.read_at >= e.created_at, false)
            ELSE tr.last_read_activity_id IS NOT NULL AND tr.last_read_activity_id >= e.activity_id END::boolean AS already_read
FROM mail_deliveries d
JOIN mail_events e ON e.company_id = d.company_id AND e.id = d.event_id
JOIN users u ON u.id = d.user_id
LEFT JOIN threads t ON t.company_id = e.company_id AND t.id = e.thread_id
JOIN companies c ON c.id = e.company_id
LEFT JOIN categories cat ON cat.id = t.category_id
LEFT JOIN users actor ON actor.id = e.actor_id
LEFT JOIN messages m ON m.company_id = e.company_id AND m.activity_id = e.activity_id AND m.deleted_at IS NULL
LEFT JOIN thread_reads tr ON tr.company_id = e.company_id AND tr.thread_id = e.thread_id AND tr.user_id = d.user_id
WHERE d.user_id = @user_id AND d.mode = 'digest' AND d.status = 'pending'
ORDER BY d.created_at, d.event_id;

-- name: MailDeliveryMark :exec
-- Marks deliveries of one event sent or skipped.
UPDATE mail_deliveries
SET status = @status::text, sent_at = CASE WHEN @status::text = 'sent' THEN now() END
WHERE company_id = @company_id AND event_id = @event_id AND user_id = ANY (@user_ids::bigint[]) AND status = 'pending';

-- name: MailDigestMark :exec
-- Marks a user's digest items (company, event pairs) sent or skipped.
-- (unnest side by side in a select list pairs the two arrays element by element)
UPDATE mail_deliveries
SET status = @status::text, sent_at = CASE WHEN @status::text = 'sent' THEN now() END
WHERE (company_id, event_id) IN (SELECT unnest(@company_ids::bigint[]), unnest(@event_ids::bigint[]))
  AND user_id = @user_id AND status = 'pending';

-- name: MailUserGet :one
-- A user's address, language and time zone for mail.
SELECT u.id, u.uuid, u.email, u.name, u.language, coalesce(z.time_zone, '')::text AS time_zone
FROM users u LEFT JOIN user_time_zones z ON z.user_id = u.id
WHERE u.id = @id;

-- name: MailDailyCandidates :many
-- Users who chose every_day for due-date approaching or overdue, with their
-- time zone (empty: the default) and which of the two they chose.
SELECT u.id, u.email, u.name, u.language, coalesce(z.time_zone, '')::text AS time_zone,
       bool_or(s.trigger = 'threadDueDateApproaching')::boolean AS approaching,
       bool_or(s.trigger = 'threadDueDateOverdue')::boolean AS overdue
FROM users u
LEFT JOIN user_time_zones z ON z.user_id = u.id
JOIN LATERAL (
    SELECT d.trigger FROM notification_setting_defaults d
    LEFT JOIN notification_settings ns
           ON ns.user_id = u.id AND ns.setting_type = d.setting_type AND ns.trigger = d.trigger
    WHERE d.setting_type = CASE WHEN u.user_type = 'customer' THEN 'customer' ELSE 'portico' END
      AND d.trigger IN ('threadDueDateApproaching', 'threadDueDateOverdue')
      AND coalesce(ns.notification_type, d.notification_type) = 'every_day'
) s ON true
WHERE u.active AND u.user_type <> 'external'
GROUP BY u.id, z.time_zone
ORDER BY u.id;

-- name: MailDailyThreads :many
-- A user's open threads due within the window or overdue (those they are
-- responsible for or started), soonest first.
SELECT t.uuid, t.title, t.due_date, c.uuid AS company_uuid, c.name AS company_name, (t.due_date < @now::timestamptz)::boolean AS overdue
FROM threads t JOIN companies c ON c.id = t.company_id
WHERE (t.responsible_id = @user_id::bigint OR t.author_id = @user_id::bigint)
  AND NOT t.hidden AND t.status IN ('created', 'in_progress')
  AND t.due_date IS NOT NULL AND t.due_date < @until::timestamptz
ORDER BY t.due_date, t.id
LIMIT 200;

-- name: MailDailySent :one
-- Whether a user's morning mail of a local date went out.
SELECT EXISTS (SELECT 1 FROM mail_daily_sent WHERE user_id = @user_id AND local_date = @local_date);

-- name: MailDailyMark :exec
-- Records that a user's morning mail of a local date went out.
INSERT INTO mail_daily_sent (user_id, local_date) VALUES (@user_id, @local_date)
ON CONFLICT DO NOTHING;
