//go:build bench

package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
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
// channel, over real WebSockets on loopback, through the API's /api/realtime
// handler and the LISTEN/NOTIFY bus. The sockets are read by another process
// (this test binary again, TestRealtimeFanoutReaders), so the CPU time this
// process spends in a round (getrusage: user + system, from Publish to the
// last socket's read) is the server's alone. The baseline, in the same run
// and interleaved round by round, is bare gorilla: the same JSON as one
// PreparedMessage handed to the same number of loopback sockets, each with a
// writer goroutine as in gorilla's chat example (a buffered channel, a write
// deadline per message, a reader goroutine, a ping ticker), read by a reader
// process of its own. A second one, direct_*, writes to every socket in turn
// from the broadcasting goroutine: the write syscall's floor, without the
// goroutine per socket that keeps a slow reader from delaying the others. Per
// size it reports the CPU per recipient of each, Portico's ratio to bare, and
// from Publish (right after the writer's commit) to the last socket's read the
// p50 and p99 latency of each.
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

	// the sides, each with its server and its reader process, measured in turn
	type side struct {
		name    string
		readers *fanoutReaders
		send    func(marker string)
		rounds  fanoutRounds
	}
	bareSide := func(name string, direct bool) *side {
		bare := newBareBroadcast(direct)
		bareSrv := httptest.NewServer(bare)
		b.Cleanup(bareSrv.Close)
		b.Cleanup(bare.close)
		return &side{name: name, readers: startFanoutReaders(b, "ws"+strings.TrimPrefix(bareSrv.URL, "http"), ""),
			send: func(marker string) {
				// the same bytes as Portico's message, made into a frame once
				data, _ := json.Marshal(map[string]any{"uuid": marker})
				m, _ := json.Marshal(realtime.Message{Channel: realtime.ChannelFor(user), Key: "inbox_message.create", Data: data})
				bare.broadcast(m)
			}}
	}
	ours := &side{name: "portico", readers: startFanoutReaders(b, "ws"+strings.TrimPrefix(srv.URL, "http")+"/api/realtime", init.RealtimeToken),
		send: func(marker string) {
			bus.Publish(context.Background(), notify.Event{Users: []uuid.UUID{user}, Key: "inbox_message.create",
				Data: map[string]any{"uuid": marker}})
		}}
	bare, direct := bareSide("bare", false), bareSide("direct", true)
	sides := []*side{ours, bare, direct}

	for range b.N {
		for _, n := range []int{1, 100, 5000} {
			rounds := map[int]int{1: 200, 100: 100, 5000: 30}[n]
			for _, s := range sides {
				s.readers.open(n)
				s.rounds = fanoutRounds{}
				// one unmeasured round first: frames, buffers and goroutine stacks grown
				s.readers.round(fmt.Sprintf("warm-%s-%d", s.name, n), n, s.send)
			}
			for r := range rounds {
				// each round starts with another side, so none always follows the same one's leftovers
				for i := range sides {
					s := sides[(r+i)%len(sides)]
					s.rounds.add(s.readers.round(fmt.Sprintf("%s-%d-%d", s.name, n, r), n, s.send))
				}
			}
			perRecipient := func(f fanoutRounds) float64 {
				return float64(f.cpu.Microseconds()) / float64(rounds*n)
			}
			b.ReportMetric(perRecipient(ours.rounds), fmt.Sprintf("cpu_us_per_recipient_%d(goal<=1.5)", n))
			b.ReportMetric(ours.rounds.percentile(50), fmt.Sprintf("delivery_p50_ms_%d", n))
			b.ReportMetric(ours.rounds.percentile(99), fmt.Sprintf("delivery_p99_ms_%d(goal<=50)", n))
			b.ReportMetric(float64(ours.rounds.cpu)/float64(bare.rounds.cpu), fmt.Sprintf("x_cpu_vs_bare_%d", n))
			for _, s := range sides[1:] {
				b.ReportMetric(perRecipient(s.rounds), fmt.Sprintf("%s_cpu_us_per_recipient_%d", s.name, n))
				b.ReportMetric(s.rounds.percentile(50), fmt.Sprintf("%s_delivery_p50_ms_%d", s.name, n))
				b.ReportMetric(s.rounds.percentile(99), fmt.Sprintf("%s_delivery_p99_ms_%d", s.name, n))
			}
		}
	}
}

// fanoutRounds sums the server's CPU time over rounds and keeps each round's latency.
type fanoutRounds struct {
	cpu time.Duration
	lat []float64 // ms
}

