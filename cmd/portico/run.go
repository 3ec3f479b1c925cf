package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"go.temporal.io/sdk/client"
	"golang.org/x/sync/errgroup"

	"portico/api"
	"portico/config"
	"portico/demo"
	"portico/devstack"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/store"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
	"portico/realtime"
	"portico/scheduler"
	"portico/temporal"
	"portico/web"
	"portico/wiring"
	"portico/worker"
)

func openStore(ctx context.Context, cfg config.Config) (*store.Store, error) {
	if cfg.DatabaseURL == "" {
		return nil, errors.New("DATABASE_URL is not set (portico dev starts a private PostgreSQL instead)")
	}
	return store.Open(ctx, cfg.DatabaseURL)
}

func dialTemporal(cfg config.Config, log *slog.Logger) (client.Client, error) {
	if cfg.TemporalAddress == "" {
		return nil, errors.New("TEMPORAL_ADDRESS is not set (portico dev starts the Temporal dev server instead)")
	}
	return client.Dial(temporalOptions(cfg, log))
}

func runServe(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	// realtime events cross API processes through PostgreSQL (LISTEN/NOTIFY)
	bus := realtime.New(st.Pool, realtime.Options{Log: log})
	// attachments and files in the blob store (local disk, or S3 when configured)
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return err
	}
	// one lazy Temporal client: the API serves while Temporal is away, and
	// only what starts or signals runs, exports, purge timers or mail fails
	tc, err := client.NewLazyClient(temporalOptions(cfg, log))
	if err != nil {
		return err
	}
	defer tc.Close()
	td := temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}
	var runner workflow.Runner
	var health client.Client // readiness asks Temporal only when there is one
	if cfg.TemporalAddress != "" {
		runner, health = temporal.NewRunner(td), tc
	}
	svc := wiring.Services(cfg, st, wiring.Outside{Blobs: blobs, Runner: runner,
		Exports: temporal.NewExportStarter(td), Purges: temporal.NewPurgeStarter(td), Publisher: bus,
		InboxPublisher: apiMailPublisher(ctx, cfg, bus, td, log), Log: log})
	// the unread marks and events of writes a stopped process committed but
	// did not fan out (engine/inbox/fanout.go)
	if err := svc.Inbox.ResumeFanOuts(ctx); err != nil {
		log.Error("inbox: resuming fan-outs", "err", err)
	}
	reg := newRegistry(st.Pool)
	checks := readyChecks(st.Pool, health)
	srv := api.NewServer(api.Deps{Services: svc, Config: cfg, OIDC: api.NewOIDCProviders(), Realtime: bus,
		Web: web.Dist(), Log: log, Metrics: api.NewMetrics(reg), Ready: checks})
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return bus.Run(gctx) })
	g.Go(func() error { return srv.Run(gctx) })
	g.Go(func() error { return serveOps(gctx, cfg, reg, checks, log) })
	g.Go(func() error { return serveInbound(gctx, cfg, st, svc.MailSettings, svc.Inbox, log, cfg.DevLogin) })
	return g.Wait()
}

func runWorker(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	tc, err := dialTemporal(cfg, log)
	if err != nil {
		return err
	}
	defer tc.Close()
	exports, err := exportWorker(ctx, cfg, st)
	if err != nil {
		return err
	}
	purges, err := purgeWorker(ctx, cfg, st)
	if err != nil {
		return err
	}
	// workflow tasks the worker creates reach the API processes' clients
	// through PostgreSQL (LISTEN/NOTIFY)
	bus := realtime.New(st.Pool, realtime.Options{Log: log})
	reg := newRegistry(st.Pool)
	metrics := worker.NewActivityMetrics(reg)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return bus.Run(gctx) })
	// the tasks workflow runs open are mailed like any new thread
	taskPub := mailPublisher(cfg, bus, temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}, log)
	regs := []worker.Registration{workflowWorker(cfg, st, tc, taskPub, log), exports, purges}
	if m := mailWorker(ctx, cfg, st, tc, worker.NewMailMetrics(reg), log); m != nil {
		regs = append(regs, m)
	}
	g.Go(func() error {
		return worker.New(worker.Deps{Client: tc, TaskQueue: cfg.TaskQueue, Log: log, Metrics: metrics,
			Registrations: regs}).Run(gctx)
	})
	g.Go(func() error { return serveOps(gctx, cfg, reg, readyChecks(st.Pool, tc), log) })
	return g.Wait()
}

func runScheduler(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	dir := org.NewDirectory(st)
	runner, closeRunner := temporalRunner(cfg, log)
	defer closeRunner()
	wf := wiring.Workflows(cfg, st, dir, runner, nil, nil, log)
	return scheduler.New(scheduler.Deps{Log: log, Sessions: st, SignIns: sso.NewService(st, dir), Workflows: wf}).Run(ctx)
}

func runMigrate(ctx context.Context, cfg config.Config) error {
	if cfg.DatabaseURL == "" {
		return errors.New("DATABASE_URL is not set")
	}
	return store.Migrate(ctx, cfg.DatabaseURL)
}

