package temporal_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"portico/temporal"
)

// TestInstanceRunReplay replays runs recorded on the dev server (written by
// TestWorkflowEngineOnTemporal with PORTICO_RECORD_HISTORY=1): a completed
// run, a cancelled one and one failed then retried. A change to InstanceRun
// that running histories could not follow fails here.
func TestInstanceRunReplay(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"instance_run_completed.json", "instance_run_cancelled.json", "instance_run_retried.json"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			r := worker.NewWorkflowReplayer()
			r.RegisterWorkflowWithOptions(temporal.InstanceRun, workflow.RegisterOptions{Name: temporal.InstanceWorkflowName})
			require.NoError(t, r.ReplayWorkflowHistoryFromJSONFile(quiet, filepath.Join("testdata", file)))
		})
	}
}
