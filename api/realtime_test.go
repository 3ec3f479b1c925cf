package api_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/demo"
	"portico/engine/notify"
	"portico/engine/store/dbtest"
	"portico/realtime"
)

// rtWait bounds every wait on a socket; reaching it fails the test.
const rtWait = 20 * time.Second

type rtEnv struct {
	env
	bus  *realtime.Bus
	seed demo.Seeded
	deps api.Deps
}

// setupRealtime is setup with the realtime bus wired as `portico serve` wires it.
func setupRealtime(t *testing.T) rtEnv {
	t.Helper()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	bus := realtime.New(st.Pool, realtime.Options{Log: log})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = bus.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	select { // events published before the listener listens reach no one
	case <-bus.Ready():
	case <-time.After(30 * time.Second):
		t.Fatal("the realtime listener did not start")
	}
	e := testServer(t, serverOpts{st: st, bus: bus})
	return rtEnv{env: e.env, bus: bus, seed: seed, deps: e.deps}
}

// socket opens /api/realtime with the client's cookies and the given Origin (none when empty).
func (c *client) socket(origin string) (*websocket.Conn, *http.Response, error) {
	c.t.Helper()
	u, _ := url.Parse(c.base)
	h := http.Header{}
	for _, ck := range c.http.Jar.Cookies(u) {
		h.Add("Cookie", ck.String())
	}
	if origin != "" {
		h.Set("Origin", origin)
	}
	conn, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(c.base, "http")+"/api/realtime", h)
	if conn != nil {
		c.t.Cleanup(func() { conn.Close() })
	}
	return conn, res, err
}

// subscribe opens a socket, sends the token and expects the confirmation.
func (c *client) subscribe(token string) *websocket.Conn {
	c.t.Helper()
	conn, _, err := c.socket(c.base)
	require.NoError(c.t, err)
	require.NoError(c.t, conn.WriteJSON(map[string]string{"token": token}))
	m := readMessage(c.t, conn)
	require.Equal(c.t, api.RealtimeSubscribed, m.Key)
	return conn
}

func readMessage(t *testing.T, conn *websocket.Conn) realtime.Message {
	t.Helper()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(rtWait)))
	var m realtime.Message
	require.NoError(t, conn.ReadJSON(&m))
	return m
}

// readClose expects a close frame, with no message before it.
func readClose(t *testing.T, conn *websocket.Conn) *websocket.CloseError {
	t.Helper()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(rtWait)))
	_, data, err := conn.ReadMessage()
	var ce *websocket.CloseError
	require.True(t, errors.As(err, &ce), "want a close frame, got %q, %v", data, err)
	return ce
}

func TestRealtimeTokenOpensOnlyItsOwnChannel(t *testing.T) {
	e := setupRealtime(t)
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	token := anna.init().RealtimeToken
	annaID, carlID := e.seed.Users["anna@acme.test"].UUID, e.seed.Users["carl@acme.test"].UUID

	tests := []struct {
		name   string
		client *client
	}{
		{"signed-in browser with its own token", anna},
		{"token alone, without a session", e.client(t)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.client.t = t
			conn := tt.client.subscribe(token)
			// carl's event first: if it leaked, it would arrive before anna's
			e.bus.Publish(context.Background(),
				notify.Event{Users: []uuid.UUID{carlID}, Key: "inbox_thread.update", Data: map[string]any{"uuid": "carls"}},
				notify.Event{Users: []uuid.UUID{annaID}, Key: "inbox_thread.update", Data: map[string]any{"uuid": "annas"}})
			m := readMessage(t, conn)
			require.Equal(t, "users:activities#"+annaID.String(), m.Channel)
			require.Equal(t, "inbox_thread.update", m.Key)
			require.JSONEq(t, `{"uuid":"annas"}`, string(m.Data))
		})
	}
}

func TestRealtimeRefusesBadTokens(t *testing.T) {
	e := setupRealtime(t)
	anna, carl, ghost := e.client(t), e.client(t), e.client(t)
	anna.signIn("anna@acme.test")
	carl.signIn("carl@acme.test")
	carlToken := carl.init().RealtimeToken
	annaToken := anna.init().RealtimeToken
	_, err := e.st.Pool.Exec(context.Background(), "UPDATE users SET active = false WHERE email = 'eva@borealis.test'")
	require.NoError(t, err)
	evaToken := e.seed.Users["eva@borealis.test"].RealtimeToken

	tests := []struct {
		name   string
		client *client
		hello  any
		code   int
		reason string
	}{
		{"another user's token on anna's session", anna, map[string]string{"token": carlToken}, websocket.ClosePolicyViolation, api.CloseTokenMismatch},
		{"unknown token", ghost, map[string]string{"token": "nope"}, websocket.ClosePolicyViolation, api.CloseInvalidToken},
		{"an inactive user's token", ghost, map[string]string{"token": evaToken}, websocket.ClosePolicyViolation, api.CloseInvalidToken},
		{"empty token", ghost, map[string]string{"token": ""}, websocket.ClosePolicyViolation, api.CloseBadHandshake},
		{"not a token message", ghost, []int{1, 2}, websocket.ClosePolicyViolation, api.CloseBadHandshake},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.client.t = t
			conn, _, err := tt.client.socket(tt.client.base)
			require.NoError(t, err)
			require.NoError(t, conn.WriteJSON(tt.hello))
			// an event for everyone involved must not slip through before the close
			e.bus.Publish(context.Background(), notify.Event{Users: []uuid.UUID{e.seed.Users["anna@acme.test"].UUID,
				e.seed.Users["carl@acme.test"].UUID, e.seed.Users["eva@borealis.test"].UUID},
				Key: "inbox_thread.update", Data: map[string]any{"uuid": "x"}})
			ce := readClose(t, conn)
			require.Equal(t, tt.code, ce.Code)
			require.Equal(t, tt.reason, ce.Text)
		})
	}
	// anna's own token still works on her session
	anna.t = t
	anna.subscribe(annaToken)
}

