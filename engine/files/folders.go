package files

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Folder is a folder as the viewer sees it.
type Folder struct {
	store.Folder
	CompanyUUID  uuid.UUID
	CompanyName  string
	Category     store.Category
	ParentUUID   *uuid.UUID
	FoldersCount int64
	// CanAddChild: the viewer may create a subfolder here and the depth limit allows one.
	CanAddChild bool
	// Creator made the folder; nil for the roots the system makes.
	Creator *Person
}

// FolderPage is one page of folders.
type FolderPage struct {
	Folders    []Folder
	TotalCount int64
}

// FolderQuery selects the folders to list: the roots, or the children of Parent.
type FolderQuery struct {
	CompanyID uuid.UUID
	Roots     bool
	Parent    *uuid.UUID
	Page      *int
	Limit     *int
}

func (s *Service) folderView(c org.CompanyAccess, f store.Folder, count int64, parent *uuid.UUID, creator *Person) Folder {
	obj := object(c, f.CategoryID, nil)
	return Folder{Folder: f, CompanyUUID: c.Company.UUID, CompanyName: c.Company.Name, Category: category(c, f.CategoryID), ParentUUID: parent,
		FoldersCount: count, Creator: creator,
		CanAddChild: f.Depth < MaxDepth && c.Abilities.CanOn(access.ActionCreate, access.SubjectFolder, obj)}
}

// Folders lists root folders (the categories the viewer may read) or the
// subfolders of one folder, 30 a page by name.
func (s *Service) Folders(ctx context.Context, req org.Request, q FolderQuery) (FolderPage, error) {
	c, err := s.company(ctx, req, q.CompanyID)
	if err != nil {
		return FolderPage{}, err
	}
	if !c.Abilities.Can(access.ActionRead, access.SubjectFolder) {
		return FolderPage{}, apperr.Denied("")
	}
	lim, off := pageArgs(q.Page, q.Limit, FolderPageSize)
	out := FolderPage{Folders: []Folder{}}
	if q.Parent == nil {
		if err := s.st.FolderRootsEnsure(ctx, c.Company.ID); err != nil {
			return out, err
		}
		var cats []int64
		for _, cat := range c.Categories {
			if c.Abilities.CanOn(access.ActionRead, access.SubjectFolder, object(c, cat.ID, nil)) {
				cats = append(cats, cat.ID)
			}
		}
		rows, err := s.st.FolderListRoots(ctx, store.FolderListRootsParams{CompanyID: c.Company.ID,
			CategoryIds: cats, Lim: lim, Off: off})
		if err != nil {
			return out, err
		}
		for _, r := range rows {
			out.Folders = append(out.Folders, s.folderView(c, r.Folder, r.FoldersCount, nil,
				person(r.CreatorUuid, r.CreatorName, r.CreatorType, r.CreatorAvatar, r.CreatorActive)))
			out.TotalCount = r.TotalCount
		}
		return out, nil
	}
	parent, err := s.readFolder(ctx, c, *q.Parent)
	if err != nil {
		return out, err
	}
	rows, err := s.st.FolderListChildren(ctx, store.FolderListChildrenParams{CompanyID: c.Company.ID,
		ParentID: &parent.ID, Lim: lim, Off: off})
	if err != nil {
		return out, err
	}
	for _, r := range rows {
		out.Folders = append(out.Folders, s.folderView(c, r.Folder, r.FoldersCount, &parent.UUID,
			person(r.CreatorUuid, r.CreatorName, r.CreatorType, r.CreatorAvatar, r.CreatorActive)))
		out.TotalCount = r.TotalCount
	}
	return out, nil
}

// readFolder loads a folder of the company the viewer may read; any other is not found.
func (s *Service) readFolder(ctx context.Context, c org.CompanyAccess, id uuid.UUID) (Folder, error) {
	row, err := s.st.FolderGetByUUID(ctx, store.FolderGetByUUIDParams{CompanyID: c.Company.ID, UUID: id})
	if store.IsNotFound(err) {
		return Folder{}, apperr.NotFound(entityFolder)
	} else if err != nil {
		return Folder{}, err
	}
	if !c.Abilities.CanOn(access.ActionRead, access.SubjectFolder, object(c, row.Folder.CategoryID, nil)) {
		return Folder{}, apperr.NotFound(entityFolder)
	}
	var parent *uuid.UUID
	if row.Folder.ParentID != nil {
		p, err := s.st.FolderGet(ctx, store.FolderGetParams{CompanyID: c.Company.ID, ID: *row.Folder.ParentID})
		if err != nil {
			return Folder{}, err
		}
		parent = &p.UUID
	}
	return s.folderView(c, row.Folder, row.FoldersCount, parent, creatorOf(row)), nil
}

