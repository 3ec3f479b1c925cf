package demo_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
)

// startedRuns stands in for Temporal: it keeps the instances it is asked to
// start (the run itself is Temporal's, tested in temporal/).
type startedRuns []uuid.UUID

func (r *startedRuns) StartRun(_ context.Context, id uuid.UUID) error {
	*r = append(*r, id)
	return nil
}
func (*startedRuns) CancelRun(context.Context, uuid.UUID) error       { return nil }
func (*startedRuns) RetryRun(context.Context, uuid.UUID) error        { return nil }
func (*startedRuns) TriggersChanged(context.Context, uuid.UUID) error { return nil }
func (*startedRuns) TaskChanged(context.Context, uuid.UUID, contract.TaskChange) error {
	return nil
}

func TestStartRunStartsOneDemoRun(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	_, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	var runner startedRuns
	svc := workflow.New(workflow.Deps{Store: st, Directory: org.NewDirectory(st), Runner: &runner})

	run, started, err := demo.StartRun(ctx, st, svc)
	require.NoError(t, err)
	require.True(t, started)
	assert.Equal(t, demo.DemoWorkflowName, run.Workflow.Name)
	assert.Equal(t, "Acme Oy", run.Company.Name)
	assert.Equal(t, []uuid.UUID{run.UUID}, []uuid.UUID(runner))

	_, started, err = demo.StartRun(ctx, st, svc)
	require.NoError(t, err)
	assert.False(t, started, "a run is open: no second one")
	assert.Len(t, runner, 1)
}
