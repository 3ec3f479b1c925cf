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
	// Browsers receive it, and only it. An event with no Users reaches no
	// browser: a mail-only event (its Mail names the readers).
	Data map[string]any
	// Mail is what the event means for the outbound mail, for the mail tap of
	// the publishing process; never sent to browsers nor between processes.
	Mail *Mail
}

// Mail is an inbox event's part for the mail (spec 002 §9): what the change
// mails and to whom. It may name users who are not the event's audience and
// ids browsers have no use for, so it stays out of Data.
type Mail struct {
	// Trigger is the notification trigger a change fires (threadStatusChanged,
	// newFileUploaded, ...); empty on a new thread or message, which Key names.
	Trigger string
	// Activity is the thread activity that is the event (a message, a status
	// change, a file); uuid.Nil for a change without one.
	Activity uuid.UUID
	// Change keys a change without an activity of its own (an assignment, a
	// due date, a reaction), made by Actor.
	Change string
	Actor  uuid.UUID
	// Readers, when not nil, are whom a Change is mailed to; nil means the
	// event's audience but Actor.
	Readers []uuid.UUID
	// Mentioned are the users a new message mentions (threadMentionOfMe).
	Mentioned []uuid.UUID
	// Company is the company of a change about no thread (accessRightsChanged:
	// the Readers' access rights there changed).
	Company uuid.UUID
}

// Publisher delivers events. Publish must not block on slow clients.
type Publisher interface {
	Publish(ctx context.Context, events ...Event)
}

// Discard drops every event (for tools and tests that need no realtime).
type Discard struct{}

// Publish drops the events.
func (Discard) Publish(context.Context, ...Event) {}
