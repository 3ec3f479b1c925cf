package files_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/files"
	"portico/engine/org"
)

func (e *env) blob(t *testing.T, key string) []byte {
	t.Helper()
	rc, err := e.blobs.Open(context.Background(), key)
	require.NoError(t, err)
	defer rc.Close()
	b, err := io.ReadAll(rc)
	require.NoError(t, err)
	return b
}

// pdfText extracts a PDF's text with poppler's pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", in, "-").Output()
	require.NoError(t, err, "pdftotext (Debian poppler-utils)")
	return string(out)
}

// zipEntries lists an archive's entries with their contents.
func zipEntries(t *testing.T, b []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		data, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		out[f.Name] = string(data)
	}
	return out
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestThreadPDF(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	th := e.thread(t, "Acme Oy", "Accounting", "Tilinpäätös 2026 – Åland", "anna@acme.test",
		[]string{"<p>Hyvää päivää! Tässä <strong>tilinpäätös</strong> &amp; liitteet.</p>", "<p>Kiitos, Åsa hälsar: smörgåsbord öl</p><p>Toinen kappale</p>"},
		map[string]string{"tase.pdf": "%PDF-1.4", "tuloslaskelma.xlsx": "xlsx"})

	tests := []struct {
		name    string
		who     string
		company uuid.UUID
		task    uuid.UUID
		err     string
	}{
		{"agent", "agent@portico.test", e.acme, th.UUID, ""},
		{"customer of the category", "anna@acme.test", e.acme, th.UUID, ""},
		{"customer outside the category", "carl@acme.test", e.acme, th.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"other company's user", "eva@borealis.test", e.acme, th.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"through another company", "eva@borealis.test", e.bor, th.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"unknown thread", "agent@portico.test", e.acme, uuid.New(), "RECORD_NOT_FOUND:record_not_found"},
	}
	var mine files.Export
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.count(t, "SELECT count(*) FROM pdf_files")
			got, err := e.svc.GeneratePDF(ctx, e.req(tt.who), tt.company, tt.task)
			require.Equal(t, tt.err, code(err))
			if tt.err != "" {
				assert.Equal(t, before, e.count(t, "SELECT count(*) FROM pdf_files"))
				return
			}
			assert.Contains(t, e.starter.started, "pdf/"+got.UUID.String())
			if tt.who == "anna@acme.test" {
				mine = got
			}
		})
	}
	state, err := e.svc.InboxPDFFile(ctx, e.req("anna@acme.test"), e.acme, mine.UUID)
	require.NoError(t, err)
	assert.Nil(t, state.Done)

	require.NoError(t, e.exp.ThreadPDF(ctx, mine.UUID))
	require.NoError(t, e.exp.ThreadPDF(ctx, mine.UUID), "a retry of a finished export is harmless")
	state, err = e.svc.InboxPDFFile(ctx, e.req("anna@acme.test"), e.acme, mine.UUID)
	require.NoError(t, err)
	require.NotNil(t, state.Done)
	assert.Nil(t, state.Error)
	_, err = e.svc.InboxPDFFile(ctx, e.req("agent@portico.test"), e.acme, mine.UUID)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "another user's export")

	dl, err := e.svc.Download(ctx, e.req("anna@acme.test"), mine.UUID)
	require.NoError(t, err)
	assert.Equal(t, "application/pdf", dl.ContentType)
	assert.Equal(t, "Tilinpäätös 2026 – Åland.pdf", dl.Filename)
	_, err = e.svc.Download(ctx, e.req("agent@portico.test"), mine.UUID)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))

	text := pdfText(t, e.blob(t, dl.BlobKey))
	for _, want := range []string{
		"Tilinpäätös 2026 – Åland", "Acme Oy", "Accounting", "In progress", "Anna Acme",
		"Hyvää päivää! Tässä tilinpäätös & liitteet.", "Kiitos, Åsa hälsar: smörgåsbord öl", "Toinen kappale",
		"tase.pdf", "tuloslaskelma.xlsx",
	} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "<strong>")
}

