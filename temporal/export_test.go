package temporal_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	sdktemporal "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"portico/temporal"
)

// Stand-ins with the activities' signatures; every test mocks their answers.
func build(context.Context, string) error                { return nil }
func fail(context.Context, temporal.ExportFailure) error { return nil }

func TestExportWorkflows(t *testing.T) {
	workflows := []struct {
		name     string
		fn       func(workflow.Context, temporal.ExportInput) error
		activity string
		kind     string
	}{
		{temporal.ExportThreadPDFWorkflow, temporal.ExportThreadPDF, temporal.BuildThreadPDFActivity, temporal.KindPDF},
		{temporal.ExportInboxZipWorkflow, temporal.ExportInboxZip, temporal.BuildInboxZipActivity, temporal.KindZip},
		{temporal.ExportContentZipWorkflow, temporal.ExportContentZip, temporal.BuildContentZipActivity, temporal.KindZip},
	}
	outcomes := []struct {
		name     string
		results  []error // one per attempt of the build activity
		attempts int
		failWith string // "" when FailExport must not run
	}{
		{"built first time", []error{nil}, 1, ""},
		{"retried after a passing failure", []error{errors.New("blob store down"), nil}, 2, ""},
		{"gone: not retried, failure recorded", []error{sdktemporal.NewNonRetryableApplicationError("gone", temporal.ErrExportGone, nil)}, 1, "export_not_available"},
		{"failing for good: recorded after the retries", []error{errors.New("x"), errors.New("x"), errors.New("x"), errors.New("x")}, 4, "export_failed"},
	}
	for _, wf := range workflows {
		for _, o := range outcomes {
			t.Run(wf.name+"/"+o.name, func(t *testing.T) {
				var s testsuite.WorkflowTestSuite
				env := s.NewTestWorkflowEnvironment()
				env.RegisterWorkflowWithOptions(wf.fn, workflow.RegisterOptions{Name: wf.name})
				env.RegisterActivityWithOptions(build, activity.RegisterOptions{Name: wf.activity})
				env.RegisterActivityWithOptions(fail, activity.RegisterOptions{Name: temporal.FailExportActivity})
				attempt := 0
				env.OnActivity(wf.activity, mock.Anything, "0b7f").Return(func(context.Context, string) error {
					err := o.results[attempt]
					attempt++
					return err
				})
				var failed []temporal.ExportFailure
				env.OnActivity(temporal.FailExportActivity, mock.Anything, mock.Anything).Return(
					func(_ context.Context, f temporal.ExportFailure) error {
						failed = append(failed, f)
						return nil
					})
				env.ExecuteWorkflow(wf.name, temporal.ExportInput{ID: "0b7f"})
				require.True(t, env.IsWorkflowCompleted())
				assert.Equal(t, o.attempts, attempt)
				if o.failWith == "" {
					assert.NoError(t, env.GetWorkflowError())
					assert.Empty(t, failed)
					return
				}
				assert.Error(t, env.GetWorkflowError(), "the run fails, for operators to see")
				assert.Equal(t, []temporal.ExportFailure{{Kind: wf.kind, ID: "0b7f", Message: o.failWith}}, failed)
			})
		}
	}
}

func TestExportWorkflowIDs(t *testing.T) {
	assert.Equal(t, "export/pdf/abc", temporal.ThreadPDFWorkflowID("abc"))
	assert.Equal(t, "export/inbox-zip/abc", temporal.InboxZipWorkflowID("abc"))
	assert.Equal(t, "export/content-zip/abc", temporal.ContentZipWorkflowID("abc"))
}
