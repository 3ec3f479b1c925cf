package realtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/notify"
	"portico/realtime"
)

// Two API processes (two Buses, each on its own pool and listener) under 200
// writes a second, half written through each: every subscriber of either
// process receives every event, none lost and none twice.
func TestBusLosesNothingAcrossProcessesUnder200WritesASecond(t *testing.T) {
	const events = 600 // three seconds at 200 a second
	a := startBus(t, realtime.Options{})
	b := startBus(t, realtime.Options{})
	user := uuid.New()
	subs := []*realtime.Subscription{a.Subscribe(user, events+1), b.Subscribe(user, events+1)}
	for _, s := range subs {
		defer s.Close()
	}
	tick := time.NewTicker(time.Second / 200)
	defer tick.Stop()
	for i := range events {
		<-tick.C
		pub := a
		if i%2 == 1 {
			pub = b
		}
		pub.Publish(context.Background(), notify.Event{Users: []uuid.UUID{user}, Key: "inbox_message.create",
			Data: map[string]any{"n": i}})
	}
	for k, s := range subs {
		seen := map[string]bool{}
		for len(seen) < events {
			select {
			case m, ok := <-s.C():
				require.True(t, ok, "subscription %d ended: %s", k, s.Reason())
				require.False(t, seen[string(m.Data)], "subscription %d got %s twice", k, m.Data)
				seen[string(m.Data)] = true
			case <-time.After(wait):
				t.Fatalf("subscription %d got %d of %d events", k, len(seen), events)
			}
		}
	}
}
