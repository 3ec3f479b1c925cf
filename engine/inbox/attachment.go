package inbox

import (
	"context"
	"errors"
	"io"
	"mime"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/blob"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
)

// Upload is a file sent by a client.
type Upload struct {
	Filename    string
	ContentType string
	Size        int64
	Content     io.Reader
}

// stored is an upload written to the blob store, not yet in the database.
type stored struct {
	filename, extension, contentType, key string
	size                                  int64
}

// ImageExtensions are those a message image may have.
var ImageExtensions = []string{"jpg", "jpeg", "png"}

// cleanFilename keeps the last path element and drops control characters.
func cleanFilename(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = filepath.Base("/" + name)
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "/" || name == "." || name == ".." || name == "" {
		return ""
	}
	return name
}

// putUploads checks the uploads and writes them to the blob store. Nothing is
// written when one of them is refused.
func (s *Service) putUploads(ctx context.Context, companyID int64, files []Upload) ([]stored, error) {
	if len(files) == 0 {
		return nil, nil
	}
	if s.blobs == nil {
		return nil, errors.New("inbox: no blob store configured")
	}
	for _, f := range files {
		if cleanFilename(f.Filename) == "" {
			return nil, apperr.Invalid("file", "invalid_file_name")
		}
		if f.Size > s.maxUpload {
			return nil, apperr.Invalid("file", "file_too_large")
		}
	}
	var out []stored
	for _, f := range files {
		name := cleanFilename(f.Filename)
		key := blob.NewKey("attachments", strconv.FormatInt(companyID, 10))
		n, err := s.blobs.Put(ctx, key, io.LimitReader(f.Content, s.maxUpload+1))
		if err == nil && n > s.maxUpload {
			_ = s.blobs.Delete(ctx, key)
			err = apperr.Invalid("file", "file_too_large")
		}
		if err != nil {
			s.dropUploads(ctx, out)
			return nil, err
		}
		ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(name), "."))
		ct := f.ContentType
		if ct == "" || ct == "application/octet-stream" {
			if byExt := mime.TypeByExtension("." + ext); byExt != "" {
				ct = byExt
			}
		}
		if ct == "" {
			ct = "application/octet-stream"
		}
		out = append(out, stored{filename: name, extension: ext, contentType: ct, key: key, size: n})
	}
	return out, nil
}

// dropUploads removes blobs of a write that did not commit.
func (s *Service) dropUploads(ctx context.Context, files []stored) {
	for _, f := range files {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), f.key)
	}
}

// insertAttachment records an uploaded file on the thread with its activity,
// unread for the others. asImage attaches it to a message (no activity of its own).
func (s *Service) insertAttachment(ctx context.Context, tx *tx, t Thread, req org.Request, f stored, aud *audience, asImage bool) (store.AttachmentCreateRow, error) {
	var actID *int64
	var actUUID uuid.UUID
	if !asImage {
		act, err := s.addActivity(ctx, tx, t, req.User.ID, "inbox_attachment.create", nil)
		if err != nil {
			return store.AttachmentCreateRow{}, err
		}
		actID, actUUID = &act.ID, act.UUID
	}
	a, err := tx.q.AttachmentCreate(ctx, store.AttachmentCreateParams{CompanyID: t.CompanyID, ThreadID: t.ID,
		ActivityID: actID, UploaderID: &req.User.ID, Filename: f.filename, Extension: f.extension,
		ContentType: f.contentType, FileSize: f.size, BlobKey: f.key})
	if err != nil {
		return a, err
	}
	if !asImage {
		if err := bumpUnread(ctx, tx.q, t, *actID, aud.others(req.User.ID), nil); err != nil {
			return a, err
		}
		tx.emitMail(aud.all, "inbox_attachment.create", map[string]any{"uuid": a.UUID, "taskId": t.UUID},
			&notify.Mail{Trigger: MailFileUploaded, Activity: actUUID})
	}
	return a, nil
}

// writableThread applies the closed, hidden and inactive-category rules to a
// write of kind ("message" or "attachment") on a loaded thread.
func writableThread(l *loaded, t Thread, subject, kind string) error {
	if t.Hidden {
		return apperr.Argument("cannot_add_" + kind + "_to_hidden_thread")
	}
	if finished(t.Status) {
		return apperr.Argument("cannot_add_" + kind + "_to_closed_thread")
	}
	if !l.category().Active {
		return apperr.Argument("category_is_inactive")
	}
	if !l.sc.Abilities.CanOn(access.ActionCreate, subject, access.Object{CompanyID: l.sc.Company.UUID,
		CategoryID: t.CategoryID, Type: t.TaskType}) {
		return apperr.Denied("")
	}
	return nil
}

