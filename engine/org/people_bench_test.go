//go:build bench

package org_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

// The customer-users list (issue 14 Speed): a page of the global admin's list
// of every customer at 100,000 customers in 10,000 companies beside the same
// page at 1,000 customers in 100 companies (goal: at most 1.3x). Each customer
// belongs to two companies with a category in each. Median of interleaved
// repetitions. Run by `make bench`; never by `make test`.
func BenchmarkCustomerUsersAtScale(b *testing.B) {
	big := seedCustomers(b, 10_000, 100_000)
	small := seedCustomers(b, 100, 1_000)
	for range b.N {
		const reps = 21
		var bigT, smallT []float64
		for range reps {
			bigT = append(bigT, timePage(b, big))
			smallT = append(smallT, timePage(b, small))
		}
		mb, ms := median(bigT), median(smallT)
		b.ReportMetric(mb, "page_ms_100k")
		b.ReportMetric(ms, "page_ms_1k")
		b.ReportMetric(mb/ms, "x_100k_vs_1k(goal<=1.3)")
	}
}

type customersDB struct {
	people *org.People
	admin  org.Request
}

func timePage(b *testing.B, db customersDB) float64 {
	start := time.Now()
	page, err := db.people.Customers(context.Background(), db.admin, org.CustomerQuery{Page: 2, Limit: org.PeopleLimit})
	require.NoError(b, err)
	require.Len(b, page.Users, org.PeopleLimit)
	for _, u := range page.Users {
		require.NotEmpty(b, u.Memberships)
	}
	return float64(time.Since(start).Microseconds()) / 1000
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// seedCustomers is a fresh database with the demo and companies × customers
// generated in SQL.
func seedCustomers(b *testing.B, companies, customers int) customersDB {
	ctx := context.Background()
	st := dbtest.FreshStore(b)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(b, err)
	exec := func(sql string, args ...any) {
		_, err := st.Pool.Exec(ctx, sql, args...)
		require.NoError(b, err)
	}
	exec(`INSERT INTO companies (name) SELECT 'Scale company ' || g FROM generate_series(1, $1::int) g`, companies)
	exec(`INSERT INTO company_categories (company_id, category_id)
	      SELECT companies.id, $1::bigint FROM companies WHERE name LIKE 'Scale company %'`, seed.Categories["Accounting"].ID)
	exec(`INSERT INTO users (email, name, user_type)
	      SELECT 'scale' || g || '@scale.test', 'Scale person ' || lpad(g::text, 6, '0'), 'customer'
	      FROM generate_series(1, $1::int) g`, customers)
	exec(`WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM companies WHERE name LIKE 'Scale company %'),
	           u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE '%@scale.test')
	      INSERT INTO company_users (company_id, user_id, role)
	      SELECT c.id, u.id, 'user' FROM u JOIN c ON c.n = u.n % $1::int
	      UNION ALL
	      SELECT c.id, u.id, 'user' FROM u JOIN c ON c.n = (u.n + 1) % $1::int`, companies)
	exec(`INSERT INTO company_user_categories (company_id, company_user_id, category_id)
	      SELECT company_id, id, $1::bigint FROM company_users
	      WHERE user_id IN (SELECT id FROM users WHERE email LIKE '%@scale.test')`, seed.Categories["Accounting"].ID)
	exec(`ANALYZE`)
	return customersDB{people: org.NewPeople(org.NewDirectory(st), nil),
		admin: org.Request{User: seed.Users["admin@portico.test"], AdminPanel: true}}
}
