package realtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"portico/engine/notify"
	"portico/realtime"
)

// BenchmarkBusPublish is the cost a writer pays: queueing only.
func BenchmarkBusPublish(b *testing.B) {
	bus := realtime.New(nil, realtime.Options{MaxQueue: 1 << 30})
	e := notify.Event{Users: []uuid.UUID{uuid.New()}, Key: "inbox_message.create", Data: map[string]any{"uuid": "x"}}
	b.ReportAllocs()
	for b.Loop() {
		bus.Publish(context.Background(), e)
	}
}

// BenchmarkBusRoundTrip publishes events one by one and waits until another
// Bus on the same database has delivered them all; it reports how many NOTIFY
// payloads each event cost.
func BenchmarkBusRoundTrip(b *testing.B) {
	pub := startBus(b, realtime.Options{})
	sub := startBus(b, realtime.Options{})
	user := uuid.New()
	s := sub.Subscribe(user, b.N+1)
	defer s.Close()
	// distinct events: PostgreSQL folds identical payloads of one transaction into one
	events := make([]notify.Event, b.N)
	for i := range events {
		events[i] = notify.Event{Users: []uuid.UUID{user}, Key: "inbox_message.create", Data: map[string]any{"uuid": i}}
	}
	before := pub.Stats()
	b.ResetTimer()
	for _, e := range events {
		pub.Publish(context.Background(), e)
	}
	for range b.N {
		select {
		case <-s.C():
		case <-time.After(wait):
			b.Fatal("events lost")
		}
	}
	b.StopTimer()
	after := pub.Stats()
	b.ReportMetric(float64(after.Notifications-before.Notifications)/float64(b.N), "notifies/event")
	b.ReportMetric(float64(after.Rounds-before.Rounds)/float64(b.N), "rounds/event")
}