func runSeed(ctx context.Context, cfg config.Config) error {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	seeded, err := demo.Seed(ctx, st, cfg.BaseDomain)
	if err != nil {
		return err
	}
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return err
	}
	if err := demo.SeedFiles(ctx, st, blobs, seeded); err != nil {
		return err
	}
	if err := demo.SeedMail(ctx, st, seeded); err != nil {
		return err
	}
	if err := demo.SeedInbox(ctx, st, blobs, seeded); err != nil {
		return err
	}
	// after the inbox: a company with threads gets no demo threads, so the
	// history's tasks must not come first
	return demo.SeedRunHistory(ctx, st, seeded, time.Now())
}

// runDev runs the whole portal on one machine. What it starts, it stops on Ctrl-C;
// the data stays in the data directory for the next run.
func runDev(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	cfg.DevLogin = true
	if cfg.ApplicationTokenSecret == "" {
		// external application frames work under dev without configuration;
		// a fresh secret per run is fine for tokens that live five minutes
		cfg.ApplicationTokenSecret = rand.Text()
	}
	if cfg.DatabaseURL == "" {
		pg, err := devstack.NewPostgres(filepath.Join(cfg.DataDir, "postgres"), 5432)
		if err != nil {
			return err
		}
		log.Info("starting private PostgreSQL", "dir", pg.Dir)
		if err := pg.Start(ctx); err != nil {
			return err
		}
		defer func() {
			if err := pg.Stop(context.Background()); err != nil {
				log.Error("stopping PostgreSQL", "err", err)
			}
		}()
		if err := ensureDatabase(ctx, pg.DSN("postgres"), "portico"); err != nil {
			return err
		}
		cfg.DatabaseURL = pg.DSN("portico")
	}
	if cfg.TemporalAddress == "" {
		log.Info("starting Temporal dev server", "ui", fmt.Sprintf("http://127.0.0.1:%d", cfg.DevTemporalUIPort))
		logFile, err := os.OpenFile(filepath.Join(cfg.DataDir, "temporal.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer logFile.Close()
		ts, err := devstack.StartTemporal(ctx, devstack.TemporalOptions{
			HostPort: "127.0.0.1:" + strconv.Itoa(cfg.DevTemporalPort),
			UIPort:   strconv.Itoa(cfg.DevTemporalUIPort),
			DBFile:   filepath.Join(cfg.DataDir, "temporal.db"),
			// so operators filter runs by company or workflow in the UI
			SearchAttributes: contract.SearchAttributeTypes,
			Output:           logFile,
		})
		if err != nil {
			return err
		}
		defer ts.Stop()
		cfg.TemporalAddress = ts.HostPort()
		cfg.TemporalSearchAttributes = true // the dev server has them registered
		if os.Getenv("TEMPORAL_UI_URL") == "" {
			// the runs view links to the dev server's own UI
			cfg.TemporalUIURL = fmt.Sprintf("http://127.0.0.1:%d", cfg.DevTemporalUIPort)
		}
	}
	if cfg.SMTPURL == "" && cfg.DevMailpitSMTPPort > 0 {
		// outbound mail goes to a local Mailpit, whose web UI shows it
		mp, err := devstack.StartMailpit(ctx, devstack.MailpitOptions{SMTPPort: cfg.DevMailpitSMTPPort,
			UIPort: cfg.DevMailpitUIPort, Database: filepath.Join(cfg.DataDir, "mailpit.db")})
		switch {
		case errors.Is(err, devstack.ErrNoMailpit):
			log.Warn("mail catcher not started: bin/mailpit is missing (make deps builds it); no mail is sent")
		case err != nil:
			return err
		default:
			defer func() { _ = mp.Stop() }()
			cfg.SMTPURL = "smtp+plain://" + mp.SMTPAddr
			log.Info("Mailpit (outbound mail)", "ui", mp.UIURL, "smtp", mp.SMTPAddr)
		}
	}
	if cfg.SMTPListenAddr == "" && cfg.DevSMTPPort > 0 {
		// inbound mail on its own port: swaks --server 127.0.0.1:2525 --to alias@localhost
		cfg.SMTPListenAddr = "127.0.0.1:" + strconv.Itoa(cfg.DevSMTPPort)
	}
	if cfg.MailReplySecret == "" {
		secret, err := devReplySecret(cfg.DataDir)
		if err != nil {
			return err
		}
		cfg.MailReplySecret = secret
	}
	if err := store.Migrate(ctx, cfg.DatabaseURL); err != nil {
		return err
	}
	if err := runSeed(ctx, cfg); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	stopOIDC, err := startDevOIDC(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer stopOIDC()
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return runServe(ctx, cfg, log) })
	g.Go(func() error { return runWorker(ctx, cfg, log) })
	g.Go(func() error { return runScheduler(ctx, cfg, log) })
	g.Go(func() error {
		if err := startDemoRun(ctx, cfg, log); err != nil {
			log.Error("demo run", "err", err)
		}
		return nil
	})
	return g.Wait()
}

// ensureDatabase creates db on the server if it is missing.
func ensureDatabase(ctx context.Context, adminDSN, db string) error {
	conn, err := pgx.Connect(ctx, adminDSN)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", db).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{db}.Sanitize())
	return err
}

// temporalLogger sends the SDK's log lines to slog, quietly.
type temporalLogger struct{ log *slog.Logger }

func (l temporalLogger) Debug(string, ...any)        {}
func (l temporalLogger) Info(string, ...any)         {}
func (l temporalLogger) Warn(msg string, kv ...any)  { l.log.Warn(msg, kv...) }
func (l temporalLogger) Error(msg string, kv ...any) { l.log.Error(msg, kv...) }
