// Command portico-load is the realtime load generator of `make bench`: against
// a running portal on loopback (PORTICO_URL, dev login on) it holds many
// realtime WebSockets, posts messages into one thread at a fixed rate, and
// reports lost events, delivery latency (p50/p99), and the server process's
// CPU time per delivered event (PORTICO_PID, read from /proc). Beside the
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
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
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

type session struct {
	base  string
	http  *http.Client
	token string
	user  string
}

func signIn(base, email string) (*session, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest(http.MethodPost, base+"/auth/dev", strings.NewReader(url.Values{"email": {email}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	res, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		return nil, fmt.Errorf("dev login of %s: %s (is dev login on?)", email, res.Status)
	}
	res, err = c.Get(base + "/api/init.json")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var init struct {
		RealtimeToken string `json:"realtimeToken"`
		User          struct {
			UUID string `json:"uuid"`
		} `json:"user"`
	}
	if err := json.NewDecoder(res.Body).Decode(&init); err != nil {
		return nil, fmt.Errorf("init.json of %s: %w", email, err)
	}
	return &session{base: base, http: c, token: init.RealtimeToken, user: email}, nil
}

func (s *session) graphql(query string, vars map[string]any, out any) error {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, s.base+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", s.base)
	res, err := s.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("graphql: %s %s", res.Status, b)
	}
	return json.Unmarshal(b, out)
}

// arrival is one message event read on one socket.
type arrival struct {
	id     string
	at     time.Time
	socket int
}

func dial(base, token string) (*websocket.Conn, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/realtime"
	d := websocket.Dialer{HandshakeTimeout: 30 * time.Second}
	conn, _, err := d.Dial(u, http.Header{"Origin": {base}})
	if err != nil {
		return nil, err
	}
	if err := conn.WriteJSON(map[string]string{"token": token}); err != nil {
		conn.Close()
		return nil, err
	}
	var first struct{ Key string }
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	if err := conn.ReadJSON(&first); err != nil || first.Key != "subscription.confirmed" {
		conn.Close()
		return nil, fmt.Errorf("subscription not confirmed (%q): %v", first.Key, err)
	}
	_ = conn.SetReadDeadline(time.Time{})
	return conn, nil
}

func run(base string, sockets, audience, rate int, duration, drain time.Duration) error {
	u, err := url.Parse(base)
	if err != nil || base == "" {
		return fmt.Errorf("PORTICO_URL %q is not an address", base)
	}
	if ip := net.ParseIP(u.Hostname()); (ip == nil || !ip.IsLoopback()) && u.Hostname() != "localhost" {
		return fmt.Errorf("refusing %s: the load generator runs against loopback only", base)
	}
	audience = min(audience, sockets)
	// the thread: the newest of anna's inbox (Acme Oy); agentadmin, who sees
	// every category of Acme Oy, posts into it and anna's sockets hear it
	reader, err := signIn(base, "anna@acme.test")
	if err != nil {
		return err
	}
	poster, err := signIn(base, "agentadmin@portico.test")
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
	if err := reader.graphql(`{ inboxTasks(limit: 1) { collection { uuid } } }`, nil, &list); err != nil {
		return err
	}
	if len(list.Data.InboxTasks.Collection) == 0 {
		return fmt.Errorf("no thread to post into")
	}
	thread := list.Data.InboxTasks.Collection[0].UUID
	readerSessions := []*session{reader}
	idle, err := signIn(base, "eva@borealis.test")
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
			tok := idle.token
			if i < audience {
				tok = readerSessions[i%len(readerSessions)].token
			}
			conn, err := dial(base, tok)
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

	cpuBefore, cpuOK := serverCPU()
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
			err := poster.graphql(`mutation($t: ID!, $m: String) { createMessage(taskId: $t, message: $m) { activity { uuid } errors { code } } }`,
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
	cpuAfter, _ := serverCPU()
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
	if cpuOK && received.Load() > 0 {
		cpu := cpuAfter - cpuBefore
		fmt.Printf("server CPU (PORTICO_PID, user+system; the posts' own work included, PostgreSQL not): %s, %.1f µs per delivered event\n",
			cpu.Round(time.Millisecond), float64(cpu.Microseconds())/float64(received.Load()))
	} else {
		fmt.Println("server CPU: not measured (set PORTICO_PID)")
	}
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

// serverCPU is the user+system time of PORTICO_PID so far.
func serverCPU() (time.Duration, bool) {
	pid := os.Getenv("PORTICO_PID")
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