func TestRealtimeChecksOrigin(t *testing.T) {
	e := setupRealtime(t)
	c := e.client(t)
	tests := []struct {
		name   string
		origin string
		ok     bool
	}{
		{"same host", c.base, true},
		{"no Origin (not a browser)", "", true},
		{"another site", "https://evil.example", false},
		{"another port on the same name", "http://127.0.0.1:1", false},
		{"not a URL", "::", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.t = t
			conn, res, err := c.socket(tt.origin)
			if tt.ok {
				require.NoError(t, err)
				conn.Close()
				return
			}
			require.Error(t, err)
			require.Equal(t, http.StatusForbidden, res.StatusCode)
		})
	}
}

// readUntil reads the socket's messages until one has the key (failing after rtWait).
func readUntil(t *testing.T, conn *websocket.Conn, key string) realtime.Message {
	t.Helper()
	for {
		if m := readMessage(t, conn); m.Key == key {
			return m
		}
	}
}

// Reading a thread to its end reaches the reader and the thread's other
// readers as inbox_activity.full_read, the key the web app listens for.
func TestRealtimeFullRead(t *testing.T) {
	e := setupRealtime(t)
	agent, anna := e.client(t), e.client(t)
	agent.signIn("agent@portico.test")
	anna.signIn("anna@acme.test")
	acme := e.seed.Companies["Acme Oy"].UUID.String()
	var created struct{ Task struct{ UUID string } }
	agent.gql(`mutation($c: ID!) { createTask(companyId: $c, categoryId: "1", title: "read me") { task { uuid } } }`,
		map[string]any{"c": acme}, "createTask", &created)
	agentConn, annaConn := agent.subscribe(agent.init().RealtimeToken), anna.subscribe(anna.init().RealtimeToken)

	var read struct{ Errors []struct{ Code string } }
	anna.gql(`mutation($id: ID!) { readActivity(taskId: $id) { errors { code } } }`,
		map[string]any{"id": created.Task.UUID}, "readActivity", &read)
	require.Empty(t, read.Errors)
	want := `{"uuid":"` + created.Task.UUID + `","userId":"` + e.seed.Users["anna@acme.test"].UUID.String() + `"}`
	for _, conn := range []*websocket.Conn{agentConn, annaConn} {
		m := readUntil(t, conn, "inbox_activity.full_read")
		require.JSONEq(t, want, string(m.Data))
	}
}

// A client that stops reading cannot hold its socket: once the server's
// writes to it stall (its TCP buffers full), the socket's check closes it,
// and its subscription ends, without a write deadline set per message.
func TestRealtimeClosesASocketWhoseWritesStall(t *testing.T) {
	api.SetRealtimeChecks(t, 20*time.Millisecond, 200*time.Millisecond, 1000)
	e := setupRealtime(t)
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	// a small receive buffer, so the server's writes stall soon
	dialer := websocket.Dialer{NetDial: func(network, addr string) (net.Conn, error) {
		d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
			var err error
			_ = c.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
			return err
		}}
		return d.Dial(network, addr)
	}}
	conn, _, err := dialer.Dial("ws"+strings.TrimPrefix(anna.base, "http")+"/api/realtime", nil)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	require.NoError(t, conn.WriteJSON(map[string]string{"token": anna.init().RealtimeToken}))
	require.Equal(t, api.RealtimeSubscribed, readMessage(t, conn).Key)
	require.Equal(t, 1, e.bus.Subscribers())

	// from here on the client reads nothing; 3000 events of 7 kB are far more
	// than the socket's buffers and the subscription's 256 together
	big := strings.Repeat("x", 7000)
	annaID := e.seed.Users["anna@acme.test"].UUID
	for i := range 3000 {
		e.bus.Publish(context.Background(), notify.Event{Users: []uuid.UUID{annaID}, Key: "inbox_message.create",
			Data: map[string]any{"uuid": fmt.Sprint(i), "text": big}})
	}
	require.Eventually(t, func() bool { return e.bus.Subscribers() == 0 }, rtWait, 10*time.Millisecond,
		"the stalled socket is still subscribed")
}

// An idle socket gets pings (browsers answer them), so the server's read
// deadline keeps moving while nothing happens.
func TestRealtimePingsAnIdleSocket(t *testing.T) {
	api.SetRealtimeChecks(t, 20*time.Millisecond, time.Second, 2)
	e := setupRealtime(t)
	anna := e.client(t)
	anna.signIn("anna@acme.test")
	conn := anna.subscribe(anna.init().RealtimeToken)
	pinged := make(chan struct{}, 1)
	conn.SetPingHandler(func(string) error {
		select {
		case pinged <- struct{}{}:
		default:
		}
		return nil
	})
	go func() {
		for {
			if _, _, err := conn.NextReader(); err != nil {
				return
			}
		}
	}()
	select {
	case <-pinged:
	case <-time.After(rtWait):
		t.Fatal("no ping")
	}
}
