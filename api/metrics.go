package api

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/vektah/gqlparser/v2/ast"
)

// Metrics are the API's Prometheus metrics. A nil *Metrics records nothing.
type Metrics struct {
	httpDuration     *prometheus.HistogramVec
	graphqlDuration  *prometheus.HistogramVec
	realtimeConns    prometheus.Gauge
	realtimeEvents   prometheus.Counter
	realtimeRefusals *prometheus.CounterVec
	rateLimited      *prometheus.CounterVec
}

// NewMetrics registers the API's metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "portico_http_request_duration_seconds",
			Help:    "HTTP requests by method, route pattern and status code.",
			Buckets: prometheus.DefBuckets}, []string{"method", "route", "code"}),
		graphqlDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "portico_graphql_operation_duration_seconds",
			Help:    "GraphQL root fields (the spec's operations) by type, name and outcome.",
			Buckets: prometheus.DefBuckets}, []string{"type", "operation", "outcome"}),
		realtimeConns: prometheus.NewGauge(prometheus.GaugeOpts{Name: "portico_realtime_connections",
			Help: "Open realtime WebSockets that passed their handshake."}),
		realtimeEvents: prometheus.NewCounter(prometheus.CounterOpts{Name: "portico_realtime_events_delivered_total",
			Help: "Realtime events written to clients' sockets."}),
		realtimeRefusals: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "portico_realtime_closed_total",
			Help: "Realtime sockets closed by the server, by reason."}, []string{"reason"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "portico_rate_limited_total",
			Help: "Requests refused with 429 by limit."}, []string{"limit"}),
	}
	reg.MustRegister(m.httpDuration, m.graphqlDuration, m.realtimeConns, m.realtimeEvents, m.realtimeRefusals, m.rateLimited)
	return m
}

// instrument times every request by its chi route pattern (the web app's
// pages and assets are one route, "app"), so labels stay bounded.
func (m *Metrics) instrument(next http.Handler) http.Handler {
	if m == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		next.ServeHTTP(ww, r)
		route := "app"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" && rc.RoutePattern() != "/*" {
			route = rc.RoutePattern()
		}
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		m.httpDuration.WithLabelValues(r.Method, route, strconv.Itoa(status)).Observe(time.Since(start).Seconds())
	})
}

// aroundRootFields times each root field of a GraphQL operation: the names
// come from the schema (an unknown field fails validation first), so labels
// stay bounded whatever clients send.
func (m *Metrics) aroundRootFields(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
	if m == nil {
		return next(ctx)
	}
	start := time.Now()
	rf := graphql.GetRootFieldContext(ctx)
	out := next(ctx)
	opType := "query"
	if oc := graphql.GetOperationContext(ctx); oc != nil && oc.Operation != nil {
		opType = string(oc.Operation.Operation)
	}
	outcome, name := "ok", ""
	if rf != nil && rf.Field.Field != nil {
		name = rf.Field.Name
		for _, e := range graphql.GetErrors(ctx) {
			if len(e.Path) > 0 && e.Path[0] == ast.PathName(rf.Field.Alias) {
				outcome = "error"
				break
			}
		}
	}
	m.graphqlDuration.WithLabelValues(opType, name, outcome).Observe(time.Since(start).Seconds())
	return out
}

func (m *Metrics) realtimeOpened() {
	if m != nil {
		m.realtimeConns.Inc()
	}
}

func (m *Metrics) realtimeClosed() {
	if m != nil {
		m.realtimeConns.Dec()
	}
}

func (m *Metrics) realtimeDelivered() {
	if m != nil {
		m.realtimeEvents.Inc()
	}
}

func (m *Metrics) realtimeRefused(reason string) {
	if m != nil {
		m.realtimeRefusals.WithLabelValues(reason).Inc()
	}
}

func (m *Metrics) limited(limit string) {
	if m != nil {
		m.rateLimited.WithLabelValues(limit).Inc()
	}
}
