package demo

import (
	"context"
	"fmt"

	"portico/engine/store"
)

// DevOIDCClientID and DevOIDCClientSecret are the demo's client at the local
// OpenID provider of `portico dev` (not secrets: that provider exists only there).
const (
	DevOIDCClientID     = "portico-dev"
	DevOIDCClientSecret = "portico-dev-secret"
)

// SeedSSO makes the local OpenID provider at issuer Acme Oy's single sign-on:
// its OIDC settings, SSO switched on with method oidc, and acme.test as an
// accepted domain so that "Sign in with SSO" finds the company. Run on every
// start of `portico dev` (the provider's address may change); it adds nothing twice.
func SeedSSO(ctx context.Context, st *store.Store, issuer string) error {
	return st.InTx(ctx, func(q *store.Queries) error {
		acme, err := q.CompanyGetByName(ctx, "Acme Oy")
		if err != nil {
			return fmt.Errorf("demo sso: %w", err)
		}
		name := "Local OpenID provider"
		if _, err := q.OidcSettingUpsert(ctx, store.OidcSettingUpsertParams{CompanyID: acme.ID, Issuer: issuer,
			ClientID: DevOIDCClientID, ClientSecret: DevOIDCClientSecret, Scope: "openid email profile",
			EmailKey: "email", ProviderName: &name}); err != nil {
			return err
		}
		if err := q.SamlSettingDelete(ctx, acme.ID); err != nil {
			return err
		}
		if _, err := q.CompanySetLoginOptions(ctx, store.CompanySetLoginOptionsParams{ID: acme.ID, SsoEnabled: true,
			SsoMethod: "oidc", GoogleLoginEnabled: acme.GoogleLoginEnabled, MicrosoftLoginEnabled: acme.MicrosoftLoginEnabled}); err != nil {
			return err
		}
		return q.CompanyAcceptedDomainEnsure(ctx, store.CompanyAcceptedDomainEnsureParams{CompanyID: acme.ID, Domain: "acme.test"})
	})
}
