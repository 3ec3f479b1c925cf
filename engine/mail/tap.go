package mail

import (
	"context"
	"log/slog"
	"sync"

	"github.com/google/uuid"

	"portico/engine/notify"
)

// Starter hands an event to the durable process that mails it (Temporal's
// mail.event workflow); starting the same event twice starts it once.
type Starter interface {
	StartMailEvent(ctx context.Context, ev ThreadEvent) error
}

// Tap passes realtime events on and hands those that may be mailed (a new
// thread, a new message, what an event's mail part names) to the starter:
// one start per event, whatever the number of readers, so a mutation never
// waits for its mails. A start that fails is logged; realtime delivery is not
// held up by it.
//
// By default Publish returns once its starts have answered. A tap made
// Background queues the starts for workers of its own instead: Temporal takes
// a few dozen starts a second on a small machine, and neither a request nor
// the inbox's fan-out (which publishes a batch of messages at once) should
// wait for them, so realtime events keep their pace when mail falls behind.
type Tap struct {
	next  notify.Publisher
	start Starter
	log   *slog.Logger

	queue chan queuedStart // nil: starts are made in Publish
	done  <-chan struct{}  // the workers' end: nothing is queued after it
	mu    sync.Mutex
	idle  sync.Cond
	busy  int // starts queued or in flight
}

type queuedStart struct {
	key string
	ev  ThreadEvent
}

// NewTap wraps next.
func NewTap(next notify.Publisher, start Starter, log *slog.Logger) *Tap {
	if next == nil {
		next = notify.Discard{}
	}
	if log == nil {
		log = slog.Default()
	}
	t := &Tap{next: next, start: start, log: log}
	t.idle.L = &t.mu
	return t
}

// Background makes the tap's starts run on workers until ctx ends, at most
// capacity waiting (beyond, Publish waits for room). Starts still queued when
// ctx ends are not made (as any event published before a crash).
func (t *Tap) Background(ctx context.Context, workers, capacity int) *Tap {
	t.queue = make(chan queuedStart, capacity)
	t.done = ctx.Done()
	for range workers {
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case q := <-t.queue:
					t.startOne(context.WithoutCancel(ctx), q)
				}
			}
		}()
	}
	return t
}

// Publish delivers the events, then starts (or queues) the mail of each
// mailable one.
func (t *Tap) Publish(ctx context.Context, events ...notify.Event) {
	t.next.Publish(ctx, events...)
	for _, e := range events {
		for _, ev := range threadEventsOf(e) {
			q := queuedStart{key: e.Key, ev: ev}
			t.mu.Lock()
			t.busy++
			t.mu.Unlock()
			if t.queue != nil {
				select {
				case t.queue <- q:
				case <-t.done: // stopping: a full queue must not hold the request
					t.log.Error("mail: an event's mail not started, the process is stopping", "key", e.Key, "thread", ev.ThreadUUID)
					t.finished()
				}
				continue
			}
			t.startOne(context.WithoutCancel(ctx), q)
		}
	}
}

func (t *Tap) startOne(ctx context.Context, q queuedStart) {
	if err := t.start.StartMailEvent(ctx, q.ev); err != nil {
		t.log.Error("mail: starting an event's mail", "key", q.key, "thread", q.ev.ThreadUUID, "err", err)
	}
	t.finished()
}

// finished counts a start made, failed or given up.
func (t *Tap) finished() {
	t.mu.Lock()
	t.busy--
	if t.busy == 0 {
		t.idle.Broadcast()
	}
	t.mu.Unlock()
}

// Wait returns when every start published so far has answered.
func (t *Tap) Wait() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.busy > 0 {
		t.idle.Wait()
	}
}

// threadEventsOf reads a realtime event of the inbox as mail events: a new
// thread, a new message (and its mentions), and what the inbox's mail part
// (notify.Mail, never sent to browsers) marks with a trigger and its activity
// (a status change, a file uploaded) or a change of its own (an assignment, a
// due date): to its readers, or to the event's audience but its actor. A
// change of access rights (the people service's) is about a company, not a
// thread, and goes to its readers.
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
	m := notify.Mail{}
	if e.Mail != nil {
		m = *e.Mail
	}
	act, hasAct := m.Activity, m.Activity != uuid.Nil
	if m.Trigger == TriggerAccessRightsChanged {
		if m.Company == uuid.Nil || m.Change == "" || len(m.Readers) == 0 {
			return nil
		}
		return []ThreadEvent{{Kind: m.Trigger, CompanyUUID: m.Company, ActorUUID: m.Actor, ChangeKey: m.Change, Readers: m.Readers}}
	}
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
		if len(m.Mentioned) > 0 {
			out = append(out, ThreadEvent{Kind: TriggerThreadMentionOfMe, ThreadUUID: thread, ActivityUUID: &act, Readers: m.Mentioned})
		}
		return out
	default:
		thread, ok := id("taskId")
		if !ok {
			thread, ok = id("uuid")
		}
		if m.Trigger != "" && ok && m.Change != "" {
			readers := m.Readers
			if readers == nil {
				for _, u := range e.Users {
					if u != m.Actor {
						readers = append(readers, u)
					}
				}
			}
			return []ThreadEvent{{Kind: m.Trigger, ThreadUUID: thread, ChangeKey: m.Change, Readers: readers}}
		}
		if m.Trigger != "" && ok && hasAct {
			return []ThreadEvent{{Kind: m.Trigger, ThreadUUID: thread, ActivityUUID: &act, Readers: e.Users}}
		}
	}
	return nil
}
