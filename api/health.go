package api

import (
	"context"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// ReadyCheck is one dependency /readyz asks: its name and whether it answers.
type ReadyCheck struct {
	Name  string
	Check func(ctx context.Context) error
}

// readyTimeout bounds each dependency's check.
const readyTimeout = 2 * time.Second

// healthz answers 200 while the process serves at all.
func healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok"))
}

// Readyz answers 200 when every check passes, else 503 naming the failed
// ones (only names: what failed inside stays in the log).
func Readyz(checks []ReadyCheck, log func(name string, err error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		status := map[string]string{}
		ok := true
		for _, c := range checks {
			ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
			err := c.Check(ctx)
			cancel()
			if err != nil {
				ok = false
				status[c.Name] = "unavailable"
				if log != nil {
					log(c.Name, err)
				}
				continue
			}
			status[c.Name] = "ok"
		}
		code := http.StatusOK
		if !ok {
			code = http.StatusServiceUnavailable
		}
		writeJSON(w, code, map[string]any{"ready": ok, "checks": status})
	}
}

// OpsHandler is what a process serves operators on OPS_ADDR: /healthz,
// /readyz and /metrics (Prometheus text format, from g).
func OpsHandler(g prometheus.Gatherer, checks []ReadyCheck, log func(name string, err error)) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", healthz)
	mux.Handle("GET /readyz", Readyz(checks, log))
	mux.Handle("GET /metrics", promhttp.HandlerFor(g, promhttp.HandlerOpts{}))
	return mux
}

// ServeOps serves h on addr until ctx ends.
func ServeOps(ctx context.Context, addr string, h http.Handler) error {
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(shutdown)
	}
}
