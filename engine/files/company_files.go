package files

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"path"
	"strings"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// File is a shared file as the viewer sees it.
type File struct {
	store.File
	CompanyUUID uuid.UUID
	CompanyName string
	FolderUUID  uuid.UUID
	FolderName  string
	Category    store.Category
	Uploader    *Person
	// ActivityID is the file's newest history entry.
	ActivityID *uuid.UUID
	CanUpdate  bool
	CanDestroy bool
}

// FilePage is one page of a folder's files.
type FilePage struct {
	Files      []File
	TotalCount int64
}

// Upload is a file's content as it arrives.
type Upload struct {
	Filename    string
	ContentType string
	// Size as announced (-1 when unknown); the bytes read are what counts.
	Size int64
	Body io.Reader
}

func (s *Service) fileView(c org.CompanyAccess, f store.File, categoryID int64, folderUUID uuid.UUID, folderName string, uploader *Person) File {
	var up *uuid.UUID
	if uploader != nil {
		up = &uploader.UUID
	}
	obj := object(c, categoryID, up)
	return File{File: f, CompanyUUID: c.Company.UUID, CompanyName: c.Company.Name, FolderUUID: folderUUID, FolderName: folderName,
		Category: category(c, categoryID), Uploader: uploader,
		CanUpdate:  c.Abilities.CanOn(access.ActionUpdate, access.SubjectCompanyFile, obj),
		CanDestroy: c.Abilities.CanOn(access.ActionDestroy, access.SubjectCompanyFile, obj)}
}

// Files lists a folder's files, newest first, 10 a page.
func (s *Service) Files(ctx context.Context, req org.Request, companyID, folderID uuid.UUID, page, limit *int) (FilePage, error) {
	c, err := s.company(ctx, req, companyID)
	if err != nil {
		return FilePage{}, err
	}
	folder, err := s.readFolder(ctx, c, folderID)
	if err != nil {
		return FilePage{}, err
	}
	out := FilePage{Files: []File{}}
	if !c.Abilities.CanOn(access.ActionRead, access.SubjectCompanyFile, object(c, folder.CategoryID, nil)) {
		return out, nil
	}
	lim, off := pageArgs(page, limit, FilePageSize)
	rows, err := s.st.FileList(ctx, store.FileListParams{CompanyID: c.Company.ID, FolderID: folder.ID, Lim: lim, Off: off})
	if err != nil {
		return out, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.File.ID
		out.TotalCount = r.TotalCount
		out.Files = append(out.Files, s.fileView(c, r.File, folder.CategoryID, folder.UUID, folder.Name,
			person(r.UploaderUuid, r.UploaderName, r.UploaderType, r.UploaderAvatar, r.UploaderActive)))
	}
	if err := s.fillActivityIDs(ctx, c.Company.ID, out.Files, ids); err != nil {
		return out, err
	}
	return out, nil
}

func (s *Service) fillActivityIDs(ctx context.Context, companyID int64, files []File, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	latest, err := s.st.FileActivityLatest(ctx, store.FileActivityLatestParams{CompanyID: companyID, FileIds: ids})
	if err != nil {
		return err
	}
	by := map[int64]uuid.UUID{}
	for _, l := range latest {
		by[l.FileID] = l.UUID
	}
	for i := range files {
		if id, ok := by[files[i].ID]; ok {
			files[i].ActivityID = &id
		}
	}
	return nil
}

// loadFile is one file of the company by id, as the viewer may read it.
func (s *Service) loadFile(ctx context.Context, q *store.Queries, c org.CompanyAccess, id int64) (File, error) {
	r, err := q.FileGet(ctx, store.FileGetParams{CompanyID: c.Company.ID, ID: id})
	if store.IsNotFound(err) {
		return File{}, apperr.NotFound(entityFile)
	} else if err != nil {
		return File{}, err
	}
	f := s.fileView(c, r.File, r.CategoryID, r.FolderUuid, r.FolderName,
		person(r.UploaderUuid, r.UploaderName, r.UploaderType, r.UploaderAvatar, r.UploaderActive))
	return f, nil
}

