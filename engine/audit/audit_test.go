package audit_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/audit"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

type env struct {
	st   *store.Store
	seed demo.Seeded
	log  *audit.Log
}

func setup(t *testing.T) env {
	t.Helper()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	return env{st: st, seed: seed, log: audit.New(st, org.NewDirectory(st))}
}

// write records an event the way the engine does (store.EventLogAdd).
func (e env) write(t *testing.T, company *int64, user *int64, category, name string) {
	t.Helper()
	require.NoError(t, e.st.EventLogAdd(context.Background(), store.EventLogAddParams{CompanyID: company, UserID: user,
		EventCategory: category, EventName: name, Data: []byte(`{"n": 1}`)}))
}

func (e env) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	_, err := e.st.Pool.Exec(context.Background(), sql, args...)
	require.NoError(t, err)
}

func codeOf(err error) apperr.Code {
	if e, ok := apperr.As(err); ok {
		return e.Code
	}
	return ""
}

func TestHashChainFindsTampering(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acme, borealis := e.seed.Companies["Acme Oy"].ID, e.seed.Companies["Borealis AB"].ID
	anna := e.seed.Users["anna@acme.test"].ID
	for range 3 {
		e.write(t, &acme, &anna, "Inbox", "thread_created")
		e.write(t, &borealis, nil, "Files", "file_uploaded")
		e.write(t, nil, &anna, "Users", "signed_in")
	}
	rep, err := audit.Verify(ctx, e.st)
	require.NoError(t, err)
	require.True(t, rep.OK(), "%v", rep.Breaks)
	require.GreaterOrEqual(t, rep.Entries, int64(9))

	// the third Acme entry of ours, edited in place
	var target, seq int64
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT id, chain_seq FROM events_log
		WHERE company_id = $1 AND event_name = 'thread_created' ORDER BY chain_seq DESC LIMIT 1`, acme).Scan(&target, &seq))

	t.Run("an edited entry", func(t *testing.T) {
		e.exec(t, "UPDATE events_log SET event_name = 'nothing_happened' WHERE id = $1", target)
		rep, err := audit.Verify(ctx, e.st)
		require.NoError(t, err)
		require.Len(t, rep.Breaks, 1)
		require.Equal(t, acme, rep.Breaks[0].Chain)
		require.Equal(t, target, rep.Breaks[0].EntryID)
		require.Equal(t, seq, rep.Breaks[0].Seq)
		e.exec(t, "UPDATE events_log SET event_name = 'thread_created' WHERE id = $1", target)
		rep, err = audit.Verify(ctx, e.st)
		require.NoError(t, err)
		require.True(t, rep.OK(), "%v", rep.Breaks)
	})

	t.Run("an edited writer or time", func(t *testing.T) {
		e.exec(t, "UPDATE events_log SET created_at = created_at - interval '1 day' WHERE id = $1", target)
		rep, err := audit.Verify(ctx, e.st)
		require.NoError(t, err)
		require.Len(t, rep.Breaks, 1)
		require.Equal(t, target, rep.Breaks[0].EntryID)
		e.exec(t, "UPDATE events_log SET created_at = created_at + interval '1 day' WHERE id = $1", target)
	})

	t.Run("a removed entry", func(t *testing.T) {
		var first int64
		require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT id FROM events_log WHERE company_id = $1 ORDER BY chain_seq LIMIT 1`, borealis).Scan(&first))
		e.exec(t, "DELETE FROM events_log WHERE id = $1", first)
		rep, err := audit.Verify(ctx, e.st)
		require.NoError(t, err)
		require.Len(t, rep.Breaks, 1)
		require.Equal(t, borealis, rep.Breaks[0].Chain)
		require.Equal(t, int64(1), rep.Breaks[0].Seq)
	})

	t.Run("a removed last entry", func(t *testing.T) {
		e.exec(t, `DELETE FROM events_log WHERE chain_key = 0 AND chain_seq = (SELECT max(chain_seq) FROM events_log WHERE chain_key = 0)`)
		rep, err := audit.Verify(ctx, e.st)
		require.NoError(t, err)
		require.Len(t, rep.Breaks, 2)
		require.Equal(t, int64(0), rep.Breaks[0].Chain, "chains are verified in key order")
	})
}

