package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portico/engine/notify"
)

// Channel is the PostgreSQL notification channel every process listens on.
const Channel = "portico_realtime"

// MaxPayload bounds one notification's payload; PostgreSQL refuses 8000 bytes or more.
const MaxPayload = 7900

// notifySQL sends every chunk in one statement, hence one transaction and one
// commit-time wait, however many chunks a round has.
const notifySQL = `SELECT pg_notify('` + Channel + `', p) FROM unnest($1::text[]) AS p`

// Options tune a Bus; zero values take the defaults.
type Options struct {
	// MinInterval is the least time between the starts of two flush rounds (default 20ms).
	MinInterval time.Duration
	// MaxQueue caps events waiting to be sent; beyond it the oldest are dropped (default 100000).
	MaxQueue int
	// MaxBackoff caps the listener's reconnect backoff (default 5s).
	MaxBackoff time.Duration
	Log        *slog.Logger
}

// Bus implements notify.Publisher across processes. Run must be running for
// events to leave and arrive.
type Bus struct {
	pool *pgxpool.Pool
	opt  Options
	log  *slog.Logger

	mu      sync.Mutex
	queue   []notify.Event
	wake    chan struct{}
	dropped atomic.Int64

	subMu  sync.RWMutex
	subs   map[uuid.UUID]map[*Subscription]struct{}
	closed bool

	ready     chan struct{}
	readyOnce sync.Once

	// counters for tests and metrics
	rounds, notifications, received atomic.Int64
}

// New builds a Bus on a pool's connection settings: the listener and the
// flusher each hold a connection of their own, outside the pool.
func New(pool *pgxpool.Pool, opt Options) *Bus {
	if opt.MinInterval <= 0 {
		opt.MinInterval = 20 * time.Millisecond
	}
	if opt.MaxQueue <= 0 {
		opt.MaxQueue = 100000
	}
	if opt.MaxBackoff <= 0 {
		opt.MaxBackoff = 5 * time.Second
	}
	log := opt.Log
	if log == nil {
		log = slog.Default()
	}
	return &Bus{pool: pool, opt: opt, log: log, wake: make(chan struct{}, 1),
		subs: map[uuid.UUID]map[*Subscription]struct{}{}, ready: make(chan struct{})}
}

var _ notify.Publisher = (*Bus)(nil)

// Publish queues events for every process's subscribers. It never blocks on
// the database or on clients.
func (b *Bus) Publish(_ context.Context, events ...notify.Event) {
	if len(events) == 0 {
		return
	}
	b.mu.Lock()
	b.queue = append(b.queue, events...)
	if over := len(b.queue) - b.opt.MaxQueue; over > 0 {
		b.queue = append(b.queue[:0:0], b.queue[over:]...)
		b.dropped.Add(int64(over))
	}
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// Ready is closed once the listener first listens: from then on, events
// published anywhere reach this process.
func (b *Bus) Ready() <-chan struct{} { return b.ready }

// Stats are counters since the Bus was built.
type Stats struct {
	// Rounds is how many flush statements ran; Notifications how many NOTIFY payloads they sent.
	Rounds, Notifications int64
	// Received is how many notifications the listener got; Dropped how many events were lost to a full queue.
	Received, Dropped int64
}

// Stats reads the counters.
func (b *Bus) Stats() Stats {
	return Stats{Rounds: b.rounds.Load(), Notifications: b.notifications.Load(),
		Received: b.received.Load(), Dropped: b.dropped.Load()}
}

// Run flushes and listens until ctx ends, then sends what is still queued,
// closes every subscription and returns.
func (b *Bus) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); b.flushLoop(ctx) }()
	go func() { defer wg.Done(); b.listenLoop(ctx) }()
	wg.Wait()
	b.subMu.Lock()
	b.closed = true
	for _, set := range b.subs {
		for s := range set {
			s.close(CloseShutdown)
		}
	}
	b.subs = map[uuid.UUID]map[*Subscription]struct{}{}
	b.subMu.Unlock()
	return nil
}

func (b *Bus) flushLoop(ctx context.Context) {
	var last time.Time
	f := &flusher{bus: b}
	defer f.close()
	for {
		select {
		case <-ctx.Done():
			// last round, on a short leash of its own
			fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
			f.flush(fctx)
			cancel()
			return
		case <-b.wake:
		}
		if wait := b.opt.MinInterval - time.Since(last); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				continue // the ctx.Done branch above flushes
			case <-t.C:
			}
		}
		last = time.Now()
		// a round in flight finishes even when ctx ends meanwhile
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		f.flush(fctx)
		cancel()
	}
}

