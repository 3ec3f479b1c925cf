package files

import (
	"archive/zip"
	"compress/flate"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/blob"
	"portico/engine/store"
)

// ErrGone marks an export whose request no longer exists or can never be
// built (its row, thread or folder is gone): retrying cannot help.
var ErrGone = errors.New("files: export request is gone")

// Exporter builds requested exports and writes them to the blob store. Its
// methods are safe to retry: the blob key is fixed per export, a finished
// export is left alone.
type Exporter struct {
	st    *store.Store
	blobs Blobs
}

// NewExporter builds an Exporter.
func NewExporter(st *store.Store, blobs Blobs) *Exporter { return &Exporter{st: st, blobs: blobs} }

// ThreadPDF renders the PDF of a pdf_files row and marks it generated.
func (e *Exporter) ThreadPDF(ctx context.Context, id uuid.UUID) error {
	row, err := e.st.PdfFileLocate(ctx, id)
	if store.IsNotFound(err) {
		return ErrGone
	} else if err != nil {
		return err
	}
	p := row.PdfFile
	if p.GeneratedAt != nil {
		return nil
	}
	t, err := e.st.PdfFileThread(ctx, store.PdfFileThreadParams{CompanyID: p.CompanyID, ID: p.ThreadID})
	if store.IsNotFound(err) {
		return ErrGone
	} else if err != nil {
		return err
	}
	msgs, err := e.st.PdfFileMessages(ctx, store.PdfFileMessagesParams{CompanyID: p.CompanyID, ThreadID: p.ThreadID})
	if err != nil {
		return err
	}
	atts, err := e.st.PdfFileAttachments(ctx, store.PdfFileAttachmentsParams{CompanyID: p.CompanyID, ThreadID: p.ThreadID})
	if err != nil {
		return err
	}
	key := blobKey("exports", row.CompanyUuid, p.UUID) + ".pdf"
	doc := threadDoc(t, msgs, atts)
	if err := e.stream(ctx, key, func(w io.Writer) error { return renderPDF(w, doc) }); err != nil {
		return err
	}
	return e.st.PdfFileGenerated(ctx, store.PdfFileGeneratedParams{CompanyID: p.CompanyID, ID: p.ID, BlobKey: &key})
}

// InboxZip archives the attachments of a zip_files row of kind inbox_attachments.
func (e *Exporter) InboxZip(ctx context.Context, id uuid.UUID) error {
	z, company, err := e.zipRow(ctx, id, ZipKindInbox)
	if err != nil || z.ArchivedAt != nil {
		return err
	}
	var r inboxRequest
	if err := json.Unmarshal(z.Request, &r); err != nil {
		return fmt.Errorf("%w: %v", ErrGone, err)
	}
	ids := r.AttachmentIDs
	if ids == nil {
		ids = []uuid.UUID{}
	}
	rows, err := e.st.ZipFileAttachments(ctx, store.ZipFileAttachmentsParams{CompanyID: z.CompanyID, ThreadID: r.ThreadID, Uuids: ids})
	if err != nil {
		return err
	}
	entries := make([]Entry, len(rows))
	for i, a := range rows {
		entries[i] = Entry{Name: a.Filename, BlobKey: a.BlobKey, Modified: a.UploadedAt}
	}
	return e.finishZip(ctx, z, company, entries)
}

// ContentZip archives the shared files of a zip_files row of kind content:
// chosen files at the archive's top, or a folder as a top directory with its
// subfolders below, empty ones included.
func (e *Exporter) ContentZip(ctx context.Context, id uuid.UUID) error {
	z, company, err := e.zipRow(ctx, id, ZipKindContent)
	if err != nil || z.ArchivedAt != nil {
		return err
	}
	var r contentRequest
	if err := json.Unmarshal(z.Request, &r); err != nil {
		return fmt.Errorf("%w: %v", ErrGone, err)
	}
	var entries []Entry
	if len(r.FileIDs) > 0 {
		rows, err := e.st.FileGetByUUIDs(ctx, store.FileGetByUUIDsParams{CompanyID: z.CompanyID, Uuids: r.FileIDs})
		if err != nil {
			return err
		}
		for _, f := range rows {
			entries = append(entries, Entry{Name: f.File.Filename, BlobKey: f.File.BlobKey, Modified: f.File.UploadedAt})
		}
	} else if r.FolderID != nil {
		if entries, err = e.folderEntries(ctx, z.CompanyID, *r.FolderID); err != nil {
			return err
		}
	}
	return e.finishZip(ctx, z, company, entries)
}

func (e *Exporter) folderEntries(ctx context.Context, companyID int64, folderID uuid.UUID) ([]Entry, error) {
	root, err := e.st.FolderGetByUUID(ctx, store.FolderGetByUUIDParams{CompanyID: companyID, UUID: folderID})
	if store.IsNotFound(err) {
		return nil, ErrGone
	} else if err != nil {
		return nil, err
	}
	tree, err := e.st.FolderSubtree(ctx, store.FolderSubtreeParams{CompanyID: companyID, ID: root.Folder.ID})
	if err != nil {
		return nil, err
	}
	dirs := make(map[int64]string, len(tree))
	ids := make([]int64, len(tree))
	var entries []Entry
	for i, t := range tree {
		ids[i] = t.ID
		dirs[t.ID] = path.Join(root.Folder.Name, t.Path)
		entries = append(entries, Entry{Name: dirs[t.ID] + "/", Modified: root.Folder.UpdatedAt})
	}
	files, err := e.st.FileListInFolders(ctx, store.FileListInFoldersParams{CompanyID: companyID, FolderIds: ids})
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		entries = append(entries, Entry{Name: dirs[f.FolderID] + "/" + f.Filename, BlobKey: f.BlobKey, Modified: f.UploadedAt})
	}
	return entries, nil
}

