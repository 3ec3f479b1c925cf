package files_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/files"
)

func TestCreateFile(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	d := e.deps()
	d.MaxUploadBytes = 64
	e.svc = files.New(d)
	acc := e.root(t, e.acme, "Accounting")
	pay := e.root(t, e.acme, "Payroll")
	sub := e.folder(t, acc.UUID, "Invoices")
	desc := "  Q1 invoices "
	tests := []struct {
		name    string
		who     string
		folder  uuid.UUID
		file    string
		content string
		size    int64
		desc    *string
		err     string
	}{
		{"customer admin in Accounting", "anna@acme.test", sub.UUID, "lasku.pdf", "%PDF", 4, &desc, ""},
		{"customer user in Payroll", "carl@acme.test", pay.UUID, "palkka ÄÖÅ.txt", "salary", 6, nil, ""},
		{"agent in a root", "agent@portico.test", acc.UUID, "notes.txt", "n", 1, nil, ""},
		{"customer outside the category", "carl@acme.test", sub.UUID, "x.txt", "x", 1, nil, "RECORD_NOT_FOUND:record_not_found"},
		{"other company", "eva@borealis.test", sub.UUID, "x.txt", "x", 1, nil, "RECORD_NOT_FOUND:record_not_found"},
		{"slash in name", "anna@acme.test", sub.UUID, "../etc/passwd", "x", 1, nil, "VALIDATION_ERROR:filename_has_invalid_characters"},
		{"backslash in name", "anna@acme.test", sub.UUID, `a\b.txt`, "x", 1, nil, "VALIDATION_ERROR:filename_has_invalid_characters"},
		{"control character", "anna@acme.test", sub.UUID, "a\nb.txt", "x", 1, nil, "VALIDATION_ERROR:filename_has_invalid_characters"},
		{"empty name", "anna@acme.test", sub.UUID, "  ", "x", 1, nil, "VALIDATION_ERROR:filename_cannot_be_blank"},
		{"too large, announced", "anna@acme.test", sub.UUID, "big.bin", strings.Repeat("x", 65), 65, nil, "VALIDATION_ERROR:file_is_too_large"},
		{"too large, unannounced", "anna@acme.test", sub.UUID, "big.bin", strings.Repeat("x", 65), -1, nil, "VALIDATION_ERROR:file_is_too_large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := e.count(t, "SELECT count(*) FROM files")
			blobs := len(e.blobs.keys())
			f, err := e.svc.CreateFile(ctx, e.req(tt.who), tt.folder,
				files.Upload{Filename: tt.file, Size: tt.size, Body: strings.NewReader(tt.content)}, tt.desc)
			require.Equal(t, tt.err, code(err))
			if tt.err != "" {
				assert.Equal(t, rows, e.count(t, "SELECT count(*) FROM files"), "no row")
				assert.Len(t, e.blobs.keys(), blobs, "no blob left behind")
				return
			}
			assert.Equal(t, strings.TrimSpace(tt.file), f.Filename)
			assert.EqualValues(t, len(tt.content), f.FileSize)
			assert.Equal(t, e.seed.Users[tt.who].UUID, f.Uploader.UUID)
			assert.NotNil(t, f.ActivityID)
			if tt.desc != nil {
				assert.Equal(t, "Q1 invoices", *f.Description)
			}
			rc, err := e.blobs.Open(ctx, f.BlobKey)
			require.NoError(t, err)
			got, _ := io.ReadAll(rc)
			assert.Equal(t, tt.content, string(got))
			assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM file_activities WHERE file_id = $1 AND key = 'company_file.create'", f.ID))
			assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files' AND event_name = 'file_uploaded' AND data->>'fileId' = $1", f.UUID.String()))
		})
	}
	assert.Equal(t, "application/pdf", e.mustFile(t, "lasku.pdf").ContentType)
}

func (e *env) mustFile(t *testing.T, name string) files.File {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), "SELECT uuid FROM files WHERE filename = $1", name).Scan(&id))
	out, err := e.svc.Activities(context.Background(), e.req("agent@portico.test"), e.acme, id, nil)
	require.NoError(t, err)
	require.NotEmpty(t, out)
	var f files.File
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), "SELECT content_type FROM files WHERE uuid = $1", id).Scan(&f.ContentType))
	return f
}

func TestRealtimeAudience(t *testing.T) {
	e := setup(t)
	acc := e.root(t, e.acme, "Accounting")
	f := e.upload(t, "anna@acme.test", acc.UUID, "a.txt", "a")
	ev, ok := e.pub.last("company_file.create")
	require.True(t, ok)
	assert.Equal(t, f.UUID, ev.Data["uuid"])
	assert.Contains(t, ev.Users, e.seed.Users["anna@acme.test"].UUID)
	assert.Contains(t, ev.Users, e.seed.Users["agent@portico.test"].UUID)
	assert.NotContains(t, ev.Users, e.seed.Users["carl@acme.test"].UUID, "Payroll only")
	assert.NotContains(t, ev.Users, e.seed.Users["eva@borealis.test"].UUID, "another company")
}

