package blob_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/devstack"
	"portico/engine/blob"
)

// versitygwVersion is the S3-compatible server the tests run against
// (VERSIONS.md: MinIO's server is not available from the module proxy).
const versitygwVersion = "v1.8.0"

// versitygw finds bin/versitygw, building it there first when missing.
func versitygw(t *testing.T) string {
	t.Helper()
	root, err := devstack.RepoRoot()
	require.NoError(t, err)
	bin := filepath.Join(root, "bin", "versitygw")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p
	}
	cmd := exec.Command("go", "install", "github.com/versity/versitygw/cmd/versitygw@"+versitygwVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+filepath.Join(root, "bin"))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "building versitygw: %s", out)
	return bin
}

// s3Server starts a real S3-compatible server on a free port, storing in a temp dir.
func s3Server(t *testing.T) blob.S3Options {
	t.Helper()
	bin := versitygw(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	dir := t.TempDir()
	cmd := exec.Command(bin, "--port", addr, "posix", dir)
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY=portico", "ROOT_SECRET_KEY=portico-secret")
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			break
		}
		require.True(t, time.Now().Before(deadline), "versitygw did not start")
		time.Sleep(50 * time.Millisecond)
	}
	return blob.S3Options{Endpoint: addr, AccessKey: "portico", SecretKey: "portico-secret", Bucket: "portico-test",
		Region: "us-east-1"}
}

// failingReader fails after n bytes, like an upload cut off halfway.
type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("connection reset")
	}
	k := min(len(p), f.n)
	for i := range p[:k] {
		p[i] = 'x'
	}
	f.n -= k
	return k, nil
}

func TestS3Store(t *testing.T) {
	ctx := context.Background()
	opts := s3Server(t)
	s, err := blob.NewS3(ctx, opts)
	require.NoError(t, err)
	_, err = blob.NewS3(ctx, opts)
	require.NoError(t, err, "an existing bucket is reused")

	big := make([]byte, 40<<20) // more than two parts of an unknown-length upload
	_, _ = rand.Read(big)
	tests := []struct {
		name string
		key  string
		data []byte
	}{
		{"small", "files/acme/one", []byte("hyvää päivää")},
		{"empty", "files/acme/empty", []byte{}},
		{"multipart stream", "exports/acme/big.zip", big},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// a plain io.Reader: the length is not known in advance
			n, err := s.Put(ctx, tt.key, io.MultiReader(bytes.NewReader(tt.data)))
			require.NoError(t, err)
			assert.EqualValues(t, len(tt.data), n)
			rc, err := s.Open(ctx, tt.key)
			require.NoError(t, err)
			got, err := io.ReadAll(rc)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(tt.data, got), "content round-trips")
			if len(tt.data) > 10 {
				off, err := rc.Seek(5, io.SeekStart)
				require.NoError(t, err)
				assert.EqualValues(t, 5, off)
				part := make([]byte, 5)
				_, err = io.ReadFull(rc, part)
				require.NoError(t, err)
				assert.Equal(t, tt.data[5:10], part, "seek serves ranges")
			}
			require.NoError(t, rc.Close())
			require.NoError(t, s.Delete(ctx, tt.key))
			_, err = s.Open(ctx, tt.key)
			assert.ErrorIs(t, err, blob.ErrNotFound)
			assert.NoError(t, s.Delete(ctx, tt.key), "deleting a missing key is no error")
		})
	}

	_, err = s.Open(ctx, "no/such/key")
	assert.ErrorIs(t, err, blob.ErrNotFound)
	_, err = s.Put(ctx, "files/acme/cut", &failingReader{n: 20 << 20})
	require.Error(t, err)
	_, err = s.Open(ctx, "files/acme/cut")
	assert.ErrorIs(t, err, blob.ErrNotFound, "a failed Put leaves nothing behind")
	_, err = s.Put(ctx, "", bytes.NewReader(nil))
	assert.Error(t, err)
}

// A Put cut off by its process's death leaves an incomplete multipart upload,
// parts and all; AbortUploads of its key drops it, and only it.
func TestS3AbortUploads(t *testing.T) {
	ctx := context.Background()
	opts := s3Server(t)
	s, err := blob.NewS3(ctx, opts)
	require.NoError(t, err)
	cl, err := minio.New(opts.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(opts.AccessKey, opts.SecretKey, ""), Region: opts.Region})
	require.NoError(t, err)
	core := minio.Core{Client: cl}
	uploads := func(key string) int {
		res, err := core.ListMultipartUploads(ctx, opts.Bucket, key, "", "", "", 100)
		require.NoError(t, err)
		n := 0
		for _, u := range res.Uploads {
			if u.Key == key {
				n++
			}
		}
		return n
	}
	// what a killed Put leaves: an upload begun, one part up, never completed
	for _, key := range []string{"exports/acme/one.zip", "exports/acme/two.zip"} {
		id, err := core.NewMultipartUpload(ctx, opts.Bucket, key, minio.PutObjectOptions{})
		require.NoError(t, err)
		part := bytes.Repeat([]byte("x"), 5<<20)
		_, err = core.PutObjectPart(ctx, opts.Bucket, key, id, 1, bytes.NewReader(part), int64(len(part)), minio.PutObjectPartOptions{})
		require.NoError(t, err)
	}
	require.Equal(t, 1, uploads("exports/acme/one.zip"))

	require.NoError(t, s.AbortUploads(ctx, "exports/acme/one.zip"))
	assert.Zero(t, uploads("exports/acme/one.zip"), "the killed Put's upload is gone")
	assert.Equal(t, 1, uploads("exports/acme/two.zip"), "another key's is kept")
	assert.NoError(t, s.AbortUploads(ctx, "exports/acme/none.zip"), "nothing to abort is no error")
}