// locateFolder finds a folder named only by its public id, with its company.
func (s *Service) locateFolder(ctx context.Context, req org.Request, id uuid.UUID) (org.CompanyAccess, Folder, error) {
	loc, err := s.st.FolderLocate(ctx, id)
	if store.IsNotFound(err) {
		return org.CompanyAccess{}, Folder{}, apperr.NotFound(entityFolder)
	} else if err != nil {
		return org.CompanyAccess{}, Folder{}, err
	}
	c, err := s.companyByID(ctx, req, loc.CompanyUuid, entityFolder)
	if err != nil {
		return c, Folder{}, err
	}
	f, err := s.readFolder(ctx, c, id)
	return c, f, err
}

// Folder is one folder the viewer may read.
func (s *Service) Folder(ctx context.Context, req org.Request, companyID, id uuid.UUID) (Folder, error) {
	c, err := s.company(ctx, req, companyID)
	if err != nil {
		return Folder{}, err
	}
	return s.readFolder(ctx, c, id)
}

// CreateFolder adds a subfolder. Root folders are the system's, one per
// category, so a parent is required; it needs create on Folder in the
// parent's category and room under the depth limit.
func (s *Service) CreateFolder(ctx context.Context, req org.Request, companyID uuid.UUID, parentID *uuid.UUID, name string) (Folder, error) {
	c, err := s.company(ctx, req, companyID)
	if err != nil {
		return Folder{}, err
	}
	if parentID == nil {
		return Folder{}, apperr.Invalid("parentFolderId", "parent_folder_is_required")
	}
	parent, err := s.readFolder(ctx, c, *parentID)
	if err != nil {
		return Folder{}, err
	}
	if !c.Abilities.CanOn(access.ActionCreate, access.SubjectFolder, object(c, parent.CategoryID, nil)) {
		return Folder{}, apperr.Denied("")
	}
	if parent.Depth >= MaxDepth {
		return Folder{}, apperr.Invalid("parentFolderId", "folder_depth_limit_reached")
	}
	if name, err = checkName("name", name); err != nil {
		return Folder{}, err
	}
	var f store.Folder
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		var err error
		f, err = q.FolderCreate(ctx, store.FolderCreateParams{CompanyID: c.Company.ID, ParentID: &parent.ID,
			CategoryID: parent.CategoryID, Name: name, Depth: parent.Depth + 1, UserID: &req.User.ID})
		if isUnique(err) {
			return apperr.Invalid("name", "name_has_already_been_taken")
		} else if err != nil {
			return err
		}
		return logEvent(ctx, q, req, c.Company.ID, "folder_created", name,
			map[string]any{"folderId": f.UUID, "parentFolderId": parent.UUID})
	})
	if err != nil {
		return Folder{}, err
	}
	s.publish(ctx, c, f.CategoryID, "folder.create", map[string]any{"uuid": f.UUID, "parentFolderId": parent.UUID})
	u := req.User
	return s.folderView(c, f, 0, &parent.UUID, &Person{UUID: u.UUID, Name: u.Name, UserType: u.UserType, Avatar: u.AvatarUrl, Active: u.Active}), nil
}