func TestFilesPaging(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	for i := range 12 {
		e.upload(t, "anna@acme.test", acc.UUID, fmt.Sprintf("f%02d.txt", i), "x")
	}
	page, err := e.svc.Files(ctx, e.req("anna@acme.test"), e.acme, acc.UUID, nil, nil)
	require.NoError(t, err)
	require.Len(t, page.Files, 10)
	assert.EqualValues(t, 12, page.TotalCount)
	assert.Equal(t, "f11.txt", page.Files[0].Filename, "newest first")
	two := 2
	page2, err := e.svc.Files(ctx, e.req("anna@acme.test"), e.acme, acc.UUID, &two, nil)
	require.NoError(t, err)
	assert.Len(t, page2.Files, 2)
	_, err = e.svc.Files(ctx, e.req("carl@acme.test"), e.acme, acc.UUID, nil, nil)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	_, err = e.svc.Files(ctx, e.req("eva@borealis.test"), e.acme, acc.UUID, nil, nil)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	_, err = e.svc.Files(ctx, e.req("eva@borealis.test"), e.bor, acc.UUID, nil, nil)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "another company's folder")
}

func TestUpdateFileAndHistory(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	pay := e.root(t, e.acme, "Payroll")
	annas := e.upload(t, "anna@acme.test", pay.UUID, "anna.txt", "a")
	s := func(v string) *string { return &v }
	tests := []struct {
		name     string
		who      string
		filename *string
		desc     *string
		err      string
		want     string
	}{
		{"customer may not edit another's file", "carl@acme.test", s("carl.txt"), nil, "ACCESS_DENIED:access_denied", "anna.txt"},
		{"other company", "eva@borealis.test", s("eva.txt"), nil, "RECORD_NOT_FOUND:record_not_found", "anna.txt"},
		{"slash", "anna@acme.test", s("a/b.txt"), nil, "VALIDATION_ERROR:filename_has_invalid_characters", "anna.txt"},
		{"blank", "anna@acme.test", s(" "), nil, "VALIDATION_ERROR:filename_cannot_be_blank", "anna.txt"},
		{"owner renames", "anna@acme.test", s(" budget.xlsx "), nil, "", "budget.xlsx"},
		{"agent describes", "agent@portico.test", nil, s("Budget for 2027"), "", "budget.xlsx"},
		{"unchanged is no change", "agent@portico.test", s("budget.xlsx"), s("Budget for 2027"), "", "budget.xlsx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.svc.UpdateFile(ctx, e.req(tt.who), annas.UUID, tt.filename, tt.desc)
			require.Equal(t, tt.err, code(err))
			assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM files WHERE uuid = $1 AND filename = $2", annas.UUID, tt.want))
		})
	}
	for i := range 5 {
		_, err := e.svc.UpdateFile(ctx, e.req("agent@portico.test"), annas.UUID, nil, s(fmt.Sprint("v", i)))
		require.NoError(t, err)
	}
	acts, err := e.svc.Activities(ctx, e.req("anna@acme.test"), e.acme, annas.UUID, nil)
	require.NoError(t, err)
	require.Len(t, acts, 5, "limit 5")
	assert.Equal(t, "company_file.update", acts[0].Key)
	all, err := e.svc.Activities(ctx, e.req("anna@acme.test"), e.acme, annas.UUID, ptr(50))
	require.NoError(t, err)
	keys := []string{}
	for _, a := range all {
		keys = append(keys, a.Key)
	}
	assert.Equal(t, []string{"company_file.update", "company_file.update", "company_file.update", "company_file.update",
		"company_file.update", "company_file.update", "company_file.rename", "company_file.create"}, keys)
	assert.JSONEq(t, `{"oldFilename":"anna.txt","newFilename":"budget.xlsx"}`, string(all[6].AdditionArgs))
	assert.Equal(t, "Anna Acme", all[6].Creator.Name)
	_, err = e.svc.Activities(ctx, e.req("eva@borealis.test"), e.bor, annas.UUID, nil)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	_, err = e.svc.Activities(ctx, e.req("anna@acme.test"), e.acme, uuid.New(), nil)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
}

func ptr[T any](v T) *T { return &v }

