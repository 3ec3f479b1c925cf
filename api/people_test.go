package api_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// signInFrom signs in through dev login from a browser asking for language.
func (c *client) signInFrom(email, language string) {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/auth/dev", strings.NewReader(url.Values{"email": {email}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", c.base)
	req.Header.Set("Accept-Language", language)
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	res.Body.Close()
	require.Equal(c.t, http.StatusSeeOther, res.StatusCode)
}

func (c *client) language() string {
	c.t.Helper()
	res, body := c.get("/api/init.json")
	require.Equal(c.t, http.StatusOK, res.StatusCode, string(body))
	var out struct {
		User struct {
			Language string `json:"language"`
		} `json:"user"`
	}
	require.NoError(c.t, json.Unmarshal(body, &out))
	return out.User.Language
}

// The language is the server's (issue 17 item 18): the first sign-in takes the
// browser's, later ones keep what the user chose, and init.json sends it.
func TestLanguageIsKeptOnTheServer(t *testing.T) {
	e := setup(t, true)
	first := e.client(t)
	first.signInFrom("eva@borealis.test", "fi-FI,fi;q=0.9,en;q=0.5")
	require.Equal(t, "fi", first.language())

	status, res := first.graphql(`mutation ($id: ID!) { updateUser(userId: $id, language: "sv") { language errors { code field message } } }`,
		map[string]any{"id": userUUID(t, first)})
	require.Equal(t, http.StatusOK, status)
	require.JSONEq(t, `{"language":"sv","errors":[]}`, string(res.Data["updateUser"]))

	second := e.client(t)
	second.signInFrom("eva@borealis.test", "en-US")
	require.Equal(t, "sv", second.language(), "a chosen language stays")

	_, res = second.graphql(`mutation ($id: ID!) { updateUser(userId: $id, language: "de") { language errors { code field message } } }`,
		map[string]any{"id": userUUID(t, second)})
	require.JSONEq(t, `{"language":null,"errors":[{"code":"VALIDATION_ERROR","field":"language","message":"language_is_not_included_in_the_list"}]}`,
		string(res.Data["updateUser"]))
}

func userUUID(t *testing.T, c *client) string {
	t.Helper()
	_, body := c.get("/api/init.json")
	var out struct {
		User struct {
			UUID string `json:"uuid"`
		} `json:"user"`
	}
	require.NoError(t, json.Unmarshal(body, &out))
	return out.User.UUID
}

// An admin adds a Payroll-only customer to Acme Oy; the customer signs in and
// sees only Payroll; deactivated, their session ends at once.
func TestCustomerUserLifecycle(t *testing.T) {
	e := setup(t, true)
	admin := e.client(t)
	admin.signIn("admin@portico.test")
	var acme struct {
		UUID       string
		Categories []struct{ ID, Name string }
	}
	for _, c := range admin.initCompanies() {
		if c.Name == "Acme Oy" {
			acme.UUID = c.UUID
			acme.Categories = c.Categories
		}
	}
	var payroll string
	for _, c := range acme.Categories {
		if c.Name == "Payroll" {
			payroll = c.ID
		}
	}
	require.NotEmpty(t, payroll)

	_, res := admin.graphql(`mutation ($c: ID!, $cat: ID!) {
		createCompanyUser(companyId: $c, name: "Pia Payroll", email: "pia@acme.test", categoryIds: [$cat]) {
			user { email companyUsers { uuid company { name } categories { name } admin active } }
			errors { code field message }
		}
	}`, map[string]any{"c": acme.UUID, "cat": payroll})
	var created struct {
		User struct {
			CompanyUsers []struct {
				UUID       string
				Categories []struct{ Name string }
			}
		}
		Errors []any
	}
	require.NoError(t, json.Unmarshal(res.Data["createCompanyUser"], &created), string(res.Data["createCompanyUser"]))
	require.Empty(t, created.Errors)
	require.Len(t, created.User.CompanyUsers, 1)
	require.Equal(t, "Payroll", created.User.CompanyUsers[0].Categories[0].Name)

	_, res = admin.graphql(`{ users(userType: "customer", search: "pia@") { totalCount collection { email companyUsers { company { name } } } } }`, nil)
	require.JSONEq(t, `{"totalCount":1,"collection":[{"email":"pia@acme.test","companyUsers":[{"company":{"name":"Acme Oy"}}]}]}`,
		string(res.Data["users"]))

	pia := e.client(t)
	pia.signIn("pia@acme.test")
	init := pia.init()
	require.Len(t, init.Companies, 1)
	require.Equal(t, []struct {
		Name string `json:"name"`
	}{{Name: "Payroll"}}, visibleCategories(t, pia))

	_, res = admin.graphql(`mutation ($m: ID!, $c: ID!) { deleteCompanyUser(companyUserId: $m, companyId: $c) { user { companyUsers { active } } errors { code message } } }`,
		map[string]any{"m": created.User.CompanyUsers[0].UUID, "c": acme.UUID})
	require.JSONEq(t, `{"user":{"companyUsers":[{"active":false}]},"errors":[]}`, string(res.Data["deleteCompanyUser"]))
	r, _ := pia.get("/api/init.json")
	require.Equal(t, http.StatusUnauthorized, r.StatusCode, "the deactivated user's session ended")
}

