package api_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

const companyUsersQuery = `query($c: ID!, $s: String, $l: Int, $p: Int) { companyUsers(companyId: $c, search: $s, limit: $l, page: $p) {
	totalCount collection { uuid name email phone role admin active jobTitle userId noCategories canUpdate canDestroy
	user { uuid name } company { name businessId } categories { name } } } }`

type colleagueRow struct {
	UUID, Name, Email, Role, UserID string
	Admin, Active, NoCategories     bool
	CanUpdate, CanDestroy           bool
	User                            struct{ UUID, Name string }
	Company                         struct{ Name, BusinessID string }
	Categories                      []struct{ Name string }
}

type colleagueList struct {
	TotalCount int
	Collection []colleagueRow
}

// A customer admin manages their colleagues through companyUsers (spec 002
// §2.7, 000 §7): Anna adds one, changes their categories and deactivates
// them; Carl sees the same list without a single action; Eva, of another
// company, sees nothing of it and changes nothing in it.
func TestColleaguesThroughGraphQL(t *testing.T) {
	te := testServer(t, serverOpts{})
	seed := te.seed
	acme := seed.Companies["Acme Oy"].UUID.String()
	borealis := seed.Companies["Borealis AB"].UUID.String()
	payroll, hr := strconv.FormatInt(seed.Categories["Payroll"].ID, 10), strconv.FormatInt(seed.Categories["HR"].ID, 10)
	as := func(email string) *client {
		c := te.client(t)
		c.signIn(email)
		return c
	}
	anna, carl, eva := as("anna@acme.test"), as("carl@acme.test"), as("eva@borealis.test")

	var list colleagueList
	anna.gql(companyUsersQuery, map[string]any{"c": acme}, "companyUsers", &list)
	require.Equal(t, 2, list.TotalCount)
	require.Equal(t, "Anna Acme", list.Collection[0].Name)
	require.Equal(t, "admin", list.Collection[0].Role)
	require.False(t, list.Collection[0].CanDestroy, "nobody deactivates themselves")
	c := list.Collection[1]
	require.Equal(t, "carl@acme.test", c.Email)
	require.Equal(t, "user", c.Role)
	require.Equal(t, seed.Users["carl@acme.test"].UUID.String(), c.UserID)
	require.Equal(t, c.UserID, c.User.UUID)
	require.Equal(t, "Acme Oy", c.Company.Name)
	require.Equal(t, *seed.Companies["Acme Oy"].BusinessID, c.Company.BusinessID)
	require.Equal(t, []struct{ Name string }{{"Payroll"}}, c.Categories)
	require.False(t, c.NoCategories)
	require.True(t, c.CanUpdate && c.CanDestroy, "the customer admin manages carl")

	// A global admin's lists name the business ids too (their companies are looked up per page).
	bid := *seed.Companies["Acme Oy"].BusinessID
	_, res := as("admin@portico.test").graphql(`{ customers: users(userType: "customer", search: "carl@") { collection {
		companyUsers { company { businessId } } } } staff: users(userType: "portico_user", search: "agent@") { collection {
		porticoUsers { company { name businessId } } } } }`, nil)
	require.Empty(t, res.Errors)
	require.JSONEq(t, `{"collection":[{"companyUsers":[{"company":{"businessId":"`+bid+`"}}]}]}`, string(res.Data["customers"]))
	require.Contains(t, string(res.Data["staff"]), `{"company":{"name":"Acme Oy","businessId":"`+bid+`"}}`)

	carl.gql(companyUsersQuery, map[string]any{"c": acme, "s": "anna"}, "companyUsers", &list)
	require.Equal(t, 1, list.TotalCount)
	require.False(t, list.Collection[0].CanUpdate || list.Collection[0].CanDestroy, "a customer user cannot manage")
	require.Equal(t, "RECORD_NOT_FOUND", eva.gqlError(companyUsersQuery, map[string]any{"c": acme}))
	require.Equal(t, "RECORD_NOT_FOUND", anna.gqlError(companyUsersQuery, map[string]any{"c": borealis}))

	// Anna adds a colleague with Payroll, gives them HR instead, then deactivates them.
	var created struct {
		User struct {
			UUID         string
			CompanyUsers []struct{ UUID string }
		}
		Errors []any
	}
	anna.gql(`mutation($c: ID!, $cat: ID!) { createCompanyUser(companyId: $c, name: "Noora Newcomer", email: "noora@acme.test",
		jobTitle: "Payroll clerk", categoryIds: [$cat]) { user { uuid companyUsers { uuid } } errors { code field message } } }`,
		map[string]any{"c": acme, "cat": payroll}, "createCompanyUser", &created)
	require.Empty(t, created.Errors)
	noora := created.User.CompanyUsers[0].UUID

	const update = `mutation($m: ID!, $c: ID!, $cats: [ID!]) { updateCompanyUser(companyUserId: $m, companyId: $c, categoryIds: $cats) {
		user { companyUsers { categories { name } } } errors { code field message } } }`
	var payload struct {
		User *struct {
			CompanyUsers []struct {
				Active     bool
				Categories []struct{ Name string }
			}
		}
		Errors []struct{ Code, Field, Message string }
	}
	anna.gql(update, map[string]any{"m": noora, "c": acme, "cats": []string{hr}}, "updateCompanyUser", &payload)
	require.Empty(t, payload.Errors)
	require.Equal(t, []struct{ Name string }{{"HR"}}, payload.User.CompanyUsers[0].Categories)

	carl.gql(update, map[string]any{"m": noora, "c": acme, "cats": []string{payroll}}, "updateCompanyUser", &payload)
	require.Equal(t, "ACCESS_DENIED", payload.Errors[0].Code, "a customer user cannot manage")
	eva.gql(update, map[string]any{"m": noora, "c": acme, "cats": []string{}}, "updateCompanyUser", &payload)
	require.Equal(t, "RECORD_NOT_FOUND", payload.Errors[0].Code, "another company's customer does not see Acme Oy")
	kalle, kalev := as("kalle@kalev.test"), seed.Companies["Kalev AS"].UUID.String()
	var accepted struct{ Success bool }
	kalle.gql(`mutation($c: ID!) { acceptTerms(companyId: $c) { success } }`, map[string]any{"c": kalev}, "acceptTerms", &accepted)
	require.True(t, accepted.Success)
	kalle.gql(update, map[string]any{"m": noora, "c": kalev, "cats": []string{}},
		"updateCompanyUser", &payload)
	require.Equal(t, "RECORD_NOT_FOUND", payload.Errors[0].Code, "another company's admin reaches nothing here through their own")

	anna.gql(`mutation($m: ID!, $c: ID!) { deleteCompanyUser(companyUserId: $m, companyId: $c) { user { companyUsers { active } } errors { code } } }`,
		map[string]any{"m": noora, "c": acme}, "deleteCompanyUser", &payload)
	require.Empty(t, payload.Errors)
	require.False(t, payload.User.CompanyUsers[0].Active)

	anna.gql(companyUsersQuery, map[string]any{"c": acme, "s": "noora"}, "companyUsers", &list)
	require.Len(t, list.Collection, 1)
	require.False(t, list.Collection[0].Active, "a deactivated colleague stays listed")
	require.Equal(t, []struct{ Name string }{{"HR"}}, list.Collection[0].Categories)
	require.Equal(t, "Payroll clerk", *jobTitle(t, anna, acme, "noora"))
}

