//go:build cluster

package faulttest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPostgresRestart: PostgreSQL stops (a fast shutdown) and starts again
// 10 s later while messages are posted through the proxy. Meanwhile requests
// answer 503 SERVICE_UNAVAILABLE and /readyz 503; nothing is half-written;
// afterwards every Portico process serves again without being restarted, and
// a run started then advances on a worker.
func TestPostgresRestart(t *testing.T) {
	ctx := context.Background()
	poster := signIn(t, "agentadmin@portico.test")
	var thread string
	require.NoError(t, c.db.QueryRow(ctx, `SELECT t.uuid FROM threads t JOIN companies co ON co.id = t.company_id
		WHERE co.name = 'Acme Oy' AND NOT t.hidden ORDER BY t.id LIMIT 1`).Scan(&thread))
	procs := []string{"api1", "api2", "worker1", "worker2", "scheduler1", "scheduler2"}
	pids := map[string]string{}
	for _, p := range procs {
		out, err := c.script("pid", p)
		require.NoError(t, err, out)
		pids[p] = strings.TrimSpace(out)
	}

	type post struct {
		marker, activity string
		status           int
		code             string
		err              error
	}
	var (
		mu    sync.Mutex
		posts []post
		wg    sync.WaitGroup
	)
	send := func(marker string) {
		defer wg.Done()
		pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		body, _ := json.Marshal(map[string]any{"query": `mutation($t: ID!, $m: String) { createMessage(taskId: $t, message: $m) {
			activity { uuid } errors { code } } }`, "variables": map[string]any{"t": thread, "m": "<p>" + marker + "</p>"}})
		req, _ := http.NewRequestWithContext(pctx, http.MethodPost, poster.Base+"/graphql", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", poster.Base)
		p := post{marker: marker}
		res, err := poster.HTTP.Do(req)
		if err != nil {
			p.err = err
		} else {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			p.status = res.StatusCode
			var out struct {
				Errors []struct {
					Code       string `json:"code"`
					Message    string `json:"message"`
					Extensions struct {
						Code string `json:"code"`
					} `json:"extensions"`
				} `json:"errors"`
				Data struct {
					CreateMessage struct {
						Activity *struct{ UUID string } `json:"activity"`
					} `json:"createMessage"`
				} `json:"data"`
			}
			_ = json.Unmarshal(b, &out)
			if len(out.Errors) > 0 {
				e := out.Errors[0]
				p.code = e.Code // the middleware's answer, or a GraphQL error's code and message
				if p.code == "" {
					p.code = e.Extensions.Code + " " + e.Message
				}
			}
			if out.Data.CreateMessage.Activity != nil {
				p.activity = out.Data.CreateMessage.Activity.UUID
			}
		}
		mu.Lock()
		posts = append(posts, p)
		mu.Unlock()
	}

	// /readyz is sampled while PostgreSQL's port is closed
	pgDown := func() bool { return !portOpen("127.0.0.1:" + c.ports["postgres"]) }
	readyDuring := map[int]int{}
	tick := time.NewTicker(200 * time.Millisecond)
	stopAt, downAt, upAt := time.Now().Add(25*time.Second), time.Now().Add(3*time.Second), time.Now().Add(13*time.Second)
	down, up := false, false
	for n := 0; time.Now().Before(stopAt); n++ {
		<-tick.C
		switch {
		case !down && time.Now().After(downAt):
			c.kill(t, "postgres", "INT") // a fast shutdown: clients are cut off
			down = true
		case down && !up && time.Now().After(upAt):
			out, err := c.script("up", "postgres")
			require.NoError(t, err, out)
			up = true
		}
		if pgDown() && !up {
			if res, err := http.Get(c.url("portal") + "/readyz"); err == nil {
				res.Body.Close()
				readyDuring[res.StatusCode]++
			}
		}
		wg.Add(1)
		go send(fmt.Sprintf("pgfault-%d-%d", time.Now().UnixNano(), n))
	}
	tick.Stop()
	wg.Wait()

	byOutcome := map[string]int{}
	var ok []string
	for _, p := range posts {
		switch {
		case p.activity != "":
			ok = append(ok, p.activity)
			byOutcome["200"]++
		case p.err != nil:
			byOutcome["error: "+p.err.Error()]++
		default:
			byOutcome[fmt.Sprintf("%d %s", p.status, p.code)]++
		}
	}
	t.Logf("posts: %v; /readyz while down: %v", byOutcome, readyDuring)
	assert.Positive(t, byOutcome["503 SERVICE_UNAVAILABLE"], "requests answer 503 SERVICE_UNAVAILABLE while PostgreSQL is away")
	assert.Positive(t, readyDuring[http.StatusServiceUnavailable], "/readyz answers 503 while PostgreSQL is away")
	assert.Zero(t, readyDuring[http.StatusOK], "/readyz never 200 while PostgreSQL is away")

	// every process is ready again, none restarted
	for _, p := range []string{"api1", "api2"} {
		eventually(t, 60*time.Second, p+" ready again", func() bool { return httpOK(c.url(p) + "/readyz") })
	}
	for _, p := range []string{"worker1", "worker2"} {
		eventually(t, 60*time.Second, p+" ready again", func() bool { return httpOK(c.url(p+"_ops") + "/readyz") })
	}
	for _, p := range procs {
		out, err := c.script("pid", p)
		require.NoError(t, err, out)
		assert.Equal(t, pids[p], strings.TrimSpace(out), "%s was not restarted", p)
	}

	// nothing half-written
	assertPostsStored(t, thread, "pgfault-", ok)

	// the API, Temporal and a worker all work again: a run started now gets its task
	admin := signIn(t, "admin@portico.test")
	run := startVATRun(t, admin)
	eventually(t, 60*time.Second, "a run started after the restart creates its task", func() bool {
		var n int
		_ = c.db.QueryRow(ctx, `SELECT count(*) FROM threads t JOIN workflow_instances wi ON wi.id = t.workflow_instance_id
			WHERE wi.uuid = $1`, run.UUID).Scan(&n)
		return n == 1
	})
}
