-- A hand-off (decision 0145) keeps the method the person signed in with on the authentication
-- host (oidc or saml), so that the sign_in written when the session starts on the portal host
-- names it.
-- +goose Up
ALTER TABLE login_flows ADD COLUMN sign_in_method text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE login_flows DROP COLUMN sign_in_method;
