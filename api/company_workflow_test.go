package api_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/store"
)

type companyWorkflowRow struct {
	Name                      string   `json:"name"`
	WorkflowAssigned          bool     `json:"workflowAssigned"`
	CompanyWorkflowCountryIds []string `json:"companyWorkflowCountryIds"`
}

const companiesByWorkflow = `query($w: ID, $with: Boolean, $limit: Int, $page: Int) {
  companies(includeWorkflowId: $w, withWorkflowAssigned: $with, limit: $limit, page: $page) {
    totalCount collection { name workflowAssigned companyWorkflowCountryIds } } }`

// companiesBy runs companies(includeWorkflowId, withWorkflowAssigned) and
// returns name -> row, the total, and the first error code (empty for none).
func companiesBy(t *testing.T, c *client, vars map[string]any) (map[string]companyWorkflowRow, int, string) {
	t.Helper()
	_, res := c.graphql(companiesByWorkflow, vars)
	if len(res.Errors) > 0 {
		code, _ := res.Errors[0].Extensions["code"].(string)
		return nil, 0, code
	}
	var out struct {
		TotalCount int                  `json:"totalCount"`
		Collection []companyWorkflowRow `json:"collection"`
	}
	require.NoError(t, json.Unmarshal(res.Data["companies"], &out))
	rows := map[string]companyWorkflowRow{}
	for _, r := range out.Collection {
		rows[r.Name] = r
	}
	return rows, out.TotalCount, ""
}

func idOf(id int64) string { return strconv.FormatInt(id, 10) }

// seededEnv is an env on a fresh demo database, with what the seed made.
func seededEnv(t *testing.T) (env, demo.Seeded) {
	t.Helper()
	e := testServer(t, serverOpts{})
	return e.env, e.seed
}

