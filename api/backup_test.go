package api_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/blob"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// Backup and restore as docs/operations.md describes them:
// pg_dump of the database and a copy of the blob store; then the database is
// dropped and the blobs removed; pg_restore and the copy bring back the
// demo's threads and files, and they download with the same bytes.
func TestBackupAndRestore(t *testing.T) {
	ctx := context.Background()
	pgDump, pgRestore := pgTool(t, "pg_dump"), pgTool(t, "pg_restore")
	dsn := dbtest.FreshDSN(t)
	blobDir := filepath.Join(t.TempDir(), "blobs")

	st := openStore(t, dsn)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	blobs, err := blob.NewLocal(blobDir)
	require.NoError(t, err)
	require.NoError(t, demo.SeedFiles(ctx, st, blobs, seed))
	require.NoError(t, demo.SeedInbox(ctx, st, blobs, seed))
	before := portalContents(t, st, blobDir)
	require.NotEmpty(t, before.threads)
	require.NotEmpty(t, before.downloads)

	// back up: a custom-format dump and a copy of the blob store
	backup := t.TempDir()
	dump := filepath.Join(backup, "portico.dump")
	runTool(t, pgDump, "--format=custom", "--no-owner", "--file="+dump, "--dbname="+dsn)
	runTool(t, "cp", "-a", blobDir, filepath.Join(backup, "blobs"))

	// lose everything
	st.Pool.Close()
	admin, err := dbtest.AdminDSN(ctx)
	require.NoError(t, err)
	db := databaseName(t, dsn)
	execAdmin(t, admin, "DROP DATABASE "+pgx.Identifier{db}.Sanitize()+" WITH (FORCE)")
	require.NoError(t, os.RemoveAll(blobDir))

	// restore into an empty database of the same name, and the blobs
	execAdmin(t, admin, "CREATE DATABASE "+pgx.Identifier{db}.Sanitize()+" TEMPLATE template0")
	runTool(t, pgRestore, "--no-owner", "--exit-on-error", "--dbname="+dsn, dump)
	runTool(t, "cp", "-a", filepath.Join(backup, "blobs"), blobDir)

	st = openStore(t, dsn)
	after := portalContents(t, st, blobDir)
	assert.Equal(t, before.threads, after.threads)
	assert.Equal(t, len(before.downloads), len(after.downloads))
	for id, content := range before.downloads {
		assert.Equal(t, content, after.downloads[id], "download %s", id)
	}
}

type contents struct {
	threads []string
	// downloads: public id → bytes, as /api/download serves them
	downloads map[string][]byte
}

// portalContents reads, through a running API as the global admin, every
// thread's title and the bytes of every attachment and shared file.
func portalContents(t *testing.T, st *store.Store, blobDir string) contents {
	t.Helper()
	blobs, err := blob.NewLocal(blobDir)
	require.NoError(t, err)
	e := testServer(t, serverOpts{st: st, blobs: blobs}).env
	c := e.client(t)
	c.signIn("admin@portico.test")

	out := contents{downloads: map[string][]byte{}}
	ctx := context.Background()
	rows, err := st.Pool.Query(ctx, `SELECT title FROM threads ORDER BY title`)
	require.NoError(t, err)
	for rows.Next() {
		var title string
		require.NoError(t, rows.Scan(&title))
		out.threads = append(out.threads, title)
	}
	rows.Close()
	rows, err = st.Pool.Query(ctx, `SELECT uuid::text FROM attachments UNION ALL SELECT uuid::text FROM files`)
	require.NoError(t, err)
	var ids []string
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	rows.Close()
	sort.Strings(ids)
	for _, id := range ids {
		res, body := c.get("/api/download/" + id)
		require.Equal(t, http.StatusOK, res.StatusCode, "download %s: %s", id, body)
		out.downloads[id] = bytes.Clone(body)
	}
	return out
}

func openStore(t *testing.T, dsn string) *store.Store {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return store.FromPool(pool)
}

func pgTool(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name)
	require.NotEmpty(t, matches, "%s is part of Debian's postgresql package", name)
	sort.Strings(matches)
	return matches[len(matches)-1]
}

func runTool(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	require.NoError(t, err, "%s %s: %s", name, strings.Join(args, " "), out)
}

func databaseName(t *testing.T, dsn string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	return strings.TrimPrefix(u.Path, "/")
}

func execAdmin(t *testing.T, admin, sql string) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), admin)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), sql)
	require.NoError(t, err, sql)
}
