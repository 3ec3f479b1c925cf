package inbox_test

import (
	"context"
	"sort"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/inbox"
	"portico/engine/store"
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
	companyRow := func(name string) store.Company {
		c, err := e.st.CompanyGetByName(ctx, name)
		require.NoError(t, err)
		return c
	}
	acme, borealis, kalev := companyRow("Acme Oy"), companyRow("Borealis AB"), companyRow("Kalev AS")

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

	// Zeta Holding: Borealis AB its member, Acme Oy its mother company but no member
	zeta, err := e.st.GroupUpsert(ctx, store.GroupUpsertParams{Name: "Zeta Holding", MotherCompanyID: &acme.ID})
	require.NoError(t, err)
	require.NoError(t, e.st.GroupMemberAdd(ctx, store.GroupMemberAddParams{CompanyID: borealis.ID, GroupID: zeta.ID}))
	got, err = list("agent@portico.test", zeta.UUID)
	require.NoError(t, err)
	require.Equal(t, both, got, "a group's view holds its mother company too")
	got, err = list("eva@borealis.test", zeta.UUID)
	require.NoError(t, err)
	require.Equal(t, []string{"Borealis AB"}, got, "a mother company the viewer may not see stays out")
	got, err = list("eva@borealis.test", e.company("Borealis AB"))
	require.NoError(t, err)
	require.Equal(t, []string{"Borealis AB"}, got)

	// a mother company's uuid names the groups it is the mother of
	family, err := e.st.GroupUpsert(ctx, store.GroupUpsertParams{Name: "Kalev Family", MotherCompanyID: &kalev.ID})
	require.NoError(t, err)
	require.NoError(t, e.st.GroupMemberAdd(ctx, store.GroupMemberAddParams{CompanyID: borealis.ID, GroupID: family.ID}))
	e.create(t, "admin@portico.test", "Kalev AS", "Accounting", "kalev thread")
	got, err = list("admin@portico.test", kalev.UUID)
	require.NoError(t, err)
	require.Equal(t, []string{"Borealis AB", "Kalev AS"}, got, "Kalev AS as the mother of Kalev Family")
	got, err = list("admin@portico.test", family.UUID)
	require.NoError(t, err)
	require.Equal(t, []string{"Borealis AB", "Kalev AS"}, got)
	got, err = list("agent@portico.test", family.UUID)
	require.NoError(t, err, "the agent sees Borealis AB, the group's only member")
	require.Equal(t, []string{"Borealis AB"}, got, "but not its mother company Kalev AS")
	_, err = list("agent@portico.test", kalev.UUID)
	requireNotFound(t, err, "a mother company the viewer may not see names nothing")
}

func requireNotFound(t *testing.T, err error, why string) {
	t.Helper()
	ae, ok := apperr.As(err)
	require.True(t, ok, "%s: %v", why, err)
	require.Equal(t, apperr.RecordNotFound, ae.Code, why)
}

// users(group: true, companyId, categoryId): whom a new thread of the
// category in the group view's companies may mention, each once, as
// companyCategoryPairs of them would; without group companyId is one company.
func TestUsersOfAGroup(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	group, err := e.st.GroupGetByName(ctx, "Nordic Group")
	require.NoError(t, err)
	accounting := e.category("Accounting")
	emails := func(email string, q inbox.UsersQuery) ([]string, error) {
		q.Limit = 100
		page, err := e.svc.Users(ctx, e.req(email), q)
		out := []string{}
		for _, v := range page.Collection {
			out = append(out, e.emailOf[v.UUID])
		}
		return out, err
	}
	id, acme := group.UUID, e.company("Acme Oy")
	got, err := emails("agent@portico.test", inbox.UsersQuery{CompanyID: &id, CategoryID: &accounting, Group: true})
	require.NoError(t, err)
	require.Contains(t, got, "anna@acme.test", "Acme Oy's people")
	require.Contains(t, got, "eva@borealis.test", "Borealis AB's people")
	require.NotContains(t, got, "kalle@kalev.test", "Kalev AS is not in the group")
	require.NotContains(t, got, "agent@portico.test", "the viewer is left out")
	seen := map[string]bool{}
	for _, m := range got {
		require.False(t, seen[m], "each once: %s", m)
		seen[m] = true
	}
	pairs, err := emails("agent@portico.test", inbox.UsersQuery{Pairs: []inbox.CompanyCategory{
		{CompanyID: acme, CategoryID: accounting}, {CompanyID: e.company("Borealis AB"), CategoryID: accounting}}})
	require.NoError(t, err)
	require.Equal(t, pairs, got, "as the group's pairs")
	got, err = emails("agent@portico.test", inbox.UsersQuery{CompanyID: &acme, CategoryID: &accounting, Group: true})
	require.NoError(t, err)
	require.Equal(t, pairs, got, "a member company's uuid: its groups' companies")

	alone, err := emails("agent@portico.test", inbox.UsersQuery{CompanyID: &acme, CategoryID: &accounting})
	require.NoError(t, err)
	require.NotContains(t, alone, "eva@borealis.test", "without group: Acme Oy alone")
	_, err = emails("agent@portico.test", inbox.UsersQuery{CompanyID: &id, CategoryID: &accounting})
	requireNotFound(t, err, "a group's uuid without group names no company")
	_, err = emails("anna@acme.test", inbox.UsersQuery{CompanyID: &id, CategoryID: &accounting, Group: true, Search: "borealis"})
	requireNotFound(t, err, "a customer who cannot see every company of the group")
	internal := e.category("Internal")
	_, err = emails("carl@acme.test", inbox.UsersQuery{CompanyID: &acme, CategoryID: &internal, Group: true, Search: "acme"})
	requireNotFound(t, err, "a category the viewer may not read in any of the view's companies")
}