// filesByUUID loads the named files of the company that the viewer may read;
// any other (missing, another company's, an unreadable category) is not found.
func (s *Service) filesByUUID(ctx context.Context, c org.CompanyAccess, ids []uuid.UUID) ([]File, error) {
	rows, err := s.st.FileGetByUUIDs(ctx, store.FileGetByUUIDsParams{CompanyID: c.Company.ID, Uuids: ids})
	if err != nil {
		return nil, err
	}
	out := make([]File, 0, len(rows))
	for _, r := range rows {
		f := s.fileView(c, r.File, r.CategoryID, r.FolderUuid, r.FolderName,
			person(r.UploaderUuid, r.UploaderName, r.UploaderType, r.UploaderAvatar, r.UploaderActive))
		if !c.Abilities.CanOn(access.ActionRead, access.SubjectCompanyFile, object(c, r.CategoryID, f.uploaderID())) {
			return nil, apperr.NotFound(entityFile)
		}
		out = append(out, f)
	}
	if len(out) != len(uniq(ids)) {
		return nil, apperr.NotFound(entityFile)
	}
	return out, nil
}

func (f File) uploaderID() *uuid.UUID {
	if f.Uploader == nil {
		return nil
	}
	return &f.Uploader.UUID
}

func uniq(ids []uuid.UUID) map[uuid.UUID]bool {
	m := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// locateFile finds a file named only by its public id, with its company.
func (s *Service) locateFile(ctx context.Context, req org.Request, id uuid.UUID) (org.CompanyAccess, File, error) {
	loc, err := s.st.FileLocate(ctx, id)
	if store.IsNotFound(err) {
		return org.CompanyAccess{}, File{}, apperr.NotFound(entityFile)
	} else if err != nil {
		return org.CompanyAccess{}, File{}, err
	}
	c, err := s.companyByID(ctx, req, loc.CompanyUuid, entityFile)
	if err != nil {
		return c, File{}, err
	}
	f, err := s.loadFile(ctx, s.st.Queries, c, loc.ID)
	if err != nil {
		return c, File{}, err
	}
	if !c.Abilities.CanOn(access.ActionRead, access.SubjectCompanyFile, object(c, f.Category.ID, f.uploaderID())) {
		return c, File{}, apperr.NotFound(entityFile)
	}
	return c, f, nil
}

// CreateFile uploads a file into a folder, with an optional description. It
// needs create on CompanyFile in the folder's category. The content goes to
// the blob store first; if anything fails after that, the blob is removed and
// no row remains.
func (s *Service) CreateFile(ctx context.Context, req org.Request, folderID uuid.UUID, up Upload, description *string) (File, error) {
	c, folder, err := s.locateFolder(ctx, req, folderID)
	if err != nil {
		return File{}, err
	}
	if !c.Abilities.CanOn(access.ActionCreate, access.SubjectCompanyFile, object(c, folder.CategoryID, nil)) {
		return File{}, apperr.Denied("")
	}
	name, err := checkName("filename", up.Filename)
	if err != nil {
		return File{}, err
	}
	if up.Size > s.maxUploadBytes {
		return File{}, apperr.Invalid("content", "file_is_too_large")
	}
	desc := cleanDescription(description)
	contentType := up.ContentType
	if contentType == "" || contentType == "application/octet-stream" {
		if t := mime.TypeByExtension(path.Ext(name)); t != "" {
			contentType = t
		} else {
			contentType = "application/octet-stream"
		}
	}
	id := uuid.New()
	key := blobKey("files", c.Company.UUID, id)
	counter := &countingReader{r: io.LimitReader(up.Body, s.maxUploadBytes+1)}
	if _, err := s.blobs.Put(ctx, key, counter); err != nil {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
		return File{}, err
	}
	if counter.n > s.maxUploadBytes {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
		return File{}, apperr.Invalid("content", "file_is_too_large")
	}
	var f File
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		row, err := q.FileCreate(ctx, store.FileCreateParams{CompanyID: c.Company.ID, FolderID: folder.ID,
			UploaderID: &req.User.ID, Filename: name, Description: desc, Extension: extension(name),
			ContentType: contentType, FileSize: counter.n, BlobKey: key})
		if err != nil {
			return err
		}
		if err := addActivity(ctx, q, c.Company.ID, row.ID, req.User.ID, "company_file.create",
			map[string]any{"fileSize": row.FileSize, "newFilename": name}); err != nil {
			return err
		}
		if err := logEvent(ctx, q, req, c.Company.ID, "file_uploaded", name,
			map[string]any{"fileId": row.UUID, "folderId": folder.UUID, "fileSize": row.FileSize}); err != nil {
			return err
		}
		f, err = s.loadFile(ctx, q, c, row.ID)
		return err
	})
	if err != nil {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
		return File{}, err
	}
	one := []File{f}
	if err := s.fillActivityIDs(ctx, c.Company.ID, one, []int64{f.ID}); err != nil {
		return f, err
	}
	f = one[0]
	s.publish(ctx, c, folder.CategoryID, "company_file.create", map[string]any{"uuid": f.UUID, "folderId": folder.UUID})
	return f, nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func extension(name string) string {
	return strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
}

