//go:build cluster

package faulttest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/cluster/portalclient"
)

// realtimeClient is a browser tab's realtime socket through the proxy: it
// reconnects whenever its socket closes, as the web app does.
type realtimeClient struct {
	drops, connects atomic.Int32
	connected       atomic.Bool
	mu              sync.Mutex
	conn            *websocket.Conn
}

func (rc *realtimeClient) run(ctx context.Context, base, token string) {
	for ctx.Err() == nil {
		conn, err := portalclient.DialRealtime(base, token, 10*time.Second)
		if err != nil {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		rc.mu.Lock()
		rc.conn = conn
		rc.mu.Unlock()
		rc.connects.Add(1)
		rc.connected.Store(true)
		for {
			if _, _, err := conn.ReadMessage(); err != nil {
				break
			}
		}
		rc.connected.Store(false)
		conn.Close()
		if ctx.Err() == nil {
			rc.drops.Add(1)
		}
	}
}

func (rc *realtimeClient) close() {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.conn != nil {
		rc.conn.Close()
	}
}

// realtimeConnections reads portico_realtime_connections from a process's /metrics.
func realtimeConnections(t *testing.T, opsURL string) int {
	t.Helper()
	res, err := http.Get(opsURL + "/metrics")
	require.NoError(t, err)
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "portico_realtime_connections "); ok {
			n, err := strconv.ParseFloat(v, 64)
			require.NoError(t, err)
			return int(n)
		}
	}
	return 0
}

// TestAPIKilledWithRealtimeClients: 200 realtime clients through haproxy and
// messages posted to a thread they read; kill -9 one API process. Its clients
// reconnect through the proxy to the other process, every post answered 200
// is in the database, none is stored half, and a refetch after reconnecting
// has every message.
func TestAPIKilledWithRealtimeClients(t *testing.T) {
	const clients = 200
	ctx := context.Background()
	reader := signIn(t, "anna@acme.test")
	poster := signIn(t, "agentadmin@portico.test")
	var list struct {
		Data struct {
			InboxTasks struct {
				Collection []struct{ UUID string } `json:"collection"`
			} `json:"inboxTasks"`
		} `json:"data"`
	}
	reader.mustGraphQL(t, `{ inboxTasks(limit: 1) { collection { uuid } } }`, nil, &list)
	require.NotEmpty(t, list.Data.InboxTasks.Collection, "a thread to post into")
	thread := list.Data.InboxTasks.Collection[0].UUID

	cctx, stopClients := context.WithCancel(ctx)
	rcs := make([]*realtimeClient, clients)
	var running sync.WaitGroup
	for i := range rcs {
		rcs[i] = &realtimeClient{}
		running.Add(1)
		go func(rc *realtimeClient) { defer running.Done(); rc.run(cctx, reader.Base, reader.RealtimeToken) }(rcs[i])
	}
	defer func() {
		stopClients()
		for _, rc := range rcs {
			rc.close()
		}
		running.Wait()
	}()
	allConnected := func() bool {
		for _, rc := range rcs {
			if !rc.connected.Load() {
				return false
			}
		}
		return true
	}
	eventually(t, 60*time.Second, "200 clients connected", allConnected)
	onAPI1 := realtimeConnections(t, c.url("api1_ops"))
	require.Positive(t, onAPI1, "the proxy gave api1 some of the sockets")
	t.Logf("sockets: api1 %d, api2 %d", onAPI1, realtimeConnections(t, c.url("api2_ops")))

	// posts at 5 a second, each with a marker to find it by; api1 dies after 5 s
	type post struct {
		marker, activity string
		err              error
	}
	var (
		mu    sync.Mutex
		posts []post
		wg    sync.WaitGroup
	)
	tick := time.NewTicker(200 * time.Millisecond)
	killAt, stopAt := time.Now().Add(5*time.Second), time.Now().Add(15*time.Second)
	killed := false
	for n := 0; time.Now().Before(stopAt); n++ {
		<-tick.C
		if !killed && time.Now().After(killAt) {
			c.kill(t, "api1", "KILL")
			defer c.up(t, "api1", c.url("api1")+"/healthz")
			killed = true
		}
		wg.Add(1)
		go func(marker string) {
			defer wg.Done()
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			var out struct {
				Data struct {
					CreateMessage struct {
						Activity *struct{ UUID string }  `json:"activity"`
						Errors   []struct{ Code string } `json:"errors"`
					} `json:"createMessage"`
				} `json:"data"`
			}
			err := poster.graphql(pctx, `mutation($t: ID!, $m: String) { createMessage(taskId: $t, message: $m) {
				activity { uuid } errors { code } } }`, map[string]any{"t": thread, "m": "<p>" + marker + "</p>"}, &out)
			p := post{marker: marker, err: err}
			if err == nil && out.Data.CreateMessage.Activity != nil {
				p.activity = out.Data.CreateMessage.Activity.UUID
			} else if err == nil {
				p.err = fmt.Errorf("no activity: %v", out.Data.CreateMessage.Errors)
			}
			mu.Lock()
			posts = append(posts, p)
			mu.Unlock()
		}(fmt.Sprintf("fault-%d-%d", time.Now().UnixNano(), n))
	}
	tick.Stop()
	wg.Wait()

	// every client is back, all of them on api2
	eventually(t, 60*time.Second, "every client reconnected", allConnected)
	eventually(t, 30*time.Second, "every socket on api2", func() bool {
		return realtimeConnections(t, c.url("api2_ops")) == clients
	})
	drops := 0
	for _, rc := range rcs {
		drops += int(rc.drops.Load())
	}
	assert.GreaterOrEqual(t, drops, onAPI1, "api1's clients lost their sockets")

	var ok []string
	var failed []string
	for _, p := range posts {
		if p.err == nil {
			ok = append(ok, p.activity)
		} else {
			failed = append(failed, p.marker+": "+p.err.Error())
		}
	}
	t.Logf("posts: %d answered 200, %d failed %v; sockets dropped %d (api1 had %d)", len(ok), len(failed), failed, drops, onAPI1)
	require.NotEmpty(t, ok)

	assertPostsStored(t, thread, "fault-", ok)

	// each client refetches the thread after reconnecting, as the web app does: every answered post is there
	for i := range rcs {
		seen := map[string]bool{}
		var first *string
		for {
			var page struct {
				Data struct {
					InboxActivities struct {
						Collection    []struct{ UUID string } `json:"collection"`
						HasMoreBefore bool                    `json:"hasMoreBefore"`
					} `json:"inboxActivities"`
				} `json:"data"`
			}
			reader.mustGraphQL(t, `query($t: ID!, $f: ID) { inboxActivities(taskId: $t, limit: 100, firstId: $f) {
				collection { uuid } hasMoreBefore } }`, map[string]any{"t": thread, "f": first}, &page)
			for _, a := range page.Data.InboxActivities.Collection {
				seen[a.UUID] = true
			}
			if !page.Data.InboxActivities.HasMoreBefore || len(page.Data.InboxActivities.Collection) == 0 {
				break
			}
			first = &page.Data.InboxActivities.Collection[0].UUID
		}
		for _, id := range ok {
			if !seen[id] {
				t.Fatalf("client %d's refetch lacks message %s", i, id)
			}
		}
	}
}
