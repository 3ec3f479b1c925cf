// Package portalclient drives a running portal through its HTTP API as a
// browser does: sign-in (dev login, or "Sign in with Google" when Google is
// the demo's OpenID provider, as in `make cluster`), GraphQL operations and
// uploads, downloads, and realtime sockets. The fault tests
// (cluster/faulttest) and the load generators (cmd/portico-load,
// cmd/portico-runload) use it. It imports devstack (dev login's
// parameter) and no other Portico package.
package portalclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"

	"github.com/gorilla/websocket"

	"portico/devstack"
)

// Session is a person signed in to the portal at Base.
type Session struct {
	Base          string
	Email         string
	HTTP          *http.Client
	RealtimeToken string
	// UserID is the signed-in user's uuid.
	UserID string
}

// SignIn signs email in: by dev login where the portal has it (`portico
// dev`), else through the portal's Google button, following the demo OpenID
// provider's page for the account (the provider `make cluster` names as
// GOOGLE_ISSUER).
func SignIn(ctx context.Context, base, email string) (*Session, error) {
	base = strings.TrimRight(base, "/")
	jar, _ := cookiejar.New(nil)
	hops := &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	dev, err := devLogin(ctx, hops, base, email)
	if err != nil {
		return nil, err
	}
	if !dev {
		if err := googleLogin(ctx, hops, base, email); err != nil {
			return nil, err
		}
	}
	s := &Session{Base: base, Email: email, HTTP: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
	var init struct {
		RealtimeToken string `json:"realtimeToken"`
		User          *struct{ UUID, Email string }
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/init.json", nil)
	res, err := s.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(&init); err != nil {
		return nil, fmt.Errorf("init.json of %s: %w", email, err)
	}
	if init.User == nil || init.User.Email != email {
		return nil, fmt.Errorf("sign-in of %s: not signed in (%+v)", email, init.User)
	}
	s.RealtimeToken, s.UserID = init.RealtimeToken, init.User.UUID
	return s, nil
}

// devLogin posts the dev login form; false when the portal has none.
func devLogin(ctx context.Context, c *http.Client, base, email string) (bool, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/auth/dev", strings.NewReader(url.Values{"email": {email}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	res, err := c.Do(req)
	if err != nil {
		return false, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	switch res.StatusCode {
	case http.StatusSeeOther:
		return true, nil
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return false, nil
	}
	return false, fmt.Errorf("dev login of %s: %s", email, res.Status)
}

// googleLogin follows the Google button's redirects: the provider's page
// (where the account is picked by LoginAsParam), then the portal's callback.
func googleLogin(ctx context.Context, c *http.Client, base, email string) error {
	next := base + "/auth/google_oauth2"
	for hop := 0; hop < 5; hop++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, next, nil)
		res, err := c.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusFound && res.StatusCode != http.StatusSeeOther {
			return fmt.Errorf("sign-in of %s at %s: %s", email, next, res.Status)
		}
		loc := res.Header.Get("Location")
		if !strings.Contains(loc, "://") {
			loc = base + loc
		}
		if strings.HasPrefix(loc, base) && !strings.Contains(loc, "/auth/") {
			return nil // back in the portal, signed in
		}
		if !strings.HasPrefix(loc, base) && !strings.Contains(loc, devstack.LoginAsParam+"=") {
			loc += "&" + devstack.LoginAsParam + "=" + url.QueryEscape(email) // the provider's page: pick the account
		}
		next = loc
	}
	return fmt.Errorf("sign-in of %s: too many redirects", email)
}

// Error is the first error of a GraphQL answer: its code and message key.
type Error struct{ Code, Message string }

func (e *Error) Error() string { return "graphql: " + e.Code + " " + e.Message }

// GraphQL posts one operation and decodes the answer into out. An answer
// other than 200 is an error, and so is one with errors (an *Error).
func (s *Session) GraphQL(ctx context.Context, query string, vars map[string]any, out any) error {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.Base+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return s.answer(req, out)
}

// Upload posts one operation as a GraphQL multipart request, with content as
// the file of the variable fileVar.
func (s *Session) Upload(ctx context.Context, query string, vars map[string]any, fileVar, filename string, content io.Reader, out any) error {
	v := map[string]any{fileVar: nil}
	for k, val := range vars {
		v[k] = val
	}
	ops, _ := json.Marshal(map[string]any{"query": query, "variables": v})
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := mw.WriteField("operations", string(ops))
		if err == nil {
			err = mw.WriteField("map", `{"0": ["variables.`+fileVar+`"]}`)
		}
		var fw io.Writer
		if err == nil {
			fw, err = mw.CreateFormFile("0", filename)
		}
		if err == nil {
			_, err = io.Copy(fw, content)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.Base+"/graphql", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return s.answer(req, out)
}

func (s *Session) answer(req *http.Request, out any) error {
	req.Header.Set("Origin", s.Base)
	res, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("graphql: %s %s", res.Status, b)
	}
	var env struct {
		Errors []struct {
			Message    string
			Extensions struct{ Code string } `json:"extensions"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(b, &env); err != nil {
		return fmt.Errorf("graphql: %w: %s", err, b)
	}
	if len(env.Errors) > 0 {
		return &Error{Code: env.Errors[0].Extensions.Code, Message: env.Errors[0].Message}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}

// CloseTask closes a task (a thread) as a person does: changeTaskStatus to closed.
func (s *Session) CloseTask(ctx context.Context, thread string) error {
	var out struct {
		Data struct {
			ChangeTaskStatus struct {
				Errors []struct{ Code, Message string } `json:"errors"`
			} `json:"changeTaskStatus"`
		} `json:"data"`
	}
	if err := s.GraphQL(ctx, `mutation($t: ID!) { changeTaskStatus(taskId: $t, status: "closed") { errors { code message } } }`,
		map[string]any{"t": thread}, &out); err != nil {
		return err
	}
	if len(out.Data.ChangeTaskStatus.Errors) > 0 {
		return fmt.Errorf("closing %s: %+v", thread, out.Data.ChangeTaskStatus.Errors)
	}
	return nil
}

// CheckLoopback refuses a portal address that is not on this machine: the
// load generators run against loopback only.
func CheckLoopback(base string) error {
	u, err := url.Parse(base)
	if err != nil || base == "" {
		return fmt.Errorf("PORTICO_URL %q is not an address", base)
	}
	if ip := net.ParseIP(u.Hostname()); (ip == nil || !ip.IsLoopback()) && u.Hostname() != "localhost" {
		return fmt.Errorf("refusing %s: the load generator runs against loopback only", base)
	}
	return nil
}

// Get fetches a path of the portal (e.g. /api/download/<id>) with the
// session; the caller closes the body.
func (s *Session) Get(ctx context.Context, path string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.Base+path, nil)
	return s.HTTP.Do(req)
}

// DialRealtime opens a realtime socket with token and waits for its
// subscription.confirmed, within timeout.
func DialRealtime(base, token string, timeout time.Duration) (*websocket.Conn, error) {
	d := websocket.Dialer{HandshakeTimeout: timeout}
	conn, _, err := d.Dial("ws"+strings.TrimPrefix(base, "http")+"/api/realtime", http.Header{"Origin": {base}})
	if err != nil {
		return nil, err
	}
	var first struct{ Key string }
	_ = conn.SetReadDeadline(time.Now().Add(timeout))
	if err := conn.WriteJSON(map[string]string{"token": token}); err != nil {
		conn.Close()
		return nil, err
	}
	if err := conn.ReadJSON(&first); err != nil || first.Key != "subscription.confirmed" {
		conn.Close()
		return nil, fmt.Errorf("subscription not confirmed (%q): %v", first.Key, err)
	}
	_ = conn.SetReadDeadline(time.Time{})
	return conn, nil
}
