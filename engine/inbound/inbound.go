package inbound

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"strings"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // mail in any common charset
	gomail "github.com/emersion/go-message/mail"
	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
)

// DefaultMaxMessageBytes caps a whole mail when none is configured (25 MB).
const DefaultMaxMessageBytes = 25 << 20

// Refusal is a mail refused, with the SMTP answer the listener gives.
type Refusal struct {
	Code     int
	Enhanced [3]int
	Message  string
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%d %d.%d.%d %s", r.Code, r.Enhanced[0], r.Enhanced[1], r.Enhanced[2], r.Message)
}

func refuse(code int, enhanced [3]int, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Enhanced: enhanced, Message: fmt.Sprintf(format, args...)}
}

// The refusals a listener sees.
var (
	ErrUnknownRecipient = refuse(550, [3]int{5, 1, 1}, "no such mailbox here")
	ErrForgedToken      = refuse(550, [3]int{5, 7, 1}, "this reply address is not valid")
	ErrTooBig           = refuse(552, [3]int{5, 3, 4}, "message too big")
	ErrMalformed        = refuse(550, [3]int{5, 6, 0}, "malformed message")
	ErrSenderRefused    = refuse(550, [3]int{5, 7, 1}, "sender not accepted for this address")
)

// Config is the listener's limits.
type Config struct {
	// Domain is MAIL_DOMAIN: aliases and reply addresses live under it.
	Domain string
	// MaxMessageBytes caps a whole mail (0: DefaultMaxMessageBytes);
	// MaxUploadBytes one attachment (0: the inbox's default).
	MaxMessageBytes int64
	MaxUploadBytes  int64
}

// Service decides about and writes inbound mail.
type Service struct {
	st       *store.Store
	settings *org.MailSettings
	inbox    *inbox.Service
	tokens   Tokens
	cfg      Config
	log      *slog.Logger
}

