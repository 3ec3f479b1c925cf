-- name: EventLogAdd :exec
INSERT INTO events_log (company_id, user_id, event_category, event_name, event_label_extended, ip, data)
VALUES (sqlc.narg(company_id), sqlc.narg(user_id), @event_category, @event_name, sqlc.narg(event_label_extended),
        sqlc.narg(ip), @data);

-- name: EventLogCustomPlans :exec
-- Plans this transaction's queries for their actual arguments: the events-log
-- page's optional filters would otherwise get one generic plan for all.
SELECT set_config('plan_cache_mode', 'force_custom_plan', true);

-- name: EventLogPage :many
-- One page of the events log, newest first,
-- with the writer and the company. Every filter is optional.
SELECT e.id, e.created_at, e.event_category, e.event_name, e.event_label_extended, e.ip, e.data,
       u.uuid AS user_uuid, u.name AS user_name, u.email AS user_email, u.active AS user_active,
       c.uuid AS company_uuid, c.name AS company_name
FROM events_log e
LEFT JOIN users u ON u.id = e.user_id
LEFT JOIN companies c ON c.id = e.company_id
WHERE (sqlc.narg(company_id)::bigint IS NULL OR e.company_id = sqlc.narg(company_id)::bigint)
  AND (sqlc.narg(event_category)::text IS NULL OR e.event_category = sqlc.narg(event_category)::text)
  AND (sqlc.narg(user_id)::bigint IS NULL OR e.user_id = sqlc.narg(user_id)::bigint)
  AND (sqlc.narg(time_start)::timestamptz IS NULL OR e.created_at >= sqlc.narg(time_start)::timestamptz)
  AND (sqlc.narg(time_end)::timestamptz IS NULL OR e.created_at < sqlc.narg(time_end)::timestamptz)
  AND (sqlc.narg(search)::text IS NULL OR e.event_name ILIKE sqlc.narg(search)::text
       OR e.event_label_extended ILIKE sqlc.narg(search)::text OR e.event_category ILIKE sqlc.narg(search)::text)
ORDER BY e.created_at DESC, e.id DESC
LIMIT @lim OFFSET @off;

-- name: EventLogPageAsc :many
-- EventLogPage, oldest first.
SELECT e.id, e.created_at, e.event_category, e.event_name, e.event_label_extended, e.ip, e.data,
       u.uuid AS user_uuid, u.name AS user_name, u.email AS user_email, u.active AS user_active,
       c.uuid AS company_uuid, c.name AS company_name
FROM events_log e
LEFT JOIN users u ON u.id = e.user_id
LEFT JOIN companies c ON c.id = e.company_id
WHERE (sqlc.narg(company_id)::bigint IS NULL OR e.company_id = sqlc.narg(company_id)::bigint)
  AND (sqlc.narg(event_category)::text IS NULL OR e.event_category = sqlc.narg(event_category)::text)
  AND (sqlc.narg(user_id)::bigint IS NULL OR e.user_id = sqlc.narg(user_id)::bigint)
  AND (sqlc.narg(time_start)::timestamptz IS NULL OR e.created_at >= sqlc.narg(time_start)::timestamptz)
  AND (sqlc.narg(time_end)::timestamptz IS NULL OR e.created_at < sqlc.narg(time_end)::timestamptz)
  AND (sqlc.narg(search)::text IS NULL OR e.event_name ILIKE sqlc.narg(search)::text
       OR e.event_label_extended ILIKE sqlc.narg(search)::text OR e.event_category ILIKE sqlc.narg(search)::text)
ORDER BY e.created_at, e.id
LIMIT @lim OFFSET @off;

-- name: EventLogCount :one
-- How many entries EventLogPage's filters match.
SELECT count(*) FROM events_log e
WHERE (sqlc.narg(company_id)::bigint IS NULL OR e.company_id = sqlc.narg(company_id)::bigint)
  AND (sqlc.narg(event_category)::text IS NULL OR e.event_category = sqlc.narg(event_category)::text)
  AND (sqlc.narg(user_id)::bigint IS NULL OR e.user_id = sqlc.narg(user_id)::bigint)
  AND (sqlc.narg(time_start)::timestamptz IS NULL OR e.created_at >= sqlc.narg(time_start)::timestamptz)
  AND (sqlc.narg(time_end)::timestamptz IS NULL OR e.created_at < sqlc.narg(time_end)::timestamptz)
  AND (sqlc.narg(search)::text IS NULL OR e.event_name ILIKE sqlc.narg(search)::text
       OR e.event_label_extended ILIKE sqlc.narg(search)::text OR e.event_category ILIKE sqlc.narg(search)::text);

-- name: EventLogChainKeys :many
-- Every chain (company id at write time, 0 without a company) with its head.
SELECT chain_key, last_seq, last_hash FROM events_log_chains ORDER BY chain_key;

-- name: EventLogChainSlice :many
-- The next entries of a chain after seq, in chain order, with the fields the
-- hash covers as text (see migration 00065 for the canonical form).
SELECT id, chain_seq, hash, coalesce(user_id::text, '')::text AS user_id, event_category, event_name,
       coalesce(event_label_extended, '')::text AS event_label_extended, coalesce(ip::text, '')::text AS ip,
       data::text AS data, ((extract(epoch FROM created_at) * 1000000)::bigint)::text AS created_us
FROM events_log
WHERE chain_key = @chain_key AND chain_seq > @after_seq
ORDER BY chain_seq
LIMIT @lim;

-- name: EventLogChainOrphans :one
-- Entries of chains that have no head row (a head deleted), if any.
SELECT count(*) FROM events_log e
WHERE NOT EXISTS (SELECT 1 FROM events_log_chains c WHERE c.chain_key = e.chain_key);

-- name: EventLogUserSearch :many
-- The events log's user filter: users (staff and customers, active or not)
-- whose name or e-mail matches pattern (an ILIKE pattern), by name.
SELECT uuid, name, email, active FROM users
WHERE name ILIKE @pattern::text OR email ILIKE @pattern::text
ORDER BY name, id
LIMIT @lim;
