package mailtest

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Mail is one accepted mail.
type Mail struct {
	From string
	To   []string
	Raw  []byte
	Head mail.Header
}

// Catcher is an SMTP server on 127.0.0.1 that keeps what it receives.
type Catcher struct {
	Addr string
	mu   sync.Mutex
	got  []Mail
	// arrived is signalled on every accepted mail.
	arrived chan struct{}
}

// Start runs a catcher until the test ends.
func Start(t testing.TB) *Catcher {
	t.Helper()
	c := &Catcher{arrived: make(chan struct{}, 1024)}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.Addr = l.Addr().String()
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{c: c}, nil }))
	srv.Domain = "catcher.test"
	srv.AllowInsecureAuth = true
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return c
}

// URL is the catcher's SMTP_URL.
func (c *Catcher) URL() string { return "smtp+plain://" + c.Addr }

// Mails is what arrived so far.
func (c *Catcher) Mails() []Mail {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Mail{}, c.got...)
}

// Wait waits until n mails in all have arrived (or the timeout passes) and answers them.
func (c *Catcher) Wait(n int, timeout time.Duration) []Mail {
	deadline := time.After(timeout)
	for {
		if got := c.Mails(); len(got) >= n {
			return got
		}
		select {
		case <-c.arrived:
		case <-deadline:
			return c.Mails()
		}
	}
}

type session struct {
	c    *Catcher
	from string
	to   []string
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}
func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := Mail{From: s.from, To: append([]string{}, s.to...), Raw: raw}
	if msg, err := mail.ReadMessage(bytes.NewReader(raw)); err == nil {
		m.Head = msg.Header
	}
	s.c.mu.Lock()
	s.c.got = append(s.c.got, m)
	s.c.mu.Unlock()
	s.c.arrived <- struct{}{}
	return nil
}

// Text and HTML are the mail's decoded plain-text and HTML parts.
func (m Mail) Text() string { return m.part("text/plain") }

// HTML is the mail's decoded HTML part.
func (m Mail) HTML() string { return m.part("text/html") }

func (m Mail) part(want string) string {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
	if err != nil {
		return ""
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return ""
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		if mediaType == want {
			return decode(msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
		}
		return ""
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := r.NextRawPart()
		if err != nil {
			return ""
		}
		if t, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); t == want {
			return decode(p.Header.Get("Content-Transfer-Encoding"), p)
		}
	}
}

func decode(encoding string, r io.Reader) string {
	if strings.EqualFold(encoding, "quoted-printable") {
		r = quotedprintable.NewReader(r)
	}
	b, _ := io.ReadAll(r)
	return string(b)
}
