package mail

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	gomail "github.com/wneessen/go-mail"
)

// Message is one outgoing mail, rendered.
type Message struct {
	To, ToName string
	Subject    string
	HTML, Text string
	// MessageID is stable per (user, event or digest), so a receiver can tell
	// a repeat from a new mail.
	MessageID string
	// ReplyTo is the address a reply goes to (the thread's reply address), if any.
	ReplyTo string
	// Unsubscribe is the settings page (List-Unsubscribe).
	Unsubscribe string
}

// Sender hands a message to a mail server.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SMTPSender sends through an SMTP server named by a URL:
// smtp://[user:password@]host:port (STARTTLS when offered), smtps://... (TLS),
// or smtp+plain://host:port (no TLS, for a local catcher).
type SMTPSender struct {
	host     string
	port     int
	user     string
	password string
	tls      gomail.TLSPolicy
	ssl      bool
	from     string
}

// NewSMTPSender parses the server's URL; from is the sender address.
func NewSMTPSender(smtpURL, from string) (*SMTPSender, error) {
	u, err := url.Parse(smtpURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("mail: SMTP_URL %q is not smtp://host:port", smtpURL)
	}
	s := &SMTPSender{host: u.Hostname(), from: from, tls: gomail.TLSOpportunistic}
	switch u.Scheme {
	case "smtp":
		s.port = 587
	case "smtps":
		s.port, s.ssl, s.tls = 465, true, gomail.TLSMandatory
	case "smtp+plain":
		s.port, s.tls = 25, gomail.NoTLS
	default:
		return nil, fmt.Errorf("mail: SMTP_URL scheme %q: use smtp, smtps or smtp+plain", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if _, err := fmt.Sscan(p, &s.port); err != nil {
			return nil, fmt.Errorf("mail: SMTP_URL port %q", p)
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.password, _ = u.User.Password()
	}
	return s, nil
}

// Send delivers m, one connection per mail (mails are few per activity and a
// worker restart must not leave a half-open session behind).
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("mail: from: %w", err)
	}
	if err := msg.AddToFormat(m.ToName, m.To); err != nil {
		return fmt.Errorf("mail: to: %w", err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return fmt.Errorf("mail: reply-to: %w", err)
		}
	}
	msg.Subject(m.Subject)
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	}
	msg.SetDate()
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	if m.Unsubscribe != "" {
		msg.SetGenHeader(gomail.Header("List-Unsubscribe"), "<"+m.Unsubscribe+">")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTLSPolicy(s.tls)}
	if s.ssl {
		opts = append(opts, gomail.WithSSL())
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(s.user), gomail.WithPassword(s.password))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return fmt.Errorf("mail: client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send to %s: %w", strings.ToLower(m.To), err)
	}
	return nil
}
