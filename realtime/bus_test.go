package realtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"portico/engine/notify"
	"portico/engine/store/dbtest"
	"portico/realtime"
)

// wait bounds every wait in these tests; reaching it fails the test.
const wait = 20 * time.Second

// startBus runs a Bus on the package database until the test ends and waits
// until it listens.
func startBus(t testing.TB, opt realtime.Options) *realtime.Bus {
	t.Helper()
	return startBusOn(t, dbtest.Store(t).Pool, opt)
}

// startBusOn is startBus on a pool of the test's.
func startBusOn(t testing.TB, pool *pgxpool.Pool, opt realtime.Options) *realtime.Bus {
	t.Helper()
	b := realtime.New(pool, opt)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = b.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-b.Ready():
	case <-time.After(wait):
		t.Fatal("bus never listened")
	}
	return b
}

// observer counts the notifications on the channel with a connection of its own.
type observer struct {
	mu       sync.Mutex
	payloads []string
	conn     *pgx.Conn
}

func observe(t *testing.T) *observer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	conn, err := pgx.Connect(ctx, dbtest.DSN(t))
	require.NoError(t, err)
	_, err = conn.Exec(ctx, "LISTEN "+realtime.Channel)
	require.NoError(t, err)
	o := &observer{conn: conn}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				return
			}
			o.mu.Lock()
			o.payloads = append(o.payloads, n.Payload)
			o.mu.Unlock()
		}
	}()
	t.Cleanup(func() { cancel(); <-done; _ = conn.Close(context.Background()) })
	return o
}

func (o *observer) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.payloads)
}

func (o *observer) all() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string{}, o.payloads...)
}

func receive(t *testing.T, s *realtime.Subscription) *realtime.Message {
	t.Helper()
	select {
	case m, ok := <-s.C():
		require.True(t, ok, "subscription ended: %s", s.Reason())
		return m
	case <-time.After(wait):
		t.Fatal("no message in time")
	}
	return nil
}