// The demo assigns "Month-end closing" to Acme Oy for fi; the test adds a
// second workflow assigned to Borealis AB for se and a deleted one.
func TestCompaniesWorkflowFieldsAndFilters(t *testing.T) {
	e, seed := seededEnv(t)
	st := e.st
	ctx := context.Background()

	monthEnd, err := st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	payroll, err := st.WorkflowCreate(ctx, store.WorkflowCreateParams{Name: "Payroll run", CategoryID: seed.Categories["Payroll"].ID,
		Tags: []string{}, Structure: monthEnd.Structure})
	require.NoError(t, err)
	_, err = st.CompanyWorkflowCreate(ctx, store.CompanyWorkflowCreateParams{CompanyID: seed.Companies["Borealis AB"].ID,
		WorkflowID: payroll.ID, CountryID: seed.Countries["se"].ID})
	require.NoError(t, err)
	gone, err := st.WorkflowCreate(ctx, store.WorkflowCreateParams{Name: "Gone", CategoryID: seed.Categories["Payroll"].ID,
		Tags: []string{}, Structure: monthEnd.Structure})
	require.NoError(t, err)
	require.NoError(t, st.WorkflowDelete(ctx, gone.ID))

	fi, se := idOf(seed.Countries["fi"].ID), idOf(seed.Countries["se"].ID)
	w := monthEnd.UUID.String()

	t.Run("global admin: every company, the fields about the workflow in context", func(t *testing.T) {
		admin := e.client(t)
		admin.signIn("admin@portico.test")
		rows, total, code := companiesBy(t, admin, map[string]any{"w": w})
		require.Empty(t, code)
		assert.Equal(t, 3, total)
		assert.Equal(t, companyWorkflowRow{"Acme Oy", true, []string{fi}}, rows["Acme Oy"])
		assert.Equal(t, companyWorkflowRow{"Borealis AB", false, []string{}}, rows["Borealis AB"],
			"Borealis uses another workflow, not this one")
		assert.Equal(t, companyWorkflowRow{"Kalev AS", false, []string{}}, rows["Kalev AS"])

		rows, total, _ = companiesBy(t, admin, map[string]any{"w": w, "with": true})
		assert.Equal(t, 1, total)
		assert.Contains(t, rows, "Acme Oy")
		rows, total, _ = companiesBy(t, admin, map[string]any{"w": w, "with": false})
		assert.Equal(t, 2, total)
		assert.NotContains(t, rows, "Acme Oy")
		rows, total, _ = companiesBy(t, admin, map[string]any{"w": payroll.UUID.String(), "with": true})
		assert.Equal(t, 1, total)
		assert.Equal(t, companyWorkflowRow{"Borealis AB", true, []string{se}}, rows["Borealis AB"])

		// without a workflow in context the fields and the filter are about any workflow
		rows, total, _ = companiesBy(t, admin, map[string]any{"with": true})
		assert.Equal(t, 2, total)
		assert.Equal(t, companyWorkflowRow{"Borealis AB", true, []string{se}}, rows["Borealis AB"])
		assert.Equal(t, companyWorkflowRow{"Acme Oy", true, []string{fi}}, rows["Acme Oy"])
		rows, _, _ = companiesBy(t, admin, map[string]any{})
		assert.True(t, rows["Borealis AB"].WorkflowAssigned)
		assert.False(t, rows["Kalev AS"].WorkflowAssigned)

		// paging counts the filtered list
		rows, total, _ = companiesBy(t, admin, map[string]any{"w": w, "with": false, "limit": 1, "page": 2})
		assert.Equal(t, 2, total)
		assert.Len(t, rows, 1)

		var one struct {
			Company companyWorkflowRow `json:"company"`
		}
		_, res := admin.graphql(`query($id: ID!) { company(id: $id) { name workflowAssigned companyWorkflowCountryIds } }`,
			map[string]any{"id": seed.Companies["Acme Oy"].UUID.String()})
		require.Empty(t, res.Errors)
		require.NoError(t, json.Unmarshal(res.Data["company"], &one.Company))
		assert.Equal(t, companyWorkflowRow{"Acme Oy", true, []string{fi}}, one.Company)
	})

	t.Run("bad workflow ids are not found", func(t *testing.T) {
		admin := e.client(t)
		admin.signIn("admin@portico.test")
		for _, id := range []string{"nope", "00000000-0000-4000-8000-000000000000", gone.UUID.String()} {
			_, res := admin.graphql(companiesByWorkflow, map[string]any{"w": id, "with": true})
			require.Len(t, res.Errors, 1, id)
			assert.Equal(t, "RECORD_NOT_FOUND", res.Errors[0].Extensions["code"], id)
			assert.Equal(t, "workflow", res.Errors[0].Extensions["entityType"], id)
		}
	})

	t.Run("an agent: only their companies", func(t *testing.T) {
		agent := e.client(t)
		agent.signIn("agent@portico.test")
		rows, total, code := companiesBy(t, agent, map[string]any{"w": w})
		require.Empty(t, code)
		assert.Equal(t, 2, total, "Kalev AS is not the agent's")
		assert.Equal(t, companyWorkflowRow{"Acme Oy", true, []string{fi}}, rows["Acme Oy"])
		assert.Equal(t, companyWorkflowRow{"Borealis AB", false, []string{}}, rows["Borealis AB"])
		rows, total, _ = companiesBy(t, agent, map[string]any{"w": w, "with": false})
		assert.Equal(t, 1, total)
		assert.Contains(t, rows, "Borealis AB")
	})

	t.Run("a customer may not filter by workflow and never sees assignments", func(t *testing.T) {
		anna := e.client(t)
		anna.signIn("anna@acme.test")
		for _, vars := range []map[string]any{{"w": w}, {"with": true}, {"w": "nope"}, {"w": w, "with": false}} {
			_, _, code := companiesBy(t, anna, vars)
			assert.Equal(t, "ACCESS_DENIED", code, "%v", vars)
		}
		rows, total, code := companiesBy(t, anna, map[string]any{})
		require.Empty(t, code)
		assert.Equal(t, 1, total)
		assert.Equal(t, companyWorkflowRow{"Acme Oy", false, []string{}}, rows["Acme Oy"],
			"Acme uses a workflow, but customers do not read company workflows")
	})

	t.Run("an unassigned workflow no longer counts", func(t *testing.T) {
		cw, err := st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: seed.Companies["Acme Oy"].ID,
			WorkflowID: monthEnd.ID})
		require.NoError(t, err)
		require.NoError(t, st.CompanyWorkflowUnassign(ctx, store.CompanyWorkflowUnassignParams{CompanyID: cw.CompanyID, ID: cw.ID}))
		admin := e.client(t)
		admin.signIn("admin@portico.test")
		rows, total, _ := companiesBy(t, admin, map[string]any{"w": w})
		assert.Equal(t, 3, total)
		assert.Equal(t, companyWorkflowRow{"Acme Oy", false, []string{}}, rows["Acme Oy"])
		_, total, _ = companiesBy(t, admin, map[string]any{"w": w, "with": true})
		assert.Equal(t, 0, total)
	})
}

