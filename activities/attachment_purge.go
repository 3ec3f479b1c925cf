package activities

import (
	"context"

	"github.com/google/uuid"
	sdktemporal "go.temporal.io/sdk/temporal"

	"portico/engine/inbox"
	"portico/temporal"
)

// AttachmentPurge removes the blobs of system deletions of attachments whose
// undo window has closed.
type AttachmentPurge struct {
	purger *inbox.Purger
}

// NewAttachmentPurge builds the purge activity.
func NewAttachmentPurge(p *inbox.Purger) *AttachmentPurge { return &AttachmentPurge{purger: p} }

// Register adds the activity under its stable name.
func (a *AttachmentPurge) Register(r Registry) {
	register(r, map[string]any{
		temporal.PurgeAttachmentsActivity: a.Purge,
	})
}

// Purge removes one deletion's blobs; too early (the database's clock says
// the deletion can still be undone) is an error that the retry outlives.
func (a *AttachmentPurge) Purge(ctx context.Context, id string) error {
	d, err := uuid.Parse(id)
	if err != nil {
		return sdktemporal.NewNonRetryableApplicationError("bad deletion id", "BadDeletion", err)
	}
	return a.purger.Purge(ctx, d)
}