// cleanDescription trims a description; blank means none. Descriptions are
// plain text: the client shows them as text, never as HTML.
func cleanDescription(d *string) *string {
	if d == nil {
		return nil
	}
	t := strings.TrimSpace(*d)
	if t == "" {
		return nil
	}
	return &t
}

// UpdateFile renames a file and/or changes its description. It needs update
// on the file (agents: any in their categories; customers: their own).
func (s *Service) UpdateFile(ctx context.Context, req org.Request, id uuid.UUID, filename, description *string) (File, error) {
	c, f, err := s.locateFile(ctx, req, id)
	if err != nil {
		return File{}, err
	}
	if !f.CanUpdate {
		return File{}, apperr.Denied("")
	}
	name := f.Filename
	if filename != nil {
		if name, err = checkName("filename", *filename); err != nil {
			return File{}, err
		}
	}
	desc := f.Description
	if description != nil {
		if len(*description) > 16000 {
			return File{}, apperr.Invalid("description", "description_is_too_long")
		}
		desc = cleanDescription(description)
	}
	renamed := name != f.Filename
	described := !equalPtr(desc, f.Description)
	if !renamed && !described {
		return f, nil
	}
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if _, err := q.FileUpdate(ctx, store.FileUpdateParams{CompanyID: c.Company.ID, ID: f.ID, Filename: name,
			Description: desc, Extension: extension(name)}); err != nil {
			return err
		}
		if renamed {
			if err := addActivity(ctx, q, c.Company.ID, f.ID, req.User.ID, "company_file.rename",
				map[string]any{"oldFilename": f.Filename, "newFilename": name}); err != nil {
				return err
			}
			if err := logEvent(ctx, q, req, c.Company.ID, "file_renamed", name,
				map[string]any{"fileId": f.UUID, "oldFilename": f.Filename, "newFilename": name}); err != nil {
				return err
			}
		}
		if described {
			if err := addActivity(ctx, q, c.Company.ID, f.ID, req.User.ID, "company_file.update",
				map[string]any{"description": desc}); err != nil {
				return err
			}
			if err := logEvent(ctx, q, req, c.Company.ID, "file_updated", name,
				map[string]any{"fileId": f.UUID}); err != nil {
				return err
			}
		}
		f, err = s.loadFile(ctx, q, c, f.ID)
		return err
	})
	if err != nil {
		return File{}, err
	}
	one := []File{f}
	if err := s.fillActivityIDs(ctx, c.Company.ID, one, []int64{f.ID}); err != nil {
		return f, err
	}
	f = one[0]
	s.publish(ctx, c, f.Category.ID, "company_file.update", map[string]any{"uuid": f.UUID, "folderId": f.FolderUUID})
	return f, nil
}

func equalPtr(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// MoveFiles moves files of one company into a folder: all of them or none.
// Each needs update where it is and create in the destination's category;
// a file already in the destination refuses the move (the current folder
// cannot be chosen).
func (s *Service) MoveFiles(ctx context.Context, req org.Request, ids []uuid.UUID, folderID uuid.UUID) (Folder, error) {
	if len(ids) == 0 {
		return Folder{}, apperr.Invalid("fileIds", "file_ids_cannot_be_blank")
	}
	c, dest, err := s.locateFolder(ctx, req, folderID)
	if err != nil {
		return Folder{}, err
	}
	files, err := s.filesByUUID(ctx, c, ids)
	if err != nil {
		return Folder{}, err
	}
	if !c.Abilities.CanOn(access.ActionCreate, access.SubjectCompanyFile, object(c, dest.CategoryID, nil)) {
		return Folder{}, apperr.Denied("")
	}
	fileIDs := make([]int64, len(files))
	for i, f := range files {
		if f.FolderID == dest.ID {
			return Folder{}, apperr.Invalid("folderId", "cannot_move_to_current_folder")
		}
		if !f.CanUpdate {
			return Folder{}, apperr.Denied("")
		}
		fileIDs[i] = f.ID
	}
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if err := q.FileMove(ctx, store.FileMoveParams{CompanyID: c.Company.ID, Ids: fileIDs, FolderID: dest.ID}); err != nil {
			return err
		}
		for _, f := range files {
			if err := addActivity(ctx, q, c.Company.ID, f.ID, req.User.ID, "company_file.update",
				map[string]any{"fromFolder": f.FolderName, "toFolder": dest.Name}); err != nil {
				return err
			}
		}
		return logEvent(ctx, q, req, c.Company.ID, "files_moved", dest.Name,
			map[string]any{"fileIds": ids, "folderId": dest.UUID})
	})
	if err != nil {
		return Folder{}, err
	}
	cats := map[int64]bool{dest.CategoryID: true}
	for _, f := range files {
		cats[f.Category.ID] = true
	}
	for cat := range cats {
		s.publish(ctx, c, cat, "company_file.update", map[string]any{"uuids": ids, "folderId": dest.UUID})
	}
	return dest, nil
}

