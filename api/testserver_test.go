package api_test

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
	"portico/demo"
	"portico/engine/blob"
	"portico/engine/files"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/engine/workflow/workflowtest"
	"portico/realtime"
	"portico/wiring"
)

// serverOpts are what a test's API server differs in; the zero value is a
// fresh database with the demo data and every engine service wired.
type serverOpts struct {
	// configure adjusts the configuration (dev login is on unless it says otherwise).
	configure func(*config.Config)
	// st is the database, already seeded; nil is a fresh one with the demo data.
	st *store.Store
	// baseDomain is the root host of the fresh demo data and the server ("" is localhost).
	baseDomain string
	// blobs keeps attachments and files; nil is a temporary directory.
	blobs *blob.Local
	// engineMaxUpload is the engine's upload cap, below the HTTP one, so that
	// the engine's own refusal is reached (0: the configuration's).
	engineMaxUpload int64
	// bus publishes realtime events and serves /api/realtime (nil: events are dropped).
	bus *realtime.Bus
	// web is the web app (nil: an index page and one script).
	web fs.FS
	// adjust makes the last changes before the server starts (metrics, readiness).
	adjust func(*api.Deps)
}

// testEnv is a running test server and what it was built on.
type testEnv struct {
	env
	seed  demo.Seeded
	deps  api.Deps
	blobs *blob.Local
}

// testServer starts an API server with every engine service, wired as
// `portico serve` wires them (wiring.Services), with Temporal's starters
// replaced: runs are recorded but not run (workflowtest.Runner), exports are built at
// once (syncStarter) and purge timers are not started (noPurges).
func testServer(t testing.TB, o serverOpts) testEnv {
	t.Helper()
	ctx := context.Background()
	if o.baseDomain == "" {
		o.baseDomain = "localhost"
	}
	var seed demo.Seeded
	st := o.st
	if st == nil {
		st = dbtest.FreshStore(t)
		var err error
		seed, err = demo.Seed(ctx, st, o.baseDomain)
		require.NoError(t, err)
	}
	cfg, err := config.FromEnv()
	require.NoError(t, err)
	cfg.DevLogin, cfg.BaseDomain = true, o.baseDomain
	if o.configure != nil {
		o.configure(&cfg)
	}
	blobs := o.blobs
	if blobs == nil {
		blobs, err = blob.NewLocal(t.TempDir())
		require.NoError(t, err)
	}
	web := o.web
	if web == nil {
		web = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Portico</title>")},
			"assets/app-1234.js": {Data: []byte(strings.Repeat("console.log('portico');\n", 200))}}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	out := wiring.Outside{Blobs: blobs, Runner: &workflowtest.Runner{}, Exports: syncStarter{files.NewExporter(st, blobs)},
		Purges: noPurges{}, Log: log}
	d := api.Deps{Config: cfg, OIDC: api.NewOIDCProviders(), Web: web, Log: log}
	if o.bus != nil {
		out.Publisher, d.Realtime = o.bus, o.bus
	}
	engineCfg := cfg
	if o.engineMaxUpload > 0 {
		engineCfg.MaxUploadBytes = o.engineMaxUpload
	}
	d.Services = wiring.Services(engineCfg, st, out)
	if o.adjust != nil {
		o.adjust(&d)
	}
	srv := httptest.NewServer(api.NewServer(d).Handler())
	t.Cleanup(srv.Close)
	return testEnv{env: env{srv: srv, st: st}, seed: seed, deps: d, blobs: blobs}
}
