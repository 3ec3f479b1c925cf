// Command portico is the whole of Portico in one binary:
//
//	portico dev        everything on one machine: private PostgreSQL and Temporal dev server
//	                   unless DATABASE_URL / TEMPORAL_ADDRESS are set, migrations, demo data,
//	                   then the API with dev login, the worker and the scheduler
//	portico serve      the API and web app (add --dev-login to allow dev login)
//	portico worker     the Temporal worker
//	portico scheduler  the housekeeping scheduler
//	portico migrate    apply database migrations
//	portico temporal-setup schema | namespace
//	                   prepare a Temporal server on PostgreSQL: its schemas; its namespace
//	                   and Portico's search attributes
//	portico seed       add the demo data (idempotent); --demo-run also starts the demo run
//	portico demo-idp   the demo's OpenID provider (the accounts of `portico dev`'s), made
//	                   Acme Oy's single sign-on; --addr host:port
//	portico audit verify  check the events log's hash chains (DATABASE_URL)
//
// Configuration comes from the environment: docs/configuration.md lists it.
//
// As the composition root it may import every Portico package, and builds the
// engine's services on the database; nothing imports it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"portico/config"
)

func main() {
	log := newLogger(os.Getenv("LOG_FORMAT"), os.Stderr)
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	cfg, err := config.FromEnv()
	if err != nil {
		log.Error("configuration", "err", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cmd, args := os.Args[1], os.Args[2:]
	switch cmd {
	case "dev":
		err = runDev(ctx, cfg, log)
	case "serve":
		fs := flag.NewFlagSet("serve", flag.ExitOnError)
		devLogin := fs.Bool("dev-login", cfg.DevLogin, "allow dev login (never in production)")
		_ = fs.Parse(args)
		cfg.DevLogin = *devLogin
		err = runServe(ctx, cfg, log)
	case "worker":
		err = runWorker(ctx, cfg, log)
	case "scheduler":
		err = runScheduler(ctx, cfg, log)
	case "migrate":
		err = runMigrate(ctx, cfg)
	case "temporal-setup":
		err = runTemporalSetup(ctx, cfg, args, log)
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ExitOnError)
		demoRun := fs.Bool("demo-run", false, "then start the demo workflow run as `portico dev` does (needs TEMPORAL_ADDRESS)")
		_ = fs.Parse(args)
		if err = runSeed(ctx, cfg); err == nil && *demoRun {
			err = startDemoRun(ctx, cfg, log)
		}
	case "demo-idp":
		fs := flag.NewFlagSet("demo-idp", flag.ExitOnError)
		addr := fs.String("addr", "127.0.0.1:8090", "where the provider listens")
		_ = fs.Parse(args)
		err = runDemoIdP(ctx, cfg, *addr, log)
	case "audit":
		err = runAudit(ctx, cfg, args, os.Stdout)
	case "help", "-h", "--help":
		usage()
		return
	default:
		usage()
		os.Exit(2)
	}
	if err != nil && ctx.Err() == nil {
		log.Error(cmd+" failed", "err", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: portico dev | serve [--dev-login] | worker | scheduler | migrate | temporal-setup schema|namespace | seed [--demo-run] | demo-idp [--addr] | audit verify")
}
