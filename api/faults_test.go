package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
	"portico/demo"
	"portico/devstack"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
)

// faultWait bounds every wait for a state; reaching it fails the test.
const faultWait = 90 * time.Second

// PostgreSQL stops for 10 s while a customer keeps creating threads: requests
// fail with a clear error (503 SERVICE_UNAVAILABLE, or the GraphQL
// INTERNAL_SERVER_ERROR something_went_wrong; never a sign-out), /readyz says
// the database is unavailable, nothing is half-written (every thread is
// whole, the counters match the threads), and once PostgreSQL is back the
// same API process serves again without a restart.
func TestPostgresOutage(t *testing.T) {
	ctx := context.Background()
	root, err := devstack.RepoRoot()
	require.NoError(t, err)
	dir := filepath.Join(root, "var", fmt.Sprintf("faultpg-%d", os.Getpid()))
	pg, err := devstack.NewPostgres(dir, 55431)
	require.NoError(t, err)
	require.NoError(t, pg.Start(ctx))
	t.Cleanup(func() { _ = pg.Stop(context.Background()); _ = os.RemoveAll(dir) })
	conn, err := pgx.Connect(ctx, pg.DSN("postgres"))
	require.NoError(t, err)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS portico")
	require.NoError(t, err)
	_, err = conn.Exec(ctx, "CREATE DATABASE portico")
	require.NoError(t, err)
	conn.Close(ctx)
	dsn := pg.DSN("portico")
	require.NoError(t, store.Migrate(ctx, dsn))
	st, err := store.Open(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(st.Close)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)

	cfg, err := config.FromEnv()
	require.NoError(t, err)
	cfg.DevLogin, cfg.GraphQLRatePerMinute = true, 0
	d := serverDeps(cfg, st, nil)
	d.Inbox = inbox.New(st, org.NewDirectory(st), inbox.Options{})
	d.Ready = []api.ReadyCheck{{Name: "database", Check: func(ctx context.Context) error { return st.Pool.Ping(ctx) }}}
	e := env{srv: serve(t, d), st: st}
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	acme := seed.Companies["Acme Oy"].UUID.String()
	payroll := fmt.Sprint(seed.Categories["Payroll"].ID)

	// the customer's stream of writes
	type outcome struct {
		title, code string
		status      int
	}
	var (
		mu        sync.Mutex
		outcomes  []outcome
		successes atomic.Int64
		failures  atomic.Int64
		stop      = make(chan struct{})
		done      = make(chan struct{})
	)
	go func() {
		defer close(done)
		for n := 0; ; n++ {
			select {
			case <-stop:
				return
			default:
			}
			title := fmt.Sprintf("outage thread %d", n)
			status, res := anna.graphqlNoFail(`mutation($c: ID!, $k: ID!, $t: String!) {
				createTask(companyId: $c, categoryId: $k, title: $t, description: "<p>written during the fault test</p>") { task { uuid } errors { code } } }`,
				map[string]any{"c": acme, "k": payroll, "t": title})
			o := outcome{title: title, status: status}
			if len(res.Errors) > 0 {
				o.code, _ = res.Errors[0].Extensions["code"].(string)
			}
			if status == http.StatusOK && len(res.Errors) == 0 {
				successes.Add(1)
			} else {
				failures.Add(1)
			}
			mu.Lock()
			outcomes = append(outcomes, o)
			mu.Unlock()
		}
	}()
	waitFor(t, "writes before the outage", func() bool { return successes.Load() >= 3 })

	require.NoError(t, pg.Stop(ctx))
	down := time.Now()
	waitFor(t, "failing writes", func() bool { return failures.Load() >= 3 })
	waitFor(t, "/readyz to say 503", func() bool {
		res, _ := e.client(t).get("/readyz")
		return res.StatusCode == http.StatusServiceUnavailable
	})
	time.Sleep(10*time.Second - time.Since(down)) // the outage lasts 10 s (the fault, not an assertion)
	require.NoError(t, pg.Start(ctx))

	waitFor(t, "/readyz to say 200", func() bool {
		res, _ := e.client(t).get("/readyz")
		return res.StatusCode == http.StatusOK
	})
	after := successes.Load()
	waitFor(t, "writes after the outage", func() bool { return successes.Load() >= after+3 })
	close(stop)
	<-done

	mu.Lock()
	defer mu.Unlock()
	var refused int
	for _, o := range outcomes {
		switch {
		case o.status == http.StatusOK && o.code == "":
		case o.status == http.StatusServiceUnavailable && o.code == "":
			refused++ // the session could not be read: SERVICE_UNAVAILABLE (a REST error, no GraphQL errors)
		case o.code == "INTERNAL_SERVER_ERROR":
			refused++
		default:
			t.Errorf("%s: answered %d %q during the outage: not a clear failure", o.title, o.status, o.code)
		}
		assert.NotEqual(t, http.StatusUnauthorized, o.status, "%s: the outage signed the customer out", o.title)
	}
	assert.Positive(t, refused)

	// nothing half-written: each thread has its activity and search row, and
	// the counters are exactly the threads
	var broken int
	require.NoError(t, st.Pool.QueryRow(ctx, `SELECT count(*) FROM threads t WHERE t.title LIKE 'outage thread %'
		AND (NOT EXISTS (SELECT 1 FROM activities a WHERE a.thread_id = t.id)
		  OR NOT EXISTS (SELECT 1 FROM thread_search s WHERE s.thread_id = t.id))`).Scan(&broken))
	assert.Zero(t, broken, "threads without their activity or search row")
	var drift int
	require.NoError(t, st.Pool.QueryRow(ctx, `SELECT count(*) FROM (
		SELECT company_id, category_id, task_type, status, hidden, count(*) AS n FROM threads GROUP BY 1, 2, 3, 4, 5) t
		FULL JOIN (SELECT * FROM thread_counters WHERE count > 0) c USING (company_id, category_id, task_type, status, hidden)
		WHERE t.n IS DISTINCT FROM c.count`).Scan(&drift))
	assert.Zero(t, drift, "thread counters that differ from the threads")
	var dup int
	require.NoError(t, st.Pool.QueryRow(ctx, `SELECT count(*) FROM (SELECT title FROM threads WHERE title LIKE 'outage thread %'
		GROUP BY title HAVING count(*) > 1) x`).Scan(&dup))
	assert.Zero(t, dup, "a write made twice")
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(faultWait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", faultWait, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// graphqlNoFail posts an operation and answers whatever came back, a failed
// connection as status 0.
func (c *client) graphqlNoFail(query string, vars map[string]any) (int, gqlResponse) {
	body, _ := jsonBody(query, vars)
	req, _ := http.NewRequest(http.MethodPost, c.base+"/graphql", body)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", c.base)
	res, err := c.http.Do(req)
	if err != nil {
		return 0, gqlResponse{}
	}
	defer res.Body.Close()
	var out gqlResponse
	_ = decodeJSON(res.Body, &out)
	return res.StatusCode, out
}

func jsonBody(query string, vars map[string]any) (*bytes.Reader, error) {
	b, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	return bytes.NewReader(b), err
}

func decodeJSON(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
