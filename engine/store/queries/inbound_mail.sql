-- name: InboundMailRecord :exec
-- The Message-ID of a mail taken into a thread (inbound mail).
INSERT INTO inbound_mails (company_id, message_id, thread_id)
VALUES (@company_id, @message_id, @thread_id);

-- name: InboundMailSeen :one
-- Whether a mail with this Message-ID was already taken in by the company.
SELECT EXISTS (SELECT 1 FROM inbound_mails WHERE company_id = @company_id AND message_id = @message_id);

-- name: InboundMailThread :one
-- The newest thread of the company that one of the Message-IDs a reply names belongs to.
SELECT t.uuid
FROM inbound_mails m
JOIN threads t ON t.company_id = m.company_id AND t.id = m.thread_id
WHERE m.company_id = @company_id AND m.message_id = ANY(@message_ids::text[])
ORDER BY m.created_at DESC
LIMIT 1;

-- name: InboundCategoryTarget :one
-- A thread's company category as inbound mail sees it (a reply to the thread).
SELECT t.company_id, t.category_id, co.uuid AS company_uuid, co.active AS company_active,
       c.active AS category_active, c.name AS category_name,
       coalesce(cc.email_enabled, false)::boolean AS email_enabled,
       coalesce(cc.allow_emails_from_non_whitelisted_senders, false)::boolean AS allow_any_senders
FROM threads t
JOIN companies co ON co.id = t.company_id
JOIN categories c ON c.id = t.category_id
LEFT JOIN company_categories cc ON cc.company_id = t.company_id AND cc.category_id = t.category_id
WHERE t.uuid = @thread_uuid;

-- name: CompanyCategoryAliasEnsure :exec
-- The demo's alias (`portico dev`): set only where the category has none and no one uses it.
UPDATE company_categories cc SET email_enabled = true, email_alias = @alias::text
WHERE cc.company_id = @company_id AND cc.category_id = @category_id AND cc.email_alias IS NULL
  AND NOT EXISTS (SELECT 1 FROM company_categories o WHERE lower(o.email_alias) = lower(@alias::text));
