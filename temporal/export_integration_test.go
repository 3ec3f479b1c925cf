package temporal_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	sdkworker "go.temporal.io/sdk/worker"
	"google.golang.org/protobuf/encoding/protojson"

	"portico/activities"
	"portico/demo"
	"portico/engine/files"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/temporal"
	"portico/worker"
)

// dirBlobs keeps blobs as files under a directory (the shape of engine/blob.Store).
type dirBlobs struct{ dir string }

func (b dirBlobs) path(key string) string { return filepath.Join(b.dir, filepath.FromSlash(key)) }

func (b dirBlobs) Put(_ context.Context, key string, r io.Reader) (int64, error) {
	p := b.path(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return 0, err
	}
	f, err := os.Create(p)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

func (b dirBlobs) Open(_ context.Context, key string) (io.ReadSeekCloser, error) {
	return os.Open(b.path(key))
}

func (b dirBlobs) Delete(_ context.Context, key string) error {
	if err := os.Remove(b.path(key)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// TestExportsOnTemporal runs the export workflows on a real Temporal dev
// server, with a worker in this process, a real database and blobs on disk.
func TestExportsOnTemporal(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := devTemporal(t, ctx)

	st := dbtest.Store(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	blobs := dirBlobs{dir: t.TempDir()}

	const queue = "exports-test"
	w := sdkworker.New(c, queue, sdkworker.Options{})
	worker.Exports(activities.NewExport(activities.ExportDeps{Exporter: files.NewExporter(st, blobs)}))(w)
	require.NoError(t, w.Start())
	t.Cleanup(w.Stop)

	svc := files.New(files.Deps{Store: st, Directory: org.NewDirectory(st), Blobs: blobs,
		Starter: temporal.NewExportStarter(temporal.Deps{Client: c, TaskQueue: queue})})
	anna := org.Request{User: seed.Users["anna@acme.test"]}
	acme := seed.Companies["Acme Oy"]

	t.Run("thread PDF", func(t *testing.T) {
		th := threadFixture(t, st, seed, []string{
			"<p>Hei! Lähetän <em>tämän</em> kuun palkkalaskelmat.</p>",
			"<p>Tack så mycket, vi återkommer före fredag.</p><p>Äiti öljyää åbäke</p>",
		})
		exp, err := svc.GeneratePDF(ctx, anna, acme.UUID, th)
		require.NoError(t, err)
		require.NoError(t, c.GetWorkflow(ctx, temporal.ThreadPDFWorkflowID(exp.UUID.String()), "").Get(ctx, nil))
		recordExportHistory(t, c, temporal.ThreadPDFWorkflowID(exp.UUID.String()), "export_thread_pdf.json")
		state, err := svc.InboxPDFFile(ctx, anna, acme.UUID, exp.UUID)
		require.NoError(t, err)
		require.NotNil(t, state.Done, "generatedAt set")
		dl, err := svc.Download(ctx, anna, exp.UUID)
		require.NoError(t, err)
		text := pdftotext(t, filepath.Join(blobs.dir, filepath.FromSlash(dl.BlobKey)))
		for _, want := range []string{"Palkat – kesäkuu", "Acme Oy", "Payroll", "Anna Acme",
			"Hei! Lähetän tämän kuun palkkalaskelmat.", "Tack så mycket, vi återkommer före fredag.", "Äiti öljyää åbäke",
			"palkat.xlsx"} {
			assert.Contains(t, text, want)
		}
	})

	t.Run("content zip of a folder", func(t *testing.T) {
		agent := org.Request{User: seed.Users["agent@portico.test"]}
		roots, err := svc.Folders(ctx, agent, files.FolderQuery{CompanyID: acme.UUID, Roots: true})
		require.NoError(t, err)
		var acc files.Folder
		for _, f := range roots.Folders {
			if f.Name == "Accounting" {
				acc = f
			}
		}
		top, err := svc.CreateFolder(ctx, agent, acme.UUID, &acc.UUID, "Vuosi 2026")
		require.NoError(t, err)
		sub, err := svc.CreateFolder(ctx, agent, acme.UUID, &top.UUID, "Kvartal Ä")
		require.NoError(t, err)
		for folder, name := range map[uuid.UUID]string{top.UUID: "yhteenveto.txt", sub.UUID: "tammikuu.csv"} {
			_, err := svc.CreateFile(ctx, anna, folder, files.Upload{Filename: name, Size: -1,
				Body: strings.NewReader(strings.Repeat(name+"\n", 1000))}, nil)
			require.NoError(t, err)
		}
		exp, err := svc.DownloadContentZip(ctx, anna, acme.UUID, nil, &top.UUID)
		require.NoError(t, err)
		require.NoError(t, c.GetWorkflow(ctx, temporal.ContentZipWorkflowID(exp.UUID.String()), "").Get(ctx, nil))
		recordExportHistory(t, c, temporal.ContentZipWorkflowID(exp.UUID.String()), "export_content_zip.json")
		state, err := svc.ContentZipFile(ctx, anna, acme.UUID, exp.UUID)
		require.NoError(t, err)
		require.NotNil(t, state.Done, "archivedAt set")
		dl, err := svc.Download(ctx, anna, exp.UUID)
		require.NoError(t, err)
		path := filepath.Join(blobs.dir, filepath.FromSlash(dl.BlobKey))
		// Info-ZIP reads the archive as written
		out, err := exec.Command("unzip", "-tq", path).CombinedOutput()
		require.NoError(t, err, string(out))
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		require.NoError(t, err)
		var names []string
		for _, f := range zr.File {
			names = append(names, f.Name)
		}
		sort.Strings(names)
		assert.Equal(t, []string{"Vuosi 2026/", "Vuosi 2026/Kvartal Ä/", "Vuosi 2026/Kvartal Ä/tammikuu.csv", "Vuosi 2026/yhteenveto.txt"}, names)
	})

	t.Run("an export whose folder is gone reports an error", func(t *testing.T) {
		z, err := st.ZipFileCreate(ctx, store.ZipFileCreateParams{CompanyID: acme.ID, Kind: files.ZipKindContent,
			UserID: seed.Users["anna@acme.test"].ID, Request: []byte(fmt.Sprintf(`{"folderId":%q}`, uuid.New()))})
		require.NoError(t, err)
		require.NoError(t, temporal.NewExportStarter(temporal.Deps{Client: c, TaskQueue: queue}).StartContentZip(ctx, z.UUID))
		err = c.GetWorkflow(ctx, temporal.ContentZipWorkflowID(z.UUID.String()), "").Get(ctx, nil)
		require.Error(t, err)
		recordExportHistory(t, c, temporal.ContentZipWorkflowID(z.UUID.String()), "export_content_zip_gone.json")
		state, err := svc.ContentZipFile(ctx, anna, acme.UUID, z.UUID)
		require.NoError(t, err)
		assert.Nil(t, state.Done)
		require.NotNil(t, state.Error)
		assert.Equal(t, "export_not_available", *state.Error)
	})
}

// threadFixture writes a Payroll thread of Acme by Anna with messages and one
// attachment, the way the inbox stores them.
func threadFixture(t *testing.T, st *store.Store, seed demo.Seeded, bodies []string) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	co, user := seed.Companies["Acme Oy"].ID, seed.Users["anna@acme.test"].ID
	var id int64
	var pub uuid.UUID
	require.NoError(t, st.Pool.QueryRow(ctx, `INSERT INTO threads (company_id, category_id, title, author_id)
		VALUES ($1, $2, 'Palkat – kesäkuu', $3) RETURNING id, uuid`, co, seed.Categories["Payroll"].ID, user).Scan(&id, &pub))
	for _, body := range bodies {
		var act int64
		require.NoError(t, st.Pool.QueryRow(ctx, `INSERT INTO activities (company_id, thread_id, key, user_id)
			VALUES ($1, $2, 'inbox_message.create', $3) RETURNING id`, co, id, user).Scan(&act))
		_, err := st.Pool.Exec(ctx, `INSERT INTO messages (company_id, thread_id, activity_id, user_id, body)
			VALUES ($1, $2, $3, $4, $5)`, co, id, act, user, body)
		require.NoError(t, err)
	}
	_, err := st.Pool.Exec(ctx, `INSERT INTO attachments (company_id, thread_id, uploader_id, filename, file_size, blob_key)
		VALUES ($1, $2, $3, 'palkat.xlsx', 10, 'attachments/x')`, co, id, user)
	require.NoError(t, err)
	return pub
}

func pdftotext(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	require.NoError(t, err, "pdftotext (Debian poppler-utils)")
	return string(out)
}

// recordExportHistory writes a run's history to testdata when
// PORTICO_RECORD_HISTORIES=1, for the replay tests (export_replay_test.go)
// that keep changes to the workflows deterministic.
func recordExportHistory(t *testing.T, c client.Client, workflowID, file string) {
	t.Helper()
	if os.Getenv("PORTICO_RECORD_HISTORIES") != "1" {
		return
	}
	ctx := context.Background()
	it := c.GetWorkflowHistory(ctx, workflowID, "", false, enums.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	var h history.History
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		h.Events = append(h.Events, ev)
	}
	b, err := protojson.MarshalOptions{Indent: "  "}.Marshal(&h)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll("testdata", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("testdata", file), b, 0o644))
}
