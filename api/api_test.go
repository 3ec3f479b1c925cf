package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
	"portico/engine/store"
)

type env struct {
	srv *httptest.Server
	st  *store.Store
}

func setup(t *testing.T, devLogin bool) env {
	t.Helper()
	return testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.DevLogin = devLogin
		cfg.MaxBodyBytes = 64 << 10
	}}).env
}

// client is a browser-like client with its own cookie jar.
type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func (e env) client(t *testing.T) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: e.srv.URL, http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

func (c *client) signIn(email string) {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/auth/dev", strings.NewReader(url.Values{"email": {email}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", c.base)
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	res.Body.Close()
	require.Equal(c.t, http.StatusSeeOther, res.StatusCode)
	require.Equal(c.t, "/", res.Header.Get("Location"), "dev login of %s", email)
}

func (c *client) get(path string) (*http.Response, []byte) {
	c.t.Helper()
	res, err := c.http.Get(c.base + path)
	require.NoError(c.t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

type gqlResponse struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

func (c *client) graphql(query string, vars map[string]any) (int, gqlResponse) {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	return c.post("/graphql", "application/json", body, c.base)
}

func (c *client) post(path, contentType string, body []byte, origin string) (int, gqlResponse) {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.base+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	var out gqlResponse
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

type initJSON struct {
	User struct {
		Email       string `json:"email"`
		UserType    string `json:"userType"`
		Responsible bool   `json:"responsible"`
	} `json:"user"`
	Companies []struct {
		UUID          string `json:"uuid"`
		Name          string `json:"name"`
		TermsAccepted bool   `json:"termsAccepted"`
		Categories    []struct {
			Name string `json:"name"`
		} `json:"categories"`
		Rules []struct {
			Action  string `json:"action"`
			Subject string `json:"subject"`
		} `json:"rules"`
	} `json:"companies"`
	Groups []struct {
		Name string `json:"name"`
	} `json:"groups"`
	RealtimeToken string `json:"realtimeToken"`
	AdminPanel    bool   `json:"adminPanel"`
}

func (c *client) init() initJSON {
	c.t.Helper()
	res, body := c.get("/api/init.json")
	require.Equal(c.t, http.StatusOK, res.StatusCode, string(body))
	require.Equal(c.t, api.UIVersion, res.Header.Get("x-ui-version"))
	var out initJSON
	require.NoError(c.t, json.Unmarshal(body, &out))
	return out
}

func TestInitShowsEachDemoUserTheirCompaniesOnly(t *testing.T) {
	e := setup(t, true)
	cases := []struct {
		email      string
		companies  []string
		groups     []string
		adminPanel bool
		categories map[string][]string
	}{
		{"admin@portico.test", []string{"Acme Oy", "Borealis AB", "Kalev AS"}, []string{"Nordic Group"}, true, nil},
		{"agentadmin@portico.test", []string{"Acme Oy", "Borealis AB"}, []string{"Nordic Group"}, false,
			map[string][]string{"Acme Oy": {"Accounting", "Payroll", "HR", "Internal"}}},
		{"agent@portico.test", []string{"Acme Oy", "Borealis AB"}, []string{"Nordic Group"}, false, nil},
		{"anna@acme.test", []string{"Acme Oy"}, nil, false,
			map[string][]string{"Acme Oy": {"Accounting", "Payroll", "HR"}}},
		{"carl@acme.test", []string{"Acme Oy"}, nil, false, map[string][]string{"Acme Oy": {"Payroll"}}},
		{"eva@borealis.test", []string{"Borealis AB"}, nil, false, nil},
		{"kalle@kalev.test", []string{"Kalev AS"}, nil, false, nil},
	}
	for _, tc := range cases {
		t.Run(tc.email, func(t *testing.T) {
			c := e.client(t)
			c.signIn(tc.email)
			got := c.init()
			assert.Equal(t, tc.email, got.User.Email)
			var names []string
			for _, co := range got.Companies {
				names = append(names, co.Name)
				assert.NotEmpty(t, co.Rules, "rules of %s", co.Name)
				if want, ok := tc.categories[co.Name]; ok {
					var cats []string
					for _, cat := range co.Categories {
						cats = append(cats, cat.Name)
					}
					assert.ElementsMatch(t, want, cats, "categories in %s", co.Name)
				}
			}
			sort.Strings(names)
			assert.Equal(t, tc.companies, names)
			var groups []string
			for _, g := range got.Groups {
				groups = append(groups, g.Name)
			}
			assert.Equal(t, tc.groups, groups)
			assert.Equal(t, tc.adminPanel, got.AdminPanel)
			assert.NotEmpty(t, got.RealtimeToken)
		})
	}
}

func TestResponsibleAgentAndTermsFlags(t *testing.T) {
	e := setup(t, true)
	agent := e.client(t)
	agent.signIn("agent@portico.test")
	assert.True(t, agent.init().User.Responsible)

	kalle := e.client(t)
	kalle.signIn("kalle@kalev.test")
	got := kalle.init()
	require.Len(t, got.Companies, 1)
	assert.False(t, got.Companies[0].TermsAccepted)

	// accepting the terms is the customer's own act
	_, res := agent.graphql(`mutation($id: ID!) { acceptTerms(companyId: $id) { success errors { code message } } }`,
		map[string]any{"id": got.Companies[0].UUID})
	require.Empty(t, res.Errors)
	assert.Contains(t, string(res.Data["acceptTerms"]), "RECORD_NOT_FOUND", "an agent of other companies does not even see Kalev AS")

	_, res = kalle.graphql(`mutation($id: ID!) { acceptTerms(companyId: $id) { success errors { code } } }`,
		map[string]any{"id": got.Companies[0].UUID})
	require.Empty(t, res.Errors)
	assert.JSONEq(t, `{"success": true, "errors": []}`, string(res.Data["acceptTerms"]))
	assert.True(t, kalle.init().Companies[0].TermsAccepted)
}

func TestAnotherCompanyIsNotFound(t *testing.T) {
	e := setup(t, true)
	eva := e.client(t)
	eva.signIn("eva@borealis.test")
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	acme := anna.init().Companies[0].UUID

	_, res := eva.graphql(`query($id: ID!) { company(id: $id) { name } }`, map[string]any{"id": acme})
	require.Len(t, res.Errors, 1)
	assert.Equal(t, "RECORD_NOT_FOUND", res.Errors[0].Extensions["code"])
	assert.Equal(t, "company", res.Errors[0].Extensions["entityType"])
	assert.NotContains(t, res.Errors[0].Message, "Acme")

	_, res = anna.graphql(`query($id: ID!) { company(id: $id) { name rules { action subject } } }`, map[string]any{"id": acme})
	require.Empty(t, res.Errors)
	assert.Contains(t, string(res.Data["company"]), `"Acme Oy"`)
}

func TestWithoutSessionDataCallsAre401(t *testing.T) {
	e := setup(t, true)
	c := e.client(t)
	res, _ := c.get("/api/init.json")
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
	status, _ := c.graphql(`{ currentUser { email } }`, nil)
	assert.Equal(t, http.StatusUnauthorized, status)

	// a forged cookie is no session
	u, _ := url.Parse(e.srv.URL)
	c.http.Jar.SetCookies(u, []*http.Cookie{{Name: "portico_session", Value: "forged-token"}})
	res, _ = c.get("/api/init.json")
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
}

func TestSignOutEndsTheSession(t *testing.T) {
	e := setup(t, true)
	c := e.client(t)
	c.signIn("anna@acme.test")
	c.init()
	res, _ := c.get("/api/users/sign_out")
	require.Equal(t, http.StatusOK, res.StatusCode)
	res, _ = c.get("/api/init.json")
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
}

func TestBadRequestsGetClearErrorsAndChangeNothing(t *testing.T) {
	e := setup(t, true)
	c := e.client(t)
	c.signIn("kalle@kalev.test")
	kalev := c.init().Companies[0].UUID
	acceptTerms := `mutation($id: ID!) { acceptTerms(companyId: $id) { success } }`

	t.Run("malformed JSON", func(t *testing.T) {
		status, res := c.post("/graphql", "application/json", []byte(`{"query": "mutation {`), c.base)
		assert.Equal(t, http.StatusBadRequest, status)
		require.NotEmpty(t, res.Errors)
	})
	t.Run("unknown operation", func(t *testing.T) {
		status, res := c.graphql(`mutation { dropEverything { success } }`, nil)
		assert.Equal(t, http.StatusUnprocessableEntity, status)
		require.NotEmpty(t, res.Errors)
		assert.Equal(t, "GRAPHQL_VALIDATION_FAILED", res.Errors[0].Extensions["code"])
	})
	t.Run("oversized body", func(t *testing.T) {
		big, _ := json.Marshal(map[string]any{"query": acceptTerms, "variables": map[string]any{"id": kalev,
			"pad": strings.Repeat("x", 100<<10)}})
		status, res := c.post("/graphql", "application/json", big, c.base)
		assert.Equal(t, http.StatusRequestEntityTooLarge, status)
		require.NotEmpty(t, res.Errors)
	})
	t.Run("cross-site POST", func(t *testing.T) {
		body, _ := json.Marshal(map[string]any{"query": acceptTerms, "variables": map[string]any{"id": kalev}})
		status, res := c.post("/graphql", "application/json", body, "https://evil.example")
		assert.Equal(t, http.StatusForbidden, status)
		require.NotEmpty(t, res.Errors)
		status, _ = c.post("/auth/dev", "application/x-www-form-urlencoded", []byte("email=admin%40portico.test"), "https://evil.example")
		assert.Equal(t, http.StatusForbidden, status)
	})
	// none of it accepted Kalev's terms, and the server still serves
	got := c.init()
	assert.False(t, got.Companies[0].TermsAccepted)
	assert.Equal(t, "kalle@kalev.test", got.User.Email)
}

func TestDevLoginIsOffUnlessSwitchedOn(t *testing.T) {
	e := setup(t, false)
	c := e.client(t)
	res, _ := c.get("/auth/dev")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	status, _ := c.post("/auth/dev", "application/x-www-form-urlencoded", []byte("email=admin%40portico.test"), c.base)
	assert.Equal(t, http.StatusNotFound, status)
	res, _ = c.get("/api/init.json")
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
}

func TestDevLoginOfUnknownUserIsRefused(t *testing.T) {
	e := setup(t, true)
	c := e.client(t)
	status, _ := c.post("/auth/dev", "application/x-www-form-urlencoded", []byte("email=nobody%40example.test"), c.base)
	assert.Equal(t, http.StatusSeeOther, status)
	res, _ := c.get("/api/init.json")
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
}

func TestTheWebAppIsServedForClientRoutes(t *testing.T) {
	e := setup(t, true)
	c := e.client(t)
	res, body := c.get("/acme/inbox/123")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(body), "<title>Portico</title>")
	res, _ = c.get("/api/nope")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	// scripts go out compressed and cached for good (their names carry a content hash)
	req, _ := http.NewRequest(http.MethodGet, c.base+"/assets/app-1234.js", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := c.http.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
	assert.Contains(t, res.Header.Get("Cache-Control"), "immutable")
}

// init.json and GraphQL answers go out compressed (the app's first load waits for init.json).
func TestJSONAnswersAreCompressed(t *testing.T) {
	e := setup(t, true)
	c := e.client(t)
	c.signIn("anna@acme.test")
	for _, call := range []struct{ method, path, body string }{
		{http.MethodGet, "/api/init.json", ""},
		{http.MethodPost, "/graphql/", `{"query":"{ inboxStats { totalCount } }"}`},
	} {
		req, _ := http.NewRequest(call.method, c.base+call.path, strings.NewReader(call.body))
		req.Header.Set("Accept-Encoding", "gzip")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", c.base)
		res, err := c.http.Do(req)
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, res.StatusCode, call.path)
		assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"), call.path)
		zr, err := gzip.NewReader(res.Body)
		require.NoError(t, err, call.path)
		var answer map[string]any
		require.NoError(t, json.NewDecoder(zr).Decode(&answer), "%s: gzipped JSON", call.path)
		require.NotEmpty(t, answer, call.path)
		res.Body.Close()
	}
}

func TestForbiddenDomainRedirectsToTheRightHost(t *testing.T) {
	e := testServer(t, serverOpts{baseDomain: "portico.example", web: fstest.MapFS{}}).env
	srv := e.srv

	initOn := func(c *client, host string) (int, map[string]any) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/init.json", nil)
		req.Host = host
		// the session cookie belongs to the server's address, whatever Host says
		for _, ck := range c.http.Jar.Cookies(req.URL) {
			req.AddCookie(ck)
		}
		res, err := c.http.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(res.Body).Decode(&body)
		return res.StatusCode, body
	}
	redirect := func(body map[string]any) any { return body["meta"].(map[string]any)["redirect_uri"] }

	anna := e.client(t)
	anna.signIn("anna@acme.test")
	status, body := initOn(anna, "portico.example")
	require.Equal(t, http.StatusForbidden, status)
	assert.Equal(t, "http://acme.portico.example/", redirect(body))
	status, _ = initOn(anna, "acme.portico.example")
	assert.Equal(t, http.StatusOK, status)
	status, _ = initOn(anna, "borealis.portico.example")
	assert.Equal(t, http.StatusForbidden, status)

	admin := e.client(t)
	admin.signIn("admin@portico.test")
	status, body = initOn(admin, "portico.example")
	require.Equal(t, http.StatusForbidden, status)
	assert.Equal(t, "http://admin.portico.example/", redirect(body))
	status, body = initOn(admin, "admin.portico.example")
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, true, body["adminPanel"])

	agent := e.client(t)
	agent.signIn("agent@portico.test")
	status, _ = initOn(agent, "admin.portico.example")
	assert.Equal(t, http.StatusForbidden, status)
	status, _ = initOn(agent, "portico.example")
	assert.Equal(t, http.StatusOK, status)
}