func jobTitle(t *testing.T, c *client, company, search string) *string {
	t.Helper()
	var out struct{ Collection []struct{ JobTitle *string } }
	c.gql(`query($c: ID!, $s: String) { companyUsers(companyId: $c, search: $s) { collection { jobTitle } } }`,
		map[string]any{"c": company, "s": search}, "companyUsers", &out)
	require.Len(t, out.Collection, 1)
	return out.Collection[0].JobTitle
}

// The viewer's own membership on Company (companyUser for customers,
// porticoUser for staff), PorticoUser's user and Folder's creator.
func TestOwnMembershipAndCreatorsThroughGraphQL(t *testing.T) {
	te := testServer(t, serverOpts{})
	acme := te.seed.Companies["Acme Oy"].UUID.String()
	as := func(email string) *client {
		c := te.client(t)
		c.signIn(email)
		return c
	}
	const own = `query($c: ID!) { company(id: $c) { companyUser { name admin role jobTitle active categories { name } }
		porticoUser { name role active responsible user { email } } } }`
	_, res := as("carl@acme.test").graphql(own, map[string]any{"c": acme})
	require.Empty(t, res.Errors)
	require.JSONEq(t, `{"companyUser":{"name":"Carl Acme","admin":false,"role":"user","jobTitle":null,"active":true,
		"categories":[{"name":"Payroll"}]},"porticoUser":null}`, string(res.Data["company"]))

	agent := as("agent@portico.test")
	_, res = agent.graphql(own, map[string]any{"c": acme})
	require.Empty(t, res.Errors)
	require.JSONEq(t, `{"companyUser":null,"porticoUser":{"name":"Alex Agent","role":"user","active":true,"responsible":true,
		"user":{"email":"agent@portico.test"}}}`, string(res.Data["company"]))

	// A folder made by the agent names them; the roots the system made name nobody.
	var roots struct {
		Collection []struct {
			UUID string
			Name string
			User *struct{ Name string }
		}
	}
	agent.gql(`query($c: ID!) { folders(companyId: $c, roots: true) { collection { uuid name user { name } } } }`,
		map[string]any{"c": acme}, "folders", &roots)
	require.NotEmpty(t, roots.Collection)
	for _, r := range roots.Collection {
		require.Nil(t, r.User, r.Name)
	}
	var made struct {
		Folder struct{ User *struct{ Name string } }
		Errors []any
	}
	agent.gql(`mutation($c: ID!, $p: ID!) { createFolder(companyId: $c, parentFolderId: $p, name: "Made by Alex") {
		folder { user { name } } errors { code } } }`, map[string]any{"c": acme, "p": roots.Collection[0].UUID}, "createFolder", &made)
	require.Empty(t, made.Errors)
	require.Equal(t, "Alex Agent", made.Folder.User.Name)
	_, res = agent.graphql(`query($c: ID!, $f: ID!) { folders(companyId: $c, folderId: $f) { collection { name user { name userType } } } }`,
		map[string]any{"c": acme, "f": roots.Collection[0].UUID})
	require.Empty(t, res.Errors)
	require.Contains(t, string(res.Data["folders"]), `{"name":"Made by Alex","user":{"name":"Alex Agent","userType":"portico_user"}}`)
}

