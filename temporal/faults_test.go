package temporal_test

import (
	"context"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sdkworker "go.temporal.io/sdk/worker"

	"portico/activities"
	"portico/demo"
	"portico/engine/files"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/engine/workflow/contract"
	"portico/temporal"
	"portico/worker"
)

// The worker goes away in the middle of a workflow run (the run waits on its
// first task, and its next step is due while no worker runs) and a new one
// starts: the run completes, with one task per step, none made twice.
func TestWorkerKilledMidRun(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	e := startEngine(t, ctx)
	cw := e.assign(t, ctx, "Worker killed mid run", twoTasks(), false)
	run, err := e.svc.Start(ctx, e.admin, cw.UUID, nil)
	require.NoError(t, err)
	a := e.taskOf(t, ctx, run.UUID, "A")

	e.worker.Stop()                  // the worker is gone
	e.setStatus(t, ctx, a, "closed") // the run's next step falls due meanwhile
	e.startWorker(t)                 // and a new one takes over

	b := e.taskOf(t, ctx, run.UUID, "B")
	e.setStatus(t, ctx, b, "closed")
	require.NoError(t, e.c.GetWorkflow(ctx, run.TemporalWorkflowID, "").Get(ctx, nil))
	d := e.instance(t, ctx, run.UUID)
	assert.Equal(t, contract.StateCompleted, d.State)
	assert.EqualValues(t, 2, d.CompletedStepsCount)
	var tasks int
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT count(*) FROM threads t JOIN workflow_instances i
		ON i.company_id = t.company_id AND i.id = t.workflow_instance_id WHERE i.uuid = $1`, run.UUID).Scan(&tasks))
	assert.Equal(t, 2, tasks, "one task per step")
}

// stallingBlobs is a blob store whose writes hang until the activity is
// cancelled: a worker that dies while it writes the archive.
type stallingBlobs struct {
	dirBlobs
	writing chan struct{}
}

func (b stallingBlobs) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	select {
	case b.writing <- struct{}{}:
	default:
	}
	<-ctx.Done()
	return 0, ctx.Err()
}

// The worker goes away while it writes a zip export, and a new one starts:
// the export completes, exactly once (one archive in the blob store).
func TestWorkerKilledMidZipExport(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c := devTemporal(t, ctx)
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	blobs := dirBlobs{dir: t.TempDir()}

	const queue = "exports-fault-test"
	start := func(b files.Blobs) sdkworker.Worker {
		w := sdkworker.New(c, queue, sdkworker.Options{})
		worker.Exports(activities.NewExport(activities.ExportDeps{Exporter: files.NewExporter(st, b)}))(w)
		require.NoError(t, w.Start())
		return w
	}
	stalled := stallingBlobs{dirBlobs: blobs, writing: make(chan struct{}, 1)}
	first := start(stalled)

	svc := files.New(files.Deps{Store: st, Directory: org.NewDirectory(st), Blobs: blobs,
		Starter: temporal.NewExportStarter(temporal.Deps{Client: c, TaskQueue: queue})})
	anna := org.Request{User: seed.Users["anna@acme.test"]}
	agent := org.Request{User: seed.Users["agent@portico.test"]}
	acme := seed.Companies["Acme Oy"]
	roots, err := svc.Folders(ctx, agent, files.FolderQuery{CompanyID: acme.UUID, Roots: true})
	require.NoError(t, err)
	var folder uuid.UUID
	for _, f := range roots.Folders {
		if f.Name == "Accounting" {
			folder = f.UUID
		}
	}
	_, err = svc.CreateFile(ctx, anna, folder, files.Upload{Filename: "kirjanpito.txt", Size: -1,
		Body: strings.NewReader(strings.Repeat("rivi\n", 1000))}, nil)
	require.NoError(t, err)
	before := zipsIn(t, blobs.dir)

	exp, err := svc.DownloadContentZip(ctx, anna, acme.UUID, nil, &folder)
	require.NoError(t, err)
	select {
	case <-stalled.writing: // the first worker is writing the archive
	case <-ctx.Done():
		t.Fatal("the export never started")
	}
	first.Stop() // and goes away mid-write
	second := start(blobs)
	t.Cleanup(second.Stop)

	require.NoError(t, c.GetWorkflow(ctx, temporal.ContentZipWorkflowID(exp.UUID.String()), "").Get(ctx, nil))
	state, err := svc.ContentZipFile(ctx, anna, acme.UUID, exp.UUID)
	require.NoError(t, err)
	require.NotNil(t, state.Done, "the export completed")
	assert.Nil(t, state.Error)
	assert.Equal(t, before+1, zipsIn(t, blobs.dir), "one archive written")
}

// zipsIn counts the files under dir that are zip archives.
func zipsIn(t *testing.T, dir string) int {
	n := 0
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zip") {
			n++
		}
		return err
	}))
	return n
}