// The terms gate links to the configured terms (TERMS_URL); unset, init.json says so with "".
func TestInitCarriesTheTermsAddress(t *testing.T) {
	for _, termsURL := range []string{"", "https://provider.example/terms?lang={lang}"} {
		c := testServer(t, serverOpts{configure: func(cfg *config.Config) { cfg.TermsURL = termsURL }}).client(t)
		c.signIn("kalle@kalev.test")
		res, body := c.get("/api/init.json")
		require.Equal(t, http.StatusOK, res.StatusCode, string(body))
		var got struct {
			TermsURL *string `json:"termsUrl"`
		}
		require.NoError(t, json.Unmarshal(body, &got))
		require.NotNil(t, got.TermsURL, "init.json has termsUrl")
		assert.Equal(t, termsURL, *got.TermsURL)
	}
}

// The SSO settings show the callback addresses on the authentication host: init.json's authUrl
// is AUTH_URL, or unset the host the app is on.
func TestInitCarriesTheAuthenticationHost(t *testing.T) {
	for _, authURL := range []string{"", "https://auth.portico.example"} {
		e := testServer(t, serverOpts{configure: func(cfg *config.Config) { cfg.AuthURL = authURL }})
		c := e.client(t)
		c.signIn("anna@acme.test")
		res, body := c.get("/api/init.json")
		require.Equal(t, http.StatusOK, res.StatusCode, string(body))
		var got struct {
			AuthURL string `json:"authUrl"`
		}
		require.NoError(t, json.Unmarshal(body, &got))
		want := authURL
		if want == "" {
			want = e.srv.URL
		}
		assert.Equal(t, want, got.AuthURL)
	}
}