// users with companyCategoryPairs: those who may see a thread of any of the
// pairs, each once; the viewer only with includeCurrent; a company the viewer
// cannot see is RECORD_NOT_FOUND.
func TestUsersOfCompanyCategoryPairs(t *testing.T) {
	te := testServer(t, serverOpts{})
	seed := te.seed
	acme, borealis := seed.Companies["Acme Oy"].UUID.String(), seed.Companies["Borealis AB"].UUID.String()
	cat := func(name string) string { return strconv.FormatInt(seed.Categories[name].ID, 10) }
	agent := te.client(t)
	agent.signIn("agent@portico.test")
	const q = `query($pairs: [CompanyCategoryPair!], $me: Boolean) { users(companyCategoryPairs: $pairs, includeCurrent: $me) {
		totalCount collection { email } } }`
	emails := func(c *client, pairs []map[string]string, me bool) []string {
		var out struct{ Collection []struct{ Email string } }
		c.gql(q, map[string]any{"pairs": pairs, "me": me}, "users", &out)
		list := []string{}
		for _, u := range out.Collection {
			list = append(list, u.Email)
		}
		return list
	}
	payroll := map[string]string{"companyId": acme, "categoryId": cat("Payroll")}
	accounting := map[string]string{"companyId": borealis, "categoryId": cat("Accounting")}
	require.Equal(t, []string{"agentadmin@portico.test", "anna@acme.test", "carl@acme.test", "eva@borealis.test"},
		emails(agent, []map[string]string{payroll, accounting, payroll}, false), "both companies' readers, each once, by name")
	require.Equal(t, []string{"agentadmin@portico.test", "agent@portico.test", "anna@acme.test", "carl@acme.test"},
		emails(agent, []map[string]string{payroll}, true), "the viewer too")

	anna := te.client(t)
	anna.signIn("anna@acme.test")
	vars := map[string]any{"pairs": []map[string]string{payroll, accounting}}
	require.Equal(t, "RECORD_NOT_FOUND", anna.gqlError(q, vars))
	_, res := anna.graphql(q, map[string]any{"pairs": []map[string]string{{"companyId": acme, "categoryId": "x"}}})
	require.NotEmpty(t, res.Errors)
	b, _ := json.Marshal(res.Errors[0].Extensions)
	require.Contains(t, string(b), "RECORD_NOT_FOUND")
}
