//go:build bench

package audit_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/demo/inboxscale"
	"portico/engine/audit"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// The events log at 10M entries beside 100k. Each database gets the demo data
// and the same 1000 companies' worth of entries over the same year (the
// volume per company grows, as a portal's log does). The figure is the median
// of interleaved repetitions of the Events page's request: one company, one
// category, the last month, page 1 with its total (the pair with the most
// entries at 100k, so that both sizes answer entries); reported for both
// sizes and as their ratio (goal ≤ 1.3). PORTICO_BENCH_EVENTS sets the large size (default
// 10,000,000). With PORTICO_BENCH_KEEP set each size's database is kept
// (portico_bench_events_<entries>) and a later run measures it again without
// seeding. Run by `make bench`; never by `make test`.

const (
	benchCompanies = 1000
	benchReps      = 101
)

type eventsDB struct {
	st    *store.Store
	log   *audit.Log
	admin org.Request
	seed  demo.Seeded
}

func openEvents(b *testing.B, n int) eventsDB {
	b.Helper()
	ctx := context.Background()
	dsn, kept := dbtest.BenchDSN(b, fmt.Sprintf("portico_bench_events_%d", n))
	st, err := store.Open(ctx, dsn)
	require.NoError(b, err)
	b.Cleanup(st.Close)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(b, err)
	var seeded int64
	require.NoError(b, st.Pool.QueryRow(ctx, `SELECT count(*) FROM companies WHERE name LIKE 'Bench %'`).Scan(&seeded))
	if kept && seeded > 0 {
		b.Logf("kept database %s", dsn)
	} else {
		seedEvents(b, dsn, n)
	}
	return eventsDB{st: st, log: audit.New(st, org.NewDirectory(st)), seed: seed,
		admin: org.Request{User: seed.Users["admin@portico.test"], AdminPanel: true}}
}