// The mobile app sends its selected company in x-company-uuid (spec 000 §7): init.json
// names it back when it is one of the viewer's companies, and names nothing otherwise.
func TestInitReadsTheMobileCompanyHeader(t *testing.T) {
	e := setup(t, true)
	admin := e.client(t)
	admin.signIn("admin@portico.test")
	ids := map[string]string{}
	for _, c := range admin.init().Companies {
		ids[c.Name] = c.UUID
	}
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	selected := func(header string) *string {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, anna.base+"/api/init.json", nil)
		if header != "" {
			req.Header.Set("x-company-uuid", header)
		}
		res, err := anna.http.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		assert.Contains(t, res.Header.Values("Vary"), api.CompanyHeader)
		var out struct {
			SelectedCompanyID *string `json:"selectedCompanyId"`
		}
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		return out.SelectedCompanyID
	}
	got := selected(ids["Acme Oy"])
	require.NotNil(t, got)
	assert.Equal(t, ids["Acme Oy"], *got)
	got = selected(strings.ToUpper(ids["Acme Oy"]))
	require.NotNil(t, got, "a uuid in capitals is the same company")
	assert.Equal(t, ids["Acme Oy"], *got)
	assert.Nil(t, selected(ids["Borealis AB"]), "not one of anna's companies")
	assert.Nil(t, selected("not-a-uuid"))
	assert.Nil(t, selected(""))
}
