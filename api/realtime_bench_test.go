//go:build bench

package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
	"portico/demo"
	"portico/engine/notify"
	"portico/engine/store/dbtest"
	"portico/realtime"
)

// Realtime fan-out: one event to 1, 100 and 5,000 sockets of one user's
// channel, over real WebSockets on loopback through the API's /api/realtime
// handler and the LISTEN/NOTIFY bus. Per size it reports the process CPU per
// recipient (user + system time over all rounds, divided by the deliveries;
// the test's own clients read in the same process, so this is an upper bound
// of the server's share) and, from Publish (right after the writer's commit)
// to the last socket's read, the p50 and p99 latency.
func BenchmarkRealtimeFanout(b *testing.B) {
	st := dbtest.FreshStore(b)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(b, err)
	bus := realtime.New(st.Pool, realtime.Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = bus.Run(ctx); close(done) }()
	b.Cleanup(func() { cancel(); <-done })
	<-bus.Ready()
	srv := testServer(b, serverOpts{st: st, bus: bus, web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		configure: func(cfg *config.Config) { cfg.GraphQLRatePerMinute = 0 }}).srv
	anna := signedIn(b, srv.URL, "anna@acme.test")
	res, err := anna.http.Get(srv.URL + "/api/init.json")
	require.NoError(b, err)
	var init struct {
		RealtimeToken string `json:"realtimeToken"`
	}
	require.NoError(b, json.NewDecoder(res.Body).Decode(&init))
	res.Body.Close()
	user := seed.Users["anna@acme.test"].UUID

	f := &fanout{last: make(chan time.Time, 1)}
	var sockets []*websocket.Conn
	b.Cleanup(func() {
		for _, s := range sockets {
			s.Close()
		}
	})
	for range b.N {
		for _, n := range []int{1, 100, 5000} {
			for len(sockets) < n {
				sockets = append(sockets, dialFanout(b, anna, init.RealtimeToken, f))
			}
			rounds := map[int]int{1: 200, 100: 100, 5000: 30}[n]
			f.want.Store(int64(n))
			var lat []float64
			cpu0 := cpuTime()
			for r := range rounds {
				f.got.Store(0)
				t0 := time.Now()
				bus.Publish(context.Background(), notify.Event{Users: []uuid.UUID{user}, Key: "inbox_message.create",
					Data: map[string]any{"uuid": fmt.Sprintf("bench-%d-%d", n, r)}})
				select {
				case t1 := <-f.last:
					lat = append(lat, float64(t1.Sub(t0).Microseconds())/1000)
				case <-time.After(rtWait):
					b.Fatalf("%d sockets: %d of them got event %d", n, f.got.Load(), r)
				}
			}
			cpu := cpuTime() - cpu0
			sort.Float64s(lat)
			b.ReportMetric(float64(cpu.Microseconds())/float64(rounds*n), fmt.Sprintf("cpu_us_per_recipient_%d(goal<=1.5)", n))
			b.ReportMetric(lat[len(lat)/2], fmt.Sprintf("delivery_p50_ms_%d", n))
			b.ReportMetric(lat[len(lat)*99/100], fmt.Sprintf("delivery_p99_ms_%d(goal<=50)", n))
		}
	}
}

// fanout counts one round's deliveries and notes the time of the last.
type fanout struct {
	got, want atomic.Int64
	last      chan time.Time
}

func (f *fanout) hit() {
	if f.got.Add(1) == f.want.Load() {
		f.last <- time.Now()
	}
}

// dialFanout opens a socket with the browser's cookie, subscribes with the
// token and then reads in the background, counting each event in f.
func dialFanout(b *testing.B, c *browser, token string, f *fanout) *websocket.Conn {
	u, _ := url.Parse(c.base)
	h := http.Header{}
	for _, ck := range c.http.Jar.Cookies(u) {
		h.Add("Cookie", ck.String())
	}
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(c.base, "http")+"/api/realtime", h)
	require.NoError(b, err)
	require.NoError(b, conn.WriteJSON(map[string]string{"token": token}))
	var m realtime.Message
	require.NoError(b, conn.ReadJSON(&m))
	require.Equal(b, api.RealtimeSubscribed, m.Key)
	go func() {
		for {
			if _, _, err := conn.ReadMessage(); err != nil {
				return
			}
			f.hit()
		}
	}()
	return conn
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