func TestInboxZip(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	th := e.thread(t, "Acme Oy", "Payroll", "Palkat", "carl@acme.test", nil,
		map[string]string{"a.txt": "aaa", "b.txt": "bbb"})
	var ids []uuid.UUID
	rows, err := e.st.Pool.Query(ctx, "SELECT uuid FROM attachments WHERE thread_id = $1 ORDER BY filename", th.ID)
	require.NoError(t, err)
	for rows.Next() {
		var id uuid.UUID
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.Len(t, ids, 2)

	tests := []struct {
		name string
		who  string
		ids  []uuid.UUID
		err  string
		want []string
	}{
		{"all", "carl@acme.test", nil, "", []string{"a.txt", "b.txt"}},
		{"chosen", "agent@portico.test", ids[1:], "", []string{"b.txt"}},
		{"unknown attachment", "carl@acme.test", []uuid.UUID{uuid.New()}, "RECORD_NOT_FOUND:record_not_found", nil},
		{"customer without the category", "anna@acme.test", nil, "", []string{"a.txt", "b.txt"}},
		{"other company", "eva@borealis.test", nil, "RECORD_NOT_FOUND:record_not_found", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z, err := e.svc.DownloadInboxZip(ctx, e.req(tt.who), e.acme, th.UUID, tt.ids)
			require.Equal(t, tt.err, code(err))
			if tt.err != "" {
				return
			}
			require.NoError(t, e.exp.InboxZip(ctx, z.UUID))
			state, err := e.svc.InboxZipFile(ctx, e.req(tt.who), e.acme, z.UUID)
			require.NoError(t, err)
			require.NotNil(t, state.Done)
			_, err = e.svc.ContentZipFile(ctx, e.req(tt.who), e.acme, z.UUID)
			assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "an attachment zip is not a content zip")
			dl, err := e.svc.Download(ctx, e.req(tt.who), z.UUID)
			require.NoError(t, err)
			assert.Equal(t, tt.want, keys(zipEntries(t, e.blob(t, dl.BlobKey))))
		})
	}
}

func TestContentZip(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	pay := e.root(t, e.acme, "Payroll")
	reports := e.folder(t, acc.UUID, "Reports")
	q1 := e.folder(t, reports.UUID, "Q1")
	e.folder(t, reports.UUID, "Empty")
	top := e.upload(t, "anna@acme.test", reports.UUID, "summary.txt", "summary")
	e.upload(t, "anna@acme.test", q1.UUID, "jan.csv", "1,2,3")
	dup := e.upload(t, "agent@portico.test", q1.UUID, "summary.txt", "q1 summary")
	carls := e.upload(t, "carl@acme.test", pay.UUID, "palkka.txt", "p")

	tests := []struct {
		name    string
		who     string
		company uuid.UUID
		fileIDs []uuid.UUID
		folder  *uuid.UUID
		err     string
		want    map[string]string
	}{
		{"a folder keeps its structure", "anna@acme.test", e.acme, nil, &reports.UUID, "", map[string]string{
			"Reports/": "", "Reports/Q1/": "", "Reports/Empty/": "",
			"Reports/summary.txt": "summary", "Reports/Q1/jan.csv": "1,2,3", "Reports/Q1/summary.txt": "q1 summary"}},
		{"chosen files, same names numbered", "agent@portico.test", e.acme, []uuid.UUID{top.UUID, dup.UUID, carls.UUID}, nil, "",
			map[string]string{"summary.txt": "summary", "summary (2).txt": "q1 summary", "palkka.txt": "p"}},
		{"a file of a hidden category", "carl@acme.test", e.acme, []uuid.UUID{top.UUID}, nil, "RECORD_NOT_FOUND:record_not_found", nil},
		{"a folder of a hidden category", "carl@acme.test", e.acme, nil, &reports.UUID, "RECORD_NOT_FOUND:record_not_found", nil},
		{"another company's files", "eva@borealis.test", e.bor, []uuid.UUID{top.UUID}, nil, "RECORD_NOT_FOUND:record_not_found", nil},
		{"another company", "eva@borealis.test", e.acme, []uuid.UUID{top.UUID}, nil, "RECORD_NOT_FOUND:record_not_found", nil},
		{"nothing chosen", "anna@acme.test", e.acme, nil, nil, "VALIDATION_ERROR:file_ids_or_folder_id_required", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.count(t, "SELECT count(*) FROM zip_files")
			z, err := e.svc.DownloadContentZip(ctx, e.req(tt.who), tt.company, tt.fileIDs, tt.folder)
			require.Equal(t, tt.err, code(err))
			if tt.err != "" {
				assert.Equal(t, before, e.count(t, "SELECT count(*) FROM zip_files"), "nothing started")
				return
			}
			assert.Contains(t, e.starter.started, "content-zip/"+z.UUID.String())
			require.NoError(t, e.exp.ContentZip(ctx, z.UUID))
			state, err := e.svc.ContentZipFile(ctx, e.req(tt.who), tt.company, z.UUID)
			require.NoError(t, err)
			require.NotNil(t, state.Done)
			_, err = e.svc.ContentZipFile(ctx, e.req("admin@portico.test"), tt.company, z.UUID)
			assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "another user's zip")
			dl, err := e.svc.Download(ctx, e.req(tt.who), z.UUID)
			require.NoError(t, err)
			assert.Equal(t, "application/zip", dl.ContentType)
			assert.Equal(t, tt.want, zipEntries(t, e.blob(t, dl.BlobKey)))
		})
	}
	assert.Equal(t, 2, e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files' AND event_name = 'content_zip_requested'"))
}

