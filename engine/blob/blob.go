package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/uuid"
)

// ErrNotFound is returned by Open for a key that holds nothing.
var ErrNotFound = errors.New("blob: not found")

// Store keeps blobs by key.
type Store interface {
	// Put writes r under key and returns the number of bytes written. A failed
	// Put leaves nothing behind.
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	// Open returns the blob for reading; Seek makes range requests possible.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	// Delete removes the blob; a missing key is not an error.
	Delete(ctx context.Context, key string) error
}

// UploadAborter is a Store that can drop what unfinished writes of a key
// left behind. A process killed in the middle of a Put cannot clean up after
// itself: S3 keeps an incomplete multipart upload, parts and all, until it is
// aborted, the local store a temporary file. A caller that writes a fixed key
// again after such a death (an export's retry) calls it first.
type UploadAborter interface {
	AbortUploads(ctx context.Context, key string) error
}

// NewKey returns a fresh key under a prefix, e.g. "attachments/<company>/<uuid>".
func NewKey(parts ...string) string {
	return strings.Join(append(parts, uuid.NewString()), "/")
}

// Local is a Store on the local disk under Dir.
type Local struct{ Dir string }

// NewLocal creates the directory if needed.
func NewLocal(dir string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	return &Local{Dir: dir}, nil
}

func (l *Local) path(key string) (string, error) {
	clean := filepath.Clean("/" + key)
	if key == "" || clean != "/"+key || strings.Contains(key, "\\") {
		return "", fmt.Errorf("blob: invalid key %q", key)
	}
	return filepath.Join(l.Dir, filepath.FromSlash(clean)), nil
}

// Put writes to a temporary file and renames it into place.
func (l *Local) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	p, err := l.path(key)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return 0, fmt.Errorf("blob: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), tempPrefix(p)+"*")
	if err != nil {
		return 0, fmt.Errorf("blob: %w", err)
	}
	n, err := io.Copy(f, ctxReader{ctx, r})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	return n, nil
}

// tempPrefix starts the names of the temporary files a Put of the file at p
// writes before renaming one into place.
func tempPrefix(p string) string { return ".put-" + filepath.Base(p) + "-" }

// AbortUploads removes the temporary files that Puts of key killed midway
// left beside it.
func (l *Local) AbortUploads(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(filepath.Dir(p))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tempPrefix(p)) {
			if err := os.Remove(filepath.Join(filepath.Dir(p), e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("blob: %w", err)
			}
		}
	}
	return nil
}

// Open opens the file.
func (l *Local) Open(_ context.Context, key string) (io.ReadSeekCloser, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNotFound
	}
	return f, err
}

// Delete removes the file.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// ctxReader stops a long copy when the request is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
