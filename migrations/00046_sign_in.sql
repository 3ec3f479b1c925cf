-- Sign-in through Google, Microsoft and per-company OIDC and SAML (issue 11).
-- +goose Up

-- A sign-in under way: what the callback must find again. The browser holds
-- the random state (cookie and state/RelayState parameter); only its SHA-256 is
-- stored. A flow is taken (deleted) by its callback, so a state works once.
CREATE TABLE login_flows (
    state_hash      bytea PRIMARY KEY,
    -- google, microsoft, oidc or saml
    method          text NOT NULL CHECK (method IN ('google', 'microsoft', 'oidc', 'saml')),
    company_id      bigint REFERENCES companies ON DELETE CASCADE,
    nonce           text NOT NULL DEFAULT '',
    code_verifier   text NOT NULL DEFAULT '',
    -- the SAML AuthnRequest's ID, which the response's InResponseTo must name
    saml_request_id text UNIQUE,
    -- where the callback that used this flow was served (redirect_uri / ACS)
    callback_url    text NOT NULL,
    redirect_to     text NOT NULL DEFAULT '/',
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL
);
CREATE INDEX login_flows_expires_idx ON login_flows (expires_at);

-- SAML assertion ids already used, kept until the assertion could no longer
-- be accepted anyway, so a replayed assertion is refused.
CREATE TABLE saml_assertions_seen (
    issuer       text NOT NULL,
    assertion_id text NOT NULL,
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (issuer, assertion_id)
);
CREATE INDEX saml_assertions_seen_expires_idx ON saml_assertions_seen (expires_at);

-- +goose Down
DROP TABLE saml_assertions_seen;
DROP TABLE login_flows;