func TestEventsLogRoleMatrix(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acme := e.seed.Companies["Acme Oy"]
	anna := e.seed.Users["anna@acme.test"]
	e.write(t, &acme.ID, &anna.ID, "Inbox", "thread_created")
	e.write(t, &acme.ID, nil, "Files", "file_uploaded")

	for _, tt := range []struct {
		email      string
		adminPanel bool
		want       apperr.Code
	}{
		{"admin@portico.test", true, ""},
		{"admin@portico.test", false, apperr.AccessDenied},
		{"agentadmin@portico.test", true, apperr.AccessDenied},
		{"agentadmin@portico.test", false, apperr.AccessDenied},
		{"agent@portico.test", false, apperr.AccessDenied},
		{"anna@acme.test", false, apperr.AccessDenied},
		{"carl@acme.test", false, apperr.AccessDenied},
	} {
		req := org.Request{User: e.seed.Users[tt.email], AdminPanel: tt.adminPanel}
		for _, company := range []*uuid.UUID{nil, &acme.UUID} {
			_, err := e.log.List(ctx, req, audit.Filter{CompanyID: company})
			require.Equal(t, tt.want, codeOf(err), "%s panel=%v company=%v: %v", tt.email, tt.adminPanel, company != nil, err)
		}
	}

	admin := org.Request{User: e.seed.Users["admin@portico.test"], AdminPanel: true}
	t.Run("filters by company, category and user", func(t *testing.T) {
		page, err := e.log.List(ctx, admin, audit.Filter{CompanyID: &acme.UUID, Category: "Inbox", UserID: &anna.UUID})
		require.NoError(t, err)
		require.Equal(t, int64(1), page.TotalCount)
		require.Equal(t, "thread_created", page.Entries[0].EventName)
		require.Equal(t, anna.Name, page.Entries[0].User.Name)

		page, err = e.log.List(ctx, admin, audit.Filter{CompanyID: &acme.UUID, Category: "Files"})
		require.NoError(t, err)
		require.Equal(t, int64(1), page.TotalCount)
		require.Nil(t, page.Entries[0].User, "a user-less event (shown as API)")
	})

	t.Run("search, range and paging", func(t *testing.T) {
		page, err := e.log.List(ctx, admin, audit.Filter{CompanyID: &acme.UUID, Search: "thread_CREA"})
		require.NoError(t, err)
		require.Equal(t, int64(1), page.TotalCount)
		past := time.Now().Add(-48 * time.Hour)
		yesterday := time.Now().Add(-24 * time.Hour)
		page, err = e.log.List(ctx, admin, audit.Filter{CompanyID: &acme.UUID, TimeStart: &past, TimeEnd: &yesterday})
		require.NoError(t, err)
		require.Zero(t, page.TotalCount)
		page, err = e.log.List(ctx, admin, audit.Filter{CompanyID: &acme.UUID, PerPage: 1, Page: 2, Ascending: true})
		require.NoError(t, err)
		require.Len(t, page.Entries, 1)
		require.GreaterOrEqual(t, page.TotalPages, int64(2))
	})

	t.Run("bad input", func(t *testing.T) {
		_, err := e.log.List(ctx, admin, audit.Filter{Category: "Nonsense"})
		require.Equal(t, apperr.ValidationError, codeOf(err))
		later, earlier := time.Now(), time.Now().Add(-time.Hour)
		_, err = e.log.List(ctx, admin, audit.Filter{TimeStart: &later, TimeEnd: &earlier})
		require.Equal(t, apperr.ValidationError, codeOf(err))
		missing := uuid.New()
		_, err = e.log.List(ctx, admin, audit.Filter{CompanyID: &missing})
		require.Equal(t, apperr.RecordNotFound, codeOf(err))
		_, err = e.log.List(ctx, admin, audit.Filter{UserID: &missing})
		require.Equal(t, apperr.RecordNotFound, codeOf(err))
	})
}
