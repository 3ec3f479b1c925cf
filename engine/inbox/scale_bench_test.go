//go:build bench

package inbox_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
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

const (
	scaleCompanies  = 1000
	activitiesEach  = 10 // per thread: the create, a message, eight status changes and uploads
	commonWord      = "invoice"
	rareWord        = "zebrafish"
	commonShare     = 0.15
	rareMessages    = 20
	attachmentEvery = 50
	reps            = 15
)

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
	big := seedScale(b, perCompany)
	small := seedScale(b, 10)
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
	m := medians(reps, engine(nil, 10), bare(nil, 10), engine(cursor, 10), bare(cursor, 10))
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
	dm := medians(5, func() {
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
	sm := medians(reps, stats(big), stats(small))
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
	qm := medians(reps, search(commonWord), search(rareWord))
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
		bulkT = append(bulkT, ms(time.Since(t0)))
		t0 = time.Now()
		for _, id := range setB {
			_, err := big.svc.ChangeStatus(ctx, big.admin, id, status)
			require.NoError(b, err)
		}
		singleT = append(singleT, ms(time.Since(t0)))
	}
	report(b, "bulk_1000_ms", median(bulkT))
	report(b, "single_1000_ms", median(singleT))
	b.ReportMetric(median(bulkT)/median(singleT), "x_bulk_vs_singles(goal<=0.05)")
}

func report(b *testing.B, name string, v float64) { b.ReportMetric(v, name) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	return s[len(s)/2]
}

// medians runs the functions in turn, n rounds (interleaved, so drift hits
// all alike), after one warm-up round, and returns each one's median in ms.
func medians(n int, fns ...func()) []float64 {
	for _, f := range fns {
		f()
	}
	times := make([][]float64, len(fns))
	for range n {
		for i, f := range fns {
			t0 := time.Now()
			f()
			times[i] = append(times[i], ms(time.Since(t0)))
		}
	}
	out := make([]float64, len(fns))
	for i := range fns {
		out[i] = median(times[i])
	}
	return out
}

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

