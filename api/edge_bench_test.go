//go:build bench

package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"portico/config"
	"portico/demo/inboxscale"
	"portico/devstack"
	"portico/engine/store"
)

// The inbox through the edge: what a user waits for. The demo agent, staff of
// 1000 companies (engine/inbox/inboxscale, 1M threads unless
// PORTICO_BENCH_THREADS_PER_COMPANY says otherwise), asks a real HTTP server
// (httptest on loopback, the whole middleware stack, gqlgen) with a session
// cookie for the web app's own queries: the inbox list with limit 10 and 200,
// the folder counters, and a search for a common and a rare word.
//
// The baseline is the bare SQL of the same request in the same run: every
// statement that request sent (recorded by a pgx tracer: session, directory,
// counters, page), replayed in order on one plain connection with the same
// arguments, rows read and dropped. The ratio is what the HTTP, JSON, gqlgen
// and Go layers add. Allocations per request count the whole process (the
// test's HTTP client included). A CPU profile of each query's measured loop
// is kept in var/bench/edge-<query>.pprof (`go tool pprof -top`; the bare
// replay carries the label side=bareSQL, so -tagignore side=bareSQL leaves
// the edge); PORTICO_BENCH_PROFILE=<prefix> moves them, set empty turns them
// off. PORTICO_BENCH_EDGE_ONLY=<part of a name> runs only the matching queries.
func BenchmarkInboxEdge(b *testing.B) {
	perCompany := 1000
	if v := os.Getenv("PORTICO_BENCH_THREADS_PER_COMPANY"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(b, err)
		perCompany = n
	}
	dsn, _ := inboxscale.Seed(b, perCompany)
	ctx := context.Background()
	rec := &recorder{}
	pcfg, err := pgxpool.ParseConfig(dsn)
	require.NoError(b, err)
	pcfg.ConnConfig.Tracer = rec
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	require.NoError(b, err)
	b.Cleanup(pool.Close)
	st := store.FromPool(pool)

	srv := testServer(b, serverOpts{st: st, web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		configure: func(cfg *config.Config) { cfg.GraphQLRatePerMinute = 0 }}).srv
	agent := signedIn(b, srv.URL, "agent@portico.test")

	bare, err := pgx.Connect(ctx, dsn)
	require.NoError(b, err)
	b.Cleanup(func() { _ = bare.Close(ctx) })

	ops := []struct {
		name, query string
		vars        map[string]any
	}{
		{"inboxTasks_limit10", edgeInboxThreads, map[string]any{"limit": 10}},
		{"inboxTasks_limit200", edgeInboxThreads, map[string]any{"limit": 200}},
		{"inboxStats", edgeInboxStats, nil},
		{"searchInboxTasks_common", edgeSearch, map[string]any{"query": inboxscale.CommonWord, "limit": 10}},
		{"searchInboxTasks_rare", edgeSearch, map[string]any{"query": inboxscale.RareWord, "limit": 10}},
	}
	for range b.N {
		for _, op := range ops {
			if only := os.Getenv("PORTICO_BENCH_EDGE_ONLY"); only != "" && !strings.Contains(op.name, only) {
				continue
			}
			edge := func() { agent.post(b, op.query, op.vars) }
			edge() // warm: plans, directory, connections
			rec.start()
			edge()
			stmts := rec.stop()
			replay := func() {
				pprof.Do(ctx, pprof.Labels("side", "bareSQL"), func(context.Context) { replayAll(b, bare, stmts) })
			}
			stop := profile(b, op.name)
			m := inboxscale.Medians(edgeReps, edge, replay)
			stop()
			b.ReportMetric(m[0], op.name+"_edge_ms")
			b.ReportMetric(m[1], op.name+"_bareSQL_ms")
			b.ReportMetric(m[0]/m[1], "x_"+op.name+"_vs_bare(goal<=1.3)")
			b.ReportMetric(float64(len(stmts)), op.name+"_statements")
			allocs, bytes := allocsPer(3, edge)
			b.ReportMetric(allocs, op.name+"_allocs/req")
			b.ReportMetric(bytes/1024, op.name+"_KiB_alloc/req")
			b.ReportMetric(float64(len(agent.post(b, op.query, op.vars)))/1024, op.name+"_KiB_json")
		}
	}
}

const edgeReps = 41 // interleaved rounds: enough for a steady median on a shared machine, and for a profile to read

// The web app's own documents (web/src/features/inbox/list/graphql), fragments inlined.
const edgeThreadFields = `uuid companyId company { uuid name } title status priority urgent dueDate overdue hidden read
	unreadCount unreadActivityId mentioned activityAt categoryId category { id name categoryType } user { uuid name active masked } userActive
	responsible { uuid name active } responsibleActive type workflow { uuid name }`

const edgeStatsFields = `totalCount unreadCount newCount inProgressCount closedCount deletedCount`

const edgeInboxThreads = `query InboxThreads($limit: Int) { inboxTasks(limit: $limit) { collection { ` + edgeThreadFields + ` }
	totalCount companyAbilities { companyIds rules { action subject fields conditions inverted } }
	inboxStats { ` + edgeStatsFields + ` } } }`

