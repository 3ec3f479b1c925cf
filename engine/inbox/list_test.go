package inbox_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/access"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
)

func titles(l *inbox.List) []string {
	out := []string{}
	for _, t := range l.Collection {
		out = append(out, t.Title)
	}
	return out
}

func TestTasksOrderPagingAndFolders(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	acme := e.company("Acme Oy")
	var made []*inbox.Task
	for _, title := range []string{"a", "b", "c", "d", "e"} {
		made = append(made, e.create(t, "anna@acme.test", "Acme Oy", "Accounting", title))
	}
	// d and b are overdue: they come first, by due date
	past1, past2 := time.Now().Add(-48*time.Hour), time.Now().Add(-24*time.Hour)
	_, err := e.svc.ChangeDueDate(ctx, agent, made[3].UUID, &past1)
	require.NoError(t, err)
	_, err = e.svc.ChangeDueDate(ctx, agent, made[1].UUID, &past2)
	require.NoError(t, err)
	_, err = e.svc.ChangeStatus(ctx, agent, made[4].UUID, "closed")
	require.NoError(t, err)

	sel := inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox}
	var got []string
	var last *uuid.UUID
	for page := 0; page < 5; page++ {
		l, err := e.svc.Tasks(ctx, agent, inbox.ListParams{Selection: sel, Limit: 2, LastID: last})
		require.NoError(t, err)
		require.EqualValues(t, 4, l.TotalCount)
		if len(l.Collection) == 0 {
			break
		}
		got = append(got, titles(l)...)
		id := l.Collection[len(l.Collection)-1].UUID
		last = &id
	}
	require.Equal(t, []string{"d", "b", "c", "a"}, got, "overdue first by due date, then activity time descending")

	cases := []struct {
		name   string
		user   string
		sel    inbox.Selection
		want   []string
		total  int64
		errStr string
	}{
		{"closed folder", "agent@portico.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderClosed}, []string{"e"}, 1, ""},
		{"new folder", "agent@portico.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderNew}, []string{"d", "b", "c", "a"}, 4, ""},
		{"unread for agent", "agent@portico.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderUnread}, []string{"d", "b", "c", "a"}, 4, ""},
		{"unread for author", "anna@acme.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderUnread}, []string{}, 0, ""},
		{"carl sees no accounting", "carl@acme.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox}, []string{}, 0, ""},
		{"eva: other company", "eva@borealis.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox}, nil, 0, "RECORD_NOT_FOUND:record_not_found"},
		{"eva: all companies", "eva@borealis.test", inbox.Selection{Folder: inbox.FolderInbox}, []string{}, 0, ""},
		{"query filter", "agent@portico.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox, Filters: inbox.Filters{Query: ptr("c")}}, []string{"c"}, 1, ""},
		{"overdue filter", "agent@portico.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox, Filters: inbox.Filters{Overdue: true}}, []string{"d", "b"}, 2, ""},
		{"tasks table completed", "agent@portico.test", inbox.Selection{CompanyID: &acme, Filters: inbox.Filters{ShowCompleted: ptr(true), ShowInProgress: ptr(false), ShowNotStarted: ptr(false)}}, []string{"e"}, 1, ""},
		{"bin empty for admin", "admin@portico.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderBin}, []string{}, 0, ""},
		{"bin not for agent", "agent@portico.test", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderBin}, []string{}, 0, ""},
		{"invalid status", "agent@portico.test", inbox.Selection{CompanyID: &acme, Filters: inbox.Filters{Status: []string{"nope"}}}, nil, 0, "ARGUMENT_ERROR:invalid_status"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := e.svc.Tasks(ctx, e.req(c.user), inbox.ListParams{Selection: c.sel, Limit: 10})
			require.Equal(t, c.errStr, code(err))
			if err != nil {
				return
			}
			require.Equal(t, c.want, titles(l))
			require.Equal(t, c.total, l.TotalCount)
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestStatsAndUnread(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acme := e.company("Acme Oy")
	a := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "pay")
	e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "acc")
	stats := func(user string) inbox.Stats {
		s, err := e.svc.InboxStats(ctx, e.req(user), inbox.StatsParams{CompanyID: &acme})
		require.NoError(t, err)
		return s
	}
	require.Equal(t, inbox.Stats{TotalCount: 2, UnreadCount: 2, NewCount: 2}, stats("agent@portico.test"))
	require.Equal(t, inbox.Stats{TotalCount: 1, UnreadCount: 1, NewCount: 1}, stats("carl@acme.test"))
	require.Equal(t, inbox.Stats{TotalCount: 2, UnreadCount: 0, NewCount: 2}, stats("anna@acme.test"))

	_, err := e.svc.ReadActivity(ctx, e.req("carl@acme.test"), a.UUID, nil)
	require.NoError(t, err)
	require.Equal(t, inbox.Stats{TotalCount: 1, UnreadCount: 0, NewCount: 1}, stats("carl@acme.test"))
	_, err = e.svc.ChangeUnread(ctx, e.req("carl@acme.test"), a.UUID, true)
	require.NoError(t, err)
	require.EqualValues(t, 1, stats("carl@acme.test").UnreadCount)

	// a message from carl makes it unread for anna and the agents
	_, err = e.svc.CreateMessage(ctx, e.req("carl@acme.test"), inbox.CreateMessageParams{TaskID: a.UUID, Body: "<p>hello</p>"})
	require.NoError(t, err)
	e.svc.Settle()
	require.EqualValues(t, 1, stats("anna@acme.test").UnreadCount)
	got, err := e.svc.Task(ctx, e.req("anna@acme.test"), a.UUID)
	require.NoError(t, err)
	require.False(t, got.Read)
	require.Equal(t, 1, got.UnreadCount)
	require.NotNil(t, got.UnreadActivityID)

	// closing moves counters; admins do not mark read
	_, err = e.svc.ChangeStatus(ctx, e.req("agent@portico.test"), a.UUID, "closed")
	require.NoError(t, err)
	require.Equal(t, inbox.Stats{TotalCount: 1, UnreadCount: 1, NewCount: 1, ClosedCount: 1}, stats("agent@portico.test"))
	_, err = e.svc.ReadActivity(ctx, e.req("admin@portico.test"), a.UUID, nil)
	require.NoError(t, err)
	e.checkCounters(t)
}

// carlReadsBorealisAccounting makes carl (Payroll at Acme) a customer of
// Borealis with Accounting: a user whose companies show different categories.
func carlReadsBorealisAccounting(t *testing.T, e *env) {
	t.Helper()
	ctx := context.Background()
	bor := e.seed.Companies["Borealis AB"]
	cu, err := e.st.CompanyUserUpsert(ctx, store.CompanyUserUpsertParams{CompanyID: bor.ID, UserID: e.seed.Users["carl@acme.test"].ID, Role: "user"})
	require.NoError(t, err)
	require.NoError(t, e.st.CompanyUserCategoryAdd(ctx, store.CompanyUserCategoryAddParams{CompanyID: bor.ID, CompanyUserID: cu.ID,
		CategoryID: e.category("Accounting")}))
}

// A user whose companies show different categories reads exactly the
// (company, category) pairs granted: carl has Payroll at Acme and, here,
// Accounting at Borealis, and nothing of the crossed pairs.
func TestListAcrossCompaniesWithDifferentCategories(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	carlReadsBorealisAccounting(t, e)
	e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "acme payroll")
	e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "acme accounting")
	e.create(t, "eva@borealis.test", "Borealis AB", "Accounting", "borealis accounting")
	e.create(t, "eva@borealis.test", "Borealis AB", "Payroll", "borealis payroll")
	l, err := e.svc.Tasks(ctx, e.req("carl@acme.test"), inbox.ListParams{Selection: inbox.Selection{Folder: inbox.FolderInbox}, Limit: 10})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"acme payroll", "borealis accounting"}, titles(l))
	require.EqualValues(t, 2, l.TotalCount)
	require.EqualValues(t, 2, l.Stats.UnreadCount)
	res, err := e.svc.Search(ctx, e.req("carl@acme.test"), inbox.SearchParams{Query: "accounting"})
	require.NoError(t, err)
	require.Len(t, res.Collection, 1)
	require.Equal(t, "borealis accounting", res.Collection[0].Task.Title)
	// the agent sees every pair of both companies
	l, err = e.svc.Tasks(ctx, e.req("agent@portico.test"), inbox.ListParams{Selection: inbox.Selection{Folder: inbox.FolderInbox}, Limit: 10})
	require.NoError(t, err)
	require.Len(t, l.Collection, 4)
}

// DefaultFolder is listed when the selection names no folder; a named folder wins.
func TestDefaultFolderWhenNoneIsNamed(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "open one")
	done := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "closed one")
	_, err := e.svc.ChangeStatus(ctx, agent, done.UUID, inbox.StatusClosed)
	require.NoError(t, err)
	list := func(lp inbox.ListParams) []string {
		lp.Limit = 5
		l, err := e.svc.Tasks(ctx, agent, lp)
		require.NoError(t, err)
		return titles(l)
	}
	require.Equal(t, []string{"open one"}, list(inbox.ListParams{}), "no folder: the statuses the filters allow")
	require.Equal(t, []string{"closed one"}, list(inbox.ListParams{DefaultFolder: inbox.FolderClosed}))
	require.Equal(t, []string{"open one"}, list(inbox.ListParams{DefaultFolder: inbox.FolderClosed,
		Selection: inbox.Selection{Folder: inbox.FolderInbox}}))
}

// companyAbilities answers the viewer's rules in the companies of the page's
// threads only, once each, the same rules the directory gives for them.
func TestCompanyAbilitiesOfThePageOnly(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	carlReadsBorealisAccounting(t, e)
	carl := e.req("carl@acme.test")
	e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "acme one")
	e.create(t, "eva@borealis.test", "Borealis AB", "Accounting", "borealis one")
	e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "acme two")

	all, err := org.NewDirectory(e.st).Companies(ctx, carl.User, false)
	require.NoError(t, err)
	require.Len(t, all, 2, "carl is a customer of Acme and Borealis")
	rules := map[uuid.UUID][]access.Rule{}
	for _, c := range all {
		rules[c.Company.UUID] = c.Abilities.Rules()
	}
	require.NotEqual(t, rules[e.company("Acme Oy")], rules[e.company("Borealis AB")], "the companies' rules differ, so a mix-up shows")

	abilities := func(l *inbox.List) []uuid.UUID {
		out := []uuid.UUID{}
		for _, c := range l.CompanyAbilities {
			require.Equal(t, rules[c.Company.UUID], c.Abilities.Rules(), "the rules of %s", c.Company.Name)
			out = append(out, c.Company.UUID)
		}
		return out
	}
	sel := inbox.Selection{Folder: inbox.FolderInbox}
	l, err := e.svc.Tasks(ctx, carl, inbox.ListParams{Selection: sel, Limit: 10})
	require.NoError(t, err)
	require.Equal(t, []string{"acme two", "borealis one", "acme one"}, titles(l))
	require.Equal(t, []uuid.UUID{e.company("Acme Oy"), e.company("Borealis AB")}, abilities(l), "each company once, in the page's order")

	l, err = e.svc.Tasks(ctx, carl, inbox.ListParams{Selection: sel, Limit: 1})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{e.company("Acme Oy")}, abilities(l), "a page of Acme's thread has Acme's rules alone")
	last := l.Collection[0].UUID
	l, err = e.svc.Tasks(ctx, carl, inbox.ListParams{Selection: sel, Limit: 1, LastID: &last})
	require.NoError(t, err)
	require.Equal(t, []string{"borealis one"}, titles(l))
	require.Equal(t, []uuid.UUID{e.company("Borealis AB")}, abilities(l), "the next page has its own company's rules")

	l, err = e.svc.Tasks(ctx, carl, inbox.ListParams{Selection: inbox.Selection{Folder: inbox.FolderBin}, Limit: 10})
	require.NoError(t, err)
	require.Empty(t, l.Collection)
	require.NotNil(t, l.CompanyAbilities)
	require.Empty(t, l.CompanyAbilities, "an empty page has no companies")
}
