package org_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/notify/notifytest"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

// Making a provider user responsible for a company, or no longer, tells that user's
// browsers portico.responsible (spec 000 §7), and only those who manage the company's
// provider users (global admins) may do it.
func TestSetResponsibleTellsTheUser(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	dir := org.NewDirectory(st)
	rec := &notifytest.Recorder{}
	svc := org.NewResponsibility(dir, rec)
	acme := seed.Companies["Acme Oy"].UUID
	borealis := seed.Companies["Borealis AB"].UUID
	kalev := seed.Companies["Kalev AS"].UUID
	agent := seed.Users["agent@portico.test"]
	as := func(email string, adminPanel bool) org.Request {
		return org.Request{User: seed.Users[email], AdminPanel: adminPanel}
	}
	responsibleFor := func(company uuid.UUID) bool {
		t.Helper()
		c, err := dir.Company(ctx, agent, false, company)
		require.NoError(t, err)
		return c.Membership.Responsible
	}

	require.False(t, responsibleFor(borealis), "the demo's agent is responsible for Acme Oy only")
	require.NoError(t, svc.SetResponsible(ctx, as("admin@portico.test", true), borealis, agent.UUID, true))
	require.True(t, responsibleFor(borealis))
	require.Len(t, rec.Events(), 1)
	event := rec.Events()[0]
	require.Equal(t, "portico.responsible", event.Key)
	require.Equal(t, []uuid.UUID{agent.UUID}, event.Users, "only the user whose responsibility changed")
	require.Equal(t, map[string]any{"uuid": agent.UUID.String(), "companyId": borealis.String(), "responsible": true}, event.Data)

	t.Run("setting what is set tells no one", func(t *testing.T) {
		require.NoError(t, svc.SetResponsible(ctx, as("admin@portico.test", true), borealis, agent.UUID, true))
		require.Len(t, rec.Events(), 1)
	})

	t.Run("and takes it away", func(t *testing.T) {
		require.NoError(t, svc.SetResponsible(ctx, as("admin@portico.test", true), acme, agent.UUID, false))
		require.False(t, responsibleFor(acme))
		require.Len(t, rec.Events(), 2)
		require.Equal(t, false, rec.Events()[1].Data["responsible"])
		require.Equal(t, acme.String(), rec.Events()[1].Data["companyId"])
	})

	refused := []struct {
		name    string
		req     org.Request
		company uuid.UUID
		user    uuid.UUID
		code    apperr.Code
	}{
		{"an agent", as("agent@portico.test", false), acme, agent.UUID, apperr.AccessDenied},
		{"an agent admin (provider users are the admin panel's)", as("agentadmin@portico.test", false), acme, agent.UUID, apperr.AccessDenied},
		{"a customer admin", as("anna@acme.test", false), acme, agent.UUID, apperr.AccessDenied},
		{"an agent admin outside their companies", as("agentadmin@portico.test", false), kalev, agent.UUID, apperr.RecordNotFound},
		{"a customer is no provider user", as("admin@portico.test", true), acme, seed.Users["anna@acme.test"].UUID, apperr.RecordNotFound},
		{"an unknown user", as("admin@portico.test", true), acme, uuid.New(), apperr.RecordNotFound},
		{"an unknown company", as("admin@portico.test", true), uuid.New(), agent.UUID, apperr.RecordNotFound},
	}
	for _, tc := range refused {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			before := len(rec.Events())
			require.Equal(t, tc.code, codeOf(svc.SetResponsible(ctx, tc.req, tc.company, tc.user, true)))
			require.Len(t, rec.Events(), before, "nothing is told")
		})
	}
}
