package api_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/store"
)

// gqlError is the code and entity type of an answer's first error (empty for none).
func gqlError(res gqlResponse) (code, entity string) {
	if len(res.Errors) == 0 {
		return "", ""
	}
	code, _ = res.Errors[0].Extensions["code"].(string)
	entity, _ = res.Errors[0].Extensions["entityType"].(string)
	return code, entity
}

const companiesOfUser = `query($user: ID, $staff: ID, $customer: ID, $search: String, $limit: Int, $page: Int) {
  companies(userId: $user, porticoUserId: $staff, companyUserId: $customer, search: $search, limit: $limit, page: $page) {
    totalCount collection { name } } }`

// companiesOf runs companies with vars and returns the names listed and the
// total, or the first error's code and entity type.
func companiesOf(t *testing.T, c *client, vars map[string]any) (names []string, total int, code, entity string) {
	t.Helper()
	_, res := c.graphql(companiesOfUser, vars)
	if code, entity = gqlError(res); code != "" {
		return nil, 0, code, entity
	}
	var out struct {
		TotalCount int `json:"totalCount"`
		Collection []struct {
			Name string `json:"name"`
		} `json:"collection"`
	}
	require.NoError(t, json.Unmarshal(res.Data["companies"], &out))
	names = []string{}
	for _, c := range out.Collection {
		names = append(names, c.Name)
	}
	return names, out.TotalCount, "", ""
}

