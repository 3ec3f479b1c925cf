package mail

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"portico/engine/notify"
)

// Starter hands an event to the durable process that mails it (Temporal's
// mail.event workflow); starting the same event twice starts it once.
type Starter interface {
	StartMailEvent(ctx context.Context, ev ThreadEvent) error
}

// Tap passes the inbox's realtime events on and hands those that may be
// mailed (a new thread, a new message) to the starter: one start per event,
// whatever the number of readers, so a mutation never waits for its mails.
// A start that fails is logged; realtime delivery is not held up by it.
type Tap struct {
	next  notify.Publisher
	start Starter
	log   *slog.Logger
}

// NewTap wraps next.
func NewTap(next notify.Publisher, start Starter, log *slog.Logger) *Tap {
	if next == nil {
		next = notify.Discard{}
	}
	if log == nil {
		log = slog.Default()
	}
	return &Tap{next: next, start: start, log: log}
}

// Publish delivers the events, then starts the mail of each mailable one.
func (t *Tap) Publish(ctx context.Context, events ...notify.Event) {
	t.next.Publish(ctx, events...)
	for _, e := range events {
		for _, ev := range threadEventsOf(e) {
			if err := t.start.StartMailEvent(context.WithoutCancel(ctx), ev); err != nil {
				t.log.Error("mail: starting an event's mail", "key", e.Key, "thread", ev.ThreadUUID, "err", err)
			}
		}
	}
}

// threadEventsOf reads a realtime event of the inbox as mail events: a new
// thread, a new message (and its mentions), and what the inbox marks with
// "mailTrigger" and its activity (a status change, a file uploaded) or its
// "mailChange" (an assignment, a due date): to "mailReaders", or to the
// event's audience but "mailActor".
func threadEventsOf(e notify.Event) []ThreadEvent {
	id := func(key string) (uuid.UUID, bool) {
		switch v := e.Data[key].(type) {
		case uuid.UUID:
			return v, true
		case string:
			u, err := uuid.Parse(v)
			return u, err == nil
		}
		return uuid.Nil, false
	}
	act, hasAct := id("activityId")
	switch e.Key {
	case "inbox_thread.create":
		if thread, ok := id("uuid"); ok {
			return []ThreadEvent{{Kind: EventThreadCreated, ThreadUUID: thread, Readers: e.Users}}
		}
	case "inbox_message.create":
		thread, ok := id("taskId")
		if !ok || !hasAct {
			return nil
		}
		out := []ThreadEvent{{Kind: EventMessageCreated, ThreadUUID: thread, ActivityUUID: &act, Readers: e.Users}}
		if mentioned, _ := e.Data["mentioned"].([]uuid.UUID); len(mentioned) > 0 {
			out = append(out, ThreadEvent{Kind: TriggerThreadMentionOfMe, ThreadUUID: thread, ActivityUUID: &act, Readers: mentioned})
		}
		return out
	default:
		trigger, _ := e.Data["mailTrigger"].(string)
		thread, ok := id("taskId")
		if !ok {
			thread, ok = id("uuid")
		}
		if change, _ := e.Data["mailChange"].(string); trigger != "" && ok && change != "" {
			readers, listed := e.Data["mailReaders"].([]uuid.UUID)
			if !listed {
				actor, _ := id("mailActor")
				for _, u := range e.Users {
					if u != actor {
						readers = append(readers, u)
					}
				}
			}
			return []ThreadEvent{{Kind: trigger, ThreadUUID: thread, ChangeKey: change, Readers: readers}}
		}
		if trigger != "" && ok && hasAct {
			return []ThreadEvent{{Kind: trigger, ThreadUUID: thread, ActivityUUID: &act, Readers: e.Users}}
		}
	}
	return nil
}
