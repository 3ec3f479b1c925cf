package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/blob"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

func TestSeedInbox(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	s, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	blobs, err := blob.NewLocal(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, demo.SeedInbox(ctx, st, blobs, s))
	count := func(sql string) int {
		var n int
		require.NoError(t, st.Pool.QueryRow(ctx, sql).Scan(&n))
		return n
	}
	counts := func() [5]int {
		return [5]int{count("SELECT count(*) FROM threads"), count("SELECT count(*) FROM activities"),
			count("SELECT count(*) FROM messages"), count("SELECT count(*) FROM attachments"), count("SELECT count(*) FROM reactions")}
	}
	first := counts()
	require.NoError(t, demo.SeedInbox(ctx, st, blobs, s))
	require.Equal(t, first, counts(), "seeding twice adds nothing")
	require.Positive(t, first[2], "messages")
	require.Positive(t, first[3], "attachments")
	require.Positive(t, first[4], "reactions")

	var statuses []string
	rows, err := st.Pool.Query(ctx, "SELECT DISTINCT CASE WHEN hidden THEN 'hidden' ELSE status END FROM threads ORDER BY 1")
	require.NoError(t, err)
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		statuses = append(statuses, s)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"closed", "created", "hidden", "in_progress"}, statuses)

	// every demo user of Acme and Borealis has something to read; carl his Payroll thread only
	svc := inbox.New(st, org.NewDirectory(st), inbox.Options{Blobs: blobs})
	for _, c := range []struct {
		user, company string
		min           int64
	}{{"carl@acme.test", "Acme Oy", 1}, {"anna@acme.test", "Acme Oy", 4}, {"agent@portico.test", "Acme Oy", 5}, {"eva@borealis.test", "Borealis AB", 2}} {
		id := s.Companies[c.company].UUID
		l, err := svc.Tasks(ctx, org.Request{User: s.Users[c.user]}, inbox.ListParams{Selection: inbox.Selection{CompanyID: &id, Folder: inbox.FolderInbox}, Limit: 30})
		require.NoError(t, err)
		require.GreaterOrEqual(t, l.TotalCount, c.min, c.user)
		if c.user == "carl@acme.test" {
			require.EqualValues(t, 1, l.TotalCount)
			require.Equal(t, "Payroll run for November", l.Collection[0].Title)
		}
	}
	// the counters match a recount
	var ids []int64
	for _, c := range s.Companies {
		ids = append(ids, c.ID)
	}
	recount, err := st.ThreadRecount(ctx, ids)
	require.NoError(t, err)
	counters, err := st.ThreadCounterList(ctx, ids)
	require.NoError(t, err)
	require.Len(t, counters, len(recount))
	for i := range recount {
		require.Equal(t, recount[i].Count, counters[i].Count)
	}
}
