package inbox_test

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/blob"
	"portico/engine/inbox"
	"portico/engine/notify"
	"portico/engine/notify/notifytest"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// recipients of the events with the key, sorted e-mails.
func (e *env) recipients(events []notify.Event, key string) []string {
	var out []string
	for _, ev := range events {
		if ev.Key != key {
			continue
		}
		for _, u := range ev.Users {
			out = append(out, e.emailOf[u])
		}
	}
	sort.Strings(out)
	return out
}

type env struct {
	st      *store.Store
	svc     *inbox.Service
	pub     *notifytest.Recorder
	seed    demo.Seeded
	emailOf map[uuid.UUID]string
}

// setup gives a fresh database with the demo organisation (no demo threads).
func setup(t *testing.T) *env {
	t.Helper()
	return setupOn(t, dbtest.FreshDSN(t))
}

// setupOn is setup on a given database.
func setupOn(t testing.TB, dsn string) *env {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(st.Close)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	blobs, err := blob.NewLocal(t.TempDir())
	require.NoError(t, err)
	pub := &notifytest.Recorder{}
	svc := inbox.New(st, org.NewDirectory(st), inbox.Options{Publisher: pub, Blobs: blobs, MaxUploadBytes: 1 << 20})
	e := &env{st: st, svc: svc, pub: pub, seed: seed, emailOf: map[uuid.UUID]string{}}
	for email, u := range seed.Users {
		e.emailOf[u.UUID] = email
	}
	return e
}

func (e *env) req(email string) org.Request {
	u, ok := e.seed.Users[email]
	if !ok {
		panic("no demo user " + email)
	}
	return org.Request{User: u}
}

func (e *env) company(name string) uuid.UUID { return e.seed.Companies[name].UUID }
func (e *env) category(name string) int64    { return e.seed.Categories[name].ID }

// create opens a thread as the user.
func (e *env) create(t *testing.T, email, company, category, title string) *inbox.Task {
	t.Helper()
	task, err := e.svc.CreateTask(context.Background(), e.req(email), inbox.CreateTaskParams{
		CompanyID: e.company(company), CategoryID: e.category(category), Title: title, Description: "<p>" + title + "</p>"})
	require.NoError(t, err)
	return task
}

// code is the catalogue code and key of err ("" when nil).
func code(err error) string {
	if err == nil {
		return ""
	}
	e, ok := apperr.As(err)
	if !ok {
		return "unexpected: " + err.Error()
	}
	return string(e.Code) + ":" + e.Message
}

// checkCounters compares the counter tables with a recount of the threads and read state.
func (e *env) checkCounters(t *testing.T) {
	t.Helper()
	e.svc.Settle() // the writes' fan-outs (unread marks) are applied after their commits
	ctx := context.Background()
	var ids []int64
	for _, c := range e.seed.Companies {
		ids = append(ids, c.ID)
	}
	recount, err := e.st.ThreadRecount(ctx, ids)
	require.NoError(t, err)
	counters, err := e.st.ThreadCounterList(ctx, ids)
	require.NoError(t, err)
	var a, b []string
	for _, r := range recount {
		a = append(a, strings.Join([]string{itoa(r.CompanyID), itoa(r.CategoryID), r.TaskType, r.Status, btoa(r.Hidden), itoa(r.Count)}, "/"))
	}
	for _, r := range counters {
		b = append(b, strings.Join([]string{itoa(r.CompanyID), itoa(r.CategoryID), r.TaskType, r.Status, btoa(r.Hidden), itoa(r.Count)}, "/"))
	}
	require.Equal(t, a, b, "thread_counters")
	ur, err := e.st.UnreadRecount(ctx, ids)
	require.NoError(t, err)
	uc, err := e.st.UnreadCounterList(ctx, ids)
	require.NoError(t, err)
	a, b = nil, nil
	for _, r := range ur {
		a = append(a, strings.Join([]string{itoa(r.CompanyID), itoa(r.UserID), itoa(r.CategoryID), r.TaskType, itoa(r.Count)}, "/"))
	}
	for _, r := range uc {
		b = append(b, strings.Join([]string{itoa(r.CompanyID), itoa(r.UserID), itoa(r.CategoryID), r.TaskType, itoa(r.Count)}, "/"))
	}
	require.Equal(t, a, b, "unread_counters")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
func btoa(b bool) string {
	if b {
		return "t"
	}
	return "f"
}
