// Command portico-load is the realtime load generator of `make bench`: against
// a running portal on loopback (PORTICO_URL; signed in by dev login, or
// through the Google button where Google is the demo's OpenID provider, as in
// `make cluster`) it holds many realtime WebSockets, posts messages into one
// thread at a fixed rate, and reports lost events, delivery latency
// (p50/p99), and the server processes' CPU time per delivered event, read
// from /proc: PORTICO_PID's, or each of PORTICO_PIDS (name=pid,...: the
// processes of a cluster). With PORTICO_METRICS (name=URL of /metrics,...) it
// reports how many sockets each API process holds once all are open. Beside the
// delivery latency it reports its two parts' bounds: how long the posts took
// to be answered (the write path) and an event's fan-out alone, from its first
// socket to its last.
//
// Sockets are spread over the demo users: -audience of them belong to users
// who read the thread (they receive every message), the rest to a user of
// another company (held open, receiving nothing). It refuses any address but
// loopback, and keeps at most a second's posts unanswered (a tick beyond is
// skipped and counted), so a server slower than the rate is reported as such.
//
// It imports no Portico package: it talks to the portal over HTTP and
// WebSockets, as browsers do.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"portico/cluster/portalclient"
)

func main() {
	sockets := flag.Int("sockets", 5000, "realtime sockets held open")
	audience := flag.Int("audience", 100, "of them, sockets of users who read the thread")
	rate := flag.Int("rate", 100, "messages posted a second")
	duration := flag.Duration("duration", 2*time.Minute, "how long messages are posted")
	drain := flag.Duration("drain", 10*time.Second, "how long to wait for the last events")
	flag.Parse()
	base := strings.TrimRight(os.Getenv("PORTICO_URL"), "/")
	if err := run(base, *sockets, *audience, *rate, *duration, *drain); err != nil {
		fmt.Fprintln(os.Stderr, "portico-load:", err)
		os.Exit(1)
	}
}

// arrival is one message event read on one socket.
type arrival struct {
	id     string
	at     time.Time
	socket int
}

func run(base string, sockets, audience, rate int, duration, drain time.Duration) error {
	if err := portalclient.CheckLoopback(base); err != nil {
		return err
	}
	audience = min(audience, sockets)
	// the thread: the newest of anna's inbox (Acme Oy); agentadmin, who sees
	// every category of Acme Oy, posts into it and anna's sockets hear it
	ctx := context.Background()
	reader, err := portalclient.SignIn(ctx, base, "anna@acme.test")
	if err != nil {
		return err
	}
	poster, err := portalclient.SignIn(ctx, base, "agentadmin@portico.test")
	if err != nil {
		return err
	}
	var list struct {
		Data struct {
			InboxTasks struct {
				Collection []struct{ UUID string } `json:"collection"`
			} `json:"inboxTasks"`
		} `json:"data"`
	}
	if err := reader.GraphQL(ctx, `{ inboxTasks(limit: 1) { collection { uuid } } }`, nil, &list); err != nil {
		return err
	}
	if len(list.Data.InboxTasks.Collection) == 0 {
		return fmt.Errorf("no thread to post into")
	}
	thread := list.Data.InboxTasks.Collection[0].UUID
	readerSessions := []*portalclient.Session{reader}
	idle, err := portalclient.SignIn(ctx, base, "eva@borealis.test")
	if err != nil {
		return err
	}

	fmt.Printf("opening %d sockets (%d of readers of the thread)...\n", sockets, audience)
	var (
		mu          sync.Mutex
		sent        = map[string]time.Time{}
		answers     []time.Duration // post sent → its answer
		latencies   []time.Duration
		arrivals    []arrival
		received    atomic.Int64
		unknown     atomic.Int64
		perSocket   = make([]atomic.Int64, sockets)
		closedEarly atomic.Int64
	)
	conns := make([]*websocket.Conn, sockets)
	openStart := time.Now()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 50)
	var dialErr atomic.Value
	for i := range sockets {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			tok := idle.RealtimeToken
			if i < audience {
				tok = readerSessions[i%len(readerSessions)].RealtimeToken
			}
			conn, err := portalclient.DialRealtime(base, tok, 30*time.Second)
			if err != nil {
				dialErr.Store(err)
				return
			}
			conns[i] = conn
		}(i)
	}
	wg.Wait()
	if err, ok := dialErr.Load().(error); ok {
		return fmt.Errorf("opening sockets: %w", err)
	}
	fmt.Printf("%d sockets open in %s\n", sockets, time.Since(openStart).Round(time.Millisecond))
	var readers2 sync.WaitGroup
	for i, conn := range conns {
		readers2.Add(1)
		go func(i int, conn *websocket.Conn) {
			defer readers2.Done()
			for {
				var m struct {
					Key  string
					Data struct {
						ActivityID string `json:"activityId"`
					}
				}
				if err := conn.ReadJSON(&m); err != nil {
					if !websocket.IsCloseError(err, websocket.CloseNormalClosure) && !strings.Contains(err.Error(), "use of closed") {
						closedEarly.Add(1)
					}
					return
				}
				if m.Key != "inbox_message.create" {
					continue
				}
				// an event often comes before the post's answer: match at the end
				mu.Lock()
				arrivals = append(arrivals, arrival{id: m.Data.ActivityID, at: time.Now(), socket: i})
				mu.Unlock()
				received.Add(1)
			}
		}(i, conn)
	}

	if m := os.Getenv("PORTICO_METRICS"); m != "" {
		fmt.Printf("sockets per process: %s\n", socketsPerProcess(m))
	}
	procs := serverProcesses()
	cpuBefore := cpuTimes(procs)
	fmt.Printf("posting %d messages a second for %s...\n", rate, duration)
	var posted, failed, skipped atomic.Int64
	// at most a second's posts unanswered: a server slower than the rate gets
	// skipped ticks (reported), not an ever longer queue of requests
	inFlight := make(chan struct{}, rate)
	tick := time.NewTicker(time.Second / time.Duration(rate))
	stop := time.After(duration)
	var posters sync.WaitGroup
