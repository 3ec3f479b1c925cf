package files

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Kinds of zip_files rows.
const (
	ZipKindInbox   = "inbox_attachments"
	ZipKindContent = "content"
)

// Export is the state of a requested export, as the client polls it: ready
// when Done is set (generatedAt for a PDF, archivedAt for a zip), failed when
// Error is set.
type Export struct {
	UUID  uuid.UUID
	Done  *time.Time
	Error *string
}

// contentRequest is what a content zip archives: chosen files, or a folder's subtree.
type contentRequest struct {
	FileIDs  []uuid.UUID `json:"fileIds,omitempty"`
	FolderID *uuid.UUID  `json:"folderId,omitempty"`
}

// inboxRequest is what an attachment zip archives: one thread's attachments,
// the chosen ones or all.
type inboxRequest struct {
	ThreadID      int64       `json:"threadId"`
	AttachmentIDs []uuid.UUID `json:"attachmentIds,omitempty"`
}

// exportCompany is the viewer's access to the company an export is asked in,
// when this process can start exports.
func (s *Service) exportCompany(ctx context.Context, req org.Request, companyID uuid.UUID) (org.CompanyAccess, error) {
	if s.starter == nil {
		return org.CompanyAccess{}, apperr.Argument("exports_unavailable")
	}
	return s.company(ctx, req, companyID)
}

// exportThread is exportCompany with a thread of it the viewer may read.
func (s *Service) exportThread(ctx context.Context, req org.Request, companyID, taskID uuid.UUID) (org.CompanyAccess, store.PdfFileThreadByUUIDRow, access.Object, error) {
	c, err := s.exportCompany(ctx, req, companyID)
	if err != nil {
		return c, store.PdfFileThreadByUUIDRow{}, access.Object{}, err
	}
	t, obj, err := s.thread(ctx, c, taskID)
	return c, t, obj, err
}

// DownloadContentZip asks for a zip of chosen files, or of a folder with its
// subfolders (the folder structure kept). Every file must be one the viewer
// may read; otherwise nothing is started and the answer is not found.
func (s *Service) DownloadContentZip(ctx context.Context, req org.Request, companyID uuid.UUID, fileIDs []uuid.UUID, folderID *uuid.UUID) (Export, error) {
	c, err := s.exportCompany(ctx, req, companyID)
	if err != nil {
		return Export{}, err
	}
	var r contentRequest
	switch {
	case len(fileIDs) > 0:
		files, err := s.filesByUUID(ctx, c, fileIDs)
		if err != nil {
			return Export{}, err
		}
		for _, f := range files {
			r.FileIDs = append(r.FileIDs, f.UUID)
		}
	case folderID != nil:
		f, err := s.readFolder(ctx, c, *folderID)
		if err != nil {
			return Export{}, err
		}
		if !c.Abilities.CanOn(access.ActionRead, access.SubjectCompanyFile, object(c, f.CategoryID, nil)) {
			return Export{}, apperr.NotFound(entityFolder)
		}
		r.FolderID = &f.UUID
	default:
		return Export{}, apperr.Invalid("fileIds", "file_ids_or_folder_id_required")
	}
	return s.startZip(ctx, req, c, ZipKindContent, r, s.starter.StartContentZip)
}

func (s *Service) startZip(ctx context.Context, req org.Request, c org.CompanyAccess, kind string, r any,
	start func(context.Context, uuid.UUID) error) (Export, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return Export{}, err
	}
	var z store.ZipFile
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		var err error
		z, err = q.ZipFileCreate(ctx, store.ZipFileCreateParams{CompanyID: c.Company.ID, Kind: kind, UserID: req.User.ID, Request: b})
		if err != nil {
			return err
		}
		name := "content_zip_requested"
		if kind == ZipKindInbox {
			return nil // the inbox logs its own events
		}
		return logEvent(ctx, q, req, c.Company.ID, name, "", map[string]any{"zipFileId": z.UUID, "request": r})
	})
	if err != nil {
		return Export{}, err
	}
	if err := start(ctx, z.UUID); err != nil {
		msg := "export_could_not_start"
		_ = s.st.ZipFileFailed(context.WithoutCancel(ctx), store.ZipFileFailedParams{CompanyID: c.Company.ID, ID: z.ID, Error: &msg})
		return Export{}, err
	}
	return Export{UUID: z.UUID}, nil
}

// ContentZipFile is the state of one of the viewer's shared-files zips.
func (s *Service) ContentZipFile(ctx context.Context, req org.Request, companyID, id uuid.UUID) (Export, error) {
	return s.zipState(ctx, req, companyID, id, ZipKindContent)
}

// InboxZipFile is the state of one of the viewer's attachment zips.
func (s *Service) InboxZipFile(ctx context.Context, req org.Request, companyID, id uuid.UUID) (Export, error) {
	return s.zipState(ctx, req, companyID, id, ZipKindInbox)
}

