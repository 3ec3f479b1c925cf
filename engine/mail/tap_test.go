package mail_test

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/mail"
	"portico/engine/notify"
	"portico/engine/notify/notifytest"
)

// gatedStarter holds every start until its gate opens, and records them.
type gatedStarter struct {
	gate chan struct{}
	mu   sync.Mutex
	got  []mail.ThreadEvent
}

func (s *gatedStarter) StartMailEvent(_ context.Context, ev mail.ThreadEvent) error {
	<-s.gate
	s.mu.Lock()
	defer s.mu.Unlock()
	s.got = append(s.got, ev)
	return nil
}

func newMessageEvent() notify.Event {
	return notify.Event{Users: []uuid.UUID{uuid.New()}, Key: "inbox_message.create",
		Data: map[string]any{"taskId": uuid.New(), "activityId": uuid.New(), "companyId": uuid.New(), "userId": uuid.New()},
		Mail: &notify.Mail{Activity: uuid.New()}}
}

// A background tap passes the realtime events on at once, while Temporal
// (here a starter that does not answer yet) has still to take the mail
// starts; Wait returns when every start has been made.
func TestBackgroundTapDoesNotHoldEventsForMailStarts(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &notifytest.Recorder{}
	starter := &gatedStarter{gate: make(chan struct{})}
	tap := mail.NewTap(rec, starter, nil).Background(ctx, 2, 100)

	for range 10 {
		tap.Publish(ctx, newMessageEvent())
	}
	require.Len(t, rec.Events(), 10, "the realtime events went out before any mail start answered")
	starter.mu.Lock()
	require.Empty(t, starter.got)
	starter.mu.Unlock()

	close(starter.gate)
	tap.Wait()
	require.Len(t, starter.got, 10)
}

// Without Background, Publish returns after the event's start.
func TestTapStartsInPublish(t *testing.T) {
	starter := &gatedStarter{gate: make(chan struct{})}
	close(starter.gate)
	tap := mail.NewTap(nil, starter, nil)
	tap.Publish(context.Background(), newMessageEvent())
	require.Len(t, starter.got, 1)
}

// A stopping process's tap never holds a request on a full queue: what it
// cannot queue any more is given up (and logged).
func TestStoppedTapDoesNotBlockOnAFullQueue(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	rec := &notifytest.Recorder{}
	tap := mail.NewTap(rec, &gatedStarter{gate: make(chan struct{})}, nil).Background(ctx, 0, 1)
	cancel()
	for range 3 {
		tap.Publish(context.Background(), newMessageEvent())
	}
	require.Len(t, rec.Events(), 3)
}
