package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"portico/engine/store/dbtest"
)

// wait bounds every wait of this test; reaching it fails the test.
const wait = 60 * time.Second

// TestRealtimeCrossesProcesses runs two `portico serve` processes on one
// database: a banner created through one reaches a WebSocket client of the
// other, and only the user it is meant for.
func TestRealtimeCrossesProcesses(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "portico")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "build: %s", out)

	dsn := dbtest.FreshDSN(t)
	env := append(os.Environ(), "DATABASE_URL="+dsn, "HOST=127.0.0.1", "BASE_DOMAIN=localhost",
		"PORTICO_DATA_DIR="+dir)
	for _, step := range []string{"migrate", "seed"} {
		cmd := exec.Command(bin, step)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "portico %s: %s", step, out)
	}
	a := serve(t, bin, env)
	b := serve(t, bin, env)

	admin := a.client(t)
	admin.signIn(t, "admin@portico.test")
	carl, agent, anna := a.client(t), b.client(t), b.client(t)
	carl.signIn(t, "carl@acme.test")
	agent.signIn(t, "agent@portico.test")
	anna.signIn(t, "anna@acme.test")
	carlToken, agentInit, annaInit := carl.init(t).RealtimeToken, agent.init(t), anna.init(t)

	// anna's own socket on B
	annaWS := anna.socket(t, annaInit.RealtimeToken)
	requireNext(t, annaWS, annaInit.User.UUID, "subscription.confirmed", annaInit.User.UUID)

	// another user's token on anna's session is refused with a reason, and nothing else
	refused := anna.dial(t)
	require.NoError(t, refused.WriteJSON(map[string]string{"token": carlToken}))
	require.NoError(t, refused.SetReadDeadline(time.Now().Add(wait)))
	_, data, err := refused.ReadMessage()
	var ce *websocket.CloseError
	require.True(t, errors.As(err, &ce), "want a close frame, got %q, %v", data, err)
	require.Equal(t, websocket.ClosePolicyViolation, ce.Code)
	require.Equal(t, "token_does_not_match_session", ce.Text)

	// a staff member's socket on B: the customers' banner is not theirs
	agentWS := b.client(t).socket(t, agentInit.RealtimeToken)
	requireNext(t, agentWS, agentInit.User.UUID, "subscription.confirmed", agentInit.User.UUID)

	banner := admin.createGlobalBanner(t, "<p>Maintenance tonight</p>", "customer")
	requireNext(t, annaWS, annaInit.User.UUID, "system_banner.create", banner)

	// the next thing the agent hears of is the staff banner: the customers' one never came
	staffBanner := admin.createGlobalBanner(t, "<p>Staff meeting</p>", "portico_user")
	require.NotEqual(t, banner, staffBanner)
	requireNext(t, agentWS, agentInit.User.UUID, "system_banner.create", staffBanner)
}

type process struct {
	base string
}

// serve starts `portico serve --dev-login` on a free port and waits until it answers.
func serve(t *testing.T, bin string, env []string) process {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	cmd := exec.Command(bin, "serve", "--dev-login")
	cmd.Env = append(append([]string{}, env...), fmt.Sprintf("PORT=%d", port))
	var logs syncBuffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("portico serve on %d:\n%s", port, logs.String())
		}
	})
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(wait)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return process{base: base}
			}
		}
		select {
		case <-exited:
			t.Fatalf("portico serve exited:\n%s", logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("portico serve never answered:\n%s", logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type client struct {
	base string
	http *http.Client
}

func (p process) client(t *testing.T) *client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &client{base: p.base, http: &http.Client{Jar: jar, Timeout: wait,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (c *client) signIn(t *testing.T, email string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/auth/dev", strings.NewReader(url.Values{"email": {email}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", c.base)
	res, err := c.http.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "dev login of %s", email)
	require.Equal(t, "/", res.Header.Get("Location"), "dev login of %s", email)
}

type initData struct {
	User struct {
		UUID string `json:"uuid"`
	} `json:"user"`
	RealtimeToken string `json:"realtimeToken"`
}

func (c *client) init(t *testing.T) initData {
	t.Helper()
	res, err := c.http.Get(c.base + "/api/init.json")
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var d initData
	require.NoError(t, json.NewDecoder(res.Body).Decode(&d))
	require.NotEmpty(t, d.RealtimeToken)
	return d
}

func (c *client) createGlobalBanner(t *testing.T, description, userType string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{
		"query": `mutation($d: String!, $u: [String!]!) { createSystemBanner(bannerGroup: "global", bannerType: "info",
			description: $d, userTypes: $u) { systemBanner { id } errors { code message } } }`,
		"variables": map[string]any{"d": description, "u": []string{userType}},
	})
	req, _ := http.NewRequest(http.MethodPost, c.base+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", c.base)
	res, err := c.http.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var out struct {
		Data struct {
			CreateSystemBanner struct {
				SystemBanner *struct{ ID string }
				Errors       []struct{ Code, Message string }
			}
		}
		Errors []any
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
	require.Empty(t, out.Errors)
	require.Empty(t, out.Data.CreateSystemBanner.Errors)
	require.NotNil(t, out.Data.CreateSystemBanner.SystemBanner)
	return out.Data.CreateSystemBanner.SystemBanner.ID
}

// dial opens the process's realtime socket with the client's cookies.
func (c *client) dial(t *testing.T) *websocket.Conn {
	t.Helper()
	u, _ := url.Parse(c.base)
	h := http.Header{"Origin": {c.base}}
	for _, ck := range c.http.Jar.Cookies(u) {
		h.Add("Cookie", ck.String())
	}
	d := websocket.Dialer{HandshakeTimeout: wait}
	conn, _, err := d.Dial("ws"+strings.TrimPrefix(c.base, "http")+"/api/realtime", h)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return conn
}

// socket dials and sends the token.
func (c *client) socket(t *testing.T, token string) *websocket.Conn {
	t.Helper()
	conn := c.dial(t)
	require.NoError(t, conn.WriteJSON(map[string]string{"token": token}))
	return conn
}

type message struct {
	Channel string `json:"channel"`
	Key     string `json:"key"`
	Data    struct {
		UUID string `json:"uuid"`
	} `json:"data"`
}

func readMsg(t *testing.T, conn *websocket.Conn) message {
	t.Helper()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(wait)))
	var m message
	require.NoError(t, conn.ReadJSON(&m))
	return m
}

// requireNext: the socket's next message is on the user's channel, with this key and data uuid.
func requireNext(t *testing.T, conn *websocket.Conn, user, key, id string) {
	t.Helper()
	m := readMsg(t, conn)
	require.Equal(t, "users:activities#"+user, m.Channel)
	require.Equal(t, key, m.Key)
	require.Equal(t, id, m.Data.UUID)
}

// syncBuffer collects a process's output from two pipes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