// AttachmentView is an attachment as the API shows it.
type AttachmentView struct {
	store.AttachmentCreateRow
	TaskUUID     uuid.UUID
	CompanyUUID  uuid.UUID
	CategoryID   int64
	ActivityUUID *uuid.UUID
	Uploader     *Person
	// CanDestroy: the viewer may delete it.
	CanDestroy bool
}

// CreateAttachment uploads one file to a thread (createAttachment).
func (s *Service) CreateAttachment(ctx context.Context, req org.Request, taskID uuid.UUID, f Upload) (*AttachmentView, *Activity, error) {
	l, err := s.load(ctx, req, taskID)
	if err != nil {
		return nil, nil, err
	}
	if err := writableThread(l, l.Thread, access.SubjectAttachment, "attachment"); err != nil {
		return nil, nil, err
	}
	files, err := s.putUploads(ctx, l.CompanyID, []Upload{f})
	if err != nil {
		return nil, nil, err
	}
	var a store.AttachmentCreateRow
	err = s.write(ctx, func(tx *tx) error {
		row, err := tx.q.ThreadLock(ctx, store.ThreadLockParams{CompanyID: l.CompanyID, ID: l.ID})
		if err != nil {
			return err
		}
		if err := writableThread(l, Thread(row), access.SubjectAttachment, "attachment"); err != nil {
			return err
		}
		aud, err := audienceOf(ctx, tx.q, l.sc, l.CategoryID)
		if err != nil {
			return err
		}
		if a, err = s.insertAttachment(ctx, tx, Thread(row), req, files[0], aud, false); err != nil {
			return err
		}
		if aud.trackOK[req.User.ID] {
			if _, err := markRead(ctx, tx.q, Thread(row), req.User.ID, *a.ActivityID); err != nil {
				return err
			}
		}
		return logEvent(ctx, tx.q, req, l.CompanyID, "attachment_created",
			map[string]any{"taskId": l.UUID, "attachmentId": a.UUID, "filename": a.Filename})
	})
	if err != nil {
		s.dropUploads(ctx, files)
		return nil, nil, err
	}
	acts, err := s.activityViews(ctx, req, l, []int64{*a.ActivityID})
	if err != nil || len(acts) == 0 {
		return nil, nil, err
	}
	return acts[0].Attachment, acts[0], nil
}

func (s *Service) canAttachment(l *loaded, a store.AttachmentCreateRow, action string) bool {
	var uploader uuid.UUID
	if a.UploaderID != nil {
		if u, ok := l.sc.uploaders[*a.UploaderID]; ok {
			uploader = u
		}
	}
	return l.sc.Abilities.CanOn(action, access.SubjectAttachment, access.Object{CompanyID: l.sc.Company.UUID,
		CategoryID: l.CategoryID, UserID: uploader, Type: l.TaskType})
}

// Download is an attachment's content for GET /api/download/{id}.
type Download struct {
	Filename    string
	ContentType string
	Size        int64
	ModTime     time.Time
	Content     io.ReadSeekCloser
}

// OpenAttachment opens an attachment for download, under the same access
// checks as the thread (RECORD_NOT_FOUND otherwise).
func (s *Service) OpenAttachment(ctx context.Context, req org.Request, id uuid.UUID) (*Download, error) {
	_, a, err := s.loadAttachmentWithUploaders(ctx, req, id)
	if err != nil {
		return nil, err
	}
	if s.blobs == nil {
		return nil, errors.New("inbox: no blob store configured")
	}
	f, err := s.blobs.Open(ctx, a.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, apperr.NotFound("attachment")
	} else if err != nil {
		return nil, err
	}
	return &Download{Filename: a.Filename, ContentType: a.ContentType, Size: a.FileSize, ModTime: a.UploadedAt, Content: f}, nil
}