// Demo: agent and agentadmin are staff of Acme Oy and Borealis AB, anna and
// carl customers of Acme Oy, eva of Borealis AB, kalle of Kalev AS. The test
// makes carl a customer of Kalev AS too (inactive there) and adds a customer
// in no company.
func TestCompaniesOfAUser(t *testing.T) {
	e, seed := seededEnv(t)
	st := e.st
	ctx := context.Background()

	carl := seed.Users["carl@acme.test"]
	kalev := seed.Companies["Kalev AS"]
	_, err := st.CompanyUserUpsert(ctx, store.CompanyUserUpsertParams{CompanyID: kalev.ID, UserID: carl.ID, Role: "user"})
	require.NoError(t, err)
	_, err = st.Pool.Exec(ctx, `UPDATE company_users SET active = false WHERE company_id = $1 AND user_id = $2`, kalev.ID, carl.ID)
	require.NoError(t, err)
	loner, err := st.UserUpsert(ctx, store.UserUpsertParams{Email: "loner@nowhere.test", Name: "Lone Ranger",
		UserType: "customer", UserRole: "user"})
	require.NoError(t, err)
	annaRows, err := st.CompanyUserMemberships(ctx, store.CompanyUserMembershipsParams{UserID: seed.Users["anna@acme.test"].ID,
		CompanyIds: []int64{seed.Companies["Acme Oy"].ID}})
	require.NoError(t, err)
	require.Len(t, annaRows, 1)
	agentRows, err := st.PorticoUserMemberships(ctx, store.PorticoUserMembershipsParams{UserID: seed.Users["agent@portico.test"].ID,
		CompanyIds: []int64{seed.Companies["Borealis AB"].ID}})
	require.NoError(t, err)
	require.Len(t, agentRows, 1)

	id := func(email string) string { return seed.Users[email].UUID.String() }
	both := []string{"Acme Oy", "Borealis AB"}
	type want struct {
		names  []string
		entity string // RECORD_NOT_FOUND of this entity type when set
	}
	check := func(t *testing.T, c *client, vars map[string]any, w want) {
		t.Helper()
		names, total, code, entity := companiesOf(t, c, vars)
		if w.entity != "" {
			assert.Equal(t, "RECORD_NOT_FOUND", code, "%v", vars)
			assert.Equal(t, w.entity, entity, "%v", vars)
			return
		}
		require.Empty(t, code, "%v", vars)
		assert.Equal(t, w.names, names, "%v", vars)
		assert.Equal(t, len(w.names), total, "%v", vars)
	}

	t.Run("an agent: the users' companies among their own", func(t *testing.T) {
		agent := e.client(t)
		agent.signIn("agent@portico.test")
		for _, tc := range []struct {
			vars map[string]any
			want want
		}{
			{map[string]any{"user": id("eva@borealis.test")}, want{names: []string{"Borealis AB"}}},
			{map[string]any{"user": id("agentadmin@portico.test")}, want{names: both}},
			{map[string]any{"staff": id("agentadmin@portico.test")}, want{names: both}},
			{map[string]any{"staff": agentRows[0].UUID.String()}, want{names: both}},
			{map[string]any{"customer": id("anna@acme.test")}, want{names: []string{"Acme Oy"}}},
			{map[string]any{"customer": annaRows[0].UUID.String()}, want{names: []string{"Acme Oy"}}},
			{map[string]any{"user": id("carl@acme.test")}, want{names: []string{"Acme Oy"}}},
			{map[string]any{"user": id("agent@portico.test"), "customer": id("eva@borealis.test")}, want{names: []string{"Borealis AB"}}},
			{map[string]any{"staff": id("agentadmin@portico.test"), "search": "bor"}, want{names: []string{"Borealis AB"}}},
			{map[string]any{"user": id("kalle@kalev.test")}, want{entity: "user"}},
			{map[string]any{"customer": id("kalle@kalev.test")}, want{entity: "company_user"}},
			{map[string]any{"staff": id("anna@acme.test")}, want{entity: "portico_user"}},
			{map[string]any{"customer": id("agentadmin@portico.test")}, want{entity: "company_user"}},
			{map[string]any{"user": loner.UUID.String()}, want{entity: "user"}},
			{map[string]any{"user": "nope"}, want{entity: "user"}},
			{map[string]any{"staff": "00000000-0000-4000-8000-000000000000"}, want{entity: "portico_user"}},
			{map[string]any{"user": seed.Companies["Acme Oy"].UUID.String()}, want{entity: "user"}},
		} {
			check(t, agent, tc.vars, tc.want)
		}

		names, total, code, _ := companiesOf(t, agent, map[string]any{"staff": id("agentadmin@portico.test"), "limit": 1, "page": 2})
		require.Empty(t, code)
		assert.Equal(t, 2, total, "the total counts the filtered list, not the page")
		assert.Equal(t, []string{"Borealis AB"}, names)
	})

	t.Run("a global admin sees every user and all their companies, inactive memberships too", func(t *testing.T) {
		admin := e.client(t)
		admin.signIn("admin@portico.test")
		check(t, admin, map[string]any{"user": id("carl@acme.test")}, want{names: []string{"Acme Oy", "Kalev AS"}})
		check(t, admin, map[string]any{"customer": id("kalle@kalev.test")}, want{names: []string{"Kalev AS"}})
		check(t, admin, map[string]any{"staff": id("agent@portico.test")}, want{names: both})
		check(t, admin, map[string]any{"user": loner.UUID.String()}, want{names: []string{}})
		check(t, admin, map[string]any{"user": id("admin@portico.test")}, want{names: []string{}})
		check(t, admin, map[string]any{"staff": id("carl@acme.test")}, want{entity: "portico_user"})
		check(t, admin, map[string]any{"customer": "nope"}, want{entity: "company_user"})
	})

	t.Run("a customer: colleagues in their companies, never staff", func(t *testing.T) {
		anna := e.client(t)
		anna.signIn("anna@acme.test")
		check(t, anna, map[string]any{"user": id("carl@acme.test")}, want{names: []string{"Acme Oy"}})
		check(t, anna, map[string]any{"customer": id("carl@acme.test")}, want{names: []string{"Acme Oy"}})
		check(t, anna, map[string]any{"user": id("anna@acme.test")}, want{names: []string{"Acme Oy"}})
		check(t, anna, map[string]any{"user": id("eva@borealis.test")}, want{entity: "user"})
		check(t, anna, map[string]any{"user": id("agent@portico.test")}, want{entity: "user"})
		check(t, anna, map[string]any{"staff": id("agent@portico.test")}, want{entity: "portico_user"})
		check(t, anna, map[string]any{"staff": agentRows[0].UUID.String()}, want{entity: "portico_user"})
	})

	t.Run("a user of another company sees none of Acme's people", func(t *testing.T) {
		eva := e.client(t)
		eva.signIn("eva@borealis.test")
		check(t, eva, map[string]any{"user": id("eva@borealis.test")}, want{names: []string{"Borealis AB"}})
		check(t, eva, map[string]any{"customer": id("anna@acme.test")}, want{entity: "company_user"})
		check(t, eva, map[string]any{"customer": annaRows[0].UUID.String()}, want{entity: "company_user"})
		kalle := e.client(t)
		kalle.signIn("kalle@kalev.test")
		// carl's inactive membership in Kalev AS still names him there
		check(t, kalle, map[string]any{"user": id("carl@acme.test")}, want{names: []string{"Kalev AS"}})
		check(t, kalle, map[string]any{"user": id("anna@acme.test")}, want{entity: "user"})
	})
}

