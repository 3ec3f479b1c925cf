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
		ev, ok := threadEventOf(e)
		if !ok {
			continue
		}
		if err := t.start.StartMailEvent(context.WithoutCancel(ctx), ev); err != nil {
			t.log.Error("mail: starting an event's mail", "key", e.Key, "thread", ev.ThreadUUID, "err", err)
		}
	}
}

// threadEventOf reads a realtime event of the inbox as a mail event.
func threadEventOf(e notify.Event) (ThreadEvent, bool) {
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
	ev := ThreadEvent{Readers: e.Users}
	var ok bool
	switch e.Key {
	case "inbox_thread.create":
		ev.Kind = EventThreadCreated
		ev.ThreadUUID, ok = id("uuid")
	case "inbox_message.create":
		ev.Kind = EventMessageCreated
		ev.ThreadUUID, ok = id("taskId")
		if act, found := id("activityId"); found {
			ev.ActivityUUID = &act
		}
	}
	return ev, ok
}