// loadAttachmentWithUploaders is loadAttachment with the uploader known to the
// abilities (own-upload rules).
func (s *Service) loadAttachmentWithUploaders(ctx context.Context, req org.Request, id uuid.UUID) (*loaded, store.AttachmentCreateRow, error) {
	row, err := s.st.AttachmentGetByUUID(ctx, id)
	if err != nil || row.DeletedAt != nil {
		if err != nil && !store.IsNotFound(err) {
			return nil, store.AttachmentCreateRow{}, err
		}
		return nil, store.AttachmentCreateRow{}, apperr.NotFound("attachment")
	}
	t, err := s.st.ThreadGet(ctx, store.ThreadGetParams{CompanyID: row.CompanyID, ID: row.ThreadID})
	if err != nil {
		return nil, store.AttachmentCreateRow{}, err
	}
	l, err := s.load(ctx, req, t.UUID)
	if err != nil {
		return nil, store.AttachmentCreateRow{}, apperr.NotFound("attachment")
	}
	a := store.AttachmentCreateRow(row)
	if err := s.knowUploaders(ctx, l.sc, []store.AttachmentCreateRow{a}); err != nil {
		return nil, a, err
	}
	if !s.canAttachment(l, a, access.ActionRead) {
		return nil, a, apperr.NotFound("attachment")
	}
	return l, a, nil
}

func uploaderOf(a store.AttachmentCreateRow) *int64 { return a.UploaderID }

// knowUploaders loads the uploaders' public ids into the scope.
func (s *Service) knowUploaders(ctx context.Context, sc *scope, list []store.AttachmentCreateRow) error {
	users, err := usersOf(ctx, s.st.Queries, list, uploaderOf)
	if err != nil {
		return err
	}
	if sc.uploaders == nil {
		sc.uploaders = map[int64]uuid.UUID{}
	}
	for id, u := range users {
		sc.uploaders[id] = u.UUID
	}
	return nil
}

// DeleteAttachment deletes one attachment (deleteAttachment): its uploader or
// an agent, never in a closed thread. The row stays, marked deleted.
func (s *Service) DeleteAttachment(ctx context.Context, req org.Request, id uuid.UUID) error {
	_, _, err := s.DeleteAttachments(ctx, req, nil, []uuid.UUID{id})
	if err != nil {
		return err
	}
	return nil
}

