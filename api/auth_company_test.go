package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/store"
)

type ssoPayload struct {
	Oidc *struct {
		ClientID        string  `json:"clientId"`
		ClientSecret    *string `json:"clientSecret"`
		ClientSecretSet bool    `json:"clientSecretSet"`
		Issuer          string  `json:"issuer"`
		Scope           string  `json:"scope"`
	} `json:"oidc"`
	Success bool          `json:"success"`
	Errors  []mutationErr `json:"errors"`
}

const saveOidc = `mutation($c: ID!, $i: String, $id: String, $s: String, $sc: String, $k: String) {
  saveOidcSettings(companyId: $c, issuer: $i, clientId: $id, clientSecret: $s, scope: $sc, emailKey: $k, providerName: "Acme IdP") {
    oidc { clientId clientSecret clientSecretSet issuer scope } errors { code message field } } }`

const updateCompany = `mutation($c: ID!, $sso: Boolean, $g: Boolean, $m: Boolean, $method: String) {
  updateCompany(companyId: $c, ssoEnabled: $sso, googleLoginEnabled: $g, microsoftLoginEnabled: $m, ssoMethod: $method) {
    company { uuid ssoEnabled ssoMethod googleLoginEnabled microsoftLoginEnabled } errors { code message field } } }`

func oidcVars(company string, p *provider) map[string]any {
	return map[string]any{"c": company, "i": p.Issuer(), "id": p.Mock.ClientID, "s": p.Mock.ClientSecret,
		"sc": "openid email profile", "k": "email"}
}

func mutationErrorOf(t *testing.T, c *client, query string, vars map[string]any, field string) mutationErr {
	t.Helper()
	var out ssoPayload
	c.gql(query, vars, field, &out)
	require.Len(t, out.Errors, 1, "one error")
	return out.Errors[0]
}

func TestSSOSettingsRoles(t *testing.T) {
	e := setupSSO(t)
	acme := e.seedCompanies["Acme Oy"].UUID.String()
	anna, carl, eva, agentAdmin := e.client(t), e.client(t), e.client(t), e.client(t)
	anna.signIn("anna@acme.test")
	carl.signIn("carl@acme.test")
	eva.signIn("eva@borealis.test")
	agentAdmin.signIn("agentadmin@portico.test")

	var out ssoPayload
	anna.gql(saveOidc, oidcVars(acme, e.company), "saveOidcSettings", &out)
	require.Empty(t, out.Errors)
	require.NotNil(t, out.Oidc)
	assert.Nil(t, out.Oidc.ClientSecret, "the secret is write-only")
	assert.True(t, out.Oidc.ClientSecretSet)
	assert.Equal(t, e.company.Issuer(), out.Oidc.Issuer)

	// a save without a secret keeps the stored one
	vars := oidcVars(acme, e.company)
	delete(vars, "s")
	agentAdmin.gql(saveOidc, vars, "saveOidcSettings", &out)
	require.Empty(t, out.Errors)
	assert.True(t, out.Oidc.ClientSecretSet)

	assert.Equal(t, mutationErr{Code: "ACCESS_DENIED", Message: "access_denied"},
		mutationErrorOf(t, carl, saveOidc, oidcVars(acme, e.company), "saveOidcSettings"))
	assert.Equal(t, "RECORD_NOT_FOUND", mutationErrorOf(t, eva, saveOidc, oidcVars(acme, e.company), "saveOidcSettings").Code)
	bad := oidcVars(acme, e.company)
	bad["i"] = "not a url"
	got := mutationErrorOf(t, anna, saveOidc, bad, "saveOidcSettings")
	assert.Equal(t, "invalid_url", got.Message)
	assert.Equal(t, "issuer", *got.Field)

	// only those who may manage SSO see the settings
	const read = `query($id: ID!) { company(id: $id) { oidc { clientId clientSecret } saml { entityId } } }`
	var company struct {
		Oidc *struct{ ClientID string } `json:"oidc"`
	}
	anna.gql(read, map[string]any{"id": acme}, "company", &company)
	require.NotNil(t, company.Oidc)
	assert.Equal(t, e.company.Mock.ClientID, company.Oidc.ClientID)
	carl.gql(read, map[string]any{"id": acme}, "company", &company)
	assert.Nil(t, company.Oidc)

	assert.Equal(t, "ACCESS_DENIED", mutationErrorOf(t, carl,
		`mutation($c: ID!) { clearSsoSettings(companyId: $c) { success errors { code message field } } }`,
		map[string]any{"c": acme}, "clearSsoSettings").Code)

	// login switches are the global admin's
	assert.Equal(t, "ACCESS_DENIED", mutationErrorOf(t, anna, updateCompany,
		map[string]any{"c": acme, "sso": true}, "updateCompany").Code)
	assert.Equal(t, "ACCESS_DENIED", mutationErrorOf(t, agentAdmin, updateCompany,
		map[string]any{"c": acme, "sso": true}, "updateCompany").Code)

	// clearing is refused while SSO is the only method left, allowed otherwise
	admin := e.client(t)
	admin.signIn("admin@portico.test")
	var upd struct {
		Company *struct {
			SsoEnabled         bool `json:"ssoEnabled"`
			GoogleLoginEnabled bool `json:"googleLoginEnabled"`
		} `json:"company"`
		Errors []mutationErr `json:"errors"`
	}
	admin.gql(updateCompany, map[string]any{"c": acme, "sso": true, "g": false, "m": false}, "updateCompany", &upd)
	require.Empty(t, upd.Errors)
	assert.True(t, upd.Company.SsoEnabled)
	assert.False(t, upd.Company.GoogleLoginEnabled)
	assert.Equal(t, "settings_unable_to_make_sso_the_only_login_method_without_configuration",
		mutationErrorOf(t, anna, `mutation($c: ID!) { clearSsoSettings(companyId: $c) { success errors { code message field } } }`,
			map[string]any{"c": acme}, "clearSsoSettings").Message)
	assert.Equal(t, "one_login_method_must_be_available",
		mutationErrorOf(t, admin, updateCompany, map[string]any{"c": acme, "sso": false}, "updateCompany").Message)
}

