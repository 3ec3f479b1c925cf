package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"portico/logctx"
)

// requestIDHeader is the Temporal header that carries the request id.
const requestIDHeader = "portico-request-id"

type workflowRequestIDKey struct{}

// RequestIDPropagator carries logctx's request id from the API's context into
// the runs it starts (their headers), from a run into the activities it
// schedules, and into each activity's context, where logs read it. Every
// Temporal client of Portico's processes is built with it.
type RequestIDPropagator struct{}

var _ workflow.ContextPropagator = RequestIDPropagator{}

// Inject writes the request id of a client call.
func (RequestIDPropagator) Inject(ctx context.Context, w workflow.HeaderWriter) error {
	return writeRequestID(w, logctx.RequestID(ctx))
}

// Extract puts the header's request id into an activity's context.
func (RequestIDPropagator) Extract(ctx context.Context, r workflow.HeaderReader) (context.Context, error) {
	id, err := readRequestID(r)
	if err != nil || id == "" {
		return ctx, err
	}
	return logctx.WithRequestID(ctx, id), nil
}

// InjectFromWorkflow writes a run's request id on what it schedules.
func (RequestIDPropagator) InjectFromWorkflow(ctx workflow.Context, w workflow.HeaderWriter) error {
	id, _ := ctx.Value(workflowRequestIDKey{}).(string)
	return writeRequestID(w, id)
}

// ExtractToWorkflow keeps the header's request id in a run's context.
func (RequestIDPropagator) ExtractToWorkflow(ctx workflow.Context, r workflow.HeaderReader) (workflow.Context, error) {
	id, err := readRequestID(r)
	if err != nil || id == "" {
		return ctx, err
	}
	return workflow.WithValue(ctx, workflowRequestIDKey{}, id), nil
}

func writeRequestID(w workflow.HeaderWriter, id string) error {
	if id == "" {
		return nil
	}
	p, err := converter.GetDefaultDataConverter().ToPayload(id)
	if err != nil {
		return err
	}
	w.Set(requestIDHeader, p)
	return nil
}

func readRequestID(r workflow.HeaderReader) (string, error) {
	p, ok := r.Get(requestIDHeader)
	if !ok {
		return "", nil
	}
	var id string
	err := converter.GetDefaultDataConverter().FromPayload(p, &id)
	return id, err
}

// ActivityMetrics are the worker's Prometheus metrics: activities by type and
// outcome, and their durations.
type ActivityMetrics struct {
	outcomes *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewActivityMetrics registers the worker's metrics on reg.
func NewActivityMetrics(reg prometheus.Registerer) *ActivityMetrics {
	m := &ActivityMetrics{
		outcomes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "portico_worker_activities_total",
			Help: "Activity attempts by activity type and outcome (ok, error, canceled)."}, []string{"activity", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "portico_worker_activity_duration_seconds",
			Help: "Activity attempt durations by activity type.", Buckets: prometheus.DefBuckets}, []string{"activity"}),
	}
	reg.MustRegister(m.outcomes, m.duration)
	return m
}

// activityObserver counts each activity attempt's outcome and logs failures
// with the request id that started the run.
type activityObserver struct {
	interceptor.WorkerInterceptorBase
	metrics *ActivityMetrics
	log     *slog.Logger
}

func (o *activityObserver) InterceptActivity(ctx context.Context, next interceptor.ActivityInboundInterceptor) interceptor.ActivityInboundInterceptor {
	i := &activityInbound{o: o}
	i.Next = next
	return i
}

type activityInbound struct {
	interceptor.ActivityInboundInterceptorBase
	o *activityObserver
}

func (i *activityInbound) ExecuteActivity(ctx context.Context, in *interceptor.ExecuteActivityInput) (any, error) {
	start := time.Now()
	info := activity.GetInfo(ctx)
	name := info.ActivityType.Name
	i.o.log.DebugContext(ctx, "activity", "activity", name, "workflow_id", info.WorkflowExecution.ID, "attempt", info.Attempt)
	out, err := i.Next.ExecuteActivity(ctx, in)
	outcome := "ok"
	switch {
	case err == nil:
	case errors.Is(err, context.Canceled) || temporal.IsCanceledError(err):
		outcome = "canceled"
	default:
		outcome = "error"
		i.o.log.WarnContext(ctx, "activity failed", "activity", name, "workflow_id", info.WorkflowExecution.ID,
			"attempt", info.Attempt, "err", err)
	}
	if m := i.o.metrics; m != nil {
		m.outcomes.WithLabelValues(name, outcome).Inc()
		m.duration.WithLabelValues(name).Observe(time.Since(start).Seconds())
	}
	return out, err
}
