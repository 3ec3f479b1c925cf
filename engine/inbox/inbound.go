package inbox

import (
	"context"
	"fmt"
	"html"
	"net/netip"
	"strings"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
)

// InboundPost is a mail the inbound listener took in, as the inbox writes
// it. The listener has decided who may post (the category's accepted
// senders); the inbox writes it as that author would, with the counters,
// unread state, events log and realtime events of any other write.
type InboundPost struct {
	// Email and Name are the sender: the known user with that address is the
	// author, else an external user made for it in the same transaction.
	Email, Name string
	// IP is the sending server's address (events log).
	IP *netip.Addr
	// HTML is the mail's body, untrusted: it is cleaned here, never refused
	// for markup; Text is used when there is no HTML part.
	HTML  string
	Text  string
	Files []Upload
	// Record runs in the write's transaction once the thread is known (the
	// listener keeps the mail's Message-ID there): what it refuses, nothing of
	// the mail is kept.
	Record func(ctx context.Context, q *store.Queries, companyID, threadID int64) error
}

// author is the sender as a user, inside the write's transaction: the known
// user with that e-mail, or a new external user (who never signs in and
// appears only as an author).
func (p InboundPost) author(ctx context.Context, q *store.Queries) (org.Request, error) {
	name := strings.TrimSpace(p.Name)
	if name == "" {
		name = p.Email
	}
	u, err := q.UserUpsert(ctx, store.UserUpsertParams{Email: p.Email, Name: name, UserType: "external", UserRole: string(access.UserRoleUser)})
	if err != nil {
		return org.Request{}, fmt.Errorf("inbox: inbound sender: %w", err)
	}
	return org.Request{User: u, IP: p.IP}, nil
}

// body cleans the mail's body: HTML through the message policy (scripts,
// styles and handlers dropped, not refused: mail carries them as a rule),
// plain text as paragraphs. Too long a text is VALIDATION_ERROR.
func (p InboundPost) body(field string) (Body, error) {
	in := p.HTML
	if strings.TrimSpace(in) == "" {
		in = textHTML(p.Text)
	}
	in = strings.TrimSpace(in)
	if in == "" {
		return Body{}, nil
	}
	b := Body{HTML: policy.Sanitize(defaultHTTPS(in))}
	b.Text, _ = textOf(b.HTML) // mentions are the app's, never a mail's
	if len([]rune(b.Text)) > MessageLimit {
		return Body{}, apperr.Invalid(field, "message_text_is_too_long")
	}
	return b, nil
}

// textHTML is plain text as paragraphs, lines kept.
func textHTML(text string) string {
	text = strings.ReplaceAll(strings.TrimSpace(text), "\r\n", "\n")
	if text == "" {
		return ""
	}
	var out strings.Builder
	for _, para := range strings.Split(text, "\n\n") {
		if strings.TrimSpace(para) == "" {
			continue
		}
		out.WriteString("<p>")
		out.WriteString(strings.ReplaceAll(html.EscapeString(para), "\n", "<br>"))
		out.WriteString("</p>")
	}
	return out.String()
}

// CreateInboundTask opens a thread from a mail to a category's alias: the
// subject is its title, the body its description, the attachments its files.
func (s *Service) CreateInboundTask(ctx context.Context, companyID, categoryID int64, title string, p InboundPost) (uuid.UUID, error) {
	title = strings.TrimSpace(strings.Join(strings.Fields(title), " "))
	if r := []rune(title); len(r) > 255 {
		title = string(r[:255])
	}
	if title == "" {
		title = "(no subject)"
	}
	body, err := p.body("description")
	if err != nil {
		return uuid.Nil, err
	}
	stored, err := s.putUploads(ctx, companyID, p.Files)
	if err != nil {
		return uuid.Nil, err
	}
	var t Thread
	err = s.write(ctx, func(tx *tx) error {
		sc, err := s.systemScope(ctx, tx.q, companyID)
		if err != nil {
			return err
		}
		req, err := p.author(ctx, tx.q)
		if err != nil {
			return err
		}
		if cat, ok := sc.category(categoryID); !ok || !cat.Active {
			return apperr.NotFound("category")
		}
		t, err = s.newThread(ctx, tx, sc, req, newThread{categoryID: categoryID, title: title, body: body,
			files: stored, args: jsonArgs(map[string]any{"source": "email"})})
		if err != nil {
			return err
		}
		if p.Record != nil {
			if err := p.Record(ctx, tx.q, t.CompanyID, t.ID); err != nil {
				return err
			}
		}
		return logEvent(ctx, tx.q, req, t.CompanyID, "task_created",
			map[string]any{"taskId": t.UUID, "title": t.Title, "source": "email"})
	})
	if err != nil {
		s.dropUploads(ctx, stored)
		return uuid.Nil, err
	}
	return t.UUID, nil
}

