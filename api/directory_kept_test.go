package api_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// Two servers on one database, each keeping directories across requests
// (decision 0152): an agent's company taken away through one is refused by
// the other at the agent's very next request, and a query after a mutation
// the agent's own query of their companies agrees.
func TestDirectoryKeptRefusesALostCompanyAtOnce(t *testing.T) {
	a := testServer(t, serverOpts{})
	b := testServer(t, serverOpts{st: a.st})
	agent := b.env.client(t)
	agent.signIn("agent@portico.test")
	admin := a.env.client(t)
	admin.signIn("admin@portico.test")

	seed := a.seed
	acme, borealis := seed.Companies["Acme Oy"], seed.Companies["Borealis AB"]
	const company = `query($id: ID!) { company(id: $id) { name } }`
	for range 2 { // the second answered from what b keeps
		var got struct{ Name string }
		agent.gql(company, map[string]any{"id": acme.UUID}, "company", &got)
		require.Equal(t, "Acme Oy", got.Name)
	}

	var membership string
	require.NoError(t, a.st.Pool.QueryRow(context.Background(),
		`SELECT uuid::text FROM portico_users WHERE user_id = $1 AND company_id = $2`,
		seed.Users["agent@portico.test"].ID, acme.ID).Scan(&membership))
	var payload struct{ Errors []mutationErr }
	admin.gql(`mutation($m: ID!, $c: ID!) { removePorticoUserFromCompany(porticoUserId: $m, companyId: $c) { errors { code message } } }`,
		map[string]any{"m": membership, "c": acme.UUID}, "removePorticoUserFromCompany", &payload)
	require.Empty(t, payload.Errors)

	require.Equal(t, "RECORD_NOT_FOUND", agent.gqlError(company, map[string]any{"id": acme.UUID}),
		"the next request on the other server refuses the company")
	var list struct{ Collection []struct{ Name string } }
	agent.gql(`{ companies { collection { name } } }`, nil, "companies", &list)
	require.Len(t, list.Collection, 1)
	require.Equal(t, borealis.Name, list.Collection[0].Name)
}
