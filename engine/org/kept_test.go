package org_test

import (
	"context"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/notify/notifytest"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// instance is one Portico process: a pool of its own on the shared database
// and its own directory (whose kept answers no other instance shares).
type instance struct {
	st       *store.Store
	dir      *org.Directory
	people   *org.People
	sessions *org.Sessions
}

func newInstance(t *testing.T, dsn string) instance {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	st := store.FromPool(pool)
	dir := org.NewDirectory(st)
	return instance{st: st, dir: dir, people: org.NewPeople(dir, &notifytest.Recorder{}), sessions: org.NewSessions(st, time.Hour)}
}

// query is what one GraphQL query of the session's user asks of the
// directory: a session read afresh, a memo, the companies.
func (in instance) query(t *testing.T, token string) []org.CompanyAccess {
	t.Helper()
	ctx := context.Background()
	sess, ok, err := in.sessions.Resume(ctx, token)
	require.NoError(t, err)
	require.True(t, ok)
	list, err := in.dir.Companies(org.WithMemo(sess.Context(ctx)), sess.User, false)
	require.NoError(t, err)
	return list
}

func companyNames(list []org.CompanyAccess) []string {
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = c.Company.Name
	}
	return out
}

func find(list []org.CompanyAccess, id uuid.UUID) (org.CompanyAccess, bool) {
	for _, c := range list {
		if c.Company.UUID == id {
			return c, true
		}
	}
	return org.CompanyAccess{}, false
}

// A directory kept across requests (decision 0152) answers again while
// nothing changed, and a change made through one instance is seen by the
// next request on another: a membership taken away, a company's category,
// a favourite, a deactivated company.
func TestDirectoryKeptSeesChangesOfAnotherInstance(t *testing.T) {
	dsn := dbtest.FreshDSN(t)
	a, b := newInstance(t, dsn), newInstance(t, dsn)
	ctx := context.Background()
	seed, err := demo.Seed(ctx, a.st, "localhost")
	require.NoError(t, err)
	admin := org.Request{User: seed.Users["admin@portico.test"], AdminPanel: true}
	agent := seed.Users["agent@portico.test"]
	ip := netip.MustParseAddr("127.0.0.1")
	token, err := b.sessions.Start(ctx, agent, &ip, "test")
	require.NoError(t, err)

	first := b.query(t, token)
	require.Len(t, first, 2, "the demo agent is staff of two companies")
	again := b.query(t, token)
	require.Same(t, &first[0], &again[0], "nothing changed: the kept answer")
	fresh, err := b.dir.Companies(ctx, agent, false)
	require.NoError(t, err)
	require.NotSame(t, &first[0], &fresh[0], "a context without a session's version reads afresh")
	require.Equal(t, companyNames(first), companyNames(fresh))

	// requests at once share the kept answer (go test -race reads them together)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			sess, _, err := b.sessions.Resume(ctx, token)
			if err == nil {
				var list []org.CompanyAccess
				list, err = b.dir.Companies(org.WithMemo(sess.Context(ctx)), sess.User, false)
				for _, c := range list {
					_ = c.Abilities.Can("read", "Inbox::Task")
				}
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}

	// a favourite set through a (staff toggle their own): b's next request has it
	target := first[1].Company.UUID
	require.False(t, first[1].Favorite)
	_, err = a.dir.ToggleFavorite(ctx, org.Request{User: agent}, target)
	require.NoError(t, err)
	c, ok := find(b.query(t, token), target)
	require.True(t, ok)
	require.True(t, c.Favorite, "the favourite set on another instance")

	// a category the company no longer uses
	cats := len(c.Categories)
	require.Positive(t, cats)
	_, err = a.st.Pool.Exec(ctx, `DELETE FROM company_categories WHERE company_id = $1 AND category_id = $2`,
		c.Company.ID, c.Categories[0].ID)
	require.NoError(t, err)
	c, ok = find(b.query(t, token), target)
	require.True(t, ok)
	require.Len(t, c.Categories, cats-1, "the category removed on another instance")

	// the membership taken away through a: b's very next request refuses the company
	staff, err := a.people.StaffUser(ctx, admin, agent.UUID)
	require.NoError(t, err)
	var membership uuid.UUID
	for _, m := range staff.Memberships {
		if m.Company.UUID == target {
			membership = m.UUID
		}
	}
	require.NotEqual(t, uuid.Nil, membership)
	_, err = a.people.SetStaff(ctx, admin, target, membership, org.StaffRemove)
	require.NoError(t, err)
	after := b.query(t, token)
	_, ok = find(after, target)
	require.False(t, ok, "the company is gone after the membership was removed on another instance")
	require.Len(t, after, 1)

	// the last company deactivated: nothing left
	_, err = a.st.Pool.Exec(ctx, `UPDATE companies SET active = false WHERE uuid = $1`, after[0].Company.UUID)
	require.NoError(t, err)
	require.Empty(t, b.query(t, token))
}

// Every table the directory reads moves the version when a commit changes
// it, once per transaction; a rolled-back change does not.
func TestDirectoryVersionMovesOnEveryChange(t *testing.T) {
	st := dbtest.FreshStore(t)
	ctx := context.Background()
	_, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	version := func() int64 {
		var v int64
		require.NoError(t, st.Pool.QueryRow(ctx, `SELECT version FROM directory_version`).Scan(&v))
		return v
	}
	for table, change := range map[string]string{
		"companies":               `UPDATE companies SET updated_at = now()`,
		"company_categories":      `UPDATE company_categories SET category_id = category_id`,
		"categories":              `UPDATE categories SET name = name`,
		"company_countries":       `UPDATE company_countries SET country_id = country_id`,
		"countries":               `UPDATE countries SET code = code`,
		"company_domains":         `UPDATE company_domains SET active = active`,
		"portico_users":           `UPDATE portico_users SET role = role`,
		"portico_user_categories": `UPDATE portico_user_categories SET category_id = category_id`,
		"company_users":           `UPDATE company_users SET role = role`,
		"company_user_categories": `UPDATE company_user_categories SET category_id = category_id`,
		"favorite_companies": `INSERT INTO favorite_companies (user_id, company_id)
			SELECT u.id, c.id FROM users u CROSS JOIN companies c ON CONFLICT DO NOTHING`,
	} {
		before := version()
		tag, err := st.Pool.Exec(ctx, change)
		require.NoError(t, err, table)
		require.Positive(t, tag.RowsAffected(), "%s: the demo data has rows to change", table)
		require.Equal(t, before+1, version(), table)
	}

	before := version()
	tx, err := st.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `UPDATE companies SET updated_at = now()`)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `UPDATE portico_users SET role = role`)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	require.Equal(t, before+1, version(), "one transaction, one step")

	tx, err = st.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `UPDATE companies SET updated_at = now()`)
	require.NoError(t, err)
	require.NoError(t, tx.Rollback(ctx))
	require.Equal(t, before+1, version(), "a rolled-back change leaves it")
}
