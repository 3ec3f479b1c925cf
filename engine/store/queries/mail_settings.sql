-- Per-category e-mail settings of a company (aliases) and its accepted senders.

-- name: CompanyCategorySettingList :many
-- A company's category settings for the given categories, in the categories' order.
SELECT cc.id, cc.company_id, cc.category_id, cc.email_enabled, cc.email_alias,
       cc.allow_emails_from_non_whitelisted_senders, c.name AS category_name
FROM company_categories cc JOIN categories c ON c.id = cc.category_id
WHERE cc.company_id = @company_id AND cc.category_id = ANY(@category_ids::bigint[])
ORDER BY c.position, lower(c.name), c.id
LIMIT @lim OFFSET @off;

-- name: CompanyCategorySettingCount :one
SELECT count(*)::bigint FROM company_categories
WHERE company_id = @company_id AND category_id = ANY(@category_ids::bigint[]);

-- name: CompanyCategorySettingLock :one
SELECT cc.id, cc.company_id, cc.category_id, cc.email_enabled, cc.email_alias,
       cc.allow_emails_from_non_whitelisted_senders, c.name AS category_name
FROM company_categories cc JOIN categories c ON c.id = cc.category_id
WHERE cc.company_id = @company_id AND cc.category_id = @category_id
FOR UPDATE OF cc;

-- name: CompanyCategorySettingUpdate :exec
UPDATE company_categories
SET email_enabled = @email_enabled, email_alias = sqlc.narg(email_alias),
    allow_emails_from_non_whitelisted_senders = @allow_emails_from_non_whitelisted_senders
WHERE company_id = @company_id AND category_id = @category_id;

-- name: CompanyCategoryAliasOwner :one
-- Who holds an alias (case-insensitive), whatever the company.
SELECT cc.company_id, cc.category_id FROM company_categories cc
WHERE lower(cc.email_alias) = lower(@alias);

-- name: CompanyCategoryByAlias :one
-- The company category an inbound address's alias names, with its company.
SELECT cc.id, cc.company_id, cc.category_id, cc.email_enabled, cc.email_alias,
       cc.allow_emails_from_non_whitelisted_senders, c.name AS category_name, co.uuid AS company_uuid,
       co.active AS company_active, c.active AS category_active
FROM company_categories cc
JOIN categories c ON c.id = cc.category_id
JOIN companies co ON co.id = cc.company_id
WHERE lower(cc.email_alias) = lower(@alias);

-- name: CompanyAcceptedEmailList :many
SELECT id, email, created_at FROM company_accepted_emails
WHERE company_id = @company_id
  AND (@search::text = '' OR strpos(lower(email), lower(@search::text)) > 0)
ORDER BY lower(email), id
LIMIT @lim OFFSET @off;

-- name: CompanyAcceptedEmailCount :one
SELECT count(*)::bigint FROM company_accepted_emails
WHERE company_id = @company_id
  AND (@search::text = '' OR strpos(lower(email), lower(@search::text)) > 0);

-- name: CompanyAcceptedEmailAdd :one
INSERT INTO company_accepted_emails (company_id, email) VALUES (@company_id, @email)
ON CONFLICT DO NOTHING
RETURNING id, email, created_at;

-- name: CompanyAcceptedEmailGet :one
SELECT company_id, id, email FROM company_accepted_emails WHERE id = @id;

-- name: CompanyAcceptedEmailDelete :exec
DELETE FROM company_accepted_emails WHERE company_id = @company_id AND id = @id;

-- name: CompanyAcceptedEmailExists :one
SELECT EXISTS (SELECT 1 FROM company_accepted_emails
               WHERE company_id = @company_id AND lower(email) = lower(@email))::boolean;

-- name: CompanyAcceptedDomainList :many
SELECT id, domain, created_at FROM company_accepted_domains
WHERE company_id = @company_id
  AND (@search::text = '' OR strpos(lower(domain), lower(@search::text)) > 0)
ORDER BY lower(domain), id
LIMIT @lim OFFSET @off;

-- name: CompanyAcceptedDomainCount :one
SELECT count(*)::bigint FROM company_accepted_domains
WHERE company_id = @company_id
  AND (@search::text = '' OR strpos(lower(domain), lower(@search::text)) > 0);

-- name: CompanyAcceptedDomainAdd :one
INSERT INTO company_accepted_domains (company_id, domain) VALUES (@company_id, @domain)
ON CONFLICT DO NOTHING
RETURNING id, domain, created_at;

-- name: CompanyAcceptedDomainGet :one
SELECT company_id, id, domain FROM company_accepted_domains WHERE id = @id;

-- name: CompanyAcceptedDomainDelete :exec
DELETE FROM company_accepted_domains WHERE company_id = @company_id AND id = @id;

-- name: CompanyAcceptedDomainExists :one
SELECT EXISTS (SELECT 1 FROM company_accepted_domains
               WHERE company_id = @company_id AND lower(domain) = lower(@domain))::boolean;

-- name: CompanyAcceptsSender :one
-- Whether a company accepts mail from an address: the address itself or its domain is on its lists.
SELECT (EXISTS (SELECT 1 FROM company_accepted_emails e
                WHERE e.company_id = @company_id AND lower(e.email) = lower(@email::text))
     OR EXISTS (SELECT 1 FROM company_accepted_domains d
                WHERE d.company_id = @company_id AND lower(d.domain) = lower(@domain::text)))::boolean;