func (e *Exporter) zipRow(ctx context.Context, id uuid.UUID, kind string) (store.ZipFile, uuid.UUID, error) {
	row, err := e.st.ZipFileLocate(ctx, id)
	if store.IsNotFound(err) || (err == nil && row.ZipFile.Kind != kind) {
		return store.ZipFile{}, uuid.Nil, ErrGone
	}
	return row.ZipFile, row.CompanyUuid, err
}

func (e *Exporter) finishZip(ctx context.Context, z store.ZipFile, company uuid.UUID, entries []Entry) error {
	key := blobKey("exports", company, z.UUID) + ".zip"
	if err := e.stream(ctx, key, func(w io.Writer) error {
		return WriteZip(ctx, w, e.blobs, entries)
	}); err != nil {
		return err
	}
	return e.st.ZipFileArchived(ctx, store.ZipFileArchivedParams{CompanyID: z.CompanyID, ID: z.ID, BlobKey: &key})
}

// Fail records that an export could not be made (kind "pdf" or "zip"); the
// polling client then drops it. msg is a machine key.
func (e *Exporter) Fail(ctx context.Context, kind string, id uuid.UUID, msg string) error {
	switch kind {
	case "pdf":
		row, err := e.st.PdfFileLocate(ctx, id)
		if store.IsNotFound(err) {
			return nil
		} else if err != nil {
			return err
		}
		return e.st.PdfFileFailed(ctx, store.PdfFileFailedParams{CompanyID: row.PdfFile.CompanyID, ID: row.PdfFile.ID, Error: &msg})
	case "zip":
		row, err := e.st.ZipFileLocate(ctx, id)
		if store.IsNotFound(err) {
			return nil
		} else if err != nil {
			return err
		}
		return e.st.ZipFileFailed(ctx, store.ZipFileFailedParams{CompanyID: row.ZipFile.CompanyID, ID: row.ZipFile.ID, Error: &msg})
	}
	return fmt.Errorf("files: unknown export kind %q", kind)
}

// stream runs write into the blob store through a pipe: what write produces
// goes out as it is produced, never held whole in memory.
//
// An earlier attempt of the same export that died mid-write (its worker
// killed: Temporal retries the build elsewhere) left its upload of the key
// unfinished in the store; that is dropped first, at best: a store that
// cannot list its uploads still gets the export (a leftover costs space only).
func (e *Exporter) stream(ctx context.Context, key string, write func(io.Writer) error) error {
	if a, ok := e.blobs.(blob.UploadAborter); ok {
		_ = a.AbortUploads(ctx, key)
	}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := write(pw)
		pw.CloseWithError(err)
		done <- err
	}()
	_, err := e.blobs.Put(ctx, key, pr)
	pr.CloseWithError(errors.New("files: blob store stopped reading"))
	if werr := <-done; werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		_ = e.blobs.Delete(context.WithoutCancel(ctx), key)
	}
	return err
}

// Entry is one member of an archive: a file from the blob store, or a
// directory when Name ends in "/".
type Entry struct {
	Name     string
	BlobKey  string
	Modified time.Time
}

// storedExtensions are formats that are compressed already: deflating them
// again costs time and saves nothing.
var storedExtensions = map[string]bool{
	"zip": true, "gz": true, "tgz": true, "bz2": true, "xz": true, "7z": true, "rar": true, "zst": true,
	"jpg": true, "jpeg": true, "png": true, "gif": true, "webp": true, "heic": true,
	"mp3": true, "mp4": true, "mov": true, "m4a": true, "avi": true, "mkv": true,
	"docx": true, "xlsx": true, "pptx": true, "odt": true, "ods": true, "pdf": true,
}

// WriteZip writes entries as a zip archive to w, copying each file from the
// blob store straight into the archive: memory stays at the copy buffers
// whatever the sizes. Names that repeat get " (2)", " (3)", ... before their
// extension.
func WriteZip(ctx context.Context, w io.Writer, blobs Blobs, entries []Entry) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	seen := map[string]bool{}
	buf := make([]byte, 256<<10)
	for _, en := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := uniqueName(seen, en.Name)
		h := &zip.FileHeader{Name: name, Modified: en.Modified.UTC(), Method: zip.Deflate}
		if strings.HasSuffix(name, "/") {
			h.Method = zip.Store
			if _, err := zw.CreateHeader(h); err != nil {
				return err
			}
			continue
		}
		if storedExtensions[extension(name)] {
			h.Method = zip.Store
		}
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		rc, err := blobs.Open(ctx, en.BlobKey)
		if err != nil {
			return fmt.Errorf("files: open %s: %w", en.BlobKey, err)
		}
		_, err = io.CopyBuffer(fw, rc, buf)
		rc.Close()
		if err != nil {
			return fmt.Errorf("files: archive %s: %w", name, err)
		}
	}
	return zw.Close()
}

func uniqueName(seen map[string]bool, name string) string {
	key := strings.ToLower(name)
	if !seen[key] {
		seen[key] = true
		return name
	}
	dir, file := path.Split(strings.TrimSuffix(name, "/"))
	slash := ""
	if strings.HasSuffix(name, "/") {
		slash = "/"
	}
	ext := path.Ext(file)
	base := strings.TrimSuffix(file, ext)
	for i := 2; ; i++ {
		n := fmt.Sprintf("%s%s (%d)%s%s", dir, base, i, ext, slash)
		if !seen[strings.ToLower(n)] {
			seen[strings.ToLower(n)] = true
			return n
		}
	}
}
