package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/workflowtest"
)

func TestStartRunStartsOneDemoRun(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	_, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	runner := &workflowtest.Runner{}
	svc := workflow.New(workflow.Deps{Store: st, Directory: org.NewDirectory(st), Runner: runner})

	run, started, err := demo.StartRun(ctx, st, svc)
	require.NoError(t, err)
	require.True(t, started)
	assert.Equal(t, demo.DemoWorkflowName, run.Workflow.Name)
	assert.Equal(t, "Acme Oy", run.Company.Name)
	assert.Equal(t, []string{"start:" + run.UUID.String()}, runner.Calls())

	_, started, err = demo.StartRun(ctx, st, svc)
	require.NoError(t, err)
	assert.False(t, started, "a run is open: no second one")
	assert.Len(t, runner.Calls(), 1)
}
