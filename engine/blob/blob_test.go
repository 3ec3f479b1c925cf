package blob

import (
	"context"
	"errors"
	"io"
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
