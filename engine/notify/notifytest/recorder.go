package notifytest

import (
	"context"
	"slices"
	"sync"

	"portico/engine/notify"
)

// Recorder is a notify.Publisher that keeps what it is given.
type Recorder struct {
	mu     sync.Mutex
	events []notify.Event
}

// Publish keeps the events.
func (r *Recorder) Publish(_ context.Context, events ...notify.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, events...)
}

// Events is what was published so far, in order.
func (r *Recorder) Events() []notify.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.events)
}

// Take returns and forgets the events so far.
func (r *Recorder) Take() []notify.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.events
	r.events = nil
	return out
}
