//go:build bench

package inbox_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/demo/inboxscale"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
)

// The inbox at a million threads. One run seeds 1,000,000 threads across
// 1000 companies with 10,000,000 activities (COPY from generators), and a
// second database with the same companies and 10,000 threads, then reports
// each figure as the median of interleaved repetitions, and as ratios:
//
//   - inboxTasks (the engine call, directory warm) beside the bare statements
//     it sends, run through pgx: first page and the 1000th keyset page;
//     page 1000 beside page 1;
//   - inboxStats at 1M threads beside 10k (same companies and categories);
//   - SQL round trips per inboxTasks for limits 10, 30 and 200;
//   - searchInboxTasks for a word in 15% of messages beside a rare word;
//   - a bulk status change of 1000 threads beside 1000 single changes.
//
// The viewer is the global admin, who sees every company: the largest scope.
// Run by `make bench` (scripts/bench.sh); never by `make test`.

const reps = 15

type scaleDB struct {
	st    *store.Store
	qc    *queryCounter
	svc   *inbox.Service
	dir   *org.Directory
	admin org.Request
	ctx   context.Context // carries the warm directory memo
	seed  demo.Seeded
}

func BenchmarkInboxAtScale(b *testing.B) {
	perCompany := 1000
	if v := os.Getenv("PORTICO_BENCH_THREADS_PER_COMPANY"); v != "" { // a smaller trial run
		n, err := strconv.Atoi(v)
		require.NoError(b, err)
		perCompany = n
	}
	big := openScale(b, perCompany)
	small := openScale(b, 10)
	for range b.N {
		runScale(b, big, small)
	}
}

func runScale(b *testing.B, big, small *scaleDB) {
	ctx := big.ctx
	all := inbox.Selection{Folder: inbox.FolderInbox}

	// the cursor of the 1000th page: the last thread of page 999
	var cursor *uuid.UUID
	for range 999 {
		l, err := big.svc.Tasks(ctx, big.admin, inbox.ListParams{Selection: all, Limit: 10, LastID: cursor})
		require.NoError(b, err)
		require.Len(b, l.Collection, 10)
		id := l.Collection[9].UUID
		cursor = &id
	}
	// the bare statements go as the engine sends them: unnamed, planned with their values
	raw := store.New(valuePlans{big.st.Pool})
	bare := func(last *uuid.UUID, limit int) func() {
		p := big.bareParams(b, limit)
		return func() {
			_, err := raw.ThreadCounterStats(ctx, store.ThreadCounterStatsParams{CompanyIds: p.CompanyIds,
				CategoryIds: p.CategoryIds, TaskTypes: p.TaskTypes, UserID: p.UserID})
			require.NoError(b, err)
			q := p
			q.Now = time.Now()
			if last != nil {
				c, err := raw.ThreadGetByUUID(ctx, *last)
				require.NoError(b, err)
				q.CursorSet, q.CursorID, q.CursorActivity = true, c.ID, c.ActivityAt
				if c.DueDate != nil && c.DueDate.Before(q.Now) && (c.Status == "created" || c.Status == "in_progress") {
					q.CursorOverdue, q.CursorDue = true, *c.DueDate
				}
			}
			rows, err := raw.ThreadList(ctx, q)
			require.NoError(b, err)
			require.NotEmpty(b, rows)
		}
	}
	engine := func(last *uuid.UUID, limit int) func() {
		return func() {
			l, err := big.svc.Tasks(ctx, big.admin, inbox.ListParams{Selection: all, Limit: limit, LastID: last})
			require.NoError(b, err)
			require.Len(b, l.Collection, limit)
		}
	}
	m := inboxscale.Medians(reps, engine(nil, 10), bare(nil, 10), engine(cursor, 10), bare(cursor, 10))
	report(b, "inboxTasks_page1_ms", m[0])
	report(b, "bareSQL_page1_ms", m[1])
	report(b, "inboxTasks_page1000_ms", m[2])
	report(b, "bareSQL_page1000_ms", m[3])
	b.ReportMetric(m[0]/m[1], "x_page1_vs_bare(goal<=1.3)")
	b.ReportMetric(m[2]/m[3], "x_page1000_vs_bare(goal<=1.3)")
	b.ReportMetric(m[2]/m[0], "x_page1000_vs_page1(goal<=1.2)")

	// round trips, the directory being warm
	for _, limit := range []int{10, 30, 200} {
		big.qc.n.Store(0)
		engine(cursor, limit)()
		b.ReportMetric(float64(big.qc.n.Load()), fmt.Sprintf("roundtrips_limit%d(goal<=4)", limit))
	}
	big.qc.n.Store(0)
	_, err := big.dir.Companies(context.Background(), big.admin.User, false)
	require.NoError(b, err)
	b.ReportMetric(float64(big.qc.n.Load()), "roundtrips_directory_once_per_request")
	dm := inboxscale.Medians(5, func() {
		_, err := big.dir.Companies(context.Background(), big.admin.User, false)
		require.NoError(b, err)
	})
	report(b, "directory_lookup_1003_companies_ms", dm[0])

	// stats: counters do not grow with threads
	stats := func(db *scaleDB) func() {
		return func() {
			s, err := db.svc.InboxStats(db.ctx, db.admin, inbox.StatsParams{})
			require.NoError(b, err)
			require.Positive(b, s.TotalCount)
		}
	}
	sm := inboxscale.Medians(reps, stats(big), stats(small))
	report(b, "inboxStats_1M_ms", sm[0])
	report(b, "inboxStats_10k_ms", sm[1])
	b.ReportMetric(sm[0]/sm[1], "x_stats_1M_vs_10k(goal<=1.2)")

	// search: a word in 15% of the messages beside a rare one
	search := func(word string) func() {
		return func() {
			r, err := big.svc.Search(ctx, big.admin, inbox.SearchParams{Query: word, Limit: 10})
			require.NoError(b, err)
			require.NotEmpty(b, r.Collection)
		}
	}
	qm := inboxscale.Medians(reps, search(inboxscale.CommonWord), search(inboxscale.RareWord))
	report(b, "search_common_ms", qm[0])
	report(b, "search_rare_ms", qm[1])
	b.ReportMetric(qm[0]/qm[1], "x_search_common_vs_rare(goal<=10)")

	// bulk: 1000 threads in one change beside 1000 single changes, five
	// interleaved rounds (the singles take seconds on a busy machine)
	ids := big.openThreads(b, 2000)
	setA, setB := ids[:1000], ids[1000:]
	var bulkT, singleT []float64
	for i, status := range []string{"closed", "in_progress", "closed", "in_progress", "closed"} {
		t0 := time.Now()
		res, err := big.svc.ChangeTasksStatus(ctx, big.admin, inbox.BulkTarget{TaskIDs: setA}, status)
		require.NoError(b, err)
		require.Zero(b, res.Failed, "rep %d", i)
		bulkT = append(bulkT, inboxscale.Ms(time.Since(t0)))
		t0 = time.Now()
		for _, id := range setB {
			_, err := big.svc.ChangeStatus(ctx, big.admin, id, status)
			require.NoError(b, err)
		}
		singleT = append(singleT, inboxscale.Ms(time.Since(t0)))
	}
	report(b, "bulk_1000_ms", inboxscale.Median(bulkT))
	report(b, "single_1000_ms", inboxscale.Median(singleT))
	b.ReportMetric(inboxscale.Median(bulkT)/inboxscale.Median(singleT), "x_bulk_vs_singles(goal<=0.05)")
}

