package main

import (
	"context"
	"errors"
	"io"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/workflow"

	"portico/api"
	"portico/config"
	"portico/logctx"
	"portico/worker"
)

// newLogger is the processes' logger: JSON lines (LOG_FORMAT=text for a
// terminal) on w, each with the request id its context carries.
func newLogger(format string, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	var h slog.Handler = slog.NewJSONHandler(w, opts)
	if format == "text" {
		h = slog.NewTextHandler(w, opts)
	}
	return slog.New(logctx.NewHandler(h))
}

// temporalOptions are every Portico Temporal client's options: the request id
// travels from the API into runs and activities (worker.RequestIDPropagator).
func temporalOptions(cfg config.Config, log *slog.Logger) client.Options {
	return client.Options{HostPort: cfg.TemporalAddress, Namespace: cfg.TemporalNamespace,
		Logger: temporalLogger{log}, ContextPropagators: []workflow.ContextPropagator{worker.RequestIDPropagator{}}}
}

// newRegistry is a process's Prometheus registry: Go runtime and process
// metrics, and the database pool's.
func newRegistry(pool *pgxpool.Pool) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if pool != nil {
		reg.MustRegister(poolCollector{pool})
	}
	return reg
}

// readyChecks: the database answers, and Temporal when tc is set.
func readyChecks(pool *pgxpool.Pool, tc client.Client) []api.ReadyCheck {
	checks := []api.ReadyCheck{{Name: "database", Check: func(ctx context.Context) error { return pool.Ping(ctx) }}}
	if tc != nil {
		checks = append(checks, api.ReadyCheck{Name: "temporal", Check: func(ctx context.Context) error {
			_, err := tc.CheckHealth(ctx, &client.CheckHealthRequest{})
			return err
		}})
	}
	return checks
}

// serveOps serves /healthz, /readyz and /metrics on OPS_ADDR when it is set.
func serveOps(ctx context.Context, cfg config.Config, reg *prometheus.Registry, checks []api.ReadyCheck, log *slog.Logger) error {
	if cfg.OpsAddr == "" {
		return nil
	}
	log.Info("operations endpoints listening", "addr", cfg.OpsAddr)
	err := api.ServeOps(ctx, cfg.OpsAddr, api.OpsHandler(reg, checks, func(name string, err error) {
		log.Warn("not ready", "dependency", name, "err", err)
	}))
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

var (
	poolTotal    = prometheus.NewDesc("portico_db_pool_connections", "Database pool connections by state.", []string{"state"}, nil)
	poolMax      = prometheus.NewDesc("portico_db_pool_max_connections", "The database pool's size.", nil, nil)
	poolAcquires = prometheus.NewDesc("portico_db_pool_acquires_total", "Connections taken from the pool.", nil, nil)
	poolWaits    = prometheus.NewDesc("portico_db_pool_empty_acquires_total", "Acquires that had to wait for a connection.", nil, nil)
	poolWaitSecs = prometheus.NewDesc("portico_db_pool_acquire_wait_seconds_total", "Time spent waiting for connections.", nil, nil)
)

// poolCollector reads pgxpool's statistics at each scrape.
type poolCollector struct{ pool *pgxpool.Pool }

func (poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolTotal, poolMax, poolAcquires, poolWaits, poolWaitSecs} {
		ch <- d
	}
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.ConstructingConns()), "constructing")
	ch <- prometheus.MustNewConstMetric(poolMax, prometheus.GaugeValue, float64(s.MaxConns()))
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolWaits, prometheus.CounterValue, float64(s.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolWaitSecs, prometheus.CounterValue, s.AcquireDuration().Seconds())
}