const edgeInboxStats = `query InboxFolderStats { inboxStats { ` + edgeStatsFields + ` } }`

const edgeSearch = `query SearchThreads($query: String!, $limit: Int) { searchInboxTasks(query: $query, limit: $limit) {
	collection { thread { ` + edgeThreadFields + ` } activityId entityType highlightSearchText } totalCount } }`

// browser is a signed-in HTTP client (its session cookie in a jar). It asks
// for gzip itself and reads answers with one reader into one buffer, so the
// edge's figures carry as little of the client's own work as a browser's
// (which is not Go's) would.
type browser struct {
	base string
	http *http.Client
	zr   *gzip.Reader
	buf  bytes.Buffer
}

func signedIn(b testing.TB, base, email string) *browser {
	jar, _ := cookiejar.New(nil)
	c := &browser{base: base, http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
	req, _ := http.NewRequest(http.MethodPost, base+"/auth/dev", strings.NewReader(url.Values{"email": {email}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	res, err := c.http.Do(req)
	require.NoError(b, err)
	res.Body.Close()
	require.Equal(b, http.StatusSeeOther, res.StatusCode)
	return c
}

// post sends one GraphQL request and returns the body (valid until the next
// call), failing on any error.
func (c *browser) post(b testing.TB, query string, vars map[string]any) []byte {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, c.base+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", c.base)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := c.http.Do(req)
	require.NoError(b, err)
	defer res.Body.Close()
	var in io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		if c.zr == nil {
			c.zr, err = gzip.NewReader(res.Body)
		} else {
			err = c.zr.Reset(res.Body)
		}
		require.NoError(b, err)
		in = c.zr
	}
	c.buf.Reset()
	_, err = c.buf.ReadFrom(in)
	require.NoError(b, err)
	out := c.buf.Bytes()
	// the messages only when failing: building them is a copy of the answer
	if res.StatusCode != http.StatusOK || bytes.Contains(out[:min(len(out), 200)], []byte(`"errors"`)) {
		b.Fatalf("status %d: %s", res.StatusCode, out[:min(len(out), 2000)])
	}
	return out
}

// recorder is a pgx tracer that, while on, keeps every statement sent and its arguments.
type recorder struct {
	mu    sync.Mutex
	on    bool
	stmts []recorded
}

type recorded struct {
	sql   string
	args  []any
	batch []*pgx.QueuedQuery
}

func (r *recorder) start() { r.mu.Lock(); r.on, r.stmts = true, nil; r.mu.Unlock() }

func (r *recorder) stop() []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.on = false
	return r.stmts
}

func (r *recorder) add(s recorded) {
	r.mu.Lock()
	if r.on {
		r.stmts = append(r.stmts, s)
	}
	r.mu.Unlock()
}

func (r *recorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	r.add(recorded{sql: d.SQL, args: d.Args})
	return ctx
}
func (r *recorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (r *recorder) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	r.add(recorded{batch: d.Batch.QueuedQueries})
	return ctx
}
func (r *recorder) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (r *recorder) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// replayAll sends the recorded statements in order, reading every row.
func replayAll(b testing.TB, conn *pgx.Conn, stmts []recorded) {
	ctx := context.Background()
	for _, s := range stmts {
		if s.batch != nil {
			batch := &pgx.Batch{}
			for _, q := range s.batch {
				batch.Queue(q.SQL, q.Arguments...)
			}
			require.NoError(b, conn.SendBatch(ctx, batch).Close())
			continue
		}
		rows, err := conn.Query(ctx, s.sql, s.args...)
		require.NoError(b, err, s.sql)
		for rows.Next() {
			_ = rows.RawValues()
		}
		require.NoError(b, rows.Err(), s.sql)
	}
}

// allocsPer is the heap allocations and bytes per call of f (the whole process).
func allocsPer(n int, f func()) (allocs, bytes float64) {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for range n {
		f()
	}
	runtime.ReadMemStats(&m1)
	return float64(m1.Mallocs-m0.Mallocs) / float64(n), float64(m1.TotalAlloc-m0.TotalAlloc) / float64(n)
}

// profile writes a CPU profile of one operation's measured loop to
// var/bench/edge-<name>.pprof, or under the prefix PORTICO_BENCH_PROFILE
// names (none when it is set empty).
func profile(b testing.TB, name string) func() {
	prefix, set := os.LookupEnv("PORTICO_BENCH_PROFILE")
	if !set {
		root, err := devstack.RepoRoot()
		require.NoError(b, err)
		prefix = filepath.Join(root, "var", "bench", "edge")
	}
	if prefix == "" {
		return func() {}
	}
	require.NoError(b, os.MkdirAll(filepath.Dir(prefix), 0o755))
	f, err := os.Create(prefix + "-" + name + ".pprof")
	require.NoError(b, err)
	require.NoError(b, pprof.StartCPUProfile(f))
	return func() { pprof.StopCPUProfile(); f.Close() }
}
