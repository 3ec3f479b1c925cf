package sso_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/store/dbtest"
)

// updateCompany countryIds (company card, countries tab): global admins only; a country a live workflow
// assignment runs in cannot be removed (Acme Oy's demo workflow runs in fi); unknown countries are refused.
func TestUpdateCompanyCountries(t *testing.T) {
	st := dbtest.FreshStore(t)
	ctx := context.Background()
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	svc := sso.NewService(st, org.NewDirectory(st))
	acme := seed.Companies["Acme Oy"].UUID.String()
	id := func(code string) string { return strconv.FormatInt(seed.Countries[code].ID, 10) }
	req := func(email string, panel bool) org.Request {
		return org.Request{User: seed.Users[email], AdminPanel: panel}
	}
	code := func(err error) apperr.Code {
		e, ok := apperr.As(err)
		require.True(t, ok, "%v", err)
		return e.Code
	}

	for _, who := range []string{"agentadmin@portico.test", "agent@portico.test", "anna@acme.test", "carl@acme.test"} {
		_, err := svc.UpdateCompany(ctx, req(who, false), acme, sso.CompanyUpdate{CountryIDs: []string{id("fi"), id("se")}})
		require.Equal(t, apperr.AccessDenied, code(err), who)
	}
	_, err = svc.UpdateCompany(ctx, req("eva@borealis.test", false), acme, sso.CompanyUpdate{CountryIDs: []string{id("fi")}})
	require.Equal(t, apperr.RecordNotFound, code(err))

	admin := req("admin@portico.test", true)
	c, err := svc.UpdateCompany(ctx, admin, acme, sso.CompanyUpdate{CountryIDs: []string{id("fi"), id("se")}})
	require.NoError(t, err)
	require.Len(t, c.Countries, 2)

	_, err = svc.UpdateCompany(ctx, admin, acme, sso.CompanyUpdate{CountryIDs: []string{id("se")}})
	e, ok := apperr.As(err)
	require.True(t, ok, "%v", err)
	require.Equal(t, sso.ErrCountryLinkedToWorkflow, e.Message)
	require.Equal(t, "countryIds", e.Field)

	c, err = svc.UpdateCompany(ctx, admin, acme, sso.CompanyUpdate{CountryIDs: []string{id("fi")}})
	require.NoError(t, err)
	require.Len(t, c.Countries, 1)

	_, err = svc.UpdateCompany(ctx, admin, acme, sso.CompanyUpdate{CountryIDs: []string{id("fi"), "999999"}})
	require.Equal(t, apperr.RecordNotFound, code(err))
}