loop:
	for n := 0; ; n++ {
		select {
		case <-stop:
			break loop
		case <-tick.C:
		}
		select {
		case inFlight <- struct{}{}:
		default:
			skipped.Add(1)
			continue
		}
		posters.Add(1)
		go func(n int) {
			defer posters.Done()
			defer func() { <-inFlight }()
			start := time.Now()
			var out struct {
				Data struct {
					CreateMessage struct {
						Activity *struct{ UUID string }  `json:"activity"`
						Errors   []struct{ Code string } `json:"errors"`
					} `json:"createMessage"`
				} `json:"data"`
			}
			// the send time is kept before the answer: an event may come first
			err := poster.GraphQL(ctx, `mutation($t: ID!, $m: String) { createMessage(taskId: $t, message: $m) { activity { uuid } errors { code } } }`,
				map[string]any{"t": thread, "m": "<p>load " + strconv.Itoa(n) + "</p>"}, &out)
			if err != nil || out.Data.CreateMessage.Activity == nil {
				failed.Add(1)
				if failed.Load() <= 3 {
					fmt.Fprintf(os.Stderr, "post failed: %v %v\n", err, out.Data.CreateMessage.Errors)
				}
				return
			}
			mu.Lock()
			sent[out.Data.CreateMessage.Activity.UUID] = start
			answers = append(answers, time.Since(start))
			mu.Unlock()
			posted.Add(1)
		}(n)
	}
	tick.Stop()
	posters.Wait()
	// wait for the last events, as long as they still arrive
	want := posted.Load() * int64(audience)
	deadline := time.Now().Add(drain)
	for received.Load() < want && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	cpuAfter := cpuTimes(procs)
	for _, c := range conns {
		_ = c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
		c.Close()
	}
	readers2.Wait()

	mu.Lock()
	received.Store(0)
	for _, a := range arrivals {
		at, ok := sent[a.id]
		if !ok {
			unknown.Add(1)
			continue
		}
		latencies = append(latencies, a.at.Sub(at))
		received.Add(1)
		perSocket[a.socket].Add(1)
	}
	// the fan-out alone: from an event's first socket to its last
	first, last := map[string]time.Time{}, map[string]time.Time{}
	for _, a := range arrivals {
		if f, ok := first[a.id]; !ok || a.at.Before(f) {
			first[a.id] = a.at
		}
		if l, ok := last[a.id]; !ok || a.at.After(l) {
			last[a.id] = a.at
		}
	}
	var spreads []time.Duration
	for id, f := range first {
		spreads = append(spreads, last[id].Sub(f))
	}
	pct := percentiles(latencies)
	answered := percentiles(answers)
	spread := percentiles(spreads)
	mu.Unlock()
	short := 0
	for i := range audience {
		if perSocket[i].Load() < posted.Load() {
			short++
		}
	}
	fmt.Printf("sockets %d (readers %d), messages posted %d (failed %d; %d skipped: a second's posts were unanswered) over %s\n",
		sockets, audience, posted.Load(), failed.Load(), skipped.Load(), duration)
	fmt.Printf("events expected %d, delivered %d, lost %d; reader sockets missing events: %d; sockets dropped: %d; unknown events: %d\n",
		want, received.Load(), want-received.Load(), short, closedEarly.Load(), unknown.Load())
	fmt.Printf("delivery latency (post sent → event read): p50 %s, p99 %s, max %s\n",
		pct(0.50).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), pct(1).Round(time.Microsecond))
	fmt.Printf("post answered (post sent → createMessage's answer): p50 %s, p99 %s, max %s\n",
		answered(0.50).Round(time.Microsecond), answered(0.99).Round(time.Microsecond), answered(1).Round(time.Microsecond))
	fmt.Printf("fan-out (an event's first socket → its last of %d): p50 %s, p99 %s, max %s\n", audience,
		spread(0.50).Round(time.Microsecond), spread(0.99).Round(time.Microsecond), spread(1).Round(time.Microsecond))
	reportCPU(procs, cpuBefore, cpuAfter, received.Load())
	if want != received.Load() {
		return fmt.Errorf("%d events lost", want-received.Load())
	}
	return nil
}

