package inbox_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"portico/engine/store"
	"portico/engine/store/dbtest"
)

var errExplained = errors.New("explained, not run")

// explainer is a store.DBTX that plans each statement with its values
// (EXPLAIN, as the engine sends it: unnamed), keeps the plan and answers
// errExplained instead of running it.
type explainer struct {
	db    store.DBTX
	plans []string
}

func (x *explainer) explain(ctx context.Context, sql string, args []any) error {
	rows, err := x.db.Query(ctx, "EXPLAIN "+sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
	if err != nil {
		return err
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	x.plans = append(x.plans, strings.Join(lines, "\n"))
	return errExplained
}

func (x *explainer) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, x.explain(ctx, sql, args)
}

func (x *explainer) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return nil, x.explain(ctx, sql, args)
}

func (x *explainer) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return errRow{x.explain(ctx, sql, args)}
}

func (x *explainer) SendBatch(context.Context, *pgx.Batch) pgx.BatchResults {
	panic("explainer: no batches")
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// The list's filters live in one SQL function (inbox_threads_matching); the
// four queries that read it are fast only while PostgreSQL inlines it into
// them (a Function Scan would collect every matching thread before ordering
// and limiting). Inlining stops silently if the function is ever declared
// STRICT, VOLATILE, SECURITY DEFINER or with a SET clause; and unless it is
// PARALLEL SAFE, no statement naming it gets parallel workers (the planner
// decides that before inlining), which only shows at scale.
func TestListQueriesInlineTheFilter(t *testing.T) {
	ctx := context.Background()
	pool := dbtest.Store(t).Pool
	var parallel string
	require.NoError(t, pool.QueryRow(ctx, `SELECT proparallel::text FROM pg_proc WHERE proname = 'inbox_threads_matching'`).Scan(&parallel))
	require.Equal(t, "s", parallel, "inbox_threads_matching is PARALLEL SAFE")
	x := &explainer{db: pool}
	q := store.New(x)
	now := time.Now()
	word := "invoice"
	p := store.ThreadListParams{UserID: 1, CompanyIds: []int64{1, 2}, CategoryIds: []int64{1, 2}, Statuses: []string{"created"},
		TaskTypes: []string{"inbox_task"}, Priorities: []string{"high"}, Now: now, Query: &word, OverdueFirst: true,
		CursorDue: now, CursorActivity: now, Lim: 10}
	_, err := q.ThreadList(ctx, p)
	require.ErrorIs(t, err, errExplained)
	_, err = q.ThreadCount(ctx, store.ThreadCountParams{UserID: p.UserID, CompanyIds: p.CompanyIds, CategoryIds: p.CategoryIds,
		Statuses: p.Statuses, TaskTypes: p.TaskTypes, UnreadOnly: true, Now: now, Query: &word})
	require.ErrorIs(t, err, errExplained)
	_, err = q.ThreadSelectIDs(ctx, store.ThreadSelectIDsParams{UserID: p.UserID, CompanyIds: p.CompanyIds,
		CategoryIds: p.CategoryIds, Statuses: p.Statuses, TaskTypes: p.TaskTypes, Now: now, Priorities: p.Priorities, Lim: 11})
	require.ErrorIs(t, err, errExplained)
	_, err = q.ThreadListOrdered(ctx, store.ThreadListOrderedParams{OrderField: "dueDate", UserID: p.UserID,
		CompanyIds: p.CompanyIds, CategoryIds: p.CategoryIds, Statuses: p.Statuses, TaskTypes: p.TaskTypes, Now: now,
		Query: &word, CursorSet: true, CursorCompanyID: 1, CursorID: 1, Lim: 10})
	require.ErrorIs(t, err, errExplained)

	require.Len(t, x.plans, 4)
	for _, plan := range x.plans {
		require.NotContains(t, plan, "Function Scan", plan)
		require.Contains(t, plan, " on threads t", plan)
	}
	require.Contains(t, x.plans[1], " on thread_reads r", "unread_only reads the read state")
	require.Contains(t, x.plans[1], " on thread_search ts", "a query reads the words' index")
	require.NotContains(t, x.plans[2], "thread_search", "without a query the words' table drops out")
}