// seedEvents writes n entries in one transaction (a kept database holds all
// of them or none) from generate_series, the quick way: foreign-key checks and
// the chain trigger off (session_replication_role replica: the bench reads,
// the hash chain is verified by the tests), and the events log's secondary
// indexes dropped before the insert and built again after it, from their own
// definitions in pg_indexes (the migrations' ones).
func seedEvents(b *testing.B, dsn string, n int) {
	b.Helper()
	ctx := context.Background()
	start := time.Now()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(b, err)
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	require.NoError(b, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	exec := func(sql string, args ...any) {
		b.Helper()
		_, err := tx.Exec(ctx, sql, args...)
		require.NoError(b, err, sql)
	}
	exec(`SET LOCAL session_replication_role = replica`)
	exec(`SET LOCAL maintenance_work_mem = '1GB'`)
	exec(`INSERT INTO companies (name, business_id) SELECT 'Bench ' || g, 'B' || g FROM generate_series(1, $1::int) g`,
		benchCompanies)
	indexes := dbtest.DropIndexes(b, tx, "events_log")
	// entry g: company g mod (every company), category g mod 13, g mod 365
	// days and g mod 86400 seconds back; a chain of its own per company with
	// sequence numbers apart from the demo's
	exec(`INSERT INTO events_log (id, company_id, user_id, event_category, event_name, data, created_at, chain_key, chain_seq, hash)
		SELECT m.base + g, m.ids[1 + g % m.n], NULL, (ARRAY['Users','Inbox','Files','Category','Company','CustomerUser',
		       'SystemBanner','InboundEmail','Admin:CustomerUser','Admin:AgentUser','DynamicFieldValue','CompanyCategory',
		       'Workflow'])[1 + g % 13],
		       'bench_event', '{}', m.t0 - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
		       m.ids[1 + g % m.n], 1000000 + g, '\x00'
		FROM (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n, now() AS t0,
		             (SELECT coalesce(max(id), 0) FROM events_log) AS base FROM companies) m,
		     generate_series(1, $1::int) g`, n)
	inserted := time.Since(start)
	for _, def := range indexes {
		exec(def)
	}
	exec(`SELECT setval(pg_get_serial_sequence('events_log', 'id'), (SELECT max(id) FROM events_log))`)
	require.NoError(b, tx.Commit(ctx))
	_, err = conn.Exec(ctx, `VACUUM (ANALYZE) events_log`)
	require.NoError(b, err)
	_, err = conn.Exec(ctx, `ANALYZE companies`)
	require.NoError(b, err)
	b.Logf("seeded %d events in %s (insert %s, %d indexes rebuilt and vacuum after)", n,
		time.Since(start).Round(time.Second), inserted.Round(time.Second), len(indexes))
}

// pageOf is the Events page's request for one company's entries of one
// category in the last month, page 1 with its total.
func (d eventsDB) pageOf(b *testing.B, company, category string) func() int64 {
	var id uuid.UUID
	require.NoError(b, d.st.Pool.QueryRow(context.Background(), `SELECT uuid FROM companies WHERE name = $1`, company).Scan(&id))
	return func() int64 {
		now := time.Now()
		from := now.AddDate(0, -1, 0)
		p, err := d.log.List(context.Background(), d.admin, audit.Filter{CompanyID: &id, Category: category,
			TimeStart: &from, TimeEnd: &now})
		require.NoError(b, err)
		require.NotEmpty(b, p.Entries)
		require.LessOrEqual(b, len(p.Entries), audit.DefaultPerPage)
		return p.TotalCount
	}
}

// busiest is the company and category with the most entries in the last
// month at this size: at 100k most pairs have none, and an empty answer
// (its count only) would be a cheaper request than the large size's.
func (d eventsDB) busiest(b *testing.B) (company, category string) {
	require.NoError(b, d.st.Pool.QueryRow(context.Background(), `SELECT c.name, e.event_category FROM events_log e
		JOIN companies c ON c.id = e.company_id
		WHERE e.event_name = 'bench_event' AND e.created_at >= now() - interval '1 month'
		GROUP BY c.name, e.event_category ORDER BY count(*) DESC, c.name, e.event_category LIMIT 1`).Scan(&company, &category))
	return company, category
}

func BenchmarkEventsLogAtScale(b *testing.B) {
	big := 10_000_000
	if v := os.Getenv("PORTICO_BENCH_EVENTS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(b, err)
		big = n
	}
	small := openEvents(b, 100_000)
	large := openEvents(b, big)
	// the same request at both sizes, answering entries at both
	company, category := small.busiest(b)
	smallPage, largePage := small.pageOf(b, company, category), large.pageOf(b, company, category)
	b.Logf("%s, %s, the last month: %d entries at 100k, %d at %d", company, category, smallPage(), largePage(), big)
	for range b.N {
		ms := inboxscale.Medians(benchReps, func() { smallPage() }, func() { largePage() })
		b.ReportMetric(ms[0], "ms-100k")
		b.ReportMetric(ms[1], "ms-large")
		b.ReportMetric(float64(big), "large-entries")
		b.ReportMetric(ms[1]/ms[0], "x_large_vs_100k(goal<=1.3)")
	}
	large.writeRoundTrips(b)
}

// writeRoundTrips reports what recording an event adds to a write at the
// large size: a user's language changed (an UPDATE and its entry in one
// transaction), its round trips and those of its events-log entry per entry
// written (TestAnEventAddsOneRoundTripToItsWrite checks more writes).
func (d eventsDB) writeRoundTrips(b *testing.B) {
	ctx := context.Background()
	st, rec := dbtest.TracedStore(b, d.st.Pool.Config().ConnString())
	count := func() (n int64) {
		require.NoError(b, d.st.Pool.QueryRow(ctx, `SELECT count(*) FROM events_log`).Scan(&n))
		return n
	}
	before := count()
	_, err := org.NewDirectory(st).SetLanguage(ctx, org.Request{User: d.seed.Users["carl@acme.test"]}, "fi")
	require.NoError(b, err)
	sent := rec.Take()
	written := count() - before
	var events int
	for i, s := range sent {
		if strings.Contains(s.SQL, "INSERT INTO events_log") {
			require.True(b, writesBeside(sent, i), "the entry goes in the write's transaction:\n%s", outline(sent))
			events++
		}
	}
	require.Positive(b, written)
	b.ReportMetric(float64(len(sent)), "roundtrips_write_with_its_event")
	b.ReportMetric(float64(events)/float64(written), "roundtrips_per_event(goal<=1)")
}
