package inbox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/blob"
	"portico/engine/org"
	"portico/engine/store"
)

// The admin panel's attachment clean-up (spec 002 §2.9): a company's
// attachments listed with filters (allInboxAttachments), deleted in bulk by
// a system deletion (systemDeleteAttachments) that can be undone for a minute
// (undoDeleteAttachments). The attachments are marked deleted at once; their
// blobs are removed for good only when the minute has passed, by a durable
// timer (Temporal) that the Purges starter starts in the deletion's
// transaction, and never before.

// UndoWindow is how long a system deletion can be undone (spec 002 §9: 60000 ms).
const UndoWindow = 60 * time.Second

// Purges starts the timer that removes a system deletion's blobs when its
// undo window has closed (Temporal: attachments/purge/<id>).
type Purges interface {
	StartAttachmentPurge(ctx context.Context, deletion uuid.UUID, at time.Time) error
}

// AdminAttachment is an attachment of the admin list: its thread's title and
// category, and whether the viewer may delete it.
type AdminAttachment struct {
	UUID        uuid.UUID
	Filename    string
	Extension   string
	ContentType string
	FileSize    int64
	UploadedAt  time.Time
	Uploader    *Person
	CompanyUUID uuid.UUID
	TaskUUID    uuid.UUID
	TaskTitle   string
	CategoryID  int64
	CanDestroy  bool
}

// AdminAttachmentFilter is allInboxAttachments' arguments.
type AdminAttachmentFilter struct {
	CategoryID *int64
	// From and To bound the upload time: [From, To).
	From, To *time.Time
	Search   string
	Page     int
	Limit    int
}

// AdminAttachmentPage is allInboxAttachments' answer: the page, the
// categories the filter offers and whether the viewer may delete any.
type AdminAttachmentPage struct {
	Collection []AdminAttachment
	TotalCount int64
	Categories []store.Category
	CanDestroy bool
}

// AttachmentPageSizes are the list's page sizes (spec 002 §2.9); the default is 10.
var AttachmentPageSizes = []int{5, 10, 15, 25, 50, 100}

// AllAttachments lists a company's attachments the viewer may read, newest
// first (allInboxAttachments). A category the viewer may not read is
// RECORD_NOT_FOUND; From after To is ARGUMENT_ERROR invalid_date_range.
func (s *Service) AllAttachments(ctx context.Context, req org.Request, companyID uuid.UUID, f AdminAttachmentFilter) (*AdminAttachmentPage, error) {
	sc, err := s.companyScope(ctx, req, companyID)
	if err != nil {
		return nil, err
	}
	if !sc.Abilities.Can(access.ActionRead, access.SubjectAttachment) {
		return nil, apperr.Denied("")
	}
	if f.From != nil && f.To != nil && f.To.Before(*f.From) {
		return nil, apperr.Argument("invalid_date_range")
	}
	visible := sc.VisibleCategories()
	ids := make([]int64, 0, len(visible))
	for _, c := range visible {
		ids = append(ids, c.ID)
	}
	if f.CategoryID != nil {
		if !containsID(ids, *f.CategoryID) {
			return nil, apperr.NotFound("category")
		}
		ids = []int64{*f.CategoryID}
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 100)
	page := max(f.Page, 1)
	// the bin's threads only for those who may read it (global admins)
	includeHidden := sc.Abilities.CanOn(access.ActionRead, access.SubjectTask, access.Object{CompanyID: sc.Company.UUID,
		Hidden: true, CategoryID: firstOr(ids), Type: access.TaskTypeInbox})
	search := strings.TrimSpace(f.Search)
	rows, err := s.st.AttachmentAdminList(ctx, store.AttachmentAdminListParams{CompanyID: sc.Company.ID, CategoryIds: ids,
		IncludeHidden: includeHidden, UploadedFrom: f.From, UploadedTo: f.To, Search: search,
		Lim: int32(limit), Off: int32((page - 1) * limit)})
	if err != nil {
		return nil, err
	}
	n, err := s.st.AttachmentAdminCount(ctx, store.AttachmentAdminCountParams{CompanyID: sc.Company.ID, CategoryIds: ids,
		IncludeHidden: includeHidden, UploadedFrom: f.From, UploadedTo: f.To, Search: search})
	if err != nil {
		return nil, err
	}
	list := make([]adminRow, len(rows))
	for i, r := range rows {
		list[i] = adminRow(store.AttachmentAdminGetRow{CompanyID: r.CompanyID, ID: r.ID, UUID: r.UUID, ThreadID: r.ThreadID,
			ActivityID: r.ActivityID, UploaderID: r.UploaderID, Filename: r.Filename, Extension: r.Extension,
			ContentType: r.ContentType, FileSize: r.FileSize, UploadedAt: r.UploadedAt, ThreadUuid: r.ThreadUuid,
			ThreadTitle: r.ThreadTitle, CategoryID: r.CategoryID, TaskType: r.TaskType, ThreadStatus: r.ThreadStatus,
			ThreadHidden: r.ThreadHidden})
	}
	out, err := s.adminViews(ctx, req, sc, list)
	if err != nil {
		return nil, err
	}
	return &AdminAttachmentPage{Collection: out, TotalCount: n, Categories: visible,
		CanDestroy: sc.Abilities.Can(access.ActionDestroy, access.SubjectAttachment)}, nil
}