type groupRow struct {
	UUID          string `json:"uuid"`
	Name          string `json:"name"`
	Favorite      bool   `json:"favorite"`
	MotherCompany *struct {
		Name string `json:"name"`
	} `json:"motherCompany"`
	Companies []struct {
		Name string `json:"name"`
	} `json:"companies"`
}

// companyNames are the names of a group's companies.
func (g groupRow) companyNames() []string {
	out := []string{}
	for _, c := range g.Companies {
		out = append(out, c.Name)
	}
	return out
}

// mother is the name of a group's mother company ("" for none).
func (g groupRow) mother() string {
	if g.MotherCompany == nil {
		return ""
	}
	return g.MotherCompany.Name
}

const groupedCompaniesQuery = `query($search: String, $limit: Int, $page: Int) {
  groupedCompanies(search: $search, limit: $limit, page: $page) {
    totalCount collection { uuid name favorite motherCompany { name } companies { name } } } }`

func groupedCompanies(t *testing.T, c *client, vars map[string]any) ([]groupRow, int) {
	t.Helper()
	_, res := c.graphql(groupedCompaniesQuery, vars)
	require.Empty(t, res.Errors)
	var out struct {
		TotalCount int        `json:"totalCount"`
		Collection []groupRow `json:"collection"`
	}
	require.NoError(t, json.Unmarshal(res.Data["groupedCompanies"], &out))
	return out.Collection, out.TotalCount
}

func groupNames(groups []groupRow) []string {
	out := []string{}
	for _, g := range groups {
		out = append(out, g.Name)
	}
	return out
}

const companyGroupQuery = `query($id: ID!) { companyGroup(companyId: $id) {
  group { uuid name motherCompany { name } companies { name } }
  motherCompany { name }
  company { name workflowAssigned } } }`

type companyGroupAnswer struct {
	Group         *groupRow `json:"group"`
	MotherCompany *struct {
		Name string `json:"name"`
	} `json:"motherCompany"`
	Company *struct {
		Name             string `json:"name"`
		WorkflowAssigned bool   `json:"workflowAssigned"`
	} `json:"company"`
}

func companyGroup(t *testing.T, c *client, id string) (companyGroupAnswer, string, string) {
	t.Helper()
	_, res := c.graphql(companyGroupQuery, map[string]any{"id": id})
	if code, entity := gqlError(res); code != "" {
		return companyGroupAnswer{}, code, entity
	}
	var out companyGroupAnswer
	require.NoError(t, json.Unmarshal(res.Data["companyGroup"], &out))
	return out, "", ""
}