func TestSSOLoginSwitches(t *testing.T) {
	e := setupSSO(t)
	borealis := e.seedCompanies["Borealis AB"].UUID.String()
	admin := e.client(t)
	admin.signIn("admin@portico.test")
	var upd struct{ Errors []mutationErr }
	admin.gql(updateCompany, map[string]any{"c": borealis, "sso": true, "g": false}, "updateCompany", &upd)
	require.Empty(t, upd.Errors, "SSO on, Google off: Microsoft stays")
	assert.Equal(t, "settings_unable_to_make_sso_the_only_login_method_without_configuration",
		mutationErrorOf(t, admin, updateCompany, map[string]any{"c": borealis, "m": false}, "updateCompany").Message)
	assert.Equal(t, "sso_method_not_configured",
		mutationErrorOf(t, admin, updateCompany, map[string]any{"c": borealis, "method": "saml"}, "updateCompany").Message)

	// enforced at sign-in: Borealis' customer may not use Google now; staff follow the provider's settings
	c := e.client(t)
	to, _ := c.codeFlow("/auth/google_oauth2", "eva@borealis.test")
	assert.Equal(t, "/login?error=no_access", to)
	assert.False(t, c.signedIn())
	_, _, reason := lastSignInEvent(t, e.st)
	assert.Equal(t, "method_not_allowed", reason)
	to, _ = c.codeFlow("/auth/azure_oauth2", "eva@borealis.test")
	assert.Equal(t, "/", to, "Microsoft is still on")
	staff := e.client(t)
	to, _ = staff.codeFlow("/auth/google_oauth2", "agentadmin@portico.test")
	assert.Equal(t, "/", to)
}

// acmeSSO makes the company provider Acme Oy's single sign-on, found by acme.test.
func acmeSSO(t *testing.T, e ssoEnv) {
	t.Helper()
	acme := e.seedCompanies["Acme Oy"]
	anna, admin := e.client(t), e.client(t)
	anna.signIn("anna@acme.test")
	admin.signIn("admin@portico.test")
	var out ssoPayload
	anna.gql(saveOidc, oidcVars(acme.UUID.String(), e.company), "saveOidcSettings", &out)
	require.Empty(t, out.Errors)
	admin.gql(updateCompany, map[string]any{"c": acme.UUID.String(), "sso": true}, "updateCompany", &out)
	require.Empty(t, out.Errors)
	require.NoError(t, e.st.CompanyAcceptedDomainEnsure(context.Background(),
		store.CompanyAcceptedDomainEnsureParams{CompanyID: acme.ID, Domain: "acme.test"}))
}

