-- name: SamlSettingGet :one
SELECT * FROM saml_settings WHERE company_id = @company_id;

-- name: SamlSettingUpsert :one
INSERT INTO saml_settings (company_id, cert, cert_fingerprint, cert_fingerprint_algorithm, entity_id,
                           sso_service_url, manifest)
VALUES (@company_id, sqlc.narg(cert), sqlc.narg(cert_fingerprint), @cert_fingerprint_algorithm,
        sqlc.narg(entity_id), sqlc.narg(sso_service_url), sqlc.narg(manifest))
ON CONFLICT (company_id) DO UPDATE SET cert = EXCLUDED.cert, cert_fingerprint = EXCLUDED.cert_fingerprint,
    cert_fingerprint_algorithm = EXCLUDED.cert_fingerprint_algorithm, entity_id = EXCLUDED.entity_id,
    sso_service_url = EXCLUDED.sso_service_url, manifest = EXCLUDED.manifest, updated_at = now()
RETURNING *;

-- name: SamlSettingDelete :exec
DELETE FROM saml_settings WHERE company_id = @company_id;

-- name: OidcSettingGet :one
SELECT * FROM oidc_settings WHERE company_id = @company_id;

-- name: OidcSettingUpsert :one
INSERT INTO oidc_settings (company_id, issuer, client_id, client_secret, scope, email_key, provider_name)
VALUES (@company_id, @issuer, @client_id, @client_secret, @scope, @email_key, sqlc.narg(provider_name))
ON CONFLICT (company_id) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
    client_secret = EXCLUDED.client_secret, scope = EXCLUDED.scope, email_key = EXCLUDED.email_key,
    provider_name = EXCLUDED.provider_name, updated_at = now()
RETURNING *;

-- name: OidcSettingDelete :exec
DELETE FROM oidc_settings WHERE company_id = @company_id;

-- name: CompanySetLoginOptions :one
UPDATE companies SET sso_enabled = @sso_enabled, sso_method = @sso_method,
    google_login_enabled = @google_login_enabled, microsoft_login_enabled = @microsoft_login_enabled,
    updated_at = now()
WHERE id = @id
RETURNING *;

-- name: CompanyCountriesKeep :exec
-- Removes the company's countries that are not in @country_ids.
DELETE FROM company_countries WHERE company_id = @company_id AND NOT (country_id = ANY(@country_ids::bigint[]));

-- name: CountryIDsExisting :many
SELECT id FROM countries WHERE id = ANY(@ids::bigint[]);

-- name: CompanyListBySSODomain :many
-- Active companies whose accepted domains include @domain (an e-mail's domain), SSO switched on first.
SELECT companies.* FROM companies
JOIN company_accepted_domains ON company_accepted_domains.company_id = companies.id
WHERE lower(company_accepted_domains.domain) = lower(@domain) AND companies.active
ORDER BY companies.sso_enabled DESC, lower(companies.name), companies.id;

-- name: CompanyAcceptedDomainEnsure :exec
INSERT INTO company_accepted_domains (company_id, domain) VALUES (@company_id, @domain) ON CONFLICT DO NOTHING;

-- name: LoginFlowCreate :exec
INSERT INTO login_flows (state_hash, method, company_id, nonce, code_verifier, saml_request_id, callback_url,
                         redirect_to, return_origin, user_id, sign_in_method, expires_at)
VALUES (@state_hash, @method, sqlc.narg(company_id), @nonce, @code_verifier, sqlc.narg(saml_request_id),
        @callback_url, @redirect_to, @return_origin, sqlc.narg(user_id), @sign_in_method, @expires_at);

-- name: LoginFlowTake :one
-- Takes a flow once: a second callback with the same state finds nothing.
DELETE FROM login_flows WHERE state_hash = @state_hash AND expires_at > now() RETURNING *;

-- name: LoginFlowDeleteExpired :execrows
DELETE FROM login_flows WHERE expires_at <= now();

-- name: SamlAssertionRemember :execrows
-- 0 rows: the assertion was used before (a replay).
INSERT INTO saml_assertions_seen (issuer, assertion_id, expires_at) VALUES (@issuer, @assertion_id, @expires_at)
ON CONFLICT DO NOTHING;

-- name: SamlAssertionDeleteExpired :execrows
DELETE FROM saml_assertions_seen WHERE expires_at <= now();
