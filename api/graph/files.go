package graph

import (
	"context"
	"strconv"

	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/api/viewer"
	"portico/engine/apperr"
	"portico/engine/files"
)

// filesService is the shared-files service, or an error when the server was
// built without it (no blob store or Temporal client wired).
func (r *Resolver) filesService() (*files.Service, error) {
	if r.Files == nil {
		return nil, apperr.Argument("files_unavailable")
	}
	return r.Files, nil
}

// parseUUIDs reads a list of public ids; any malformed one is not found.
func parseUUIDs(ss []string, entity string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, 0, len(ss))
	for _, s := range ss {
		id, err := parseUUID(s, entity)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
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
	m := &model.Folder{UUID: f.UUID.String(), Name: f.Name, CategoryID: strconv.FormatInt(f.CategoryID, 10),
		Category: Category(f.Category), Company: &model.FileCompany{UUID: f.CompanyUUID.String(), Name: f.CompanyName},
		Depth: int(f.Depth), FoldersCount: int(f.FoldersCount), CanAddChild: f.CanAddChild}
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
func pollExport[T any](ctx context.Context, r *Resolver, companyID, id, entity string,
	get func(*files.Service, *viewer.Viewer, uuid.UUID, uuid.UUID) (files.Export, error),
	conv func(files.Export) *T) (*T, error) {
	v, err := me(ctx)
	if err != nil {
		return nil, err
	}
	svc, err := r.filesService()
	if err != nil {
		return nil, err
	}
	company, err := parseUUID(companyID, "company")
	if err != nil {
		return nil, err
	}
	eid, err := parseUUID(id, entity)
	if err != nil {
		return nil, err
	}
	e, err := get(svc, v, company, eid)
	if err != nil {
		return nil, err
	}
	return conv(e), nil
}