// A build whose worker was killed mid-write left its upload of the export's
// key unfinished; the retry drops it before it writes the export again.
func TestExportRetryDropsKilledUpload(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	f := e.upload(t, "anna@acme.test", acc.UUID, "summary.txt", "summary")
	z, err := e.svc.DownloadContentZip(ctx, e.req("anna@acme.test"), e.acme, []uuid.UUID{f.UUID}, nil)
	require.NoError(t, err)
	dir := filepath.Join(e.blobs.Dir, "exports", e.acme.String())
	require.NoError(t, os.MkdirAll(dir, 0o750))
	killed := filepath.Join(dir, ".put-"+z.UUID.String()+".zip-killed")
	require.NoError(t, os.WriteFile(killed, []byte("half an archive"), 0o600))

	require.NoError(t, e.exp.ContentZip(ctx, z.UUID))
	_, err = os.Stat(killed)
	assert.ErrorIs(t, err, os.ErrNotExist, "the killed attempt's upload is gone")
	dl, err := e.svc.Download(ctx, e.req("anna@acme.test"), z.UUID)
	require.NoError(t, err)
	assert.Equal(t, []string{dl.BlobKey}, filterPrefix(e.blobs.keys(), "exports/"), "one blob for the export")
	assert.Equal(t, map[string]string{"summary.txt": "summary"}, zipEntries(t, e.blob(t, dl.BlobKey)))
}

func filterPrefix(keys []string, prefix string) []string {
	var out []string
	for _, k := range keys {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}

func TestExportFailureAndDownloads(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	sub := e.folder(t, acc.UUID, "Gone soon")
	f := e.upload(t, "anna@acme.test", acc.UUID, "keep.txt", "k")
	z, err := e.svc.DownloadContentZip(ctx, e.req("anna@acme.test"), e.acme, nil, &sub.UUID)
	require.NoError(t, err)
	require.NoError(t, e.svc.DeleteFolder(ctx, e.req("agentadmin@portico.test"), sub.UUID))
	assert.ErrorIs(t, e.exp.ContentZip(ctx, z.UUID), files.ErrGone)
	require.NoError(t, e.exp.Fail(ctx, "zip", z.UUID, "export_failed"))
	state, err := e.svc.ContentZipFile(ctx, e.req("anna@acme.test"), e.acme, z.UUID)
	require.NoError(t, err)
	assert.Nil(t, state.Done)
	assert.Equal(t, "export_failed", *state.Error)
	_, err = e.svc.Download(ctx, e.req("anna@acme.test"), z.UUID)
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "an unfinished zip cannot be downloaded")
	assert.ErrorIs(t, e.exp.ThreadPDF(ctx, uuid.New()), files.ErrGone)

	// a shared file downloads for whoever may read it, and for nobody else
	for who, want := range map[string]string{
		"anna@acme.test": "", "agent@portico.test": "", "carl@acme.test": "RECORD_NOT_FOUND:record_not_found",
		"eva@borealis.test": "RECORD_NOT_FOUND:record_not_found",
	} {
		dl, err := e.svc.Download(ctx, e.req(who), f.UUID)
		require.Equal(t, want, code(err), who)
		if want == "" {
			assert.Equal(t, "keep.txt", dl.Filename)
			assert.Equal(t, f.BlobKey, dl.BlobKey)
		}
	}
	_, err = e.svc.Download(ctx, org.Request{User: e.seed.Users["anna@acme.test"]}, uuid.New())
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	assert.True(t, strings.HasPrefix(f.BlobKey, "files/"+e.acme.String()+"/"))
}
