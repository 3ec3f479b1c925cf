//go:build bench

package audit_test

import (
	"context"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/audit"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// The events log at 10M entries beside 100k. Each database gets the demo data
// and the same 1000 companies' worth of entries over the same year (the
// volume per company grows, as a portal's log does), seeded with
// generate_series with the chain trigger off (the bench reads; the hash chain
// is verified by the tests). The figure is the median of interleaved
// repetitions of the Events page's request: one company, one category, a
// month, page 1 with its total; reported for both sizes and as their ratio
// (goal ≤ 1.3). PORTICO_BENCH_EVENTS sets the large size (default 10,000,000).
// Run by `make bench`; never by `make test`.

const (
	benchCompanies = 1000
	benchReps      = 25
)

type eventsDB struct {
	st    *store.Store
	log   *audit.Log
	admin org.Request
	seed  demo.Seeded
}

func seedEvents(b *testing.B, n int) eventsDB {
	b.Helper()
	ctx := context.Background()
	st := dbtest.FreshStore(b)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(b, err)
	start := time.Now()
	for _, sql := range []string{
		`INSERT INTO companies (name, business_id) SELECT 'Bench ' || g, 'B' || g FROM generate_series(1, ` + strconv.Itoa(benchCompanies) + `) g`,
		`ALTER TABLE events_log DISABLE TRIGGER events_log_chain`,
		`INSERT INTO events_log (company_id, user_id, event_category, event_name, data, created_at, chain_key, chain_seq, hash)
		 SELECT c.id, NULL, (ARRAY['Users','Inbox','Files','Category','Company','CustomerUser','SystemBanner','InboundEmail',
		        'Admin:CustomerUser','Admin:AgentUser','DynamicFieldValue','CompanyCategory','Workflow'])[1 + g % 13],
		        'bench_event', '{}', now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
		        c.id, 1000000 + g, '\x00'
		 FROM generate_series(1, ` + strconv.Itoa(n) + `) g
		 JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM companies) c ON c.k = g % (SELECT count(*) FROM companies)`,
		`ALTER TABLE events_log ENABLE TRIGGER events_log_chain`,
		`VACUUM ANALYZE events_log`,
	} {
		_, err := st.Pool.Exec(ctx, sql)
		require.NoError(b, err, sql)
	}
	b.Logf("seeded %d events in %s", n, time.Since(start).Round(time.Second))
	return eventsDB{st: st, log: audit.New(st, org.NewDirectory(st)), seed: seed,
		admin: org.Request{User: seed.Users["admin@portico.test"], AdminPanel: true}}
}

// page is the Events page's request for Acme Oy's Inbox entries of the last month.
func (d eventsDB) page(b *testing.B) time.Duration {
	now := time.Now()
	from := now.AddDate(0, -1, 0)
	acme := d.seed.Companies["Acme Oy"].UUID
	start := time.Now()
	p, err := d.log.List(context.Background(), d.admin, audit.Filter{CompanyID: &acme, Category: "Inbox",
		TimeStart: &from, TimeEnd: &now})
	took := time.Since(start)
	require.NoError(b, err)
	// at 100k the month may hold no Acme Inbox entry: the same query answers either way
	require.LessOrEqual(b, len(p.Entries), audit.DefaultPerPage)
	return took
}

func median(d []time.Duration) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

func BenchmarkEventsLogAtScale(b *testing.B) {
	big := 10_000_000
	if v := os.Getenv("PORTICO_BENCH_EVENTS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(b, err)
		big = n
	}
	small := seedEvents(b, 100_000)
	large := seedEvents(b, big)
	for range b.N {
		var s, l []time.Duration
		small.page(b)
		large.page(b)
		for range benchReps {
			s = append(s, small.page(b))
			l = append(l, large.page(b))
		}
		ms, ml := median(s), median(l)
		b.ReportMetric(float64(ms.Microseconds())/1000, "ms-100k")
		b.ReportMetric(float64(ml.Microseconds())/1000, "ms-large")
		b.ReportMetric(float64(big), "large-entries")
		b.ReportMetric(float64(ml)/float64(ms), "ratio(goal<=1.3)")
	}
}
