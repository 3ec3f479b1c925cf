package org_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// categories(group: true) answers the categories of the group view companyId
// names (its companies and its mother company, as inboxTasks' group), in the
// companies the viewer may see; without group, companyId is one company.
func TestCategoriesOfAGroup(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	// a category only Borealis AB has
	nordic, err := st.CategoryUpsert(ctx, store.CategoryUpsertParams{Name: "Nordic Only", CategoryType: "other",
		Color: "#000000", BgColor: "#ffffff", IconName: "folder", Position: 99})
	require.NoError(t, err)
	require.NoError(t, st.CompanyCategoryAdd(ctx, store.CompanyCategoryAddParams{CompanyID: seed.Companies["Borealis AB"].ID,
		CategoryID: nordic.ID}))
	group, err := st.GroupGetByName(ctx, "Nordic Group")
	require.NoError(t, err)
	dir := org.NewDirectory(st)
	acme := seed.Companies["Acme Oy"].UUID

	names := func(email string, id uuid.UUID, grouped bool) ([]string, error) {
		list, err := dir.Categories(ctx, org.Request{User: seed.Users[email]}, org.CategoryFilter{Company: &id, Group: grouped})
		out := []string{}
		for _, c := range list {
			out = append(out, c.Name)
		}
		return out, err
	}
	got, err := names("agentadmin@portico.test", acme, false)
	require.NoError(t, err)
	require.NotContains(t, got, "Nordic Only", "Acme Oy alone")
	got, err = names("agentadmin@portico.test", acme, true)
	require.NoError(t, err)
	require.Contains(t, got, "Nordic Only", "Acme Oy's group: Borealis AB's categories too")
	require.Contains(t, got, "Payroll")
	got, err = names("agentadmin@portico.test", group.UUID, true)
	require.NoError(t, err)
	require.Contains(t, got, "Nordic Only", "the group's uuid")
	seen := map[string]bool{}
	for _, n := range got {
		require.False(t, seen[n], "each once: %s", n)
		seen[n] = true
	}

	notFound := func(err error, why string) {
		t.Helper()
		ae, ok := apperr.As(err)
		require.True(t, ok, "%s: %v", why, err)
		require.Equal(t, apperr.RecordNotFound, ae.Code, why)
	}
	_, err = names("agentadmin@portico.test", group.UUID, false)
	notFound(err, "a group's uuid without group names no company")
	_, err = names("anna@acme.test", group.UUID, true)
	notFound(err, "a customer who cannot see every company of the group")
	got, err = names("anna@acme.test", acme, true)
	require.NoError(t, err)
	require.NotContains(t, got, "Nordic Only", "a customer's own company only: the group is not visible")
	got, err = names("carl@acme.test", acme, true)
	require.NoError(t, err)
	require.Equal(t, []string{"Payroll"}, got, "only the categories the viewer may read")
	_, err = names("agentadmin@portico.test", uuid.New(), true)
	notFound(err, "an unknown id")
}

// categories(all: true) is the whole catalogue, inactive categories and those
// no company uses too, for a global admin; anyone else gets what they may read.
func TestCategoriesAll(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	_, err = st.CategoryUpsert(ctx, store.CategoryUpsertParams{Name: "Unused", CategoryType: "other",
		Color: "#000000", BgColor: "#ffffff", IconName: "folder", Position: 98})
	require.NoError(t, err)
	retired, err := st.CategoryUpsert(ctx, store.CategoryUpsertParams{Name: "Retired", CategoryType: "internal",
		Color: "#000000", BgColor: "#ffffff", IconName: "folder", Position: 99})
	require.NoError(t, err)
	_, err = st.Pool.Exec(ctx, "UPDATE categories SET active = false WHERE id = $1", retired.ID)
	require.NoError(t, err)
	dir := org.NewDirectory(st)
	acme := seed.Companies["Acme Oy"].UUID

	names := func(email string, adminPanel bool, f org.CategoryFilter) []string {
		t.Helper()
		list, err := dir.Categories(ctx, org.Request{User: seed.Users[email], AdminPanel: adminPanel}, f)
		require.NoError(t, err, email)
		out := []string{}
		for _, c := range list {
			out = append(out, c.Name)
		}
		return out
	}
	for _, panel := range []bool{false, true} {
		got := names("admin@portico.test", panel, org.CategoryFilter{All: true})
		require.Contains(t, got, "Unused", "a category no company uses")
		require.Contains(t, got, "Retired", "an inactive category")
		require.Contains(t, got, "Payroll")
		require.Equal(t, got, names("admin@portico.test", panel, org.CategoryFilter{All: true, Company: &acme}),
			"all: whatever the companies named")
		require.NotContains(t, names("admin@portico.test", panel, org.CategoryFilter{}), "Unused", "without all")
	}
	got := names("admin@portico.test", true, org.CategoryFilter{All: true, CustomersOnly: true})
	require.Contains(t, got, "Unused")
	require.NotContains(t, got, "Retired", "customersOnly leaves internal categories out")

	for _, who := range []struct {
		email string
		panel bool
	}{{"agentadmin@portico.test", true}, {"agent@portico.test", false}, {"anna@acme.test", true}, {"carl@acme.test", false}} {
		require.Equal(t, names(who.email, who.panel, org.CategoryFilter{}), names(who.email, who.panel, org.CategoryFilter{All: true}),
			"%s may not manage categories: all changes nothing", who.email)
	}
}