// Groups: the demo's Nordic Group (mother Acme Oy; Acme Oy and Borealis AB),
// and the test's Acme Family (Acme Oy, no mother) and Zeta Holding (mother
// Acme Oy; Borealis AB). Kalev AS is in no group.
func TestGroupedCompaniesAndCompanyGroup(t *testing.T) {
	e := setup(t, true)
	ctx := context.Background()
	company := func(name string) store.Company {
		c, err := e.st.CompanyGetByName(ctx, name)
		require.NoError(t, err)
		return c
	}
	acme, borealis, kalev := company("Acme Oy"), company("Borealis AB"), company("Kalev AS")
	nordic, err := e.st.GroupGetByName(ctx, "Nordic Group")
	require.NoError(t, err)
	family, err := e.st.GroupUpsert(ctx, store.GroupUpsertParams{Name: "Acme Family"})
	require.NoError(t, err)
	require.NoError(t, e.st.GroupMemberAdd(ctx, store.GroupMemberAddParams{CompanyID: acme.ID, GroupID: family.ID}))
	zeta, err := e.st.GroupUpsert(ctx, store.GroupUpsertParams{Name: "Zeta Holding", MotherCompanyID: &acme.ID})
	require.NoError(t, err)
	require.NoError(t, e.st.GroupMemberAdd(ctx, store.GroupMemberAddParams{CompanyID: borealis.ID, GroupID: zeta.ID}))

	agent := e.client(t)
	agent.signIn("agent@portico.test")
	admin := e.client(t)
	admin.signIn("admin@portico.test")
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	eva := e.client(t)
	eva.signIn("eva@borealis.test")
	kalle := e.client(t)
	kalle.signIn("kalle@kalev.test")

	t.Run("groupedCompanies: the visible groups by name, with their companies", func(t *testing.T) {
		groups, total := groupedCompanies(t, agent, nil)
		assert.Equal(t, 3, total)
		require.Equal(t, []string{"Acme Family", "Nordic Group", "Zeta Holding"}, groupNames(groups))
		assert.Equal(t, []string{"Acme Oy"}, groups[0].companyNames())
		assert.Equal(t, "", groups[0].mother())
		assert.Equal(t, nordic.UUID.String(), groups[1].UUID)
		assert.Equal(t, []string{"Acme Oy", "Borealis AB"}, groups[1].companyNames())
		assert.Equal(t, "Acme Oy", groups[1].mother())
		assert.Equal(t, []string{"Borealis AB"}, groups[2].companyNames())
		assert.Equal(t, "Acme Oy", groups[2].mother())

		groups, total = groupedCompanies(t, admin, nil)
		assert.Equal(t, 3, total)
		assert.Equal(t, []string{"Acme Family", "Nordic Group", "Zeta Holding"}, groupNames(groups))
	})

	t.Run("groupedCompanies: customers see the groups of their own companies only", func(t *testing.T) {
		groups, total := groupedCompanies(t, anna, nil)
		assert.Equal(t, 1, total, "Nordic Group and Zeta Holding hold Borealis AB")
		assert.Equal(t, []string{"Acme Family"}, groupNames(groups))

		groups, _ = groupedCompanies(t, eva, nil)
		require.Equal(t, []string{"Zeta Holding"}, groupNames(groups))
		assert.Equal(t, "", groups[0].mother(), "eva does not see the mother company Acme Oy")

		groups, total = groupedCompanies(t, kalle, nil)
		assert.Equal(t, 0, total)
		assert.Empty(t, groups)
	})

	t.Run("groupedCompanies: search over group and company names", func(t *testing.T) {
		for search, want := range map[string][]string{
			"NORDIC":  {"Nordic Group"},
			"bore":    {"Nordic Group", "Zeta Holding"},
			"acme":    {"Acme Family", "Nordic Group", "Zeta Holding"}, // Zeta Holding by its mother
			"kalev":   {},
			"  zeta ": {"Zeta Holding"},
		} {
			groups, total := groupedCompanies(t, agent, map[string]any{"search": search})
			assert.Equal(t, want, groupNames(groups), search)
			assert.Equal(t, len(want), total, search)
		}
		groups, _ := groupedCompanies(t, anna, map[string]any{"search": "bore"})
		assert.Empty(t, groups, "anna sees no group holding Borealis AB")
	})

	t.Run("groupedCompanies: favourites first, then paging", func(t *testing.T) {
		toggleGroup(t, agent, zeta.UUID.String())
		groups, _ := groupedCompanies(t, agent, nil)
		require.Equal(t, []string{"Zeta Holding", "Acme Family", "Nordic Group"}, groupNames(groups))
		assert.True(t, groups[0].Favorite)
		assert.False(t, groups[1].Favorite)
		groups, _ = groupedCompanies(t, admin, nil)
		assert.Equal(t, []string{"Acme Family", "Nordic Group", "Zeta Holding"}, groupNames(groups), "the star is the agent's own")

		groups, total := groupedCompanies(t, agent, map[string]any{"limit": 2, "page": 2})
		assert.Equal(t, 3, total)
		assert.Equal(t, []string{"Nordic Group"}, groupNames(groups))
		groups, total = groupedCompanies(t, agent, map[string]any{"limit": 2, "page": 3})
		assert.Equal(t, 3, total)
		assert.Empty(t, groups)
		groups, _ = groupedCompanies(t, agent, map[string]any{"limit": 1})
		assert.Equal(t, []string{"Zeta Holding"}, groupNames(groups))
	})

	t.Run("companyGroup: a company's group, mother company and the company", func(t *testing.T) {
		got, code, _ := companyGroup(t, agent, acme.UUID.String())
		require.Empty(t, code)
		require.NotNil(t, got.Group)
		assert.Equal(t, "Nordic Group", got.Group.Name, "the group Acme Oy is the mother of, first by name")
		require.NotNil(t, got.MotherCompany)
		assert.Equal(t, "Acme Oy", got.MotherCompany.Name)
		require.NotNil(t, got.Company)
		assert.Equal(t, "Acme Oy", got.Company.Name)
		assert.True(t, got.Company.WorkflowAssigned, "the demo workflow is assigned to Acme Oy")

		got, _, _ = companyGroup(t, agent, borealis.UUID.String())
		require.NotNil(t, got.Group)
		assert.Equal(t, "Nordic Group", got.Group.Name, "the first group by name Borealis AB is in")
		assert.Equal(t, "Acme Oy", got.MotherCompany.Name)
		assert.Equal(t, "Borealis AB", got.Company.Name)

		got, _, _ = companyGroup(t, anna, acme.UUID.String())
		require.NotNil(t, got.Group)
		assert.Equal(t, "Acme Family", got.Group.Name, "anna does not see Nordic Group")
		assert.Nil(t, got.MotherCompany)
		assert.Equal(t, "Acme Oy", got.Company.Name)
		assert.False(t, got.Company.WorkflowAssigned, "customers do not read company workflows")

		got, _, _ = companyGroup(t, eva, borealis.UUID.String())
		require.NotNil(t, got.Group)
		assert.Equal(t, "Zeta Holding", got.Group.Name)
		assert.Nil(t, got.MotherCompany, "eva does not see Acme Oy")
	})

	t.Run("companyGroup: a company in no group", func(t *testing.T) {
		for _, c := range []*client{admin, kalle} {
			got, code, _ := companyGroup(t, c, kalev.UUID.String())
			require.Empty(t, code)
			assert.Nil(t, got.Group)
			assert.Nil(t, got.MotherCompany)
			require.NotNil(t, got.Company)
			assert.Equal(t, "Kalev AS", got.Company.Name)
		}
	})

	t.Run("companyGroup: a group's own uuid", func(t *testing.T) {
		got, code, _ := companyGroup(t, agent, zeta.UUID.String())
		require.Empty(t, code)
		require.NotNil(t, got.Group)
		assert.Equal(t, "Zeta Holding", got.Group.Name)
		assert.Equal(t, "Acme Oy", got.MotherCompany.Name)
		assert.Nil(t, got.Company)
	})

	t.Run("companyGroup: unknown and unseen are not found", func(t *testing.T) {
		for _, tc := range []struct {
			c  *client
			id string
		}{
			{agent, kalev.UUID.String()},
			{agent, "nope"},
			{agent, "00000000-0000-4000-8000-000000000000"},
			{anna, borealis.UUID.String()},
			{anna, nordic.UUID.String()},
			{eva, acme.UUID.String()},
			{kalle, family.UUID.String()},
		} {
			_, code, entity := companyGroup(t, tc.c, tc.id)
			assert.Equal(t, "RECORD_NOT_FOUND", code, tc.id)
			assert.Equal(t, "company", entity, tc.id)
		}
	})

	t.Run("groupedCompanies: ten a page by default", func(t *testing.T) {
		for _, name := range []string{"G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08", "G09", "G10"} {
			g, err := e.st.GroupUpsert(ctx, store.GroupUpsertParams{Name: name})
			require.NoError(t, err)
			require.NoError(t, e.st.GroupMemberAdd(ctx, store.GroupMemberAddParams{CompanyID: kalev.ID, GroupID: g.ID}))
		}
		groups, total := groupedCompanies(t, admin, nil)
		assert.Equal(t, 13, total)
		assert.Len(t, groups, 10)
		groups, total = groupedCompanies(t, kalle, map[string]any{"search": "g1"})
		assert.Equal(t, 1, total)
		assert.Equal(t, []string{"G10"}, groupNames(groups))
	})
}