const groupFavorite = `mutation($id: ID!) { groupFavoriteCompany(companyId: $id) {
  group { uuid name favorite motherCompany { name } companies { name } }
  errors { code message entityType } } }`

type groupFavoriteAnswer struct {
	Group  *groupRow `json:"group"`
	Errors []struct {
		Code       string  `json:"code"`
		Message    string  `json:"message"`
		EntityType *string `json:"entityType"`
	} `json:"errors"`
}

func toggleGroup(t *testing.T, c *client, id string) groupFavoriteAnswer {
	t.Helper()
	_, res := c.graphql(groupFavorite, map[string]any{"id": id})
	require.Empty(t, res.Errors)
	var out groupFavoriteAnswer
	require.NoError(t, json.Unmarshal(res.Data["groupFavoriteCompany"], &out))
	return out
}

// initGroupFavorite is the viewer's star on a group as init.json shows it.
func initGroupFavorite(t *testing.T, c *client, name string) bool {
	t.Helper()
	_, body := c.get("/api/init.json")
	var out struct {
		Groups []struct {
			Name     string `json:"name"`
			Favorite bool   `json:"favorite"`
		} `json:"groups"`
	}
	require.NoError(t, json.Unmarshal(body, &out))
	for _, g := range out.Groups {
		if g.Name == name {
			return g.Favorite
		}
	}
	t.Fatalf("group %s not in init.json", name)
	return false
}

func TestGroupFavoriteCompany(t *testing.T) {
	e := setup(t, true)
	ctx := context.Background()
	nordic, err := e.st.GroupGetByName(ctx, "Nordic Group")
	require.NoError(t, err)
	acme, err := e.st.CompanyGetByName(ctx, "Acme Oy")
	require.NoError(t, err)
	borealis, err := e.st.CompanyGetByName(ctx, "Borealis AB")
	require.NoError(t, err)

	agent := e.client(t)
	agent.signIn("agent@portico.test")
	agentAdmin := e.client(t)
	agentAdmin.signIn("agentadmin@portico.test")

	t.Run("a staff member stars and unstars a group, for themselves only", func(t *testing.T) {
		got := toggleGroup(t, agent, nordic.UUID.String())
		require.Empty(t, got.Errors)
		require.NotNil(t, got.Group)
		assert.Equal(t, nordic.UUID.String(), got.Group.UUID)
		assert.Equal(t, "Nordic Group", got.Group.Name)
		assert.True(t, got.Group.Favorite)
		require.NotNil(t, got.Group.MotherCompany)
		assert.Equal(t, "Acme Oy", got.Group.MotherCompany.Name)
		assert.Len(t, got.Group.Companies, 2)
		assert.True(t, initGroupFavorite(t, agent, "Nordic Group"))
		assert.False(t, initGroupFavorite(t, agentAdmin, "Nordic Group"), "another user's star is theirs")

		got = toggleGroup(t, agent, nordic.UUID.String())
		assert.False(t, got.Group.Favorite)
		assert.False(t, initGroupFavorite(t, agent, "Nordic Group"))
	})

	t.Run("a company's id names its group", func(t *testing.T) {
		for _, id := range []string{acme.UUID.String(), borealis.UUID.String()} {
			got := toggleGroup(t, agentAdmin, id)
			require.NotNil(t, got.Group)
			assert.Equal(t, nordic.UUID.String(), got.Group.UUID)
		}
		assert.False(t, initGroupFavorite(t, agentAdmin, "Nordic Group"), "toggled twice")
	})

	t.Run("a global admin may star groups too", func(t *testing.T) {
		admin := e.client(t)
		admin.signIn("admin@portico.test")
		assert.True(t, toggleGroup(t, admin, nordic.UUID.String()).Group.Favorite)
		assert.False(t, initGroupFavorite(t, agent, "Nordic Group"))
	})

	t.Run("unknown, malformed and unseen groups are not found", func(t *testing.T) {
		for _, id := range []string{"nope", "00000000-0000-4000-8000-000000000000"} {
			got := toggleGroup(t, agent, id)
			require.Len(t, got.Errors, 1)
			assert.Nil(t, got.Group)
			assert.Equal(t, "RECORD_NOT_FOUND", got.Errors[0].Code)
			require.NotNil(t, got.Errors[0].EntityType)
			assert.Equal(t, "group", *got.Errors[0].EntityType)
		}
		anna := e.client(t)
		anna.signIn("anna@acme.test")
		got := toggleGroup(t, anna, nordic.UUID.String())
		require.Len(t, got.Errors, 1, "anna does not see Borealis AB, so not the group")
		assert.Equal(t, "RECORD_NOT_FOUND", got.Errors[0].Code)
	})

	t.Run("a customer who sees the group may not star it", func(t *testing.T) {
		g, err := e.st.GroupUpsert(ctx, store.GroupUpsertParams{Name: "Acme Family", MotherCompanyID: &acme.ID})
		require.NoError(t, err)
		require.NoError(t, e.st.GroupMemberAdd(ctx, store.GroupMemberAddParams{CompanyID: acme.ID, GroupID: g.ID}))
		anna := e.client(t)
		anna.signIn("anna@acme.test")
		got := toggleGroup(t, anna, g.UUID.String())
		require.Len(t, got.Errors, 1)
		assert.Equal(t, "ACCESS_DENIED", got.Errors[0].Code)
		assert.False(t, initGroupFavorite(t, anna, "Acme Family"))
	})
}