// New builds the service.
func New(st *store.Store, settings *org.MailSettings, in *inbox.Service, tokens Tokens, cfg Config, log *slog.Logger) *Service {
	if cfg.MaxMessageBytes <= 0 {
		cfg.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if cfg.MaxUploadBytes <= 0 {
		cfg.MaxUploadBytes = inbox.DefaultUploadLimit
	}
	cfg.Domain = strings.ToLower(strings.TrimSpace(cfg.Domain))
	if log == nil {
		log = slog.Default()
	}
	return &Service{st: st, settings: settings, inbox: in, tokens: tokens, cfg: cfg, log: log}
}

// MaxMessageBytes is the size the listener announces and enforces.
func (s *Service) MaxMessageBytes() int64 { return s.cfg.MaxMessageBytes }

// Recipient is an accepted RCPT: a category's alias (a new thread, or a reply
// its headers name) or a thread's reply address.
type Recipient struct {
	Address string
	// Alias is set for alias@domain.
	Alias *org.AliasTarget
	// Thread is set for a reply address.
	Thread uuid.UUID
}

// Recipient checks an RCPT address: an alias of an enabled category of an
// active company, or a genuine reply address of a thread. Anything else is
// refused here, before the mail is sent.
func (s *Service) Recipient(ctx context.Context, address string) (Recipient, error) {
	addr := strings.TrimSpace(address)
	at := strings.LastIndexByte(addr, '@')
	if at < 0 || !strings.EqualFold(addr[at+1:], s.cfg.Domain) {
		return Recipient{}, ErrUnknownRecipient
	}
	local := addr[:at]
	if thread, found, ok := s.tokens.Find(local); found {
		if !ok {
			return Recipient{}, ErrForgedToken
		}
		if !strings.EqualFold(local, s.tokens.Token(thread)) {
			return Recipient{}, ErrUnknownRecipient
		}
		if _, err := s.st.InboundCategoryTarget(ctx, thread); store.IsNotFound(err) {
			return Recipient{}, ErrUnknownRecipient
		} else if err != nil {
			return Recipient{}, err
		}
		return Recipient{Address: addr, Thread: thread}, nil
	}
	t, err := s.settings.CategoryByAlias(ctx, addr)
	if errors.Is(err, org.ErrNoAlias) || err == nil && !t.Receives() {
		return Recipient{}, ErrUnknownRecipient
	} else if err != nil {
		return Recipient{}, err
	}
	return Recipient{Address: addr, Alias: &t}, nil
}

// Envelope is what the SMTP session knew before the data.
type Envelope struct {
	// From is MAIL FROM ("" for a bounce).
	From string
	IP   *netip.Addr
}

// parsed is a mail read through.
type parsed struct {
	from       *gomail.Address
	subject    string
	messageID  string
	references []string
	html, text string
	files      []inbox.Upload
	loop       bool
}

// Deliver takes one mail for rcpt in, whole or not at all. It answers nil
// for a mail taken in or deliberately dropped (an automatic reply, a repeat
// of a mail already taken in), a *Refusal for one refused.
func (s *Service) Deliver(ctx context.Context, env Envelope, rcpt Recipient, r io.Reader) error {
	raw, err := io.ReadAll(io.LimitReader(r, s.cfg.MaxMessageBytes+1))
	if err != nil {
		return err
	}
	if int64(len(raw)) > s.cfg.MaxMessageBytes {
		return ErrTooBig
	}
	p, err := s.parse(raw, env.From == "")
	if err != nil {
		var ref *Refusal
		if errors.As(err, &ref) && ref != ErrMalformed {
			s.logRefusal(ctx, rcpt, env, "", "attachment_too_large")
		}
		return err
	}
	companyID, thread, err := s.target(ctx, rcpt, p)
	if err != nil {
		if errors.Is(err, ErrForgedToken) {
			s.logRefusal(ctx, rcpt, env, p.from.Address, "forged_reply_token")
		}
		return err
	}
	if p.loop {
		s.log.Info("inbound: automatic mail dropped", "to", rcpt.Address, "from", p.from.Address)
		s.logEvent(ctx, companyID, env, "auto_reply_ignored", map[string]any{"to": rcpt.Address, "from": p.from.Address})
		return nil
	}
	if seen, err := s.st.InboundMailSeen(ctx, store.InboundMailSeenParams{CompanyID: companyID, MessageID: p.messageID}); err != nil {
		return err
	} else if seen {
		return nil // delivered again: the first delivery holds it
	}
	if ok, err := s.mayPost(ctx, rcpt, thread, p.from.Address); err != nil {
		return err
	} else if !ok {
		s.logRefusal(ctx, rcpt, env, p.from.Address, "sender_not_accepted")
		return ErrSenderRefused
	}
	post := inbox.InboundPost{Email: p.from.Address, Name: p.from.Name, IP: env.IP, HTML: p.html, Text: p.text, Files: p.files,
		Record: func(ctx context.Context, q *store.Queries, companyID, threadID int64) error {
			return q.InboundMailRecord(ctx, store.InboundMailRecordParams{CompanyID: companyID, MessageID: p.messageID, ThreadID: threadID})
		}}
	if thread != uuid.Nil {
		_, err = s.inbox.AddInboundMessage(ctx, thread, post)
	} else {
		_, err = s.inbox.CreateInboundTask(ctx, rcpt.Alias.CompanyID, rcpt.Alias.CategoryID, p.subject, post)
	}
	if e, ok := apperr.As(err); ok {
		// the inbox refuses what the app would (a closed thread, too long a text)
		s.logRefusal(ctx, rcpt, env, p.from.Address, e.Message)
		return refuse(550, [3]int{5, 7, 0}, "not accepted: %s", e.Message)
	}
	return err
}

// target is the company and, for a reply, the thread a mail goes to: the
// reply address's thread, else one its In-Reply-To or References name (a
// reply token there, or the Message-ID of a mail taken in before).
func (s *Service) target(ctx context.Context, rcpt Recipient, p *parsed) (int64, uuid.UUID, error) {
	if rcpt.Thread != uuid.Nil {
		t, err := s.st.InboundCategoryTarget(ctx, rcpt.Thread)
		if err != nil {
			return 0, uuid.Nil, err
		}
		return t.CompanyID, rcpt.Thread, nil
	}
	companyID := rcpt.Alias.CompanyID
	for _, ref := range p.references {
		thread, found, ok := s.tokens.Find(ref)
		if !found {
			continue
		}
		if !ok {
			return companyID, uuid.Nil, ErrForgedToken
		}
		t, err := s.st.InboundCategoryTarget(ctx, thread)
		if err == nil && t.CompanyID == companyID {
			return companyID, thread, nil
		} else if err != nil && !store.IsNotFound(err) {
			return 0, uuid.Nil, err
		}
	}
	if len(p.references) > 0 {
		thread, err := s.st.InboundMailThread(ctx, store.InboundMailThreadParams{CompanyID: companyID, MessageIds: p.references})
		if err == nil {
			return companyID, thread, nil
		} else if !store.IsNotFound(err) {
			return 0, uuid.Nil, err
		}
	}
	return companyID, uuid.Nil, nil
}

// mayPost is the sender rule: the alias's category takes mail from its
// company's accepted e-mails and domains, or from anyone when it allows
// others; a reply also from a member who may write in the thread in the app.
func (s *Service) mayPost(ctx context.Context, rcpt Recipient, thread uuid.UUID, sender string) (bool, error) {
	if thread == uuid.Nil {
		return s.settings.MayReceiveFrom(ctx, *rcpt.Alias, sender)
	}
	if u, err := s.st.UserGetByEmail(ctx, sender); err == nil && u.Active && u.UserType != "external" {
		if s.inbox.MayWriteByMail(ctx, u, thread) {
			return true, nil
		}
	} else if err != nil && !store.IsNotFound(err) {
		return false, err
	}
	t, err := s.st.InboundCategoryTarget(ctx, thread)
	if err != nil {
		return false, err
	}
	return s.settings.MayReceiveFrom(ctx, org.AliasTarget{CompanyID: t.CompanyID, CompanyUUID: t.CompanyUuid,
		CategoryID: t.CategoryID, CategoryName: t.CategoryName, EmailEnabled: t.EmailEnabled,
		CompanyActive: t.CompanyActive, CategoryActive: t.CategoryActive, AllowAnySenders: t.AllowAnySenders}, sender)
}

// parse reads the mail with go-message: headers, the first HTML and text
// parts, and every other part as an attachment (each within the upload limit).
func (s *Service) parse(raw []byte, bounce bool) (*parsed, error) {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) {
		return nil, ErrMalformed
	}
	h := mr.Header
	p := &parsed{}
	from, err := h.AddressList("From")
	if err != nil || len(from) == 0 || from[0].Address == "" || !strings.Contains(from[0].Address, "@") {
		return nil, ErrMalformed
	}
	p.from = from[0]
	p.from.Address = strings.ToLower(p.from.Address)
	if p.subject, err = h.Subject(); err != nil {
		p.subject = h.Get("Subject")
	}
	if p.messageID, err = h.MessageID(); err != nil || p.messageID == "" {
		sum := sha256.Sum256(raw)
		p.messageID = "sha256-" + hex.EncodeToString(sum[:]) // no Message-ID: the mail's own content names it
	}
	inReply, _ := h.MsgIDList("In-Reply-To")
	refs, _ := h.MsgIDList("References")
	// the newest first: In-Reply-To, then References from its end
	p.references = append(p.references, inReply...)
	for i := len(refs) - 1; i >= 0; i-- {
		p.references = append(p.references, refs[i])
	}
	auto := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted")))
	prec := strings.ToLower(strings.TrimSpace(h.Get("Precedence")))
	p.loop = bounce || auto != "" && auto != "no" || prec == "bulk" || prec == "junk" || prec == "list" ||
		h.Get("X-Autoreply") != "" || h.Get("X-Autorespond") != ""
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		} else if err != nil && !message.IsUnknownCharset(err) {
			return nil, ErrMalformed
		}
		ct, _, _ := part.Header.(interface {
			ContentType() (string, map[string]string, error)
		}).ContentType()
		filename := ""
		switch hh := part.Header.(type) {
		case *gomail.AttachmentHeader:
			filename, _ = hh.Filename()
		case *gomail.InlineHeader:
			_, params, _ := hh.ContentDisposition()
			filename = params["filename"]
		}
		isText := ct == "text/html" || ct == "text/plain" || ct == ""
		if filename == "" && isText {
			body, err := io.ReadAll(io.LimitReader(part.Body, s.cfg.MaxMessageBytes))
			if err != nil {
				return nil, ErrMalformed
			}
			if ct == "text/html" && p.html == "" {
				p.html = string(body)
			} else if ct != "text/html" && p.text == "" {
				p.text = string(body)
			}
			continue
		}
		if filename == "" {
			filename = "attachment"
		}
		content, err := io.ReadAll(io.LimitReader(part.Body, s.cfg.MaxUploadBytes+1))
		if err != nil {
			return nil, ErrMalformed
		}
		if int64(len(content)) > s.cfg.MaxUploadBytes {
			return nil, refuse(552, [3]int{5, 3, 4}, "attachment %q is larger than the upload limit of %d bytes", filename, s.cfg.MaxUploadBytes)
		}
		p.files = append(p.files, inbox.Upload{Filename: filename, ContentType: ct, Size: int64(len(content)),
			Content: bytes.NewReader(content)})
	}
	return p, nil
}

