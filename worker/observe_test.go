package worker

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	sdkworker "go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"portico/logctx"
)

type headerMap map[string]*commonpb.Payload

func (h headerMap) Set(k string, v *commonpb.Payload) { h[k] = v }

// The request id of the API request that starts a run reaches the run's
// activities (logctx.RequestID in their context) and the worker's log lines;
// each activity attempt is counted by outcome.
func TestRequestIDFollowsARunIntoItsActivities(t *testing.T) {
	// the client side: the API's context carries the request id into the start's header
	h := headerMap{}
	require.NoError(t, RequestIDPropagator{}.Inject(logctx.WithRequestID(context.Background(), "req-42"), h))
	require.Contains(t, h, requestIDHeader)

	var suite testsuite.WorkflowTestSuite
	suite.SetContextPropagators([]workflow.ContextPropagator{RequestIDPropagator{}})
	env := suite.NewTestWorkflowEnvironment()
	env.SetHeader(&commonpb.Header{Fields: h})
	reg := prometheus.NewRegistry()
	metrics := NewActivityMetrics(reg)
	var logs bytes.Buffer
	log := slog.New(logctx.NewHandler(slog.NewJSONHandler(&logs, nil)))
	env.SetWorkerOptions(sdkworker.Options{Interceptors: []interceptor.WorkerInterceptor{&activityObserver{metrics: metrics, log: log}}})

	seen := make(chan string, 4)
	env.RegisterActivityWithOptions(func(ctx context.Context) error {
		seen <- logctx.RequestID(ctx)
		return nil
	}, activity.RegisterOptions{Name: "test.ok"})
	env.RegisterActivityWithOptions(func(ctx context.Context) error {
		seen <- logctx.RequestID(ctx)
		return errors.New("the export could not be written")
	}, activity.RegisterOptions{Name: "test.fails"})
	env.RegisterWorkflowWithOptions(func(ctx workflow.Context) error {
		ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute,
			RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 1}})
		if err := workflow.ExecuteActivity(ctx, "test.ok").Get(ctx, nil); err != nil {
			return err
		}
		_ = workflow.ExecuteActivity(ctx, "test.fails").Get(ctx, nil)
		return nil
	}, workflow.RegisterOptions{Name: "test.run"})

	env.ExecuteWorkflow("test.run")
	require.True(t, env.IsWorkflowCompleted())
	require.NoError(t, env.GetWorkflowError())
	assert.Equal(t, "req-42", <-seen, "the first activity's context")
	assert.Equal(t, "req-42", <-seen, "the second activity's context")

	assert.Equal(t, 1.0, counterValue(t, reg, "test.ok", "ok"))
	assert.Equal(t, 1.0, counterValue(t, reg, "test.fails", "error"))
	var failed string
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, `"activity failed"`) {
			failed = line
		}
	}
	assert.Contains(t, failed, `"request_id":"req-42"`)
	assert.Contains(t, failed, `"activity":"test.fails"`)
}

func counterValue(t *testing.T, g prometheus.Gatherer, activity, outcome string) float64 {
	t.Helper()
	mfs, err := g.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != "portico_worker_activities_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["activity"] == activity && labels["outcome"] == outcome {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}