// UpdateFolder renames a folder and/or moves it under another parent. Root
// folders can be neither. A rename needs update on Folder; a move needs
// update where the folder is and create where it goes, and is refused into
// the folder itself, one of its descendants, or past the depth limit.
func (s *Service) UpdateFolder(ctx context.Context, req org.Request, id uuid.UUID, name *string, parentID *uuid.UUID) (Folder, error) {
	c, f, err := s.locateFolder(ctx, req, id)
	if err != nil {
		return Folder{}, err
	}
	if f.ParentID == nil {
		return Folder{}, apperr.Denied("root_folder_cannot_be_changed")
	}
	if !c.Abilities.CanOn(access.ActionUpdate, access.SubjectFolder, object(c, f.CategoryID, nil)) {
		return Folder{}, apperr.Denied("")
	}
	newName := f.Name
	if name != nil {
		if newName, err = checkName("name", *name); err != nil {
			return Folder{}, err
		}
	}
	var dest *Folder
	if parentID != nil && *parentID != *f.ParentUUID {
		d, err := s.readFolder(ctx, c, *parentID)
		if err != nil {
			return Folder{}, err
		}
		if !c.Abilities.CanOn(access.ActionCreate, access.SubjectFolder, object(c, d.CategoryID, nil)) {
			return Folder{}, apperr.Denied("")
		}
		dest = &d
	}
	parentUUID := f.ParentUUID
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if newName != f.Name {
			if _, err := q.FolderRename(ctx, store.FolderRenameParams{CompanyID: c.Company.ID, ID: f.ID, Name: newName}); isUnique(err) {
				return apperr.Invalid("name", "name_has_already_been_taken")
			} else if err != nil {
				return err
			}
			if err := logEvent(ctx, q, req, c.Company.ID, "folder_renamed", newName,
				map[string]any{"folderId": f.UUID, "oldName": f.Name, "newName": newName}); err != nil {
				return err
			}
		}
		if dest == nil {
			return nil
		}
		tree, err := q.FolderSubtree(ctx, store.FolderSubtreeParams{CompanyID: c.Company.ID, ID: f.ID})
		if err != nil {
			return err
		}
		ids := make([]int64, len(tree))
		deepest := f.Depth
		for i, t := range tree {
			ids[i] = t.ID
			deepest = max(deepest, t.Depth)
		}
		if slices.Contains(ids, dest.ID) {
			return apperr.Invalid("parentFolderId", "cannot_move_folder_into_itself")
		}
		delta := dest.Depth + 1 - f.Depth
		if deepest+delta > MaxDepth {
			return apperr.Invalid("parentFolderId", "folder_depth_limit_reached")
		}
		if _, err := q.FolderMove(ctx, store.FolderMoveParams{CompanyID: c.Company.ID, ID: f.ID, ParentID: &dest.ID}); isUnique(err) {
			return apperr.Invalid("name", "name_has_already_been_taken")
		} else if err != nil {
			return err
		}
		if err := q.FolderShiftSubtree(ctx, store.FolderShiftSubtreeParams{CompanyID: c.Company.ID, Ids: ids,
			Delta: delta, CategoryID: dest.CategoryID}); err != nil {
			return err
		}
		parentUUID = &dest.UUID
		return logEvent(ctx, q, req, c.Company.ID, "folder_moved", newName,
			map[string]any{"folderId": f.UUID, "fromFolderId": f.ParentUUID, "toFolderId": dest.UUID})
	})
	if err != nil {
		return Folder{}, err
	}
	row, err := s.st.FolderGetByUUID(ctx, store.FolderGetByUUIDParams{CompanyID: c.Company.ID, UUID: f.UUID})
	if err != nil {
		return Folder{}, err
	}
	data := map[string]any{"uuid": f.UUID, "parentFolderId": parentUUID}
	s.publish(ctx, c, f.CategoryID, "folder.update", data)
	if row.Folder.CategoryID != f.CategoryID {
		s.publish(ctx, c, row.Folder.CategoryID, "folder.update", map[string]any{"uuid": f.UUID, "parentFolderId": parentUUID})
	}
	return s.folderView(c, row.Folder, row.FoldersCount, parentUUID, creatorOf(row)), nil
}

// DeleteFolder deletes a folder with its subfolders and files (history kept
// as company_file.destroy). Root folders cannot be deleted; it needs destroy
// on Folder.
func (s *Service) DeleteFolder(ctx context.Context, req org.Request, id uuid.UUID) error {
	c, f, err := s.locateFolder(ctx, req, id)
	if err != nil {
		return err
	}
	if f.ParentID == nil {
		return apperr.Denied("root_folder_cannot_be_deleted")
	}
	if !c.Abilities.CanOn(access.ActionDestroy, access.SubjectFolder, object(c, f.CategoryID, nil)) {
		return apperr.Denied("")
	}
	var keys []string
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		tree, err := q.FolderSubtree(ctx, store.FolderSubtreeParams{CompanyID: c.Company.ID, ID: f.ID})
		if err != nil {
			return err
		}
		ids := make([]int64, len(tree))
		for i, t := range tree {
			ids[i] = t.ID
		}
		files, err := q.FileListInFolders(ctx, store.FileListInFoldersParams{CompanyID: c.Company.ID, FolderIds: ids})
		if err != nil {
			return err
		}
		for _, file := range files {
			keys = append(keys, file.BlobKey)
			if err := addActivity(ctx, q, c.Company.ID, file.ID, req.User.ID, "company_file.destroy",
				map[string]any{"fileSize": file.FileSize, "oldFilename": file.Filename}); err != nil {
				return err
			}
		}
		if err := q.FolderDelete(ctx, store.FolderDeleteParams{CompanyID: c.Company.ID, ID: f.ID}); err != nil {
			return err
		}
		return logEvent(ctx, q, req, c.Company.ID, "folder_deleted", f.Name,
			map[string]any{"folderId": f.UUID, "files": len(files)})
	})
	if err != nil {
		return err
	}
	s.deleteBlobs(ctx, keys)
	s.publish(ctx, c, f.CategoryID, "folder.destroy", map[string]any{"uuid": f.UUID, "parentFolderId": f.ParentUUID})
	return nil
}

// deleteBlobs removes the contents of deleted files once their rows are gone.
// A blob left behind costs space, never access: nothing refers to it.
func (s *Service) deleteBlobs(ctx context.Context, keys []string) {
	for _, k := range keys {
		_ = s.blobs.Delete(ctx, k)
	}
}

func creatorOf(r store.FolderGetByUUIDRow) *Person {
	return person(r.CreatorUuid, r.CreatorName, r.CreatorType, r.CreatorAvatar, r.CreatorActive)
}