type adminRow store.AttachmentAdminGetRow

// adminViews maps rows with their uploaders and the viewer's destroy right.
func (s *Service) adminViews(ctx context.Context, req org.Request, sc *scope, rows []adminRow) ([]AdminAttachment, error) {
	users, err := usersOf(ctx, s.st.Queries, rows, func(r adminRow) *int64 { return r.UploaderID })
	if err != nil {
		return nil, err
	}
	staff := isStaff(req.User)
	out := make([]AdminAttachment, len(rows))
	for i, r := range rows {
		a := AdminAttachment{UUID: r.UUID, Filename: r.Filename, Extension: r.Extension, ContentType: r.ContentType,
			FileSize: r.FileSize, UploadedAt: r.UploadedAt, CompanyUUID: sc.Company.UUID, TaskUUID: r.ThreadUuid,
			TaskTitle: r.ThreadTitle, CategoryID: r.CategoryID}
		var uploader uuid.UUID
		if r.UploaderID != nil {
			if u, ok := users[*r.UploaderID]; ok {
				a.Uploader = person(&u, staff)
				uploader = u.UUID
			}
		}
		a.CanDestroy = sc.Abilities.CanOn(access.ActionDestroy, access.SubjectAttachment, access.Object{
			CompanyID: sc.Company.UUID, CategoryID: r.CategoryID, UserID: uploader, Type: r.TaskType})
		out[i] = a
	}
	return out, nil
}

// Deletion is a system deletion: what was deleted, what was refused, and
// until when it can be undone.
type Deletion struct {
	UUID      uuid.UUID
	UndoUntil time.Time
	Deleted   []uuid.UUID
	// Refused are the attachments the viewer may not delete, with their names.
	Refused      []uuid.UUID
	RefusedNames []string
}