func (c *client) initCompanies() []struct {
	UUID       string
	Name       string
	Categories []struct{ ID, Name string }
} {
	c.t.Helper()
	_, body := c.get("/api/init.json")
	var out struct {
		Companies []struct {
			UUID       string
			Name       string
			Categories []struct{ ID, Name string }
		}
	}
	require.NoError(c.t, json.Unmarshal(body, &out))
	return out.Companies
}

func visibleCategories(t *testing.T, c *client) []struct {
	Name string `json:"name"`
} {
	t.Helper()
	_, body := c.get("/api/init.json")
	var out struct {
		Categories []struct {
			Name string `json:"name"`
		} `json:"categories"`
	}
	require.NoError(t, json.Unmarshal(body, &out))
	return out.Categories
}

// The provider-user list and portico.responsible through GraphQL: the global
// admin unmarks and marks Alex Agent responsible for Acme Oy; an agent may not.
func TestPorticoUsersAndResponsible(t *testing.T) {
	e := setup(t, true)
	admin := e.client(t)
	admin.signIn("admin@portico.test")
	var acme string
	for _, c := range admin.initCompanies() {
		if c.Name == "Acme Oy" {
			acme = c.UUID
		}
	}
	_, res := admin.graphql(`{ users(userType: "portico_user", search: "agent@") { totalCount collection { uuid email
		porticoUsers { company { name } role responsible } } } globalRoles { name } }`, nil)
	var list struct {
		TotalCount int
		Collection []struct {
			UUID         string
			PorticoUsers []struct {
				Company     struct{ Name string }
				Responsible bool
			}
		}
	}
	require.NoError(t, json.Unmarshal(res.Data["users"], &list), string(res.Data["users"]))
	require.Equal(t, 1, list.TotalCount)
	require.Equal(t, "Acme Oy", list.Collection[0].PorticoUsers[0].Company.Name)
	require.True(t, list.Collection[0].PorticoUsers[0].Responsible)
	require.Contains(t, string(res.Data["globalRoles"]), "Accountant")

	const set = `mutation ($c: ID!, $u: ID!, $r: Boolean!) { setPorticoUserResponsible(companyId: $c, userId: $u, responsible: $r) {
		user { porticoUsers { company { name } responsible } } errors { code } } }`
	agentID := list.Collection[0].UUID
	_, res = admin.graphql(set, map[string]any{"c": acme, "u": agentID, "r": false})
	require.Contains(t, string(res.Data["setPorticoUserResponsible"]), `{"company":{"name":"Acme Oy"},"responsible":false}`)

	agent := e.client(t)
	agent.signIn("agentadmin@portico.test")
	_, res = agent.graphql(set, map[string]any{"c": acme, "u": agentID, "r": true})
	require.JSONEq(t, `{"user":null,"errors":[{"code":"ACCESS_DENIED"}]}`, string(res.Data["setPorticoUserResponsible"]))

	_, res = admin.graphql(set, map[string]any{"c": acme, "u": agentID, "r": true})
	require.Contains(t, string(res.Data["setPorticoUserResponsible"]), `{"company":{"name":"Acme Oy"},"responsible":true}`)
}
