-- Per-company SSO answers on the authentication host (AUTH_URL, decision 0145): the browser
-- goes there to sign in and comes back to the host it started on with a one-time hand-off,
-- a login flow of its own that names the person let in.
-- +goose Up
ALTER TABLE login_flows DROP CONSTRAINT login_flows_method_check;
ALTER TABLE login_flows ADD CONSTRAINT login_flows_method_check
    CHECK (method IN ('google', 'microsoft', 'oidc', 'saml', 'handoff'));
-- the host (scheme://host) the sign-in started on, where it ends; empty: the callback's own
ALTER TABLE login_flows ADD COLUMN return_origin text NOT NULL DEFAULT '';
-- a hand-off's person, signed in on the authentication host
ALTER TABLE login_flows ADD COLUMN user_id bigint REFERENCES users ON DELETE CASCADE;

-- +goose Down
DELETE FROM login_flows WHERE method = 'handoff';
ALTER TABLE login_flows DROP COLUMN user_id;
ALTER TABLE login_flows DROP COLUMN return_origin;
ALTER TABLE login_flows DROP CONSTRAINT login_flows_method_check;
ALTER TABLE login_flows ADD CONSTRAINT login_flows_method_check
    CHECK (method IN ('google', 'microsoft', 'oidc', 'saml'));