// zipState: an export is the requester's own; anyone else's is not found.
func (s *Service) zipState(ctx context.Context, req org.Request, companyID, id uuid.UUID, kind string) (Export, error) {
	c, err := s.company(ctx, req, companyID)
	if err != nil {
		return Export{}, err
	}
	z, err := s.st.ZipFileGetByUUID(ctx, store.ZipFileGetByUUIDParams{CompanyID: c.Company.ID, UUID: id})
	if store.IsNotFound(err) || (err == nil && (z.UserID != req.User.ID || z.Kind != kind)) {
		return Export{}, apperr.NotFound(entityZip)
	} else if err != nil {
		return Export{}, err
	}
	return Export{UUID: z.UUID, Done: z.ArchivedAt, Error: z.Error}, nil
}

// thread loads a thread of the company that the viewer may read.
func (s *Service) thread(ctx context.Context, c org.CompanyAccess, id uuid.UUID) (store.PdfFileThreadByUUIDRow, access.Object, error) {
	t, err := s.st.PdfFileThreadByUUID(ctx, store.PdfFileThreadByUUIDParams{CompanyID: c.Company.ID, UUID: id})
	if store.IsNotFound(err) {
		return t, access.Object{}, apperr.NotFound(entityThread)
	} else if err != nil {
		return t, access.Object{}, err
	}
	obj := access.Object{CompanyID: c.Company.UUID, CategoryID: t.CategoryID, Hidden: t.Hidden, Type: t.TaskType}
	if t.AuthorUuid != nil {
		obj.UserID = *t.AuthorUuid
	}
	if !c.Abilities.CanOn(access.ActionRead, access.SubjectTask, obj) {
		return t, obj, apperr.NotFound(entityThread)
	}
	return t, obj, nil
}

// GeneratePDF asks for a PDF of a thread; it needs generate_pdf on it.
func (s *Service) GeneratePDF(ctx context.Context, req org.Request, companyID, taskID uuid.UUID) (Export, error) {
	c, t, obj, err := s.exportThread(ctx, req, companyID, taskID)
	if err != nil {
		return Export{}, err
	}
	if !c.Abilities.CanOn(access.ActionGeneratePDF, access.SubjectTask, obj) {
		return Export{}, apperr.Denied("")
	}
	p, err := s.st.PdfFileCreate(ctx, store.PdfFileCreateParams{CompanyID: c.Company.ID, ThreadID: t.ID, UserID: req.User.ID})
	if err != nil {
		return Export{}, err
	}
	if err := s.starter.StartThreadPDF(ctx, p.UUID); err != nil {
		msg := "export_could_not_start"
		_ = s.st.PdfFileFailed(context.WithoutCancel(ctx), store.PdfFileFailedParams{CompanyID: c.Company.ID, ID: p.ID, Error: &msg})
		return Export{}, err
	}
	return Export{UUID: p.UUID}, nil
}

// InboxPDFFile is the state of one of the viewer's thread PDFs.
func (s *Service) InboxPDFFile(ctx context.Context, req org.Request, companyID, id uuid.UUID) (Export, error) {
	c, err := s.company(ctx, req, companyID)
	if err != nil {
		return Export{}, err
	}
	p, err := s.st.PdfFileGetByUUID(ctx, store.PdfFileGetByUUIDParams{CompanyID: c.Company.ID, UUID: id})
	if store.IsNotFound(err) || (err == nil && p.UserID != req.User.ID) {
		return Export{}, apperr.NotFound(entityPDF)
	} else if err != nil {
		return Export{}, err
	}
	return Export{UUID: p.UUID, Done: p.GeneratedAt, Error: p.Error}, nil
}

// DownloadInboxZip asks for a zip of a thread's attachments: the chosen ones,
// or all of them when none is chosen. Each must be a live attachment of the
// thread.
func (s *Service) DownloadInboxZip(ctx context.Context, req org.Request, companyID, taskID uuid.UUID, attachmentIDs []uuid.UUID) (Export, error) {
	c, t, obj, err := s.exportThread(ctx, req, companyID, taskID)
	if err != nil {
		return Export{}, err
	}
	if !c.Abilities.CanOn(access.ActionRead, access.SubjectAttachment, access.Object{CompanyID: obj.CompanyID, CategoryID: obj.CategoryID}) {
		return Export{}, apperr.Denied("")
	}
	ids := attachmentIDs
	if ids == nil {
		ids = []uuid.UUID{}
	}
	rows, err := s.st.ZipFileAttachments(ctx, store.ZipFileAttachmentsParams{CompanyID: c.Company.ID, ThreadID: t.ID, Uuids: ids})
	if err != nil {
		return Export{}, err
	}
	if len(rows) == 0 || (len(ids) > 0 && len(rows) != len(uniq(ids))) {
		return Export{}, apperr.NotFound("inbox_attachment")
	}
	return s.startZip(ctx, req, c, ZipKindInbox, inboxRequest{ThreadID: t.ID, AttachmentIDs: attachmentIDs}, s.starter.StartInboxZip)
}
