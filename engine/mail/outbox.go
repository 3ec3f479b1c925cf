package mail

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"portico/engine/store"
)

// Kinds of thread event that may be mailed.
const (
	EventThreadCreated  = "thread_created"
	EventMessageCreated = "message_created"
)

// ThreadEvent is an inbox event handed to the mail: the thread, the activity
// (nil: the thread's first) and who may read it (the inbox's audience).
type ThreadEvent struct {
	Kind         string
	ThreadUUID   uuid.UUID
	ActivityUUID *uuid.UUID
	Readers      []uuid.UUID
	// ChangeKey names a change that adds no activity (an assignment, a due
	// date): the event is the thread's latest activity and this key.
	ChangeKey string
	// CompanyUUID and ActorUUID are an event about no thread
	// (accessRightsChanged, ThreadUUID nil): the company whose access
	// rights changed for the readers, and who changed them.
	CompanyUUID, ActorUUID uuid.UUID
}

// Queued is what a fan-out queued for one event.
type Queued struct {
	CompanyID, EventID int64
	// Immediate counts the readers mailed at once (after the grace delay).
	Immediate int
	// DigestUsers are the readers whose digest now holds the event.
	DigestUsers []int64
}

// OutboxConfig is how mails are addressed.
type OutboxConfig struct {
	// PublicURL is the portal's address (links in mails).
	PublicURL string
	// MessageDomain names Message-IDs (<...@domain>); the reply-to domain.
	MessageDomain string
	// Metrics counts mails queued, sent and failed (nil: none).
	Metrics Metrics
	// ReplyToken is a thread's signed reply token (inbound.Tokens.Token; nil
	// or "": none): a mail about one thread is answered to token@MessageDomain
	// and its Message-ID carries the token, so the reply lands in the thread.
	ReplyToken func(thread uuid.UUID) string
}

// Outbox queues and sends the mails of inbox events, digests and the morning
// mail. Each send is idempotent per (user, event): a delivery is sent only
// while pending and marked as soon as the server accepted it.
type Outbox struct {
	st   *store.Store
	send Sender
	cfg  OutboxConfig
}

