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
