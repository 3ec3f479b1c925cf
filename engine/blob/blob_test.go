package blob

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLocal(t *testing.T) {
	ctx := context.Background()
	l, err := NewLocal(t.TempDir())
	require.NoError(t, err)

	key := NewKey("attachments", "1")
	n, err := l.Put(ctx, key, strings.NewReader("hello world"))
	require.NoError(t, err)
	require.EqualValues(t, 11, n)

	f, err := l.Open(ctx, key)
	require.NoError(t, err)
	_, err = f.Seek(6, io.SeekStart)
	require.NoError(t, err)
	b, err := io.ReadAll(f)
	require.NoError(t, err)
	require.Equal(t, "world", string(b))
	require.NoError(t, f.Close())

	require.NoError(t, l.Delete(ctx, key))
	require.NoError(t, l.Delete(ctx, key), "deleting twice is fine")
	_, err = l.Open(ctx, key)
	require.True(t, errors.Is(err, ErrNotFound))
}

func TestLocalRejectsEscapingKeys(t *testing.T) {
	l, err := NewLocal(t.TempDir())
	require.NoError(t, err)
	for _, key := range []string{"", "../x", "a/../../x", "/abs", `a\b`, "a//b"} {
		t.Run(key, func(t *testing.T) {
			_, err := l.Put(context.Background(), key, strings.NewReader("x"))
			require.Error(t, err)
		})
	}
}

// A Put killed midway leaves its temporary file beside the key; AbortUploads
// of that key removes it, and only it.
func TestLocalAbortUploads(t *testing.T) {
	ctx := context.Background()
	l, err := NewLocal(t.TempDir())
	require.NoError(t, err)
	key := "exports/acme/one.zip"
	require.NoError(t, l.AbortUploads(ctx, key), "nothing to abort, not even the directory")
	dir := filepath.Join(l.Dir, "exports", "acme")
	require.NoError(t, os.MkdirAll(dir, 0o750))
	stale := filepath.Join(dir, ".put-one.zip-123")
	other := filepath.Join(dir, ".put-two.zip-456")
	for _, p := range []string{stale, other} {
		require.NoError(t, os.WriteFile(p, []byte("half"), 0o600))
	}
	_, err = l.Put(ctx, key, strings.NewReader("whole"))
	require.NoError(t, err)

	require.NoError(t, l.AbortUploads(ctx, key))
	_, err = os.Stat(stale)
	require.True(t, errors.Is(err, os.ErrNotExist), "the killed Put's file is gone")
	_, err = os.Stat(other)
	require.NoError(t, err, "another key's is kept")
	f, err := l.Open(ctx, key)
	require.NoError(t, err, "the blob itself is kept")
	require.NoError(t, f.Close())
}