func (f *fanoutRounds) add(cpu, latency time.Duration) {
	f.cpu += cpu
	f.lat = append(f.lat, float64(latency.Microseconds())/1000)
}

func (f *fanoutRounds) percentile(p int) float64 {
	sort.Float64s(f.lat)
	return f.lat[len(f.lat)*p/100]
}

// fanoutReaders is a reader process: it holds sockets to one server and says
// when every one of them has read a round's message.
type fanoutReaders struct {
	b   *testing.B
	in  io.WriteCloser
	out chan string
}

// startFanoutReaders runs TestRealtimeFanoutReaders of this binary against a
// WebSocket address (sending the realtime token first when there is one).
func startFanoutReaders(b *testing.B, wsURL, token string) *fanoutReaders {
	cmd := exec.Command(os.Args[0], "-test.run=^TestRealtimeFanoutReaders$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PORTICO_FANOUT_URL="+wsURL, "PORTICO_FANOUT_TOKEN="+token)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	require.NoError(b, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(b, err)
	require.NoError(b, cmd.Start())
	r := &fanoutReaders{b: b, in: in, out: make(chan string, 1)}
	go func() {
		defer close(r.out)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if line := sc.Text(); strings.HasPrefix(line, "fanout ") {
				r.out <- strings.TrimPrefix(line, "fanout ")
			}
		}
	}()
	b.Cleanup(func() { in.Close(); _ = cmd.Wait() })
	return r
}

// ask sends a command and returns the answer.
func (r *fanoutReaders) ask(format string, args ...any) string {
	r.b.Helper()
	_, err := fmt.Fprintf(r.in, format+"\n", args...)
	require.NoError(r.b, err)
	return r.answer()
}

func (r *fanoutReaders) answer() string {
	r.b.Helper()
	select {
	case line, ok := <-r.out:
		require.True(r.b, ok, "the reader process ended")
		require.False(r.b, strings.HasPrefix(line, "error"), line)
		return line
	case <-time.After(2 * time.Minute): // 5,000 dials on a busy machine
		r.b.Fatal("the reader process did not answer")
		return ""
	}
}

// open grows the process's sockets to n.
func (r *fanoutReaders) open(n int) { r.ask("open %d", n) }

// round sends one message to every socket (through send) and returns the
// CPU time this process spent and the time from sending to the last read.
func (r *fanoutReaders) round(marker string, n int, send func(marker string)) (time.Duration, time.Duration) {
	r.b.Helper()
	r.ask("expect %s %d", marker, n)
	cpu0, t0 := cpuTime(), time.Now()
	send(marker)
	line := r.answer()
	cpu := cpuTime() - cpu0
	last, err := strconv.ParseInt(strings.TrimPrefix(line, "done "), 10, 64)
	require.NoError(r.b, err, line)
	return cpu, time.Unix(0, last).Sub(t0)
}

