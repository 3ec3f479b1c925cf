package activities

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"

	"portico/engine/mail"
	"portico/temporal"
)

// Mail sends the mails of inbox events, digests and the morning mail.
type Mail struct {
	outbox    *mail.Outbox
	client    client.Client
	taskQueue string
}

// MailDeps is what the mail activities need.
type MailDeps struct {
	Outbox *mail.Outbox
	// Client and TaskQueue start users' digest workflows.
	Client    client.Client
	TaskQueue string
}

// NewMail builds the mail activities.
func NewMail(d MailDeps) *Mail {
	return &Mail{outbox: d.Outbox, client: d.Client, taskQueue: d.TaskQueue}
}

// Register adds the activities under their stable names.
func (a *Mail) Register(r Registry) {
	register(r, map[string]any{
		temporal.MailFanOutActivity:        a.FanOut,
		temporal.MailWakeDigestsActivity:   a.WakeDigests,
		temporal.MailSendImmediateActivity: a.SendImmediate,
		temporal.MailSendDigestActivity:    a.SendDigest,
		temporal.MailSendDailyActivity:     a.SendDaily,
	})
}

// FanOut queues an event's mails.
func (a *Mail) FanOut(ctx context.Context, in temporal.MailEvent) (temporal.MailQueued, error) {
	ev := mail.ThreadEvent{Kind: in.Kind, ChangeKey: in.ChangeKey}
	// the thread, or for an event about no thread its company and actor
	parse := func(name, value string, to *uuid.UUID) error {
		if value == "" {
			return nil
		}
		id, err := uuid.Parse(value)
		if err != nil {
			return fmt.Errorf("mail: %s id: %w", name, err)
		}
		*to = id
		return nil
	}
	for _, err := range []error{parse("thread", in.ThreadUUID, &ev.ThreadUUID), parse("company", in.CompanyUUID, &ev.CompanyUUID),
		parse("actor", in.ActorUUID, &ev.ActorUUID)} {
		if err != nil {
			return temporal.MailQueued{}, err
		}
	}
	if in.ActivityUUID != "" {
		var id uuid.UUID
		if err := parse("activity", in.ActivityUUID, &id); err != nil {
			return temporal.MailQueued{}, err
		}
		ev.ActivityUUID = &id
	}
	for _, r := range in.Readers {
		if id, err := uuid.Parse(r); err == nil {
			ev.Readers = append(ev.Readers, id)
		}
	}
	q, err := a.outbox.FanOut(ctx, ev)
	if err != nil {
		return temporal.MailQueued{}, err
	}
	return temporal.MailQueued{CompanyID: q.CompanyID, EventID: q.EventID, Immediate: q.Immediate, DigestUsers: q.DigestUsers}, nil
}

// WakeDigests starts each user's digest workflow, or tells the running one
// that more came in.
func (a *Mail) WakeDigests(ctx context.Context, in temporal.MailWake) error {
	for _, id := range in.UserIDs {
		_, err := a.client.SignalWithStartWorkflow(ctx, temporal.MailDigestWorkflowID(id), temporal.MailDigestSignal, nil,
			client.StartWorkflowOptions{TaskQueue: a.taskQueue}, temporal.MailDigestWorkflow,
			temporal.MailDigest{UserID: id, Period: in.Period})
		var done *serviceerror.WorkflowExecutionAlreadyStarted
		if err != nil && !errors.As(err, &done) {
			return err
		}
		activity.RecordHeartbeat(ctx, id)
	}
	return nil
}

// SendImmediate sends an event's immediate mails still pending and unread.
func (a *Mail) SendImmediate(ctx context.Context, q temporal.MailQueued) (int, error) {
	return a.outbox.SendImmediate(ctx, q.CompanyID, q.EventID)
}

// SendDigest sends a user's digest.
func (a *Mail) SendDigest(ctx context.Context, userID int64) (bool, error) {
	return a.outbox.SendDigest(ctx, userID)
}

// SendDaily sends the morning mails due at now.
func (a *Mail) SendDaily(ctx context.Context, now time.Time) (int, error) {
	return a.outbox.SendDaily(ctx, now)
}

// MailStarter adapts temporal.MailStarter to engine/mail's Starter.
type MailStarter struct{ temporal.MailStarter }

// StartMailEvent starts the event's mail workflow.
func (s MailStarter) StartMailEvent(ctx context.Context, ev mail.ThreadEvent) error {
	in := temporal.MailEvent{Kind: ev.Kind, ChangeKey: ev.ChangeKey, Readers: make([]string, 0, len(ev.Readers))}
	for _, id := range []struct {
		from uuid.UUID
		to   *string
	}{{ev.ThreadUUID, &in.ThreadUUID}, {ev.CompanyUUID, &in.CompanyUUID}, {ev.ActorUUID, &in.ActorUUID}} {
		if id.from != uuid.Nil {
			*id.to = id.from.String()
		}
	}
	if ev.ActivityUUID != nil {
		in.ActivityUUID = ev.ActivityUUID.String()
	}
	for _, r := range ev.Readers {
		in.Readers = append(in.Readers, r.String())
	}
	return s.Start(ctx, in)
}
