package audit_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/engine/blob"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

// Writing an event adds one round trip to the write it records (issue 15,
// Speed): for writes of several services, the statements sent hold one
// INSERT into events_log per entry written, inside the transaction that makes
// the write (the hash chain is that INSERT's trigger, in the database). The
// figures are logged. The sign-in and inbound-mail events record no write of
// their own: each is its single statement.
func TestAnEventAddsOneRoundTripToItsWrite(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	st, rec := dbtest.TracedStore(t, e.st.Pool.Config().ConnString())
	dir := org.NewDirectory(st)
	blobs, err := blob.NewLocal(t.TempDir())
	require.NoError(t, err)
	as := func(email string, adminPanel bool) org.Request {
		return org.Request{User: e.seed.Users[email], AdminPanel: adminPanel}
	}
	acme := e.seed.Companies["Acme Oy"]
	payroll := e.seed.Categories["Payroll"].ID
	text := func(s string) *string { return &s }
	off := false

	for _, w := range []struct {
		name  string
		write func() error
	}{
		{"a user's language", func() error { _, err := dir.SetLanguage(ctx, as("carl@acme.test", false), "sv"); return err }},
		{"a task", func() error {
			_, err := inbox.New(st, dir, inbox.Options{Blobs: blobs}).CreateTask(ctx, as("anna@acme.test", false),
				inbox.CreateTaskParams{CompanyID: acme.UUID, CategoryID: payroll, Title: "Round trips"})
			return err
		}},
		{"chosen categories", func() error { return dir.SelectCategories(ctx, as("anna@acme.test", false), []int64{payroll}) }},
		{"a banner", func() error {
			_, err := org.NewBanners(dir, nil).Create(ctx, as("admin@portico.test", true), org.BannerInput{
				BannerGroup: text("global"), BannerType: text("info"), Description: text("<p>Round trips</p>"),
				UserTypes: []string{"customer"}})
			return err
		}},
		{"a category's e-mail setting", func() error {
			_, err := org.NewMailSettings(dir, "mail.portico.test").UpdateCategorySetting(ctx, as("admin@portico.test", true),
				acme.UUID, payroll, org.CategorySettingInput{EmailEnabled: &off})
			return err
		}},
	} {
		t.Run(w.name, func(t *testing.T) {
			before := e.entries(t)
			rec.Take()
			require.NoError(t, w.write())
			sent := rec.Take()
			written := e.entries(t) - before
			require.Positive(t, written, "the write records an event")
			var events int
			for i, s := range sent {
				if !strings.Contains(s.SQL, "INSERT INTO events_log") {
					continue
				}
				events++
				require.True(t, s.InTx, "the entry goes in a transaction")
				require.True(t, writesBeside(sent, i), "the entry goes in the transaction of a write it records:\n%s", outline(sent))
			}
			require.Positive(t, events)
			require.LessOrEqual(t, int64(events), written, "at most one round trip per entry")
			t.Logf("%s: %d round trips, %d of them for its %d events-log entries", w.name, len(sent), events, written)
		})
	}
}

// entries counts the events log's entries (untraced).
func (e env) entries(t *testing.T) int64 {
	t.Helper()
	var n int64
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events_log`).Scan(&n))
	return n
}

// writesBeside tells whether the transaction of statement i (on its
// connection, from its BEGIN to its COMMIT) also writes something other than
// the events log.
func writesBeside(sent []dbtest.Statement, i int) bool {
	conn := sent[i].Conn
	is := func(s dbtest.Statement, word string) bool {
		return s.Conn == conn && strings.EqualFold(strings.TrimSpace(s.SQL), word)
	}
	from, to := i, i
	for from > 0 && !is(sent[from], "begin") {
		from--
	}
	for to < len(sent)-1 && !is(sent[to], "commit") {
		to++
	}
	if !is(sent[from], "begin") || !is(sent[to], "commit") {
		return false
	}
	for _, s := range sent[from+1 : to] {
		if s.Conn != conn || strings.Contains(s.SQL, "events_log") {
			continue
		}
		if writeSQL.MatchString(s.SQL) {
			return true
		}
	}
	return false
}

// writeSQL matches a statement that changes rows.
var writeSQL = regexp.MustCompile(`(?i)\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+(\s+AS\s+\w+)?\s+SET)\b`)

// outline is the statements' first lines, one a line, for a failure's message.
func outline(sent []dbtest.Statement) string {
	var b strings.Builder
	for _, s := range sent {
		first, _, _ := strings.Cut(strings.TrimSpace(s.SQL), "\n")
		fmt.Fprintf(&b, "%p in tx %t: %s\n", s.Conn, s.InTx, first)
	}
	return b.String()
}