// TestRealtimeFanoutReaders is BenchmarkRealtimeFanout's reader process; it
// does nothing unless PORTICO_FANOUT_URL is set. Commands on stdin, answers
// on stdout prefixed "fanout ":
//
//	open N           → opened N       (N sockets in all are open and subscribed)
//	expect MARKER N  → ok             then, when N messages containing MARKER were read:
//	                   done UNIXNANO  (the wall-clock time of the last read)
func TestRealtimeFanoutReaders(t *testing.T) {
	wsURL := os.Getenv("PORTICO_FANOUT_URL")
	if wsURL == "" {
		t.Skip("the reader process of BenchmarkRealtimeFanout")
	}
	token := os.Getenv("PORTICO_FANOUT_TOKEN")
	var (
		outMu  sync.Mutex
		marker atomic.Pointer[[]byte]
		got    atomic.Int64
		want   atomic.Int64
		conns  []*websocket.Conn
	)
	say := func(format string, args ...any) {
		outMu.Lock()
		defer outMu.Unlock()
		fmt.Fprintf(os.Stdout, "fanout "+format+"\n", args...)
	}
	read := func(conn *websocket.Conn) {
		var buf bytes.Buffer
		for {
			_, rd, err := conn.NextReader()
			if err != nil {
				return
			}
			buf.Reset()
			if _, err := buf.ReadFrom(rd); err != nil {
				return
			}
			if m := marker.Load(); m != nil && bytes.Contains(buf.Bytes(), *m) && got.Add(1) == want.Load() {
				say("done %d", time.Now().UnixNano())
			}
		}
	}
	dial := func() (*websocket.Conn, error) {
		conn, _, err := websocket.DefaultDialer.Dial(wsURL, nil)
		if err != nil {
			return nil, err
		}
		if token == "" { // the baseline's server says when it has the socket
			if _, m, err := conn.ReadMessage(); err != nil || string(m) != bareReady {
				return nil, fmt.Errorf("not ready: %q %v", m, err)
			}
			return conn, nil
		}
		if err := conn.WriteJSON(map[string]string{"token": token}); err != nil {
			return nil, err
		}
		var m realtime.Message
		if err := conn.ReadJSON(&m); err != nil || m.Key != api.RealtimeSubscribed {
			return nil, fmt.Errorf("not subscribed: %q %v", m.Key, err)
		}
		return conn, nil
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		switch {
		case len(f) == 2 && f[0] == "open":
			n, _ := strconv.Atoi(f[1])
			opened := make([]*websocket.Conn, n-min(n, len(conns)))
			var wg sync.WaitGroup
			var failed atomic.Value
			sem := make(chan struct{}, 16)
			for i := range opened {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					conn, err := dial()
					if err != nil {
						failed.Store(err)
						return
					}
					opened[i] = conn
				}()
			}
			wg.Wait()
			if err, ok := failed.Load().(error); ok {
				say("error opening sockets: %v", err)
				continue
			}
			for _, conn := range opened {
				conns = append(conns, conn)
				go read(conn)
			}
			say("opened %d", len(conns))
		case len(f) == 3 && f[0] == "expect":
			m := []byte(f[1])
			n, _ := strconv.Atoi(f[2])
			got.Store(0)
			want.Store(int64(n))
			marker.Store(&m)
			say("ok")
		default:
			say("error unknown command %q", in.Text())
		}
	}
	for _, conn := range conns {
		conn.Close()
	}
}

// bareReady is the baseline server's first message on a socket.
const bareReady = "ready"

// bareBroadcast is the baseline: gorilla's chat-example hub without Portico.
// With direct, the broadcasting goroutine writes to every socket in turn,
// without a goroutine or deadline per socket: the floor that the write
// syscall per socket sets (and no isolation of a slow reader).
type bareBroadcast struct {
	upgrader websocket.Upgrader
	direct   bool
	mu       sync.Mutex
	clients  map[chan *websocket.PreparedMessage]struct{}
	conns    []*websocket.Conn // the direct one's
	closing  chan struct{}
}

func newBareBroadcast(direct bool) *bareBroadcast {
	return &bareBroadcast{upgrader: websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 4096}, direct: direct,
		clients: map[chan *websocket.PreparedMessage]struct{}{}, closing: make(chan struct{})}
}

func (h *bareBroadcast) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	conn, err := h.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		for {
			if _, _, err := conn.NextReader(); err != nil {
				return
			}
		}
	}()
	// ready, once the socket is among those a broadcast reaches
	if h.direct {
		h.mu.Lock()
		defer h.mu.Unlock() // a broadcast writes under it too
		h.conns = append(h.conns, conn)
		_ = conn.WriteMessage(websocket.TextMessage, []byte(bareReady))
		return
	}
	send := make(chan *websocket.PreparedMessage, 256)
	h.mu.Lock()
	h.clients[send] = struct{}{}
	h.mu.Unlock()
	_ = conn.WriteMessage(websocket.TextMessage, []byte(bareReady)) // before the writer starts
	go func() {
		defer conn.Close()
		defer func() { h.mu.Lock(); delete(h.clients, send); h.mu.Unlock() }()
		ping := time.NewTicker(54 * time.Second)
		defer ping.Stop()
		for {
			select {
			case pm := <-send:
				_ = conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
				if conn.WritePreparedMessage(pm) != nil {
					return
				}
			case <-ping.C:
				if conn.WriteControl(websocket.PingMessage, nil, time.Now().Add(10*time.Second)) != nil {
					return
				}
			case <-gone:
				return
			case <-h.closing:
				return
			}
		}
	}()
}

// broadcast prepares one frame and offers it to every client (a full buffer
// skips the client), or with direct writes it to each.
func (h *bareBroadcast) broadcast(data []byte) {
	pm, _ := websocket.NewPreparedMessage(websocket.TextMessage, data)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, conn := range h.conns {
		_ = conn.WritePreparedMessage(pm)
	}
	for send := range h.clients {
		select {
		case send <- pm:
		default:
		}
	}
}

func (h *bareBroadcast) close() {
	close(h.closing)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, conn := range h.conns {
		conn.Close()
	}
}

// cpuTime is this process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