// seedScale makes a database with the demo organisation plus scaleCompanies
// companies of perCompany threads each, activitiesEach activities per thread.
func seedScale(b *testing.B, perCompany int) *scaleDB {
	ctx := context.Background()
	dsn, seeded := benchDSN(b, perCompany)
	boot, err := store.Open(ctx, dsn)
	require.NoError(b, err)
	seed, err := demo.Seed(ctx, boot, "localhost")
	require.NoError(b, err)
	if seeded {
		boot.Close()
		return openScale(b, dsn, seed)
	}
	start := time.Now()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(b, err)
	defer conn.Close(ctx)
	exec := func(sql string, args ...any) {
		_, err := conn.Exec(ctx, sql, args...)
		require.NoError(b, err, sql)
	}
	exec(`SET session_replication_role = replica`) // no foreign-key triggers during the load
	exec(`SET maintenance_work_mem = '512MB'`)
	exec(`INSERT INTO companies (name, communication_language, terms_accepted_at)
		SELECT 'Scale ' || i, 'en', now() FROM generate_series(1, $1::int) AS i`, scaleCompanies)
	exec(`INSERT INTO company_categories (company_id, category_id)
		SELECT c.id, k.id FROM companies c CROSS JOIN categories k WHERE c.name LIKE 'Scale %'`)

	// secondary indexes are rebuilt after the load (faster than keeping them)
	rows, err := conn.Query(ctx, `SELECT i.indexname, i.indexdef FROM pg_indexes i
		WHERE i.tablename IN ('threads', 'thread_search', 'activities', 'messages', 'attachments')
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`)
	require.NoError(b, err)
	type index struct{ name, def string }
	indexes, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (index, error) {
		var x index
		return x, r.Scan(&x.name, &x.def)
	})
	require.NoError(b, err)
	for _, x := range indexes {
		exec(`DROP INDEX ` + pgx.Identifier{x.name}.Sanitize())
	}

	var companyIDs []int64
	crow, err := conn.Query(ctx, `SELECT id FROM companies WHERE name LIKE 'Scale %' ORDER BY id`)
	require.NoError(b, err)
	companyIDs, err = pgx.CollectRows(crow, pgx.RowTo[int64])
	require.NoError(b, err)
	var cats []int64
	for _, c := range seed.Categories {
		cats = append(cats, c.ID)
	}
	slices.Sort(cats)
	var people []int64
	for _, u := range seed.Users {
		people = append(people, u.ID)
	}
	slices.Sort(people)
	agent := seed.Users["agent@portico.test"].ID

	rng := rand.New(rand.NewPCG(1, uint64(perCompany)))
	now := time.Now()
	total := len(companyIDs) * perCompany
	type thread struct {
		company, id int64
		at          time.Time
		author      int64
	}
	threads := make([]thread, 0, total)
	statuses := []string{"created", "created", "created", "in_progress", "in_progress", "in_progress", "closed", "closed", "closed", "cancelled"}
	priorities := []string{"very_high", "high", "medium", "medium", "medium", "low"}
	words := strings.Fields("salary payroll report vat ledger receipt contract budget audit tax question meeting balance " +
		"quarter month review approval payment transfer document")
	threadRows := pgx.CopyFromFunc(func() ([]any, error) {
		if len(threads) == total {
			return nil, nil
		}
		n := len(threads)
		t := thread{company: companyIDs[n/perCompany], id: int64(n + 1), at: now.Add(-time.Duration(rng.Int64N(int64(730 * 24 * time.Hour)))),
			author: people[rng.IntN(len(people))]}
		threads = append(threads, t)
		status := statuses[rng.IntN(len(statuses))]
		var due, completion *time.Time
		if rng.IntN(5) == 0 {
			d := now.Add(time.Duration(rng.Int64N(int64(60*24*time.Hour))) - 30*24*time.Hour)
			due = &d
		}
		if status == "closed" || status == "cancelled" {
			completion = &t.at
		}
		var responsible *int64
		if rng.IntN(3) == 0 {
			responsible = &agent
		}
		w1, w2 := words[rng.IntN(len(words))], words[rng.IntN(len(words))]
		return []any{t.company, t.id, cats[n%len(cats)], "inbox_task", fmt.Sprintf("%s %s %d", w1, w2, n),
			"<p>About the " + w2 + " of " + w1 + ".</p>", status, priorities[rng.IntN(len(priorities))], rng.IntN(20) == 0,
			due, completion, rng.IntN(50) == 0, t.author, responsible, t.at, t.at, t.at}, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"threads"}, []string{"company_id", "id", "category_id", "task_type", "title",
		"description", "status", "priority", "urgent", "due_date", "completion_date", "hidden", "author_id", "responsible_id",
		"activity_at", "created_at", "updated_at"}, threadRows)
	require.NoError(b, err)
	// the words of each title and description, as ThreadCreate writes them
	exec(`INSERT INTO thread_search (company_id, thread_id, search)
		SELECT company_id, id, thread_search_vector(title, description) FROM threads`)

	// activities: per thread the create, one message, and status changes or uploads
	var actID, msgID, attID int64
	type message struct {
		company, id, thread, activity, user int64
		at                                  time.Time
	}
	var messages []message
	var attachments []message
	ti, k := 0, 0
	actRows := pgx.CopyFromFunc(func() ([]any, error) {
		if ti == len(threads) {
			return nil, nil
		}
		t := threads[ti]
		actID++
		at := t.at.Add(-time.Duration(activitiesEach-k) * time.Minute)
		key := "status_change_from_created_to_in_progress"
		switch {
		case k == 0:
			key = "inbox_task.create"
		case k == 1:
			key = "inbox_message.create"
			msgID++
			messages = append(messages, message{t.company, msgID, t.id, actID, t.author, at})
		case k == 2 && ti%attachmentEvery == 0:
			key = "inbox_attachment.create"
			attID++
			attachments = append(attachments, message{t.company, attID, t.id, actID, t.author, at})
		}
		row := []any{t.company, actID, t.id, key, t.author, at, at, at}
		if k++; k == activitiesEach {
			k, ti = 0, ti+1
		}
		return row, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"activities"}, []string{"company_id", "id", "thread_id", "key", "user_id",
		"action_at", "created_at", "updated_at"}, actRows)
	require.NoError(b, err)

	rare := map[int]bool{}
	for len(rare) < min(rareMessages, len(messages)) {
		rare[rng.IntN(len(messages))] = true
	}
	mi := 0
	msgRows := pgx.CopyFromFunc(func() ([]any, error) {
		if mi == len(messages) {
			return nil, nil
		}
		m := messages[mi]
		var sb strings.Builder
		for range 6 + rng.IntN(6) {
			sb.WriteString(words[rng.IntN(len(words))])
			sb.WriteByte(' ')
		}
		if rng.Float64() < commonShare {
			sb.WriteString(commonWord + " ")
		}
		if rare[mi] {
			sb.WriteString(rareWord + " ")
		}
		text := strings.TrimSpace(sb.String())
		mi++
		return []any{m.company, m.id, m.thread, m.activity, m.user, "<p>" + text + "</p>", text, m.at, m.at}, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"messages"}, []string{"company_id", "id", "thread_id", "activity_id", "user_id",
		"body", "body_text", "created_at", "updated_at"}, msgRows)
	require.NoError(b, err)
	ai := 0
	attRows := pgx.CopyFromFunc(func() ([]any, error) {
		if ai == len(attachments) {
			return nil, nil
		}
		a := attachments[ai]
		ai++
		return []any{a.company, a.id, a.thread, a.activity, a.user, fmt.Sprintf("%s-%d.pdf", words[ai%len(words)], ai), "pdf",
			int64(1000 + ai), "attachments/none", a.at}, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"attachments"}, []string{"company_id", "id", "thread_id", "activity_id",
		"uploader_id", "filename", "extension", "file_size", "blob_key", "uploaded_at"}, attRows)
	require.NoError(b, err)

	for _, x := range indexes {
		exec(x.def)
	}
	for _, seq := range []string{"threads", "activities", "messages", "attachments"} {
		exec(fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', 'id'), (SELECT max(id) FROM %s))`, seq, seq))
	}
	exec(`INSERT INTO thread_counters (company_id, category_id, task_type, status, hidden, count)
		SELECT company_id, category_id, task_type, status, hidden, count(*) FROM threads
		GROUP BY company_id, category_id, task_type, status, hidden`)
	// a counter row for every combination in use, as a busy deployment has
	// them: the 10k database then holds the same rows (mostly zeros) as the
	// 1M one, and the stats figures differ by thread count alone
	exec(`INSERT INTO thread_counters (company_id, category_id, task_type, status, hidden, count)
		SELECT c.id, k.id, 'inbox_task', s, h, 0 FROM companies c CROSS JOIN categories k
		CROSS JOIN unnest('{created,in_progress,closed,cancelled}'::text[]) AS s CROSS JOIN unnest('{false,true}'::bool[]) AS h
		ON CONFLICT DO NOTHING`)
	exec(`ANALYZE`)
	b.Logf("seeded %d threads, %d activities, %d messages, %d attachments in %s", len(threads), actID, len(messages),
		len(attachments), time.Since(start).Round(time.Second))
	boot.Close()
	return openScale(b, dsn, seed)
}