// flusher sends the rounds on a connection of its own, as the listener
// listens on one: a NOTIFY must not queue behind the requests waiting for the
// pool, where under a write load it waited out its round's deadline and its
// events were lost.
type flusher struct {
	bus  *Bus
	conn *pgx.Conn // nil until the first round, and again after a failure
	used time.Time // the end of the connection's last round
}

func (f *flusher) close() {
	if f.conn != nil {
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = f.conn.Close(cctx)
		f.conn = nil
	}
}

// flush sends everything queued in one statement; on failure the events are
// dropped (at most once), the failure logged and the connection made again
// for the next round.
func (f *flusher) flush(ctx context.Context) {
	b := f.bus
	b.mu.Lock()
	events := b.queue
	b.queue = nil
	b.mu.Unlock()
	if len(events) == 0 {
		return
	}
	chunks := encode(events, MaxPayload, b.log)
	if len(chunks) == 0 {
		return
	}
	b.rounds.Add(1)
	err := f.connect(ctx)
	if err == nil {
		_, err = f.conn.Exec(ctx, notifySQL, chunks)
	}
	if err != nil {
		b.log.Error("realtime: notify", "err", err, "events", len(events), "key", events[0].Key)
		f.close()
		return
	}
	f.used = time.Now()
	b.notifications.Add(int64(len(chunks)))
}

// connect makes the connection when there is none, and after a second idle
// checks it first, as the pool does before lending one: a connection the
// database dropped meanwhile (a restart) costs a ping, not a round of events.
func (f *flusher) connect(ctx context.Context) error {
	if f.conn != nil && time.Since(f.used) > time.Second && f.conn.Ping(ctx) != nil {
		f.close()
	}
	if f.conn != nil {
		return nil
	}
	conn, err := pgx.ConnectConfig(ctx, f.bus.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	f.conn = conn
	return nil
}

// wireEvent is one event as it travels between processes.
type wireEvent struct {
	Users []uuid.UUID     `json:"u"`
	Key   string          `json:"k"`
	Data  json.RawMessage `json:"d"`
}

// encode packs events into JSON arrays of at most limit bytes each. An event
// too large alone is split by recipients; one that is too large for a single
// recipient is dropped and logged.
func encode(events []notify.Event, limit int, log *slog.Logger) []string {
	var chunks []string
	buf := make([]byte, 0, limit)
	buf = append(buf, '[')
	add := func(item []byte) {
		// 1 for the comma or the opening bracket already there, 1 for the closing bracket
		if len(buf) > 1 && len(buf)+1+len(item)+1 > limit {
			chunks = append(chunks, string(append(buf, ']')))
			buf = append(buf[:0], '[')
		}
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		buf = append(buf, item...)
	}
	var pack func(e wireEvent)
	pack = func(e wireEvent) {
		item, _ := json.Marshal(e)
		if len(item)+2 <= limit {
			add(item)
			return
		}
		if len(e.Users) <= 1 {
			log.Error("realtime: event too large to send", "key", e.Key, "bytes", len(item))
			return
		}
		half := len(e.Users) / 2
		pack(wireEvent{Users: e.Users[:half], Key: e.Key, Data: e.Data})
		pack(wireEvent{Users: e.Users[half:], Key: e.Key, Data: e.Data})
	}
	for _, e := range events {
		if len(e.Users) == 0 {
			continue
		}
		data, err := json.Marshal(e.Data)
		if err != nil || e.Data == nil {
			if err != nil {
				log.Error("realtime: event data", "key", e.Key, "err", err)
				continue
			}
			data = []byte("{}")
		}
		pack(wireEvent{Users: e.Users, Key: e.Key, Data: data})
	}
	if len(buf) > 1 {
		chunks = append(chunks, string(append(buf, ']')))
	}
	return chunks
}

func (b *Bus) listenLoop(ctx context.Context) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := b.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		b.log.Warn("realtime: listener lost, reconnecting", "err", err, "in", backoff)
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		backoff = min(backoff*2, b.opt.MaxBackoff)
	}
}

// listen holds one LISTEN connection until it fails or ctx ends.
func (b *Bus) listen(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, b.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return err
	}
	b.readyOnce.Do(func() { close(b.ready) })
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		b.received.Add(1)
		var events []wireEvent
		if err := json.Unmarshal([]byte(n.Payload), &events); err != nil {
			b.log.Error("realtime: bad payload", "err", err)
			continue
		}
		for _, e := range events {
			b.deliver(e)
		}
	}
}

func (b *Bus) deliver(e wireEvent) {
	b.subMu.RLock()
	defer b.subMu.RUnlock()
	for _, u := range e.Users {
		set := b.subs[u]
		if len(set) == 0 {
			continue
		}
		m := NewMessage(u, e.Key, e.Data)
		for s := range set {
			s.offer(m)
		}
	}
}