func TestOIDCCompanySignIn(t *testing.T) {
	e := setupSSO(t)
	acmeSSO(t, e)
	acme := e.seedCompanies["Acme Oy"].UUID.String()

	c := e.client(t)
	res := c.getURL("/auth/sso?email=anna%40acme.test&redirect_to=/inbox")
	start := location(t, res)
	assert.Equal(t, "/auth/oidc?"+url.Values{"company": {acme}, "redirect_to": {"/inbox"}}.Encode(), start)
	to, callback := c.codeFlow(start, "anna@acme.test")
	assert.Equal(t, "/inbox", to)
	assert.Contains(t, callback, "/oidc/callback?")
	assert.True(t, c.signedIn())
	name, method, _ := lastSignInEvent(t, e.st)
	assert.Equal(t, "sign_in", name)
	assert.Equal(t, "oidc", method)

	for _, tc := range []struct{ name, email, reason string }{
		{"a customer of another company", "eva@borealis.test", "not_a_member"},
		{"staff", "agent@portico.test", "not_a_member"},
		{"unknown", "ghost@acme.test", "unknown_user"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := e.client(t)
			to, _ := c.codeFlow(start, tc.email)
			assert.Equal(t, "/login?error=no_access", to)
			assert.False(t, c.signedIn())
			_, _, reason := lastSignInEvent(t, e.st)
			assert.Equal(t, tc.reason, reason)
		})
	}
	t.Run("unknown domain", func(t *testing.T) {
		assert.Equal(t, "/login?error=sso_unknown_domain", location(t, e.client(t).getURL("/auth/sso?email=someone%40nowhere.test")))
		_, _, reason := lastSignInEvent(t, e.st)
		assert.Equal(t, "unknown_domain", reason)
	})
	t.Run("a provider that does not answer", func(t *testing.T) {
		_, err := e.st.Pool.Exec(context.Background(), `UPDATE oidc_settings SET issuer = 'http://127.0.0.1:1/gone'`)
		require.NoError(t, err)
		c := e.client(t)
		assert.Equal(t, "/login?error=login_failed", location(t, c.getURL(start)))
		assert.False(t, c.signedIn())
		_, _, reason := lastSignInEvent(t, e.st)
		assert.Equal(t, "discovery_failed", reason)
	})
	t.Run("a company without SSO", func(t *testing.T) {
		borealis := e.seedCompanies["Borealis AB"].UUID.String()
		assert.Equal(t, "/login?error=login_method_unavailable", location(t, e.client(t).getURL("/auth/oidc?company="+borealis)))
	})
}

func TestOIDCDiscover(t *testing.T) {
	e := setupSSO(t)
	acme := e.seedCompanies["Acme Oy"].UUID.String()
	liar := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"issuer":"https://elsewhere.example","authorization_endpoint":"https://elsewhere.example/a",
			"token_endpoint":"https://elsewhere.example/t","jwks_uri":"https://elsewhere.example/k"}`))
	}))
	defer liar.Close()
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	const discover = `query($i: String!, $c: ID) { oidcDiscover(issuer: $i, companyId: $c) { success error } }`
	for _, tc := range []struct {
		name, issuer string
		success      bool
		err          *string
	}{
		{"a provider", e.company.Issuer(), true, nil},
		{"another issuer", liar.URL, false, ptr("wrong_issuer")},
		{"nothing answers", "http://127.0.0.1:1/nothing", false, ptr("unreachable")},
		{"not a URL", "accounts", false, ptr("invalid_issuer")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out struct {
				Success bool
				Error   *string
			}
			anna.gql(discover, map[string]any{"i": tc.issuer, "c": acme}, "oidcDiscover", &out)
			assert.Equal(t, tc.success, out.Success)
			assert.Equal(t, tc.err, out.Error)
		})
	}
	carl := e.client(t)
	carl.signIn("carl@acme.test")
	assert.Equal(t, "ACCESS_DENIED", carl.gqlError(discover, map[string]any{"i": e.company.Issuer(), "c": acme}))
	assert.Equal(t, "ACCESS_DENIED", carl.gqlError(discover, map[string]any{"i": e.company.Issuer()}))
}