func TestMoveFiles(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	pay := e.root(t, e.acme, "Payroll")
	dest := e.folder(t, acc.UUID, "Dest")
	one := e.upload(t, "anna@acme.test", acc.UUID, "one.txt", "1")
	two := e.upload(t, "anna@acme.test", acc.UUID, "two.txt", "2")
	carls := e.upload(t, "carl@acme.test", pay.UUID, "carl.txt", "c")
	tests := []struct {
		name string
		who  string
		ids  []uuid.UUID
		dest uuid.UUID
		err  string
	}{
		{"into the current folder", "anna@acme.test", []uuid.UUID{one.UUID}, acc.UUID, "VALIDATION_ERROR:cannot_move_to_current_folder"},
		{"none", "anna@acme.test", nil, dest.UUID, "VALIDATION_ERROR:file_ids_cannot_be_blank"},
		{"customer into a category they cannot see", "carl@acme.test", []uuid.UUID{carls.UUID}, dest.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"customer moving another's file", "carl@acme.test", []uuid.UUID{one.UUID}, pay.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"other company", "eva@borealis.test", []uuid.UUID{one.UUID}, dest.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"one of them unknown", "anna@acme.test", []uuid.UUID{one.UUID, uuid.New()}, dest.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"owner moves two", "anna@acme.test", []uuid.UUID{one.UUID, two.UUID}, dest.UUID, ""},
		{"agent moves across categories", "agent@portico.test", []uuid.UUID{carls.UUID}, dest.UUID, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.count(t, "SELECT count(*) FROM files JOIN folders ON folders.id = files.folder_id WHERE folders.uuid = $1", tt.dest)
			got, err := e.svc.MoveFiles(ctx, e.req(tt.who), tt.ids, tt.dest)
			require.Equal(t, tt.err, code(err))
			after := e.count(t, "SELECT count(*) FROM files JOIN folders ON folders.id = files.folder_id WHERE folders.uuid = $1", tt.dest)
			if tt.err != "" {
				assert.Equal(t, before, after, "nothing changed")
				return
			}
			assert.Equal(t, before+len(tt.ids), after)
			assert.Equal(t, "Dest", got.Name)
		})
	}
	// carl's file is now in Accounting: he no longer sees it
	_, err := e.svc.Activities(ctx, e.req("carl@acme.test"), e.acme, carls.UUID, nil)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	assert.Equal(t, 2, e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files' AND event_name = 'files_moved'"))
}

func TestDeleteFiles(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	pay := e.root(t, e.acme, "Payroll")
	acc := e.root(t, e.acme, "Accounting")
	annas := e.upload(t, "anna@acme.test", pay.UUID, "anna.txt", "a")
	carls := e.upload(t, "carl@acme.test", pay.UUID, "carl.txt", "c")
	carls2 := e.upload(t, "carl@acme.test", pay.UUID, "carl2.txt", "c")
	accs := e.upload(t, "anna@acme.test", acc.UUID, "acc.txt", "a")

	// only another's file: nothing deleted, it is named
	res, err := e.svc.DeleteFiles(ctx, e.req("carl@acme.test"), e.acme, []uuid.UUID{annas.UUID})
	assert.Equal(t, "ACCESS_DENIED:files_cannot_be_deleted", code(err))
	require.Len(t, res.NotAllowed, 1)
	assert.Equal(t, "anna.txt", res.NotAllowed[0].Filename)
	assert.Equal(t, 4, e.count(t, "SELECT count(*) FROM files"))

	// a file of a hidden category: not found, nothing deleted
	_, err = e.svc.DeleteFiles(ctx, e.req("carl@acme.test"), e.acme, []uuid.UUID{carls.UUID, accs.UUID})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	_, err = e.svc.DeleteFiles(ctx, e.req("eva@borealis.test"), e.bor, []uuid.UUID{carls.UUID})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	_, err = e.svc.DeleteFiles(ctx, e.req("eva@borealis.test"), e.acme, []uuid.UUID{carls.UUID})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	assert.Equal(t, 4, e.count(t, "SELECT count(*) FROM files"))

	// own and another's: own deleted, the other named
	res, err = e.svc.DeleteFiles(ctx, e.req("carl@acme.test"), e.acme, []uuid.UUID{carls.UUID, annas.UUID})
	require.NoError(t, err)
	assert.Equal(t, []uuid.UUID{carls.UUID}, res.Deleted)
	require.Len(t, res.NotAllowed, 1)
	assert.Equal(t, annas.UUID, res.NotAllowed[0].UUID)
	assert.Equal(t, 0, e.count(t, "SELECT count(*) FROM files WHERE uuid = $1", carls.UUID))
	assert.NotContains(t, e.blobs.keys(), carls.BlobKey)
	assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM file_activities WHERE file_id = $1 AND key = 'company_file.destroy'", carls.ID))
	ev, ok := e.pub.last("company_file.destroy")
	require.True(t, ok)
	assert.Equal(t, []uuid.UUID{carls.UUID}, ev.Data["uuids"])

	// agents delete anyone's
	res, err = e.svc.DeleteFiles(ctx, e.req("agent@portico.test"), e.acme, []uuid.UUID{annas.UUID, carls2.UUID})
	require.NoError(t, err)
	assert.Len(t, res.Deleted, 2)
	assert.Empty(t, res.NotAllowed)
	assert.Equal(t, 3, e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files' AND event_name = 'file_deleted'"))
}
