package temporal_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"portico/temporal"
)

func purge(context.Context, string) error { return nil }

// The purge runs when the undo window has closed, never before, and outlives an early refusal.
func TestPurgeAttachmentsWaitsForTheWindow(t *testing.T) {
	for _, tt := range []struct {
		name    string
		results []error
	}{
		{"purged once the minute is over", []error{nil}},
		{"retried while the database still says it can be undone", []error{errors.New("too early"), nil}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s testsuite.WorkflowTestSuite
			env := s.NewTestWorkflowEnvironment()
			env.RegisterWorkflowWithOptions(temporal.PurgeAttachments, workflow.RegisterOptions{Name: temporal.PurgeAttachmentsWorkflow})
			env.RegisterActivityWithOptions(purge, activity.RegisterOptions{Name: temporal.PurgeAttachmentsActivity})
			start := env.Now()
			at := start.Add(time.Minute)
			var ran []time.Time
			env.OnActivity(temporal.PurgeAttachmentsActivity, mock.Anything, "d1").Return(func(context.Context, string) error {
				ran = append(ran, env.Now())
				err := tt.results[len(ran)-1]
				return err
			})
			env.ExecuteWorkflow(temporal.PurgeAttachmentsWorkflow, temporal.PurgeAttachmentsInput{ID: "d1", At: at})
			require.True(t, env.IsWorkflowCompleted())
			require.NoError(t, env.GetWorkflowError())
			require.Len(t, ran, len(tt.results))
			require.False(t, ran[0].Before(at), "first run at %s, window closes at %s", ran[0], at)
		})
	}
}
