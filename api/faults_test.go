package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
	"portico/demo"
	"portico/devstack"
	"portico/engine/store"
	"portico/realtime"
)

// faultWait bounds every wait for a state; reaching it fails the test.
const faultWait = 90 * time.Second

// PostgreSQL stops for 10 s while a customer keeps creating threads: requests
// fail with a clear error (503 SERVICE_UNAVAILABLE when the session cannot
// be read, else the GraphQL SERVICE_UNAVAILABLE service_unavailable; never
// something_went_wrong, never a sign-out), /readyz says
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

	e := testServer(t, serverOpts{st: st, configure: func(cfg *config.Config) { cfg.GraphQLRatePerMinute = 0 },
		adjust: func(d *api.Deps) {
			d.Ready = []api.ReadyCheck{{Name: "database", Check: func(ctx context.Context) error { return st.Pool.Ping(ctx) }}}
		}}).env
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
		case o.status == http.StatusOK && o.code == "SERVICE_UNAVAILABLE":
			refused++ // the GraphQL write reached the database's absence: service_unavailable
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

// An API process restarts while a customer's browser holds a realtime
// socket: the socket closes, a thread is written meanwhile through another
// API process, the browser reconnects to the restarted process, its refetch
// (what the web app does after every reconnect) shows the thread written
// while it was away, and events written after the reconnect arrive on the
// socket. Events written while no socket was open are not replayed (docs/operations.md,
// Faults: delivery is at most once).
func TestAPIRestartWithRealtimeClient(t *testing.T) {
	e := setupRealtime(t)
	d := e.deps
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	first := startTracked(ln, api.NewServer(d).Handler())
	t.Cleanup(first.stop)
	other := e.env // another API process on the same database and bus

	anna := e.client(t)
	anna.base = "http://" + addr
	anna.signIn("anna@acme.test")
	token := anna.init().RealtimeToken
	conn := anna.subscribe(token)

	first.stop() // the process dies: its listener and every connection go
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(rtWait)))
	_, _, err = conn.ReadMessage()
	require.Error(t, err, "the socket of a stopped process closes")

	agent := other.client(t)
	agent.signIn("agentadmin@portico.test")
	acme := e.seed.Companies["Acme Oy"].UUID.String()
	payroll := fmt.Sprint(e.seed.Categories["Payroll"].ID)
	create := `mutation($c: ID!, $k: ID!, $t: String!) { createTask(companyId: $c, categoryId: $k, title: $t) { task { uuid } errors { code } } }`
	var created struct {
		Task   struct{ UUID string }
		Errors []struct{ Code string }
	}
	agent.gql(create, map[string]any{"c": acme, "k": payroll, "t": "written while the API was away"}, "createTask", &created)
	require.Empty(t, created.Errors)

	var second *tracked
	waitFor(t, "the address to be free for the restarted process", func() bool {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return false
		}
		second = startTracked(ln, api.NewServer(d).Handler())
		return true
	})
	t.Cleanup(second.stop)
	var again *websocket.Conn
	waitFor(t, "the socket to reconnect", func() bool {
		c, _, err := anna.socket(anna.base)
		if err != nil {
			return false
		}
		if c.WriteJSON(map[string]string{"token": token}) != nil {
			return false
		}
		var m realtime.Message
		_ = c.SetReadDeadline(time.Now().Add(rtWait))
		if c.ReadJSON(&m) != nil || m.Key != api.RealtimeSubscribed {
			return false
		}
		again = c
		return true
	})
	// the refetch after reconnecting brings what was written meanwhile
	status, res := anna.graphql(`{ inboxTasks(limit: 50) { collection { uuid title } } }`, nil)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(res.Data["inboxTasks"]), created.Task.UUID)

	// and events after the reconnect arrive
	agent.gql(create, map[string]any{"c": acme, "k": payroll, "t": "written after the reconnect"}, "createTask", &created)
	require.Empty(t, created.Errors)
	for {
		m := readMessage(t, again)
		if strings.Contains(string(m.Data), created.Task.UUID) {
			break
		}
	}
}

// tracked is an API process's HTTP server that can die as a process does:
// the listener and every connection, upgraded sockets too, close at once.
type tracked struct {
	srv   *http.Server
	mu    sync.Mutex
	conns map[net.Conn]bool
	once  sync.Once
}

func startTracked(ln net.Listener, h http.Handler) *tracked {
	tr := &tracked{conns: map[net.Conn]bool{}}
	tr.srv = &http.Server{Handler: h, ConnState: func(c net.Conn, s http.ConnState) {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		switch s {
		case http.StateNew:
			tr.conns[c] = true
		case http.StateClosed:
			delete(tr.conns, c)
		}
	}}
	go func() { _ = tr.srv.Serve(ln) }()
	return tr
}

func (tr *tracked) stop() {
	tr.once.Do(func() {
		_ = tr.srv.Close()
		tr.mu.Lock()
		defer tr.mu.Unlock()
		for c := range tr.conns {
			_ = c.Close()
		}
	})
}
