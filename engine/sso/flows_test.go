package sso_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/store/dbtest"
)

// A flow is found by its state once, with its company; an unknown state finds
// nothing, and the company of a sign-in is named by its id or by its host.
func TestSSOFlowsAndSignInCompany(t *testing.T) {
	st := dbtest.Store(t)
	ctx := context.Background()
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	svc := sso.NewService(st, org.NewDirectory(st))
	acme := seed.Companies["Acme Oy"]
	reqID := "id-1"

	require.NoError(t, svc.BeginFlow(ctx, "state-1", sso.Flow{Method: sso.SignInSAML, Company: &acme,
		CallbackURL: "http://acme.localhost/saml/consume", SAMLRequestID: &reqID, RedirectTo: "/inbox"}))
	f, found, err := svc.TakeFlow(ctx, "state-1")
	require.NoError(t, err)
	require.True(t, found)
	require.NotNil(t, f.Company)
	assert.Equal(t, acme.UUID, f.Company.UUID)
	assert.Equal(t, sso.Flow{Method: sso.SignInSAML, Company: f.Company, CallbackURL: "http://acme.localhost/saml/consume",
		SAMLRequestID: &reqID, RedirectTo: "/inbox"}, f)
	_, found, err = svc.TakeFlow(ctx, "state-1")
	require.NoError(t, err)
	assert.False(t, found, "a state works once")
	_, found, err = svc.TakeFlow(ctx, "never-given")
	require.NoError(t, err)
	assert.False(t, found)

	c, ok, err := svc.SignInCompany(ctx, acme.UUID.String(), "elsewhere.test")
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, acme.ID, c.ID)
	_, ok, err = svc.CompanyOnHost(ctx, "nobody.localhost")
	require.NoError(t, err)
	assert.False(t, ok, "no company has that host")

	// the demo gives Acme the host acme.localhost
	c, ok, err = svc.CompanyOnHost(ctx, "acme.localhost")
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, acme.ID, c.ID)
	c, ok, err = svc.SignInCompany(ctx, "not-an-id", "acme.localhost")
	require.NoError(t, err)
	require.True(t, ok, "without an id, the host names the company")
	assert.Equal(t, acme.ID, c.ID)
	host, ok, err := svc.CompanyHost(ctx, acme.ID)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "acme.localhost", host)
}
