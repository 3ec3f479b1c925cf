package inbox_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// queryCounter is a pgx tracer counting the statements sent: each is one
// round trip (a batch counts once per statement, which over-counts batches).
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// countingStore opens dsn with a query counter.
func countingStore(t testing.TB, dsn string) (*store.Store, *queryCounter) {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(dsn)
	require.NoError(t, err)
	qc := &queryCounter{}
	cfg.ConnConfig.Tracer = qc
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return store.FromPool(pool), qc
}

// inboxTasks costs the same few round trips whatever the page size: the
// counters, the page (people and unread marks joined in), and when paging or
// filtering the cursor and the count; the directory lookup comes once per
// request from the memo.
func TestTasksRoundTrips(t *testing.T) {
	dsn := dbtest.FreshDSN(t)
	e := setupOn(t, dsn)
	ctx := context.Background()
	for i := range 60 {
		task := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "t")
		if i%2 == 0 {
			e.create(t, "agent@portico.test", "Acme Oy", "Payroll", "p")
		}
		if i%3 == 0 {
			_, err := e.svc.ChangeStatus(ctx, e.req("agent@portico.test"), task.UUID, "in_progress")
			require.NoError(t, err)
		}
	}
	st, qc := countingStore(t, dsn)
	svc := inbox.New(st, org.NewDirectory(st), inbox.Options{})
	acme := e.company("Acme Oy")
	for _, user := range []string{"agent@portico.test", "anna@acme.test", "admin@portico.test"} {
		for _, c := range []struct {
			name string
			sel  inbox.Selection
			page bool
			want int64
		}{
			{"first page", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox}, false, 2},
			{"next page", inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox}, true, 3},
			{"all companies, filtered", inbox.Selection{Folder: inbox.FolderInbox, Filters: inbox.Filters{Priority: []string{"medium"}}}, true, 4},
		} {
			var got []int64
			for _, limit := range []int{10, 30, 200} {
				rctx := org.WithMemo(ctx)
				first, err := svc.Tasks(rctx, e.req(user), inbox.ListParams{Selection: c.sel, Limit: 1})
				require.NoError(t, err)
				lp := inbox.ListParams{Selection: c.sel, Limit: limit}
				if c.page {
					lp.LastID = &first.Collection[0].UUID
				}
				qc.n.Store(0)
				l, err := svc.Tasks(rctx, e.req(user), lp)
				require.NoError(t, err)
				require.NotEmpty(t, l.Collection)
				got = append(got, qc.n.Load())
			}
			require.Equal(t, []int64{c.want, c.want, c.want}, got, "%s: %s, limits 10, 30, 200", user, c.name)
		}
	}
}
