package org_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

// Within a request that carries a memo, Companies is computed once per user
// and panel; without one, every call computes afresh.
func TestCompaniesMemo(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	dir := org.NewDirectory(st)
	agent, anna := seed.Users["agent@portico.test"], seed.Users["anna@acme.test"]

	same := func(a, b []org.CompanyAccess) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }
	memo := org.WithMemo(ctx)
	require.Equal(t, memo, org.WithMemo(memo), "a memo is kept, not replaced")
	first, err := dir.Companies(memo, agent, false)
	require.NoError(t, err)
	again, err := dir.Companies(memo, agent, false)
	require.NoError(t, err)
	require.True(t, same(first, again), "computed once per request")
	panel, err := dir.Companies(memo, agent, true)
	require.NoError(t, err)
	require.False(t, same(first, panel), "the admin panel is another entry")
	other, err := dir.Companies(memo, anna, false)
	require.NoError(t, err)
	require.False(t, same(first, other), "another user is another entry")
	c, err := dir.Company(memo, anna, false, seed.Companies["Acme Oy"].UUID)
	require.NoError(t, err)
	require.Equal(t, "Acme Oy", c.Company.Name)

	plain, err := dir.Companies(ctx, agent, false)
	require.NoError(t, err)
	require.False(t, same(first, plain), "no memo, no sharing")
	require.Equal(t, len(first), len(plain))
}
