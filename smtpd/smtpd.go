package smtpd

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"time"

	"github.com/emersion/go-smtp"

	"portico/engine/inbound"
)

// Server listens for mail to the companies' aliases.
type Server struct {
	srv *smtp.Server
	in  *inbound.Service
	log *slog.Logger
}

// New builds the listener on addr (host:port); domain is what it greets with.
func New(addr, domain string, in *inbound.Service, log *slog.Logger) *Server {
	if log == nil {
		log = slog.Default()
	}
	s := &Server{in: in, log: log}
	s.srv = smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		sess := &session{s: s}
		if ap, err := netip.ParseAddrPort(c.Conn().RemoteAddr().String()); err == nil {
			ip := ap.Addr().Unmap()
			sess.ip = &ip
		}
		return sess, nil
	}))
	s.srv.Addr = addr
	s.srv.Domain = domain
	s.srv.MaxMessageBytes = in.MaxMessageBytes()
	s.srv.MaxRecipients = 1
	s.srv.ReadTimeout = 5 * time.Minute
	s.srv.WriteTimeout = time.Minute
	return s
}

// Listen binds the address (port 0 picks one); Addr then tells which.
func (s *Server) Listen() (net.Listener, error) { return net.Listen("tcp", s.srv.Addr) }

// Serve answers mail on l until ctx ends.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	done := make(chan error, 1)
	go func() { done <- s.srv.Serve(l) }()
	select {
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = s.srv.Shutdown(sctx)
		<-done
		return nil
	case err := <-done:
		if errors.Is(err, smtp.ErrServerClosed) {
			return nil
		}
		return err
	}
}

type session struct {
	s    *Server
	ip   *netip.Addr
	from string
	rcpt *inbound.Recipient
}

func (x *session) Reset()        { x.from, x.rcpt = "", nil }
func (x *session) Logout() error { return nil }

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if x.rcpt != nil {
		return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 5, 3}, Message: "one recipient per message, send the others again"}
	}
	r, err := x.s.in.Recipient(context.Background(), to)
	if err != nil {
		return x.s.answer(err)
	}
	x.rcpt = &r
	return nil
}

func (x *session) Data(r io.Reader) error {
	if x.rcpt == nil {
		return &smtp.SMTPError{Code: 503, EnhancedCode: smtp.EnhancedCode{5, 5, 1}, Message: "no recipient"}
	}
	err := x.s.in.Deliver(context.Background(), inbound.Envelope{From: x.from, IP: x.ip}, *x.rcpt, r)
	return x.s.answer(err)
}

// answer turns the engine's refusal into its SMTP reply; anything else is a
// temporary failure the sender retries.
func (s *Server) answer(err error) error {
	if err == nil {
		return nil
	}
	var ref *inbound.Refusal
	if errors.As(err, &ref) {
		return &smtp.SMTPError{Code: ref.Code, EnhancedCode: smtp.EnhancedCode(ref.Enhanced), Message: ref.Message}
	}
	if errors.Is(err, smtp.ErrDataTooLarge) {
		return smtp.ErrDataTooLarge
	}
	if errors.Is(err, smtp.ErrTooLongLine) {
		return &smtp.SMTPError{Code: 500, EnhancedCode: smtp.EnhancedCode{5, 5, 2}, Message: "line too long (RFC 5322 allows 998 characters)"}
	}
	s.log.Error("inbound mail", "err", err)
	return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "temporary failure, try again later"}
}