// NewOutbox builds the outbox on a store and a sender.
func NewOutbox(st *store.Store, send Sender, cfg OutboxConfig) *Outbox {
	if cfg.MessageDomain == "" {
		cfg.MessageDomain = "portico.localhost"
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	return &Outbox{st: st, send: send, cfg: cfg}
}

// FanOut queues an event's mails: two statements whatever the number of readers.
func (o *Outbox) FanOut(ctx context.Context, ev ThreadEvent) (Queued, error) {
	src, err := o.source(ctx, ev)
	if store.IsNotFound(err) {
		// the thread or message is gone: nothing to tell
		return Queued{}, nil
	}
	if err != nil {
		return Queued{}, fmt.Errorf("mail: event source: %w", err)
	}
	var trigger string
	var triggers []string
	switch ev.Kind {
	case EventThreadCreated:
		trigger, triggers = TriggerNewMessageThread, []string{TriggerNewMessageThread}
		if src.Urgent {
			trigger, triggers = TriggerUrgentMessageThread, []string{TriggerUrgentMessageThread, TriggerNewMessageThread}
		}
	case EventMessageCreated:
		trigger, triggers = TriggerNewMessageInThread, []string{TriggerNewMessageInThread}
	case TriggerAssignmentChanged, TriggerThreadDueDateChanged, TriggerNewReactionToMyMessage, TriggerAccessRightsChanged:
		if ev.ChangeKey == "" {
			return Queued{}, fmt.Errorf("mail: %s without its change", ev.Kind)
		}
		trigger, triggers = ev.Kind, []string{ev.Kind}
	case TriggerThreadMentionOfMe, TriggerThreadStatusChanged, TriggerNewFileUploaded:
		// an activity of the thread, told to the readers the event names
		if ev.ActivityUUID == nil {
			return Queued{}, fmt.Errorf("mail: %s without its activity", ev.Kind)
		}
		trigger, triggers = ev.Kind, []string{ev.Kind}
	default:
		return Queued{}, fmt.Errorf("mail: unknown event kind %q", ev.Kind)
	}
	params := store.MailFanOutParams{CompanyID: src.CompanyID, ActivityID: src.ActivityID, Trigger: trigger,
		ActorID: src.ActorID, UserUuids: ev.Readers, Triggers: triggers, ChangeKey: ev.ChangeKey}
	if src.ThreadID != 0 {
		params.ThreadID, params.CategoryID = &src.ThreadID, &src.CategoryID
	}
	rows, err := o.st.MailFanOut(ctx, params)
	if err != nil {
		return Queued{}, fmt.Errorf("mail: fan-out: %w", err)
	}
	q := Queued{CompanyID: src.CompanyID}
	for _, r := range rows {
		q.EventID = r.EventID
		if r.Mode == NotifyImmediate {
			q.Immediate++
		} else {
			q.DigestUsers = append(q.DigestUsers, r.UserID)
		}
	}
	if o.cfg.Metrics != nil {
		o.cfg.Metrics.Queued(MailImmediate, q.Immediate)
		o.cfg.Metrics.Queued(MailDigest, len(q.DigestUsers))
	}
	return q, nil
}

// source is what an event is about: its activity, or for a change the
// thread's latest activity (whoever made the change is left out of its
// readers); for a change of access rights the company alone (no thread, no
// activity: ThreadID and ActivityID 0).
func (o *Outbox) source(ctx context.Context, ev ThreadEvent) (store.MailEventSourceRow, error) {
	if ev.Kind == TriggerAccessRightsChanged {
		r, err := o.st.AccessMailSource(ctx, store.AccessMailSourceParams{CompanyUuid: ev.CompanyUUID, ActorUuid: ev.ActorUUID})
		return store.MailEventSourceRow{CompanyID: r.CompanyID, ActorID: r.ActorID}, err
	}
	if ev.ChangeKey == "" {
		return o.st.MailEventSource(ctx, store.MailEventSourceParams{ThreadUuid: ev.ThreadUUID, ActivityUuid: ev.ActivityUUID})
	}
	r, err := o.st.MailChangeSource(ctx, ev.ThreadUUID)
	return store.MailEventSourceRow{CompanyID: r.CompanyID, ThreadID: r.ThreadID, CategoryID: r.CategoryID,
		Urgent: r.Urgent, ActivityID: r.ActivityID}, err
}

func (o *Outbox) threadLink(company, thread uuid.UUID) string {
	return fmt.Sprintf("%s/%s/inbox/%s", o.cfg.PublicURL, company, thread)
}

// eventItem is one event of an immediate mail or a digest: a thread's, or,
// without a thread (uuid.Nil), a change of the reader's access rights in the
// company, which links to the company's inbox.
func (o *Outbox) eventItem(lang, trigger string, company uuid.UUID, companyName, categoryName string, thread uuid.UUID,
	title, actor, excerpt string) Item {
	if thread == uuid.Nil {
		return Item{Heading: heading(lang, trigger, companyName), Company: companyName, By: actor,
			Link: fmt.Sprintf("%s/%s/inbox", o.cfg.PublicURL, company), Open: word(lang, "open.company")}
	}
	return Item{Heading: heading(lang, trigger, title), Company: companyName + " · " + categoryName, By: actor,
		Excerpt: excerpt, Link: o.threadLink(company, thread)}
}

// Kinds of mail, for Metrics.
const (
	MailImmediate = "immediate"
	MailDigest    = "digest"
	MailDaily     = "every_day"
)

// Metrics hears of the outbox's mails (operators' /metrics).
type Metrics interface {
	// Queued: n mails queued by a fan-out, to go out at once (immediate) or in digests.
	Queued(kind string, n int)
	// Sent and Failed: one mail of kind accepted or refused by the SMTP server.
	Sent(kind string)
	Failed(kind string)
}

// deliver sends one mail and counts the outcome.
func (o *Outbox) deliver(ctx context.Context, kind string, m Message) error {
	err := o.send.Send(ctx, m)
	if o.cfg.Metrics != nil {
		if err != nil {
			o.cfg.Metrics.Failed(kind)
		} else {
			o.cfg.Metrics.Sent(kind)
		}
	}
	return err
}

// replyToken is a thread's reply token; none for an event about no thread.
func (o *Outbox) replyToken(thread uuid.UUID) string {
	if o.cfg.ReplyToken == nil || thread == uuid.Nil {
		return ""
	}
	return o.cfg.ReplyToken(thread)
}

func (o *Outbox) settingsLink() string { return o.cfg.PublicURL + "/notification-settings" }

func heading(lang, trigger, title string) string {
	return fmt.Sprintf(word(lang, trigger), title)
}

// SendImmediate sends an event's immediate mails still pending; a reader who
// has read the thread up to the event since is skipped. Sent counts the mails
// that went out.
func (o *Outbox) SendImmediate(ctx context.Context, companyID, eventID int64) (sent int, err error) {
	rows, err := o.st.MailPendingImmediate(ctx, store.MailPendingImmediateParams{CompanyID: companyID, EventID: eventID})
	if err != nil {
		return 0, fmt.Errorf("mail: pending: %w", err)
	}
	for _, r := range rows {
		status := "skipped"
		if !r.AlreadyRead {
			lang := Language(r.Language, r.CommunicationLanguage)
			excerpt := Excerpt(r.MessageBody)
			if excerpt == "" && r.ThreadDescription != nil {
				excerpt = Excerpt(*r.ThreadDescription)
			}
			item := o.eventItem(lang, r.Trigger, r.CompanyUuid, r.CompanyName, r.CategoryName, r.ThreadUuid, r.ThreadTitle,
				r.ActorName, excerpt)
			m := Message{To: r.Email, ToName: r.UserName, Subject: item.Heading,
				MessageID:   fmt.Sprintf("event-%d-%d-user-%d@%s", companyID, eventID, r.UserID, o.cfg.MessageDomain),
				Unsubscribe: o.settingsLink()}
			if tok := o.replyToken(r.ThreadUuid); tok != "" {
				m.ReplyTo = tok + "@" + o.cfg.MessageDomain
				m.MessageID = fmt.Sprintf("event-%d-%d-user-%d.%s@%s", companyID, eventID, r.UserID, tok, o.cfg.MessageDomain)
			}
			if m.HTML, m.Text, err = render(lang, r.UserName, o.settingsLink(), []Item{item}); err != nil {
				return sent, err
			}
			if err := o.deliver(ctx, MailImmediate, m); err != nil {
				return sent, err
			}
			status = "sent"
			sent++
		}
		// marked even when the activity is being cancelled: the server has the mail
		if err := o.st.MailDeliveryMark(context.WithoutCancel(ctx), store.MailDeliveryMarkParams{Status: status, CompanyID: companyID,
			EventID: eventID, UserIds: []int64{r.UserID}}); err != nil {
			return sent, fmt.Errorf("mail: mark: %w", err)
		}
	}
	return sent, nil
}

// SendDigest sends a user's pending digest items as one mail, without those
// the user has read since; answers whether a mail went out.
func (o *Outbox) SendDigest(ctx context.Context, userID int64) (bool, error) {
	rows, err := o.st.MailPendingDigest(ctx, userID)
	if err != nil {
		return false, fmt.Errorf("mail: digest: %w", err)
	}
	var items []Item
	var sentC, sentE, skipC, skipE []int64
	var to, name, lang string
	for _, r := range rows {
		if r.AlreadyRead {
			skipC, skipE = append(skipC, r.CompanyID), append(skipE, r.EventID)
			continue
		}
		lang = Language(r.Language, r.CommunicationLanguage)
		to, name = r.Email, r.UserName
		items = append(items, o.eventItem(lang, r.Trigger, r.CompanyUuid, r.CompanyName, r.CategoryName, r.ThreadUuid,
			r.ThreadTitle, r.ActorName, Excerpt(r.MessageBody)))
		sentC, sentE = append(sentC, r.CompanyID), append(sentE, r.EventID)
	}
	if len(items) > 0 {
		m := Message{To: to, ToName: name, Subject: fmt.Sprintf(word(lang, "digest.subject"), len(items)),
			MessageID:   fmt.Sprintf("digest-%d-%d-%d-user-%d@%s", sentC[0], sentE[0], len(items), userID, o.cfg.MessageDomain),
			Unsubscribe: o.settingsLink()}
		if m.HTML, m.Text, err = render(lang, name, o.settingsLink(), items); err != nil {
			return false, err
		}
		if err := o.deliver(ctx, MailDigest, m); err != nil {
			return false, err
		}
	}
	for _, mark := range []struct {
		status    string
		companies []int64
		events    []int64
	}{{"sent", sentC, sentE}, {"skipped", skipC, skipE}} {
		if len(mark.events) == 0 {
			continue
		}
		if err := o.st.MailDigestMark(context.WithoutCancel(ctx), store.MailDigestMarkParams{Status: mark.status, CompanyIds: mark.companies,
			EventIds: mark.events, UserID: userID}); err != nil {
			return len(items) > 0, fmt.Errorf("mail: mark digest: %w", err)
		}
	}
	return len(items) > 0, nil
}

// DefaultTimeZone is the time zone of users who have not set their own.
const DefaultTimeZone = "Europe/Helsinki"

// MorningHour is when the every_day mail goes out, in the user's time zone.
const MorningHour = 7

// dueSoon is the overdue-soon window (spec 001: 2 days).
const dueSoon = 48 * time.Hour

// SendDaily sends the morning mail to every user who chose every_day and
// whose local time is past MorningHour on a date that has had no morning mail
// yet; a run at any hour catches up. Answers how many went out.
func (o *Outbox) SendDaily(ctx context.Context, now time.Time) (int, error) {
	users, err := o.st.MailDailyCandidates(ctx)
	if err != nil {
		return 0, fmt.Errorf("mail: daily users: %w", err)
	}
	sent := 0
	for _, u := range users {
		tzName := u.TimeZone
		if tzName == "" {
			tzName = DefaultTimeZone
		}
		tz, err := time.LoadLocation(tzName)
		if err != nil {
			tz, _ = time.LoadLocation(DefaultTimeZone)
		}
		local := now.In(tz)
		if local.Hour() < MorningHour {
			continue
		}
		day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
		done, err := o.st.MailDailySent(ctx, store.MailDailySentParams{UserID: u.ID, LocalDate: pgtype.Date{Time: day, Valid: true}})
		if err != nil {
			return sent, fmt.Errorf("mail: daily sent: %w", err)
		}
		if done {
			continue
		}
		threads, err := o.st.MailDailyThreads(ctx, store.MailDailyThreadsParams{UserID: u.ID, Now: now, Until: now.Add(dueSoon)})
		if err != nil {
			return sent, fmt.Errorf("mail: daily threads: %w", err)
		}
		lang := Language(u.Language, "")
		var items []Item
		for _, t := range threads {
			if (t.Overdue && !u.Overdue) || (!t.Overdue && !u.Approaching) {
				continue
			}
			due := word(lang, "due") + " " + t.DueDate.In(tz).Format("2006-01-02")
			if t.Overdue {
				due = word(lang, "overdue") + " · " + due
			}
			items = append(items, Item{Heading: t.Title, Company: t.CompanyName, Due: due,
				Link: o.threadLink(t.CompanyUuid, t.UUID)})
		}
		if len(items) > 0 {
			m := Message{To: u.Email, ToName: u.Name, Subject: fmt.Sprintf(word(lang, "daily.subject"), len(items)),
				MessageID:   fmt.Sprintf("daily-%s-user-%d@%s", day.Format("20060102"), u.ID, o.cfg.MessageDomain),
				Unsubscribe: o.settingsLink()}
			if m.HTML, m.Text, err = render(lang, u.Name, o.settingsLink(), items); err != nil {
				return sent, err
			}
			if err := o.deliver(ctx, MailDaily, m); err != nil {
				return sent, err
			}
			sent++
		}
		if err := o.st.MailDailyMark(context.WithoutCancel(ctx), store.MailDailyMarkParams{UserID: u.ID, LocalDate: pgtype.Date{Time: day, Valid: true}}); err != nil {
			return sent, fmt.Errorf("mail: daily mark: %w", err)
		}
	}
	return sent, nil
}