// DeleteResult names what DeleteFiles did: the files deleted and those the
// viewer may not delete (left as they were).
type DeleteResult struct {
	Deleted    []uuid.UUID
	NotAllowed []File
}

// DeleteFiles deletes the permitted files among ids and names the others.
// Files the viewer cannot see make the whole call not found, revealing nothing.
func (s *Service) DeleteFiles(ctx context.Context, req org.Request, companyID uuid.UUID, ids []uuid.UUID) (DeleteResult, error) {
	out := DeleteResult{Deleted: []uuid.UUID{}, NotAllowed: []File{}}
	if len(ids) == 0 {
		return out, apperr.Invalid("fileIds", "file_ids_cannot_be_blank")
	}
	c, err := s.company(ctx, req, companyID)
	if err != nil {
		return out, err
	}
	files, err := s.filesByUUID(ctx, c, ids)
	if err != nil {
		return out, err
	}
	var allowed []File
	for _, f := range files {
		if f.CanDestroy {
			allowed = append(allowed, f)
		} else {
			out.NotAllowed = append(out.NotAllowed, f)
		}
	}
	if len(allowed) == 0 {
		return out, apperr.Denied("files_cannot_be_deleted")
	}
	var keys []string
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		rowIDs := make([]int64, len(allowed))
		for i, f := range allowed {
			rowIDs[i] = f.ID
			if err := addActivity(ctx, q, c.Company.ID, f.ID, req.User.ID, "company_file.destroy",
				map[string]any{"fileSize": f.FileSize, "oldFilename": f.Filename}); err != nil {
				return err
			}
			if err := logEvent(ctx, q, req, c.Company.ID, "file_deleted", f.Filename,
				map[string]any{"fileId": f.UUID, "folderId": f.FolderUUID}); err != nil {
				return err
			}
		}
		deleted, err := q.FileDelete(ctx, store.FileDeleteParams{CompanyID: c.Company.ID, Ids: rowIDs})
		if err != nil {
			return err
		}
		if len(deleted) != len(rowIDs) {
			return errors.New("files: a file vanished while being deleted")
		}
		for _, d := range deleted {
			keys = append(keys, d.BlobKey)
		}
		return nil
	})
	if err != nil {
		return DeleteResult{Deleted: []uuid.UUID{}, NotAllowed: []File{}}, err
	}
	s.deleteBlobs(ctx, keys)
	cats := map[int64][]uuid.UUID{}
	for _, f := range allowed {
		out.Deleted = append(out.Deleted, f.UUID)
		cats[f.Category.ID] = append(cats[f.Category.ID], f.UUID)
	}
	for cat, uuids := range cats {
		s.publish(ctx, c, cat, "company_file.destroy", map[string]any{"uuids": uuids})
	}
	return out, nil
}

// Activity is one entry of a file's history.
type Activity struct {
	store.FileActivity
	Creator *Person
}

// Activities is a file's history, newest first (5 by default).
func (s *Service) Activities(ctx context.Context, req org.Request, companyID, fileID uuid.UUID, limit *int) ([]Activity, error) {
	c, err := s.company(ctx, req, companyID)
	if err != nil {
		return nil, err
	}
	files, err := s.filesByUUID(ctx, c, []uuid.UUID{fileID})
	if err != nil {
		return nil, err
	}
	lim := ActivityLimit
	if limit != nil && *limit > 0 {
		lim = min(*limit, 50)
	}
	rows, err := s.st.FileActivityList(ctx, store.FileActivityListParams{CompanyID: c.Company.ID, FileID: files[0].ID, Lim: int32(lim)})
	if err != nil {
		return nil, err
	}
	out := make([]Activity, len(rows))
	for i, r := range rows {
		out[i] = Activity{FileActivity: r.FileActivity,
			Creator: person(r.CreatorUuid, r.CreatorName, r.CreatorType, r.CreatorAvatar, r.CreatorActive)}
	}
	return out, nil
}

func addActivity(ctx context.Context, q *store.Queries, companyID, fileID, userID int64, key string, args map[string]any) error {
	b, err := json.Marshal(args)
	if err != nil {
		return err
	}
	return q.FileActivityAdd(ctx, store.FileActivityAddParams{CompanyID: companyID, FileID: fileID, Key: key,
		UserID: &userID, AdditionArgs: b})
}
