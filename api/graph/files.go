package graph

import (
	"context"

	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/apperr"
	"portico/engine/files"
	"portico/engine/org"
)

// filesService is the shared-files service, or an error when the server was
// built without it (no blob store or Temporal client wired).
func (r *Resolver) filesService() (*files.Service, error) {
	if r.svc.Files == nil {
		return nil, apperr.Argument("files_unavailable")
	}
	return r.svc.Files, nil
}

func optUUID(s *string, entity string) (*uuid.UUID, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	id, err := parseUUID(*s, entity)
	return &id, err
}

func fileUser(p *files.Person) *model.FileUser {
	if p == nil {
		return nil
	}
	return &model.FileUser{UUID: p.UUID.String(), Name: p.Name, UserType: p.UserType, Avatar: p.Avatar, Active: p.Active}
}

// Folder maps a folder.
func Folder(f files.Folder) *model.Folder {
	m := &model.Folder{UUID: f.UUID.String(), Name: f.Name, CategoryID: CategoryID(f.CategoryID),
		Category: Category(f.Category), Company: &model.FileCompany{UUID: f.CompanyUUID.String(), Name: f.CompanyName},
		Depth: int(f.Depth), FoldersCount: int(f.FoldersCount), CanAddChild: f.CanAddChild, User: fileUser(f.Creator)}
	if f.ParentUUID != nil {
		p := f.ParentUUID.String()
		m.ParentFolderID = &p
	}
	return m
}

// CompanyFile maps a shared file.
func CompanyFile(f files.File) *model.CompanyFile {
	m := &model.CompanyFile{UUID: f.UUID.String(), Filename: f.Filename, Description: f.Description,
		Extension: f.Extension, ContentType: f.ContentType, FileSize: int(f.FileSize), UploadedAt: f.UploadedAt,
		Folder:   &model.FileFolder{UUID: f.FolderUUID.String(), Name: f.FolderName, Category: Category(f.Category)},
		Uploader: fileUser(f.Uploader), Company: &model.FileCompany{UUID: f.CompanyUUID.String(), Name: f.CompanyName},
		CanUpdate: f.CanUpdate, CanDestroy: f.CanDestroy}
	m.UploaderActive = f.Uploader != nil && f.Uploader.Active
	if f.ActivityID != nil {
		id := f.ActivityID.String()
		m.ActivityID = &id
	}
	return m
}

// fileActivityIcons are the icons of the history keys.
var fileActivityIcons = map[string]string{
	"company_file.create": "upload", "company_file.update": "edit", "company_file.rename": "edit",
	"company_file.replace": "swap", "company_file.destroy": "delete",
}

// FileActivity maps a history entry.
func FileActivity(a files.Activity) *model.FileActivity {
	icon := fileActivityIcons[a.Key]
	if icon == "" {
		icon = "file"
	}
	return &model.FileActivity{UUID: a.UUID.String(), Key: a.Key, Icon: icon, ActionAt: a.ActionAt,
		AdditionArgs: rawJSON(a.AdditionArgs), Creator: fileUser(a.Creator),
		CreatorActive: a.Creator != nil && a.Creator.Active}
}

func zipFile(e files.Export) *model.ZipFile {
	return &model.ZipFile{UUID: e.UUID.String(), ArchivedAt: e.Done, Error: e.Error}
}

func pdfFile(e files.Export) *model.PDFFile {
	return &model.PDFFile{UUID: e.UUID.String(), GeneratedAt: e.Done, Error: e.Error}
}

// pollExport answers the polling queries of exports: the viewer's own export
// in a company, by public id.
func pollExport[M any](ctx context.Context, r *Resolver, companyID, id, entity string,
	get func(*files.Service, context.Context, org.Request, uuid.UUID, uuid.UUID) (files.Export, error),
	mapTo func(files.Export) M) (M, error) {
	return fetch(ctx, r.filesService, func(svc *files.Service, req org.Request) (files.Export, error) {
		var a args
		company, eid := a.id(companyID, "company"), a.id(id, entity)
		if a.err != nil {
			return files.Export{}, a.err
		}
		return get(svc, ctx, req, company, eid)
	}, mapTo)
}

func filePayload(f files.File, errs []*model.MutationError) *model.CompanyFilePayload {
	if len(errs) > 0 {
		return &model.CompanyFilePayload{Errors: errs}
	}
	return &model.CompanyFilePayload{File: CompanyFile(f), Errors: errs}
}

func folderPayload(f files.Folder, errs []*model.MutationError) *model.FolderPayload {
	if len(errs) > 0 {
		return &model.FolderPayload{Errors: errs}
	}
	return &model.FolderPayload{Folder: Folder(f), Errors: errs}
}