// logRefusal writes a refused mail to the events log (category InboundEmail)
// of the company it was for.
func (s *Service) logRefusal(ctx context.Context, rcpt Recipient, env Envelope, sender, reason string) {
	var companyID int64
	switch {
	case rcpt.Alias != nil:
		companyID = rcpt.Alias.CompanyID
	case rcpt.Thread != uuid.Nil:
		if t, err := s.st.InboundCategoryTarget(ctx, rcpt.Thread); err == nil {
			companyID = t.CompanyID
		}
	}
	s.log.Info("inbound: mail refused", "to", rcpt.Address, "from", sender, "envelope_from", env.From, "reason", reason)
	s.logEvent(ctx, companyID, env, "mail_refused", map[string]any{"to": rcpt.Address, "from": sender,
		"envelopeFrom": env.From, "reason": reason})
}

func (s *Service) logEvent(ctx context.Context, companyID int64, env Envelope, name string, data map[string]any) {
	b, _ := json.Marshal(data)
	var company *int64
	if companyID != 0 {
		company = &companyID
	}
	if err := s.st.EventLogAdd(context.WithoutCancel(ctx), store.EventLogAddParams{CompanyID: company,
		EventCategory: "InboundEmail", EventName: name, Ip: env.IP, Data: b}); err != nil {
		s.log.Error("inbound: events log", "err", err)
	}
}
