package inbox_test

import (
	"context"
	"sort"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/inbox"
)

// The web app's group view puts the group's uuid where a company's would be;
// a company's uuid with group set means the groups it belongs to.
func TestGroupSelection(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "acme thread")
	e.create(t, "eva@borealis.test", "Borealis AB", "Accounting", "borealis thread")
	group, err := e.st.GroupGetByName(ctx, "Nordic Group")
	require.NoError(t, err)

	list := func(email string, id uuid.UUID) ([]string, error) {
		l, err := e.svc.Tasks(ctx, e.req(email), inbox.ListParams{Selection: inbox.Selection{CompanyID: &id, Group: true, Folder: inbox.FolderInbox}})
		if err != nil {
			return nil, err
		}
		names := []string{}
		for _, t := range l.Collection {
			names = append(names, t.Company.Company.Name)
		}
		sort.Strings(names)
		return names, nil
	}
	both := []string{"Acme Oy", "Borealis AB"}
	got, err := list("agent@portico.test", group.UUID)
	require.NoError(t, err)
	require.Equal(t, both, got, "the group's uuid: its companies")
	got, err = list("agent@portico.test", e.company("Acme Oy"))
	require.NoError(t, err)
	require.Equal(t, both, got, "a member company's uuid: its groups' companies")

	_, err = list("anna@acme.test", group.UUID)
	requireNotFound(t, err, "a customer who cannot see every company of the group")
	got, err = list("anna@acme.test", e.company("Acme Oy"))
	require.NoError(t, err)
	require.Equal(t, []string{"Acme Oy"}, got, "the own company only: the group is not visible")
	_, err = list("agent@portico.test", uuid.New())
	requireNotFound(t, err, "an unknown id")
}

func requireNotFound(t *testing.T, err error, why string) {
	t.Helper()
	ae, ok := apperr.As(err)
	require.True(t, ok, "%s: %v", why, err)
	require.Equal(t, apperr.RecordNotFound, ae.Code, why)
}