// benchDSN is a fresh database, or with PORTICO_BENCH_KEEP=1 a kept one
// (portico_bench_<threads per company>, made once and reused: for looking at
// plans and measuring again without seeding; drop it by hand). seeded tells
// a kept database that has its threads already.
func benchDSN(b *testing.B, perCompany int) (string, bool) {
	if os.Getenv("PORTICO_BENCH_KEEP") == "" {
		return dbtest.FreshDSN(b), false
	}
	ctx := context.Background()
	admin, err := dbtest.AdminDSN(ctx)
	require.NoError(b, err)
	conn, err := pgx.Connect(ctx, admin)
	require.NoError(b, err)
	defer conn.Close(ctx)
	name := fmt.Sprintf("portico_bench_%d", perCompany)
	var exists bool
	require.NoError(b, conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists))
	if !exists {
		_, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
		require.NoError(b, err)
	}
	u, err := url.Parse(admin)
	require.NoError(b, err)
	u.Path = "/" + name
	dsn := u.String()
	require.NoError(b, store.Migrate(ctx, dsn))
	c2, err := pgx.Connect(ctx, dsn)
	require.NoError(b, err)
	defer c2.Close(ctx)
	var n int64
	require.NoError(b, c2.QueryRow(ctx, "SELECT count(*) FROM threads").Scan(&n))
	b.Logf("kept database %s (%d threads)", dsn, n)
	return dsn, n > 0
}

func openScale(b *testing.B, dsn string, seed demo.Seeded) *scaleDB {
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