// DeleteAttachments deletes the attachments the viewer may delete
// (deleteAttachments) and returns the ids deleted and those refused. When
// none may be deleted the answer is an error.
func (s *Service) DeleteAttachments(ctx context.Context, req org.Request, companyID *uuid.UUID, ids []uuid.UUID) (deleted, refused []uuid.UUID, err error) {
	if len(ids) == 0 {
		return nil, nil, apperr.Argument("attachment_ids_required")
	}
	if len(ids) > BulkLimit {
		return nil, nil, apperr.Argument("too_many_attachments")
	}
	rows, err := s.st.AttachmentGetByUUIDs(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	type target struct {
		l *loaded
		a store.AttachmentCreateRow
	}
	var targets []target
	threads := map[uuid.UUID]*loaded{}
	found := map[uuid.UUID]bool{}
	for _, row := range rows {
		a := store.AttachmentCreateRow(row)
		t, err := s.st.ThreadGet(ctx, store.ThreadGetParams{CompanyID: a.CompanyID, ID: a.ThreadID})
		if err != nil {
			return nil, nil, err
		}
		l, ok := threads[t.UUID]
		if !ok {
			l, err = s.load(ctx, req, t.UUID)
			if err != nil {
				if e, isApp := apperr.As(err); isApp && e.Code == apperr.RecordNotFound {
					continue
				}
				return nil, nil, err
			}
			threads[t.UUID] = l
		}
		if companyID != nil && l.sc.Company.UUID != *companyID {
			continue
		}
		if err := s.knowUploaders(ctx, l.sc, []store.AttachmentCreateRow{a}); err != nil {
			return nil, nil, err
		}
		if !s.canAttachment(l, a, access.ActionRead) || a.DeletedAt != nil {
			continue
		}
		found[a.UUID] = true
		if !s.canAttachment(l, a, access.ActionDestroy) || finished(l.Status) || l.Hidden || !l.category().Active {
			refused = append(refused, a.UUID)
			continue
		}
		targets = append(targets, target{l, a})
	}
	for _, id := range ids {
		if !found[id] {
			return nil, nil, apperr.NotFound("attachment")
		}
	}
	if len(targets) == 0 {
		e := apperr.Denied("attachment_ids")
		e.Field = "attachment_ids"
		e.Details = map[string]any{"attachmentIds": refused}
		return nil, refused, e
	}
	err = s.write(ctx, func(tx *tx) error {
		for _, tg := range targets {
			if err := tx.q.AttachmentDelete(ctx, store.AttachmentDeleteParams{CompanyID: tg.a.CompanyID, ID: tg.a.ID, DeletedBy: &req.User.ID}); err != nil {
				return err
			}
			if tg.a.ActivityID != nil {
				if err := tx.q.ActivitySetKey(ctx, store.ActivitySetKeyParams{CompanyID: tg.a.CompanyID, ID: *tg.a.ActivityID, Key: "inbox_attachment.destroy"}); err != nil {
					return err
				}
			}
			aud, err := audienceOf(ctx, tx.q, tg.l.sc, tg.l.CategoryID)
			if err != nil {
				return err
			}
			tx.emit(aud.all, "inbox_attachment.destroy", map[string]any{"uuid": tg.a.UUID, "taskId": tg.l.UUID})
			if err := logEvent(ctx, tx.q, req, tg.a.CompanyID, "attachment_deleted",
				map[string]any{"taskId": tg.l.UUID, "attachmentId": tg.a.UUID, "filename": tg.a.Filename}); err != nil {
				return err
			}
			deleted = append(deleted, tg.a.UUID)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return deleted, refused, nil
}

// AttachmentPage is inboxAttachments.
type AttachmentPage struct {
	Collection []*AttachmentView
	TotalCount int64
}

// Attachments lists a thread's attachments, newest first, by keyset (lastId).
func (s *Service) Attachments(ctx context.Context, req org.Request, taskID uuid.UUID, limit int, lastID *uuid.UUID) (*AttachmentPage, error) {
	l, err := s.load(ctx, req, taskID)
	if err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 100)
	var before *int64
	if lastID != nil {
		a, err := s.st.AttachmentGetByUUID(ctx, *lastID)
		if err != nil || a.CompanyID != l.CompanyID || a.ThreadID != l.ID {
			return nil, apperr.NotFound("attachment")
		}
		before = &a.ID
	}
	rows, err := s.st.AttachmentListByThread(ctx, store.AttachmentListByThreadParams{CompanyID: l.CompanyID, ThreadID: l.ID,
		BeforeID: before, Lim: int32(limit)})
	if err != nil {
		return nil, err
	}
	n, err := s.st.AttachmentCountByThread(ctx, store.AttachmentCountByThreadParams{CompanyID: l.CompanyID, ThreadID: l.ID})
	if err != nil {
		return nil, err
	}
	list := make([]store.AttachmentCreateRow, len(rows))
	for i, r := range rows {
		list[i] = store.AttachmentCreateRow(r)
	}
	views, err := s.attachmentViews(ctx, req, l, list, nil)
	if err != nil {
		return nil, err
	}
	return &AttachmentPage{Collection: views, TotalCount: n}, nil
}

// attachmentViews maps attachments with their uploaders and activities.
func (s *Service) attachmentViews(ctx context.Context, req org.Request, l *loaded, list []store.AttachmentCreateRow, acts map[int64]uuid.UUID) ([]*AttachmentView, error) {
	if err := s.knowUploaders(ctx, l.sc, list); err != nil {
		return nil, err
	}
	users, err := usersOf(ctx, s.st.Queries, list, uploaderOf)
	if err != nil {
		return nil, err
	}
	staff := isStaff(req.User)
	out := make([]*AttachmentView, 0, len(list))
	for _, a := range list {
		v := &AttachmentView{AttachmentCreateRow: a, TaskUUID: l.UUID, CompanyUUID: l.sc.Company.UUID, CategoryID: l.CategoryID}
		if a.UploaderID != nil {
			if u, ok := users[*a.UploaderID]; ok {
				v.Uploader = person(&u, staff)
			}
		}
		if a.ActivityID != nil && acts != nil {
			if id, ok := acts[*a.ActivityID]; ok {
				v.ActivityUUID = &id
			}
		}
		v.CanDestroy = s.canAttachment(l, a, access.ActionDestroy) && !finished(l.Status) && !l.Hidden
		out = append(out, v)
	}
	return out, nil
}