func report(b *testing.B, name string, v float64) { b.ReportMetric(v, name) }

// bareParams are the list parameters the engine sends for the admin's inbox
// folder over every company.
func (db *scaleDB) bareParams(b *testing.B, limit int) store.ThreadListParams {
	companies, err := db.dir.Companies(db.ctx, db.admin.User, false)
	require.NoError(b, err)
	var ids []int64
	cats := map[int64]bool{}
	for _, c := range companies {
		ids = append(ids, c.Company.ID)
		for _, k := range c.Abilities.VisibleCategoryIDs() {
			cats[k] = true
		}
	}
	var catIDs []int64
	for k := range cats {
		catIDs = append(catIDs, k)
	}
	slices.Sort(catIDs)
	return store.ThreadListParams{UserID: db.admin.User.ID, CompanyIds: ids, CategoryIds: catIDs,
		Statuses: []string{"created", "in_progress"}, TaskTypes: []string{"inbox_task", "workflow_task"},
		OverdueFirst: true, Lim: int32(limit)}
}

// openThreads finds n open threads of the last companies.
func (db *scaleDB) openThreads(b *testing.B, n int) []uuid.UUID {
	rows, err := db.st.Pool.Query(db.ctx, `SELECT uuid FROM threads WHERE NOT hidden AND status IN ('created', 'in_progress')
		ORDER BY company_id DESC, id LIMIT $1`, n)
	require.NoError(b, err)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	require.NoError(b, err)
	require.Len(b, ids, n)
	return ids
}

func openScale(b *testing.B, perCompany int) *scaleDB {
	dsn, seed := inboxscale.Seed(b, perCompany)
	st, qc := countingStore(b, dsn)
	dir := org.NewDirectory(st)
	db := &scaleDB{st: st, qc: qc, dir: dir, seed: seed, svc: inbox.New(st, dir, inbox.Options{}),
		admin: org.Request{User: seed.Users["admin@portico.test"]}, ctx: org.WithMemo(context.Background())}
	_, err := dir.Companies(db.ctx, db.admin.User, false)
	require.NoError(b, err)
	return db
}

// valuePlans sends statements unnamed (planned with their values), as the
// inbox engine does for its list, counter and search queries.
type valuePlans struct{ db store.DBTX }

func (c valuePlans) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return c.db.Exec(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c valuePlans) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.db.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c valuePlans) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return c.db.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c valuePlans) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return c.db.SendBatch(ctx, b)
}
