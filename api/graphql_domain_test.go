package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Through the wrong host a GraphQL operation runs nothing and answers
// FORBIDDEN_DOMAIN with the host to go to in extensions.redirectTo, the same
// target init.json gives in meta.redirect_uri.
func TestGraphQLForbiddenDomainNamesTheRightHost(t *testing.T) {
	te := testServer(t, serverOpts{baseDomain: "portico.example", web: fstest.MapFS{}})
	e, srv, seed := te.env, te.srv, te.seed

	// on sends a GraphQL operation through host, with the client's session
	// and no Origin (a non-browser client; the cross-origin check passes it).
	on := func(c *client, host, query string, vars map[string]any) gqlResponse {
		body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/graphql", bytes.NewReader(body))
		req.Host = host
		req.Header.Set("Content-Type", "application/json")
		for _, ck := range c.http.Jar.Cookies(req.URL) {
			req.AddCookie(ck)
		}
		res, err := c.http.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		var out gqlResponse
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		return out
	}
	forbidden := func(t *testing.T, res gqlResponse, redirectTo string) {
		t.Helper()
		require.Len(t, res.Errors, 1)
		assert.Equal(t, "forbidden_domain", res.Errors[0].Message)
		assert.Equal(t, "FORBIDDEN_DOMAIN", res.Errors[0].Extensions["code"])
		assert.Equal(t, redirectTo, res.Errors[0].Extensions["redirectTo"])
		assert.Empty(t, res.Data)
	}
	const companies = `{ companies { totalCount } }`

	t.Run("a customer belongs on their company's host", func(t *testing.T) {
		anna := e.client(t)
		anna.signIn("anna@acme.test")
		forbidden(t, on(anna, "portico.example", companies, nil), "http://acme.portico.example/")
		forbidden(t, on(anna, "borealis.portico.example", companies, nil), "http://acme.portico.example/")
		res := on(anna, "acme.portico.example", companies, nil)
		assert.Empty(t, res.Errors)
		assert.JSONEq(t, `{"totalCount":1}`, string(res.Data["companies"]))
	})

	t.Run("a global admin belongs on the admin host, others never", func(t *testing.T) {
		admin := e.client(t)
		admin.signIn("admin@portico.test")
		forbidden(t, on(admin, "portico.example", companies, nil), "http://admin.portico.example/")
		assert.Empty(t, on(admin, "admin.portico.example", companies, nil).Errors)

		agent := e.client(t)
		agent.signIn("agent@portico.test")
		forbidden(t, on(agent, "admin.portico.example", companies, nil), "http://portico.example/")
		assert.Empty(t, on(agent, "portico.example", companies, nil).Errors)
	})

	t.Run("a mutation through the wrong host changes nothing", func(t *testing.T) {
		agent := e.client(t)
		agent.signIn("agent@portico.test")
		const star = `mutation($id: ID!) { favoriteCompany(companyId: $id) { company { favorite } errors { code } } }`
		vars := map[string]any{"id": seed.Companies["Acme Oy"].UUID.String()}
		forbidden(t, on(agent, "admin.portico.example", star, vars), "http://portico.example/")
		res := on(agent, "portico.example", star, vars)
		require.Empty(t, res.Errors)
		assert.JSONEq(t, `{"company":{"favorite":true},"errors":[]}`, string(res.Data["favoriteCompany"]),
			"the refused call starred nothing, so this one stars")
	})
}
