package graph

import (
	"time"

	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/apperr"
	"portico/engine/inbox"
)

// uploadBound reads allInboxAttachments' dateFrom or dateTo: a date-time is
// exact; a date is the start of that day in UTC, or for dateTo the end of it
// (the next day's start, exclusive). Anything else is ARGUMENT_ERROR invalid_date.
func uploadBound(s *string, end bool) (*time.Time, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, *s); err == nil {
		return &t, nil
	}
	t, err := time.Parse(time.DateOnly, *s)
	if err != nil {
		return nil, apperr.Argument("invalid_date")
	}
	if end {
		t = t.AddDate(0, 0, 1)
	}
	return &t, nil
}

func companyInboxAttachment(a inbox.AdminAttachment) *model.CompanyInboxAttachment {
	return &model.CompanyInboxAttachment{UUID: a.UUID.String(), Filename: a.Filename, Extension: a.Extension,
		ContentType: a.ContentType, FileSize: int(a.FileSize), UploadedAt: a.UploadedAt, Uploader: inboxUser(a.Uploader),
		CompanyID: a.CompanyUUID.String(), TaskID: a.TaskUUID.String(), TaskTitle: a.TaskTitle,
		CategoryID: CategoryID(a.CategoryID), URL: inbox.DownloadPath(a.UUID), CanDestroy: a.CanDestroy}
}

func allInboxAttachments(p *inbox.AdminAttachmentPage) *model.AllInboxAttachments {
	return &model.AllInboxAttachments{Attachments: mapAll(p.Collection, companyInboxAttachment),
		TotalCount: int(p.TotalCount), Categories: mapAll(p.Categories, Category),
		Abilities: &model.InboxAttachmentAbilities{Destroy: p.CanDestroy}}
}

func systemDeletePayload(d *inbox.Deletion, errs []*model.MutationError) *model.SystemDeleteAttachmentsPayload {
	p := &model.SystemDeleteAttachmentsPayload{AttachmentIds: []string{}, Errors: errs}
	if d == nil {
		return p
	}
	p.AttachmentIds = mapAll(d.Refused, uuid.UUID.String)
	if len(errs) == 0 {
		p.DeletableEntity = &model.DeletableEntity{ID: d.UUID.String(), UndoUntil: d.UndoUntil,
			AttachmentIds: mapAll(d.Deleted, uuid.UUID.String)}
	}
	return p
}

// analyticsService frames the analytics application; without one configured
// every frame is "none configured".
func (r *Resolver) analyticsService() (*inbox.Analytics, error) {
	if r.svc.Analytics == nil {
		return inbox.NewAnalytics(r.svc.Directory, "", nil), nil
	}
	return r.svc.Analytics, nil
}
