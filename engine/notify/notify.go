// Package notify is how the engine tells users' browsers that something
// changed: realtime events of the spec (key "<entity>.<action>", data with a
// uuid), each addressed to the users who may see it. The engine publishes
// after its transaction commits; the realtime package carries events across
// processes to the WebSocket clients.
package notify

import (
	"context"

	"github.com/google/uuid"
)

// Event is one realtime message for some users.
type Event struct {
	// Users are the recipients' public ids; each gets the event on users:activities#<uuid>.
	Users []uuid.UUID
	// Key is the spec's event key, e.g. inbox_thread.update.
	Key string
	// Data is the payload; it carries at least "uuid" (or "uuids" for a bulk change).
	Data map[string]any
}

// Publisher delivers events. Publish must not block on slow clients.
type Publisher interface {
	Publish(ctx context.Context, events ...Event)
}

// Discard drops every event (for tools and tests that need no realtime).
type Discard struct{}

// Publish drops the events.
func (Discard) Publish(context.Context, ...Event) {}
