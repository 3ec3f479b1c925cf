package worker_test

import (
	"context"
	"log/slog"
	"sort"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"
	sdkworker "go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"portico/activities"
	"portico/devstack"
	"portico/temporal"
	"portico/worker"
)

// registry records the names a registration gives; a worker would run them.
type registry struct {
	sdkworker.Registry // any other registration fails the test with a nil call
	workflows          []string
	activities         []string
}

func (r *registry) RegisterWorkflowWithOptions(_ any, o workflow.RegisterOptions) {
	r.workflows = append(r.workflows, o.Name)
}

func (r *registry) RegisterActivityWithOptions(_ any, o activity.RegisterOptions) {
	r.activities = append(r.activities, o.Name)
}

func sorted(s []string) []string { sort.Strings(s); return s }

func TestRegistrationsUseTheStableNames(t *testing.T) {
	var engine registry
	worker.WorkflowEngine(activities.NewWorkflow(activities.WorkflowDeps{}))(&engine)
	assert.Equal(t, sorted([]string{temporal.InstanceWorkflowName, temporal.TriggerWorkflowName}), sorted(engine.workflows))
	assert.Equal(t, sorted([]string{temporal.ActBeginRun, temporal.ActBeginTask, temporal.ActTaskStatus, temporal.ActBeginWait,
		temporal.ActFinishStep, temporal.ActFailStep, temporal.ActResumeRun, temporal.ActCompleteRun, temporal.ActCancelRun,
		temporal.ActNextFire, temporal.ActCreateScheduledRun}), sorted(engine.activities))

	var exports registry
	worker.Exports(activities.NewExport(activities.ExportDeps{}))(&exports)
	assert.Equal(t, sorted([]string{temporal.ExportThreadPDFWorkflow, temporal.ExportInboxZipWorkflow, temporal.ExportContentZipWorkflow}),
		sorted(exports.workflows))
	assert.Equal(t, sorted([]string{temporal.BuildThreadPDFActivity, temporal.BuildInboxZipActivity, temporal.BuildContentZipActivity,
		temporal.FailExportActivity}), sorted(exports.activities))
}

// A worker runs what its registrations add, on its task queue, until its
// context ends.
func TestWorkerRunsItsRegistrationsUntilStopped(t *testing.T) {
	ctx := context.Background()
	ts, err := devstack.StartTemporal(ctx, devstack.TemporalOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = ts.Stop() })
	quiet := log.NewStructuredLogger(slog.New(slog.DiscardHandler))
	c, err := client.Dial(client.Options{HostPort: ts.HostPort(), Namespace: "default", Logger: quiet})
	require.NoError(t, err)
	t.Cleanup(c.Close)

	queue := "worker-test-" + uuid.NewString()[:8]
	greet := func(ctx workflow.Context, name string) (string, error) { return "hello " + name, nil }
	w := worker.New(worker.Deps{Client: c, TaskQueue: queue, Log: slog.New(slog.DiscardHandler),
		Registrations: []worker.Registration{func(r sdkworker.Registry) {
			r.RegisterWorkflowWithOptions(greet, workflow.RegisterOptions{Name: "test.greet"})
		}}})
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(runCtx) }()

	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{TaskQueue: queue}, "test.greet", "portico")
	require.NoError(t, err)
	var got string
	require.NoError(t, run.Get(ctx, &got))
	assert.Equal(t, "hello portico", got)

	stop()
	require.NoError(t, <-done, "a stopped worker ends without an error")
}

func TestWorkerWithNothingToRunIdlesUntilStopped(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- worker.New(worker.Deps{Log: slog.New(slog.DiscardHandler)}).Run(ctx) }()
	stop()
	require.NoError(t, <-done)
}