// percentiles sorts durations and returns their p-quantile (0 ≤ p ≤ 1; 0 when there are none).
func percentiles(d []time.Duration) func(p float64) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return func(p float64) time.Duration {
		if len(d) == 0 {
			return 0
		}
		return d[min(len(d)-1, int(p*float64(len(d))))]
	}
}

// process is a server process whose CPU time is read: its name and pid.
type process struct{ name, pid string }

// serverProcesses are PORTICO_PIDS (name=pid,...), else PORTICO_PID.
func serverProcesses() []process {
	var out []process
	for _, kv := range strings.Split(os.Getenv("PORTICO_PIDS"), ",") {
		if name, pid, ok := strings.Cut(strings.TrimSpace(kv), "="); ok {
			out = append(out, process{name, pid})
		}
	}
	if len(out) == 0 && os.Getenv("PORTICO_PID") != "" {
		out = append(out, process{"server", os.Getenv("PORTICO_PID")})
	}
	return out
}

// cpuTimes reads each process's user+system time so far (-1 when unreadable).
func cpuTimes(procs []process) []time.Duration {
	out := make([]time.Duration, len(procs))
	for i, p := range procs {
		if d, ok := processCPU(p.pid); ok {
			out[i] = d
		} else {
			out[i] = -1
		}
	}
	return out
}

// reportCPU prints each process's CPU time over the run and per delivered event, and their sum.
func reportCPU(procs []process, before, after []time.Duration, delivered int64) {
	if len(procs) == 0 || delivered == 0 {
		fmt.Println("server CPU: not measured (set PORTICO_PID or PORTICO_PIDS)")
		return
	}
	fmt.Println("server CPU (user+system; the posts' own work included, PostgreSQL not):")
	var sum time.Duration
	for i, p := range procs {
		if before[i] < 0 || after[i] < 0 {
			fmt.Printf("  %-12s pid %s: not readable (it restarted or exited)\n", p.name, p.pid)
			continue
		}
		cpu := after[i] - before[i]
		sum += cpu
		fmt.Printf("  %-12s %10s, %7.1f µs per delivered event\n", p.name, cpu.Round(time.Millisecond), float64(cpu.Microseconds())/float64(delivered))
	}
	if len(procs) > 1 {
		fmt.Printf("  %-12s %10s, %7.1f µs per delivered event\n", "all", sum.Round(time.Millisecond), float64(sum.Microseconds())/float64(delivered))
	}
}

// socketsPerProcess reads portico_realtime_connections from each name=URL of spec.
func socketsPerProcess(spec string) string {
	var parts []string
	for _, kv := range strings.Split(spec, ",") {
		name, u, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			continue
		}
		n := "?"
		if res, err := (&http.Client{Timeout: 5 * time.Second}).Get(u); err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			for _, line := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(line, "portico_realtime_connections "); ok {
					n = v
				}
			}
		}
		parts = append(parts, name+" "+n)
	}
	return strings.Join(parts, ", ")
}

// processCPU is the user+system time of process pid so far.
func processCPU(pid string) (time.Duration, bool) {
	if pid == "" {
		return 0, false
	}
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, false
	}
	// fields after the command's closing parenthesis; utime and stime are the 14th and 15th
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(fields) < 13 {
		return 0, false
	}
	ut, _ := strconv.ParseInt(fields[11], 10, 64)
	st, _ := strconv.ParseInt(fields[12], 10, 64)
	hz := int64(100)
	if out, err := exec.Command("getconf", "CLK_TCK").Output(); err == nil {
		if v, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil && v > 0 {
			hz = v
		}
	}
	return time.Duration((ut + st) * int64(time.Second) / hz), true
}
