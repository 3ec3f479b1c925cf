package inbox

import (
	"context"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// ReadActivity marks the thread read for the viewer up to an activity
// (readActivity; the latest one when activityID is nil). Global admins read
// without a trace: nothing changes for them. The thread's audience hears
// inbox_activity.read, or inbox_activity.full_read when the viewer has now
// read the thread to its latest activity.
func (s *Service) ReadActivity(ctx context.Context, req org.Request, taskID uuid.UUID, activityID *uuid.UUID) (*Task, error) {
	l, err := s.load(ctx, req, taskID)
	if err != nil {
		return nil, err
	}
	if !l.can(access.ActionMarkAsRead) {
		return nil, apperr.Denied("")
	}
	if !l.sc.Abilities.MarksRead() {
		return s.taskView(ctx, s.st.Queries, req, l.sc, l.Thread)
	}
	last, err := s.st.ActivityLastID(ctx, store.ActivityLastIDParams{CompanyID: l.CompanyID, ThreadID: l.ID})
	if err != nil {
		return nil, err
	}
	upTo := last
	if activityID != nil {
		a, err := s.st.ActivityGetByUUID(ctx, *activityID)
		if err != nil || a.CompanyID != l.CompanyID || a.ThreadID != l.ID {
			return nil, apperr.NotFound("activity")
		}
		upTo = a.ID
	}
	// others' read receipts (readStatus, viewers) change either way; a read to
	// the thread's latest activity is a full read (spec 000 §7)
	receipt := "inbox_activity.read"
	if upTo >= last {
		receipt = "inbox_activity.full_read"
	}
	err = s.write(ctx, func(tx *tx) error {
		changed, err := markRead(ctx, tx.q, l.Thread, req.User.ID, upTo)
		if err != nil || !changed {
			return err
		}
		tx.emit([]uuid.UUID{req.User.UUID}, "inbox_thread.mark_as_read", taskData(l.sc, l.Thread))
		aud, err := audienceOf(ctx, tx.q, l.sc, l.CategoryID)
		if err != nil {
			return err
		}
		tx.emit(aud.all, receipt, map[string]any{"uuid": l.UUID, "userId": req.User.UUID})
		return logEvent(ctx, tx.q, req, l.CompanyID, "task_read", map[string]any{"taskId": l.UUID})
	})
	if err != nil {
		return nil, err
	}
	return s.taskView(ctx, s.st.Queries, req, l.sc, l.Thread)
}

// ChangeUnread marks one thread read (unread false) or unread (changeTaskUnread).
func (s *Service) ChangeUnread(ctx context.Context, req org.Request, taskID uuid.UUID, unread bool) (*Task, error) {
	if !unread {
		return s.ReadActivity(ctx, req, taskID, nil)
	}
	l, err := s.load(ctx, req, taskID)
	if err != nil {
		return nil, err
	}
	if !l.can(access.ActionMarkAsUnread) {
		return nil, apperr.Denied("")
	}
	if !l.sc.Abilities.MarksRead() {
		return s.taskView(ctx, s.st.Queries, req, l.sc, l.Thread)
	}
	err = s.write(ctx, func(tx *tx) error {
		changed, err := markUnread(ctx, tx.q, l.Thread, req.User.ID)
		if err != nil || !changed {
			return err
		}
		tx.emit([]uuid.UUID{req.User.UUID}, "inbox_thread.mark_as_unread", taskData(l.sc, l.Thread))
		return logEvent(ctx, tx.q, req, l.CompanyID, "task_marked_unread", map[string]any{"taskId": l.UUID})
	})
	if err != nil {
		return nil, err
	}
	return s.taskView(ctx, s.st.Queries, req, l.sc, l.Thread)
}
