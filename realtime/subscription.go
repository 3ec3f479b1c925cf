package realtime

import (
	"encoding/json"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"
)

// Message is what a client receives: the spec's channel, key and data. The bus
// hands one *Message to every subscription of its user, so the JSON and the
// WebSocket frame are made once however many sockets the user has open.
type Message struct {
	Channel string          `json:"channel"`
	Key     string          `json:"key"`
	Data    json.RawMessage `json:"data"`

	// json and frame are made by NewMessage, before the message is shared
	json  []byte
	frame *websocket.PreparedMessage
}

// NewMessage is a message of a user's channel with its JSON and WebSocket
// frame made, ready to be shared by every socket of the user.
func NewMessage(user uuid.UUID, key string, data json.RawMessage) *Message {
	m := &Message{Channel: ChannelFor(user), Key: key, Data: data}
	m.json = m.JSON()
	// NewPreparedMessage fails only on an unknown message type
	m.frame, _ = websocket.NewPreparedMessage(websocket.TextMessage, m.json)
	return m
}

// JSON is the message as a client receives it.
func (m *Message) JSON() []byte {
	if m.json != nil {
		return m.json
	}
	b, _ := json.Marshal(m) // two strings and valid JSON: it cannot fail
	return b
}

// Frame is the message as a WebSocket text frame.
func (m *Message) Frame() *websocket.PreparedMessage {
	if m.frame != nil {
		return m.frame
	}
	pm, _ := websocket.NewPreparedMessage(websocket.TextMessage, m.JSON())
	return pm
}

// ChannelFor is a user's channel name, users:activities#<uuid>.
func ChannelFor(user uuid.UUID) string { return "users:activities#" + user.String() }

// Why a subscription ended.
const (
	// CloseSlow: the client did not keep up and its buffer filled; it was dropped
	// rather than let it hold up the bus.
	CloseSlow = "slow_client"
	// CloseShutdown: the bus stopped.
	CloseShutdown = "server_shutdown"
	// CloseUnsubscribed: the owner closed it.
	CloseUnsubscribed = "unsubscribed"
)

// Subscription receives one user's events in this process.
type Subscription struct {
	User uuid.UUID
	bus  *Bus
	c    chan *Message

	mu     sync.Mutex
	done   bool
	reason string
}

// Subscribe starts delivering a user's events to a buffer of the given size.
// When the buffer is full the subscription ends (reason CloseSlow).
func (b *Bus) Subscribe(user uuid.UUID, buffer int) *Subscription {
	if buffer < 1 {
		buffer = 1
	}
	s := &Subscription{User: user, bus: b, c: make(chan *Message, buffer)}
	b.subMu.Lock()
	defer b.subMu.Unlock()
	if b.closed {
		s.close(CloseShutdown)
		return s
	}
	set := b.subs[user]
	if set == nil {
		set = map[*Subscription]struct{}{}
		b.subs[user] = set
	}
	set[s] = struct{}{}
	return s
}

// C yields the user's messages; it is closed when the subscription ends. The
// messages are shared with the user's other subscriptions: read them, never change them.
func (s *Subscription) C() <-chan *Message { return s.c }

// Reason tells why the subscription ended (empty while it runs).
func (s *Subscription) Reason() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reason
}

// Close ends the subscription and forgets it.
func (s *Subscription) Close() {
	b := s.bus
	b.subMu.Lock()
	if set := b.subs[s.User]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(b.subs, s.User)
		}
	}
	b.subMu.Unlock()
	s.close(CloseUnsubscribed)
}

// offer never blocks: a full buffer ends the subscription.
func (s *Subscription) offer(m *Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return
	}
	select {
	case s.c <- m:
	default:
		s.done, s.reason = true, CloseSlow
		close(s.c)
	}
}

func (s *Subscription) close(reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.done {
		s.done, s.reason = true, reason
		close(s.c)
	}
}

// Subscribers counts this process's live subscriptions (for tests and metrics).
func (b *Bus) Subscribers() int {
	b.subMu.RLock()
	defer b.subMu.RUnlock()
	n := 0
	for _, set := range b.subs {
		n += len(set)
	}
	return n
}