// init.json's companies carry workflowAssigned and companyWorkflowCountryIds
// as companies() does with no workflow in context: the demo assigns its
// workflows to Acme Oy for fi.
func TestInitCompaniesCarryWorkflowAssignments(t *testing.T) {
	e, seed := seededEnv(t)
	st := e.st
	fi := idOf(seed.Countries["fi"].ID)

	initCompanies := func(email string) map[string]companyWorkflowRow {
		t.Helper()
		c := e.client(t)
		c.signIn(email)
		_, body := c.get("/api/init.json")
		var out struct {
			Companies []companyWorkflowRow `json:"companies"`
		}
		require.NoError(t, json.Unmarshal(body, &out))
		rows := map[string]companyWorkflowRow{}
		for _, r := range out.Companies {
			rows[r.Name] = r
		}
		return rows
	}

	for _, email := range []string{"agent@portico.test", "admin@portico.test"} {
		rows := initCompanies(email)
		assert.Equal(t, companyWorkflowRow{"Acme Oy", true, []string{fi}}, rows["Acme Oy"], email)
		assert.Equal(t, companyWorkflowRow{"Borealis AB", false, []string{}}, rows["Borealis AB"], email)
	}
	assert.Equal(t, companyWorkflowRow{"Acme Oy", false, []string{}}, initCompanies("anna@acme.test")["Acme Oy"],
		"customers do not read company workflows")

	// the demo workflows are all Acme Oy's; with them unassigned it has none
	ctx := context.Background()
	for _, name := range []string{demo.DemoWorkflowName, demo.DemoManualWorkflowName, demo.MonthEndReportingName, demo.MonthlySalariesName} {
		w, err := st.WorkflowGetByName(ctx, name)
		require.NoError(t, err)
		cw, err := st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: seed.Companies["Acme Oy"].ID,
			WorkflowID: w.ID})
		require.NoError(t, err)
		require.NoError(t, st.CompanyWorkflowUnassign(ctx, store.CompanyWorkflowUnassignParams{CompanyID: cw.CompanyID, ID: cw.ID}))
	}
	assert.Equal(t, companyWorkflowRow{"Acme Oy", false, []string{}}, initCompanies("agent@portico.test")["Acme Oy"],
		"an unassigned workflow no longer counts")
}