// SystemDeleteAttachments deletes a company's attachments the viewer may
// destroy (systemDeleteAttachments) and starts the timer that removes their
// blobs after the undo window. The others are answered as refused; when none
// may be deleted it is ACCESS_DENIED (with the refused ids in its details) and
// nothing changes. An id that is not a readable, undeleted attachment of the
// company is RECORD_NOT_FOUND.
func (s *Service) SystemDeleteAttachments(ctx context.Context, req org.Request, companyID uuid.UUID, ids []uuid.UUID, purges Purges) (*Deletion, error) {
	if len(ids) == 0 {
		return nil, apperr.Argument("attachment_ids_required")
	}
	if len(ids) > BulkLimit {
		return nil, apperr.Argument("too_many_attachments")
	}
	if purges == nil {
		return nil, errors.New("inbox: no purge timer configured")
	}
	sc, err := s.companyScope(ctx, req, companyID)
	if err != nil {
		return nil, err
	}
	rows, err := s.st.AttachmentAdminGet(ctx, store.AttachmentAdminGetParams{CompanyID: sc.Company.ID, Uuids: ids})
	if err != nil {
		return nil, err
	}
	list := make([]adminRow, 0, len(rows))
	readable := map[uuid.UUID]bool{}
	for _, r := range rows {
		if r.DeletedAt != nil || !readableAttachment(sc, r.CategoryID, r.TaskType, r.ThreadHidden) {
			continue
		}
		readable[r.UUID] = true
		list = append(list, adminRow(r))
	}
	for _, id := range ids {
		if !readable[id] {
			return nil, apperr.NotFound("attachment")
		}
	}
	views, err := s.adminViews(ctx, req, sc, list)
	if err != nil {
		return nil, err
	}
	out := &Deletion{}
	var allowed []int64
	for i, v := range views {
		if !v.CanDestroy {
			out.Refused = append(out.Refused, v.UUID)
			out.RefusedNames = append(out.RefusedNames, v.Filename)
			continue
		}
		allowed = append(allowed, list[i].ID)
	}
	if len(allowed) == 0 {
		e := apperr.Denied("attachment_ids")
		e.Field = "attachment_ids"
		e.Details = map[string]any{"attachmentIds": out.Refused}
		return out, e
	}
	err = s.write(ctx, func(tx *tx) error {
		deleted, err := tx.q.AttachmentSystemDelete(ctx, store.AttachmentSystemDeleteParams{CompanyID: sc.Company.ID,
			Ids: allowed, DeletedBy: &req.User.ID})
		if err != nil {
			return err
		}
		if len(deleted) != len(allowed) {
			return apperr.NotFound("attachment") // deleted meanwhile
		}
		d, err := tx.q.AttachmentDeletionCreate(ctx, store.AttachmentDeletionCreateParams{CompanyID: sc.Company.ID,
			UserID: req.User.ID, AttachmentIds: allowed, UndoSeconds: UndoWindow.Seconds()})
		if err != nil {
			return err
		}
		out.UUID, out.UndoUntil = d.UUID, d.UndoUntil
		var acts []int64
		names := make([]string, 0, len(deleted))
		for _, a := range deleted {
			out.Deleted = append(out.Deleted, a.UUID)
			names = append(names, a.Filename)
			if a.ActivityID != nil {
				acts = append(acts, *a.ActivityID)
			}
		}
		if len(acts) > 0 {
			if err := tx.q.ActivitySetKeyMany(ctx, store.ActivitySetKeyManyParams{CompanyID: sc.Company.ID, Ids: acts,
				Key: "inbox_attachment.destroy"}); err != nil {
				return err
			}
		}
		if err := s.emitAttachments(ctx, tx, sc, list, deleted, "inbox_attachment.destroy"); err != nil {
			return err
		}
		if err := logEvent(ctx, tx.q, req, sc.Company.ID, "attachments_system_deleted",
			map[string]any{"deletionId": d.UUID, "attachmentIds": out.Deleted, "filenames": names}); err != nil {
			return err
		}
		// started inside the transaction: if the timer cannot be started, nothing is deleted;
		// if the commit fails after it started, the timer finds no deletion and does nothing
		return purges.StartAttachmentPurge(ctx, d.UUID, d.UndoUntil)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// emitAttachments tells each thread's audience of the attachments' change.
func (s *Service) emitAttachments(ctx context.Context, tx *tx, sc *scope, rows []adminRow, changed []store.AttachmentSystemDeleteRow, key string) error {
	byID := map[int64]adminRow{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	audiences := map[int64]*audience{}
	for _, a := range changed {
		r, ok := byID[a.ID]
		if !ok {
			continue
		}
		aud, ok := audiences[r.CategoryID]
		if !ok {
			var err error
			if aud, err = audienceOf(ctx, tx.q, sc, r.CategoryID); err != nil {
				return err
			}
			audiences[r.CategoryID] = aud
		}
		tx.emit(aud.all, key, map[string]any{"uuid": a.UUID, "taskId": r.ThreadUuid})
	}
	return nil
}

// UndoDeleteAttachments brings back a system deletion's attachments
// (undoDeleteAttachments) while its window is open, by the database's clock:
// after it, ARGUMENT_ERROR undo_time_expired and nothing changes. Only the
// user who deleted may undo; for anyone else, and for a deletion of a
// company they may not see, it is RECORD_NOT_FOUND.
func (s *Service) UndoDeleteAttachments(ctx context.Context, req org.Request, id uuid.UUID) ([]uuid.UUID, error) {
	var restored []uuid.UUID
	err := s.write(ctx, func(tx *tx) error {
		d, err := tx.q.AttachmentDeletionLock(ctx, id)
		if store.IsNotFound(err) {
			return apperr.NotFound("deletable_entity")
		} else if err != nil {
			return err
		}
		if d.AttachmentDeletion.UserID != req.User.ID {
			return apperr.NotFound("deletable_entity")
		}
		sc, err := s.companyScope(ctx, req, d.CompanyUuid)
		if err != nil {
			return apperr.NotFound("deletable_entity")
		}
		switch {
		case d.AttachmentDeletion.UndoneAt != nil:
			return apperr.Argument("deletion_already_undone")
		case d.AttachmentDeletion.PurgedAt != nil || !d.Undoable:
			return apperr.Argument("undo_time_expired")
		}
		back, err := tx.q.AttachmentRestore(ctx, store.AttachmentRestoreParams{CompanyID: sc.Company.ID,
			Ids: d.AttachmentDeletion.AttachmentIds})
		if err != nil {
			return err
		}
		if err := tx.q.AttachmentDeletionUndone(ctx, store.AttachmentDeletionUndoneParams{CompanyID: sc.Company.ID,
			ID: d.AttachmentDeletion.ID}); err != nil {
			return err
		}
		var acts []int64
		changed := make([]store.AttachmentSystemDeleteRow, len(back))
		for i, a := range back {
			restored = append(restored, a.UUID)
			changed[i] = store.AttachmentSystemDeleteRow(a)
			if a.ActivityID != nil {
				acts = append(acts, *a.ActivityID)
			}
		}
		if len(acts) > 0 {
			if err := tx.q.ActivitySetKeyMany(ctx, store.ActivitySetKeyManyParams{CompanyID: sc.Company.ID, Ids: acts,
				Key: "inbox_attachment.create"}); err != nil {
				return err
			}
		}
		rows, err := tx.q.AttachmentAdminGet(ctx, store.AttachmentAdminGetParams{CompanyID: sc.Company.ID, Uuids: restored})
		if err != nil {
			return err
		}
		list := make([]adminRow, len(rows))
		for i, r := range rows {
			list[i] = adminRow(r)
		}
		if err := s.emitAttachments(ctx, tx, sc, list, changed, "inbox_attachment.create"); err != nil {
			return err
		}
		return logEvent(ctx, tx.q, req, sc.Company.ID, "attachments_deletion_undone",
			map[string]any{"deletionId": d.AttachmentDeletion.UUID, "attachmentIds": restored})
	})
	if err != nil {
		return nil, err
	}
	return restored, nil
}

// ErrPurgeTooEarly is Purge's answer before the undo window has closed by the
// database's clock (the timer's clock ran ahead): try again shortly.
var ErrPurgeTooEarly = errors.New("inbox: the deletion can still be undone")

// Purger removes the blobs of system deletions whose undo window has closed.
type Purger struct {
	st    *store.Store
	blobs blob.Store
}

// NewPurger builds the purger on the store and the blob store.
func NewPurger(st *store.Store, blobs blob.Store) *Purger { return &Purger{st: st, blobs: blobs} }

// Purge removes a deletion's blobs for good, once: not before its undo
// window has closed (ErrPurgeTooEarly), never after an undo, and nothing
// for a deletion that does not exist (its transaction never committed).
// The deletion stays locked while the blobs go, so an undo waits and then
// finds the window closed; a blob store failure leaves it to a retry.
func (p *Purger) Purge(ctx context.Context, id uuid.UUID) error {
	return p.st.InTx(ctx, func(q *store.Queries) error {
		d, err := q.AttachmentDeletionLock(ctx, id)
		if store.IsNotFound(err) {
			return nil
		} else if err != nil {
			return err
		}
		if d.AttachmentDeletion.UndoneAt != nil || d.AttachmentDeletion.PurgedAt != nil {
			return nil
		}
		if d.Undoable {
			return ErrPurgeTooEarly
		}
		keys, err := q.AttachmentBlobKeys(ctx, store.AttachmentBlobKeysParams{CompanyID: d.AttachmentDeletion.CompanyID,
			Ids: d.AttachmentDeletion.AttachmentIds})
		if err != nil {
			return err
		}
		for _, k := range keys {
			if err := p.blobs.Delete(ctx, k); err != nil {
				return fmt.Errorf("inbox: purge %s: %w", k, err)
			}
		}
		return q.AttachmentDeletionPurged(ctx, store.AttachmentDeletionPurgedParams{CompanyID: d.AttachmentDeletion.CompanyID,
			ID: d.AttachmentDeletion.ID})
	})
}

// readableAttachment: the viewer reads attachments of the category, and of
// the bin's threads only when they read the bin.
func readableAttachment(sc *scope, categoryID int64, taskType string, hidden bool) bool {
	obj := access.Object{CompanyID: sc.Company.UUID, CategoryID: categoryID, Type: taskType}
	if !sc.Abilities.CanOn(access.ActionRead, access.SubjectAttachment, obj) {
		return false
	}
	obj.Hidden = hidden
	return !hidden || sc.Abilities.CanOn(access.ActionRead, access.SubjectTask, obj)
}

func containsID(list []int64, id int64) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

func firstOr(list []int64) int64 {
	if len(list) == 0 {
		return 0
	}
	return list[0]
}