func TestBusDeliversAcrossInstances(t *testing.T) {
	a := startBus(t, realtime.Options{})
	b := startBus(t, realtime.Options{})
	anna, carl := uuid.New(), uuid.New()
	onB := b.Subscribe(anna, 10)
	defer onB.Close()
	carlOnB := b.Subscribe(carl, 10)
	defer carlOnB.Close()
	onA := a.Subscribe(anna, 10)
	defer onA.Close()

	a.Publish(context.Background(), notify.Event{Users: []uuid.UUID{anna}, Key: "system_banner.create",
		Data: map[string]any{"uuid": "b1"}})
	b.Publish(context.Background(), notify.Event{Users: []uuid.UUID{carl}, Key: "inbox_thread.update",
		Data: map[string]any{"uuid": "t1"}})

	tests := []struct {
		name string
		sub  *realtime.Subscription
		user uuid.UUID
		key  string
		data string
	}{
		{"published on A reaches B", onB, anna, "system_banner.create", `{"uuid":"b1"}`},
		{"published on A reaches A", onA, anna, "system_banner.create", `{"uuid":"b1"}`},
		{"published on B reaches B", carlOnB, carl, "inbox_thread.update", `{"uuid":"t1"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := receive(t, tt.sub)
			require.Equal(t, "users:activities#"+tt.user.String(), m.Channel)
			require.Equal(t, tt.key, m.Key)
			require.JSONEq(t, tt.data, string(m.Data))
		})
	}
	// only their own events: carl's buffer holds nothing of anna's
	require.Empty(t, carlOnB.C())
	require.Empty(t, onB.C())
}

// An event's mail part (who is mailed, the trigger, the change) stays in the
// publishing process: neither the notification between processes nor the
// message a browser receives carries it, only the event's data.
func TestBusSendsNoMailPart(t *testing.T) {
	obs := observe(t)
	b := startBus(t, realtime.Options{})
	anna, eve, act := uuid.New(), uuid.New(), uuid.New()
	sub := b.Subscribe(anna, 10)
	defer sub.Close()
	b.Publish(context.Background(), notify.Event{Users: []uuid.UUID{anna}, Key: "inbox_thread.update",
		Data: map[string]any{"uuid": "t1"}, Mail: &notify.Mail{Trigger: "assignmentChanged", Activity: act,
			Change: "assign-1", Actor: anna, Readers: []uuid.UUID{eve}, Mentioned: []uuid.UUID{eve}}})
	m := receive(t, sub)
	require.JSONEq(t, `{"channel":"users:activities#`+anna.String()+`","key":"inbox_thread.update","data":{"uuid":"t1"}}`,
		string(m.JSON()))
	require.Eventually(t, func() bool { return obs.count() == 1 }, wait, 10*time.Millisecond)
	for _, p := range obs.all() {
		for _, leak := range []string{eve.String(), act.String(), "assignmentChanged", "assign-1"} {
			require.NotContains(t, p, leak, "between processes")
		}
	}
}

func TestBusCoalescesPublishes(t *testing.T) {
	const writers, perWriter = 10, 100
	obs := observe(t)
	a := startBus(t, realtime.Options{})
	b := startBus(t, realtime.Options{})
	user := uuid.New()
	sub := b.Subscribe(user, writers*perWriter)
	defer sub.Close()

	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWriter {
				a.Publish(context.Background(), notify.Event{Users: []uuid.UUID{user}, Key: "inbox_message.create",
					Data: map[string]any{"uuid": fmt.Sprintf("%d-%d", w, i)}})
			}
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for len(seen) < writers*perWriter {
		m := receive(t, sub)
		var d struct{ UUID string }
		require.NoError(t, json.Unmarshal(m.Data, &d))
		require.False(t, seen[d.UUID], "delivered twice: %s", d.UUID)
		seen[d.UUID] = true
	}
	// every notification the bus sent was seen by the observer too
	// (the bus counts a notification after it commits, so both may trail the deliveries)
	require.Eventually(t, func() bool {
		return obs.count() > 0 && obs.count() == int(a.Stats().Notifications)
	}, wait, 10*time.Millisecond)
	n := obs.count()
	t.Logf("%d publishes, %d notifications in %d rounds", writers*perWriter, n, a.Stats().Rounds)
	require.Positive(t, n)
	require.LessOrEqual(t, n, writers*perWriter/10, "publishes were not coalesced")
	for _, p := range obs.all() {
		require.Less(t, len(p), 8000)
	}
}

func TestBusQueuedBeforeRunLeaveInOneRound(t *testing.T) {
	obs := observe(t)
	st := dbtest.Store(t)
	a := realtime.New(st.Pool, realtime.Options{})
	user := uuid.New()
	for i := range 50 {
		a.Publish(context.Background(), notify.Event{Users: []uuid.UUID{user}, Key: "inbox_thread.update",
			Data: map[string]any{"uuid": fmt.Sprint(i)}})
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = a.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	require.Eventually(t, func() bool { return obs.count() == 1 }, wait, 10*time.Millisecond)
	require.EqualValues(t, 1, a.Stats().Rounds)
	var events []map[string]any
	require.NoError(t, json.Unmarshal([]byte(obs.all()[0]), &events))
	require.Len(t, events, 50)
}

func TestBusSplitsLargeBatches(t *testing.T) {
	obs := observe(t)
	a := startBus(t, realtime.Options{})
	b := startBus(t, realtime.Options{})
	// many recipients: one event's user list alone is over the payload limit
	users := make([]uuid.UUID, 600)
	for i := range users {
		users[i] = uuid.New()
	}
	first, last := b.Subscribe(users[0], 100), b.Subscribe(users[len(users)-1], 100)
	defer first.Close()
	defer last.Close()
	big := strings.Repeat("x", 3000)
	var events []notify.Event
	for i := range 10 {
		events = append(events, notify.Event{Users: users[:1], Key: "inbox_message.create",
			Data: map[string]any{"uuid": fmt.Sprint(i), "text": big}})
	}
	events = append(events, notify.Event{Users: users, Key: "system_banner.create", Data: map[string]any{"uuid": "g"}})
	a.Publish(context.Background(), events...)

	for i := range 10 {
		m := receive(t, first)
		require.Equal(t, "inbox_message.create", m.Key, "message %d", i)
	}
	require.Equal(t, "system_banner.create", receive(t, first).Key)
	require.Equal(t, "system_banner.create", receive(t, last).Key)
	// the counter is bumped after the NOTIFY commits, so wait on what the observer saw
	require.Eventually(t, func() bool { return obs.count() > 5 }, wait, 10*time.Millisecond,
		"3000-byte events must not share a notification beyond two (saw %d)", obs.count())
	require.Eventually(t, func() bool { return obs.count() == int(a.Stats().Notifications) }, wait, 10*time.Millisecond)
	for _, p := range obs.all() {
		require.LessOrEqual(t, len(p), realtime.MaxPayload)
	}
}

func TestBusDropsSlowSubscriber(t *testing.T) {
	a := startBus(t, realtime.Options{})
	user := uuid.New()
	slow := a.Subscribe(user, 1)
	fast := a.Subscribe(user, 10)
	defer fast.Close()
	for i := range 3 {
		a.Publish(context.Background(), notify.Event{Users: []uuid.UUID{user}, Key: "inbox_thread.update",
			Data: map[string]any{"uuid": fmt.Sprint(i)}})
	}
	for range 3 {
		receive(t, fast)
	}
	// the slow one kept its first message, then was dropped
	_, ok := <-slow.C()
	require.True(t, ok)
	_, ok = <-slow.C()
	require.False(t, ok)
	require.Equal(t, realtime.CloseSlow, slow.Reason())
	slow.Close() // closing a dropped subscription is harmless
	require.Equal(t, 1, a.Subscribers())
}

func TestBusReconnectsListener(t *testing.T) {
	st := dbtest.Store(t)
	a := startBus(t, realtime.Options{MaxBackoff: 200 * time.Millisecond})
	user := uuid.New()
	sub := a.Subscribe(user, 10)
	defer sub.Close()
	ctx := context.Background()
	listeners := func() []int32 {
		rows, err := st.Pool.Query(ctx, `SELECT pid FROM pg_stat_activity
			WHERE datname = current_database() AND query = 'LISTEN `+realtime.Channel+`' AND pid <> pg_backend_pid()`)
		require.NoError(t, err)
		pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
		require.NoError(t, err)
		return pids
	}
	before := listeners()
	require.NotEmpty(t, before)
	for _, pid := range before {
		_, err := st.Pool.Exec(ctx, "SELECT pg_terminate_backend($1)", pid)
		require.NoError(t, err)
	}
	require.Eventually(t, func() bool {
		now := listeners()
		return len(now) > 0 && now[0] != before[0]
	}, wait, 20*time.Millisecond, "listener did not come back")
	a.Publish(ctx, notify.Event{Users: []uuid.UUID{user}, Key: "inbox_thread.update", Data: map[string]any{"uuid": "after"}})
	require.JSONEq(t, `{"uuid":"after"}`, string(receive(t, sub).Data))
}

func TestBusShutdownFlushesAndClosesSubscriptions(t *testing.T) {
	obs := observe(t)
	st := dbtest.Store(t)
	a := realtime.New(st.Pool, realtime.Options{MinInterval: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = a.Run(ctx); close(done) }()
	select {
	case <-a.Ready():
	case <-time.After(wait):
		t.Fatal("bus never listened")
	}
	user := uuid.New()
	sub := a.Subscribe(user, 10)
	// the first event leaves at once; the second waits out the hour-long interval
	a.Publish(ctx, notify.Event{Users: []uuid.UUID{user}, Key: "k.one", Data: map[string]any{"uuid": "1"}})
	receive(t, sub)
	a.Publish(ctx, notify.Event{Users: []uuid.UUID{user}, Key: "k.two", Data: map[string]any{"uuid": "2"}})
	cancel()
	select {
	case <-done:
	case <-time.After(wait):
		t.Fatal("Run did not return")
	}
	require.Eventually(t, func() bool { return obs.count() == 2 }, wait, 10*time.Millisecond,
		"queued event not flushed at shutdown")
	_, ok := <-sub.C()
	require.False(t, ok)
	require.Equal(t, realtime.CloseShutdown, sub.Reason())
	require.Equal(t, realtime.CloseShutdown, a.Subscribe(user, 1).Reason())
}

// Events leave while every connection of the pool is taken: the flusher has
// a connection of its own, so NOTIFY does not wait behind the requests queued
// for the pool (it did, and under a write load lost whole rounds when the wait
// outlasted the round's deadline).
func TestBusNotifiesWhileThePoolIsExhausted(t *testing.T) {
	cfg, err := pgxpool.ParseConfig(dbtest.DSN(t))
	require.NoError(t, err)
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	held, err := pool.Acquire(context.Background())
	require.NoError(t, err)
	t.Cleanup(held.Release)

	b := startBusOn(t, pool, realtime.Options{})
	user := uuid.New()
	sub := b.Subscribe(user, 10)
	defer sub.Close()
	b.Publish(context.Background(), notify.Event{Users: []uuid.UUID{user}, Key: "inbox_thread.update",
		Data: map[string]any{"uuid": "while the pool is busy"}})
	require.JSONEq(t, `{"uuid":"while the pool is busy"}`, string(receive(t, sub).Data))
	require.Zero(t, b.Stats().Dropped)
}