// AddInboundMessage writes a reply mail into its thread: the body as a
// message, the attachments as the thread's files. A thread in the bin, closed
// or in an inactive category takes no mail (the app's own rules).
func (s *Service) AddInboundMessage(ctx context.Context, threadID uuid.UUID, p InboundPost) (uuid.UUID, error) {
	row, err := s.st.ThreadGetByUUID(ctx, threadID)
	if store.IsNotFound(err) {
		return uuid.Nil, taskNotFound()
	} else if err != nil {
		return uuid.Nil, err
	}
	body, err := p.body("message")
	if err != nil {
		return uuid.Nil, err
	}
	if body.Empty() && len(p.Files) == 0 {
		return uuid.Nil, apperr.Invalid("message", "message_cannot_be_empty")
	}
	stored, err := s.putUploads(ctx, row.CompanyID, p.Files)
	if err != nil {
		return uuid.Nil, err
	}
	var msgID uuid.UUID
	err = s.write(ctx, func(tx *tx) error {
		sc, err := s.systemScope(ctx, tx.q, row.CompanyID)
		if err != nil {
			return err
		}
		req, err := p.author(ctx, tx.q)
		if err != nil {
			return err
		}
		locked, err := tx.q.ThreadLock(ctx, store.ThreadLockParams{CompanyID: row.CompanyID, ID: row.ID})
		if err != nil {
			return err
		}
		t := Thread(locked)
		if t.Hidden {
			return apperr.Argument("cannot_add_message_to_hidden_thread")
		}
		if finished(t.Status) {
			return apperr.Argument("cannot_add_message_to_closed_thread")
		}
		if cat, ok := sc.category(t.CategoryID); !ok || !cat.Active {
			return apperr.Argument("category_is_inactive")
		}
		aud, err := audienceOf(ctx, tx.q, sc, t.CategoryID)
		if err != nil {
			return err
		}
		var lastAct int64
		if !body.Empty() {
			act, err := s.addActivity(ctx, tx, t, req.User.ID, "inbox_message.create", jsonArgs(map[string]any{"source": "email"}))
			if err != nil {
				return err
			}
			lastAct = act.ID
			m, err := tx.q.MessageCreate(ctx, store.MessageCreateParams{CompanyID: t.CompanyID, ThreadID: t.ID,
				ActivityID: act.ID, UserID: &req.User.ID, Body: body.HTML, BodyText: body.Text})
			if err != nil {
				return err
			}
			msgID = m.UUID
			if err := bumpUnread(ctx, tx.q, t, act.ID, aud.others(req.User.ID), nil); err != nil {
				return err
			}
			tx.emitMail(aud.all, "inbox_message.create", map[string]any{"uuid": m.UUID, "activityId": act.UUID, "taskId": t.UUID,
				"companyId": sc.Company.UUID, "userId": req.User.UUID}, &notify.Mail{Activity: act.UUID})
			if err := logEvent(ctx, tx.q, req, t.CompanyID, "message_created",
				map[string]any{"taskId": t.UUID, "messageId": m.UUID, "source": "email"}); err != nil {
				return err
			}
		}
		for _, f := range stored {
			a, err := s.insertAttachment(ctx, tx, t, req, f, aud, false)
			if err != nil {
				return err
			}
			if a.ActivityID != nil {
				lastAct = *a.ActivityID
			}
		}
		if aud.trackOK[req.User.ID] && lastAct != 0 {
			if _, err := markRead(ctx, tx.q, t, req.User.ID, lastAct); err != nil {
				return err
			}
		}
		if p.Record != nil {
			return p.Record(ctx, tx.q, t.CompanyID, t.ID)
		}
		return nil
	})
	if err != nil {
		s.dropUploads(ctx, stored)
		return uuid.Nil, err
	}
	return msgID, nil
}

// MayWriteByMail tells whether a known user may write in the thread as in the
// app (a reply mail from a member who is not on the accepted senders).
func (s *Service) MayWriteByMail(ctx context.Context, u store.User, threadID uuid.UUID) bool {
	l, err := s.load(ctx, org.Request{User: u}, threadID)
	if err != nil {
		return false
	}
	return writableThread(l, l.Thread, access.SubjectMessage, "message") == nil
}
