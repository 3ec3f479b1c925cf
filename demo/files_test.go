package demo_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/blob"
	"portico/engine/files"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

func TestSeedFiles(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	s, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	blobs, err := blob.NewLocal(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, demo.SeedFiles(ctx, st, blobs, s))
	require.NoError(t, demo.SeedFiles(ctx, st, blobs, s), "idempotent")
	var folders, filesN int
	require.NoError(t, st.Pool.QueryRow(ctx, "SELECT count(*) FROM folders WHERE parent_id IS NOT NULL").Scan(&folders))
	require.NoError(t, st.Pool.QueryRow(ctx, "SELECT count(*) FROM files").Scan(&filesN))
	assert.Equal(t, 5, folders)
	assert.Equal(t, 5, filesN)

	// what a customer sees, through the files service: Carl only Payroll's
	svc := files.New(files.Deps{Store: st, Directory: org.NewDirectory(st), Blobs: blobs})
	carl := org.Request{User: s.Users["carl@acme.test"]}
	roots, err := svc.Folders(ctx, carl, files.FolderQuery{CompanyID: s.Companies["Acme Oy"].UUID, Roots: true})
	require.NoError(t, err)
	require.Len(t, roots.Folders, 1)
	sub, err := svc.Folders(ctx, carl, files.FolderQuery{CompanyID: s.Companies["Acme Oy"].UUID, Parent: &roots.Folders[0].UUID})
	require.NoError(t, err)
	require.Len(t, sub.Folders, 1)
	assert.Equal(t, "Payslips", sub.Folders[0].Name)
	list, err := svc.Files(ctx, carl, s.Companies["Acme Oy"].UUID, sub.Folders[0].UUID, nil, nil)
	require.NoError(t, err)
	require.Len(t, list.Files, 1)
	_, rc, err := svc.OpenDownload(ctx, carl, list.Files[0].UUID)
	require.NoError(t, err)
	b, _ := io.ReadAll(rc)
	rc.Close()
	assert.Contains(t, string(b), "Carl Acme")
}
