package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/operatorservice/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	tconfig "go.temporal.io/server/common/config"
	tlog "go.temporal.io/server/common/log"
	_ "go.temporal.io/server/common/persistence/sql/sqlplugin/postgresql" // the postgres12 plugin
	"go.temporal.io/server/tools/common/schema"
	tsql "go.temporal.io/server/tools/sql"
	"google.golang.org/protobuf/types/known/durationpb"

	"portico/config"
	"portico/engine/workflow/contract"
)

// The Temporal server's two databases on PostgreSQL, with their embedded
// schemas (go.temporal.io/server/schema), as Temporal's own SQL tool names them.
var temporalSchemas = []struct{ suffix, schema string }{
	{"", "postgresql/v12/temporal"},
	{"_visibility", "postgresql/v12/visibility"},
}

// runTemporalSetup prepares a Temporal server on PostgreSQL for Portico:
//
//	portico temporal-setup schema     creates the databases named by TEMPORAL_DATABASE_URL
//	                                  (its path, and the same with _visibility) and brings
//	                                  their schemas to the server's version; before the server starts
//	portico temporal-setup namespace  registers TEMPORAL_NAMESPACE on TEMPORAL_ADDRESS and
//	                                  Portico's search attributes on it, waiting up to
//	                                  --wait for the server; after it starts
//
// Both are idempotent: a rerun, or a run after an upgrade, adds only what is missing.
func runTemporalSetup(ctx context.Context, cfg config.Config, args []string, log *slog.Logger) error {
	if len(args) == 1 && args[0] == "schema" {
		return temporalSchemaSetup(ctx, cfg.TemporalDatabaseURL, log)
	}
	if len(args) >= 1 && args[0] == "namespace" {
		wait := time.Minute
		if len(args) == 3 && args[1] == "--wait" {
			d, err := time.ParseDuration(args[2])
			if err != nil {
				return fmt.Errorf("--wait: %w", err)
			}
			wait = d
		} else if len(args) != 1 {
			return errors.New("usage: portico temporal-setup namespace [--wait 60s]")
		}
		return temporalNamespaceSetup(ctx, cfg, wait, log)
	}
	return errors.New("usage: portico temporal-setup schema | namespace [--wait 60s]")
}

func temporalSchemaSetup(ctx context.Context, dbURL string, log *slog.Logger) error {
	if dbURL == "" {
		return errors.New("TEMPORAL_DATABASE_URL is not set (postgres://user:password@host:port/temporal)")
	}
	u, err := url.Parse(dbURL)
	if err != nil {
		return fmt.Errorf("TEMPORAL_DATABASE_URL: %w", err)
	}
	base := strings.TrimPrefix(u.Path, "/")
	if base == "" {
		base = "temporal"
	}
	password, _ := u.User.Password()
	for _, s := range temporalSchemas {
		db := base + s.suffix
		// the URL's user needs CREATEDB; it connects to the server's postgres database for this
		admin := *u
		admin.Path = "/postgres"
		if err := ensureDatabase(ctx, admin.String(), db); err != nil {
			return fmt.Errorf("temporal database %s: %w", db, err)
		}
		// the plugin connects without TLS (sslmode=disable) unless given a TLS configuration
		sqlCfg := &tconfig.SQL{PluginName: "postgres12", DatabaseName: db, ConnectAddr: u.Host, ConnectProtocol: "tcp",
			User: u.User.Username(), Password: password}
		if err := applyTemporalSchema(sqlCfg, s.schema); err != nil {
			return fmt.Errorf("temporal database %s: %w", db, err)
		}
		log.Info("temporal schema is current", "database", db, "schema", s.schema)
	}
	return nil
}

// applyTemporalSchema does what `temporal-sql-tool setup-schema -v 0.0` and
// `update-schema --schema-name` do, with the schema embedded in the server
// module: the version tables, version 0.0 on a new database, then every
// versioned change after the database's version.
func applyTemporalSchema(sqlCfg *tconfig.SQL, name string) error {
	logger := tlog.NewNoopLogger()
	conn, err := tsql.NewConnection(sqlCfg, logger)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := conn.CreateSchemaVersionTables(); err != nil {
		return err
	}
	if v, err := conn.ReadSchemaVersion(); err != nil || v == "" {
		// a new database: its schema starts at 0.0 (a read error here is "no row")
		if err := conn.UpdateSchemaVersion("0.0", "0.0"); err != nil {
			return err
		}
	}
	return schema.NewUpdateSchemaTask(conn, &schema.UpdateConfig{DBName: sqlCfg.DatabaseName, SchemaName: name}, logger).Run()
}

// temporalNamespaceSetup waits for the frontend, registers the namespace
// (three days' retention, as the dev server keeps) and adds the search
// attributes it lacks, then waits until the frontend lists them.
func temporalNamespaceSetup(ctx context.Context, cfg config.Config, wait time.Duration, log *slog.Logger) error {
	if cfg.TemporalAddress == "" {
		return errors.New("TEMPORAL_ADDRESS is not set")
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	var tc client.Client
	for {
		c, err := client.DialContext(ctx, client.Options{HostPort: cfg.TemporalAddress, Namespace: cfg.TemporalNamespace,
			Logger: temporalLogger{log}})
		if err == nil {
			if _, err = c.CheckHealth(ctx, &client.CheckHealthRequest{}); err == nil {
				tc = c
				break
			}
			c.Close()
		}
		if ctx.Err() != nil {
			return fmt.Errorf("temporal at %s did not answer within %s: %w", cfg.TemporalAddress, wait, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	defer tc.Close()
	ns := cfg.TemporalNamespace
	_, err := tc.WorkflowService().RegisterNamespace(ctx, &workflowservice.RegisterNamespaceRequest{Namespace: ns,
		WorkflowExecutionRetentionPeriod: durationpb.New(72 * time.Hour)})
	var exists *serviceerror.NamespaceAlreadyExists
	switch {
	case errors.As(err, &exists):
	case err != nil:
		return fmt.Errorf("register namespace %s: %w", ns, err)
	default:
		log.Info("temporal namespace registered", "namespace", ns)
	}
	want := map[string]enumspb.IndexedValueType{}
	for name, typ := range contract.SearchAttributeTypes {
		v, err := enumspb.IndexedValueTypeFromString(typ)
		if err != nil {
			return fmt.Errorf("search attribute %s: %w", name, err)
		}
		want[name] = v
	}
	added := false
	for {
		// the namespace reaches the frontend's cache some seconds after it is registered
		have, err := tc.OperatorService().ListSearchAttributes(ctx, &operatorservice.ListSearchAttributesRequest{Namespace: ns})
		if err == nil {
			missing := map[string]enumspb.IndexedValueType{}
			for _, name := range slices.Sorted(maps.Keys(want)) {
				if _, ok := have.CustomAttributes[name]; !ok {
					missing[name] = want[name]
				}
			}
			if len(missing) == 0 {
				log.Info("temporal search attributes registered", "namespace", ns, "count", len(want))
				return nil
			}
			if !added {
				_, err = tc.OperatorService().AddSearchAttributes(ctx, &operatorservice.AddSearchAttributesRequest{
					Namespace: ns, SearchAttributes: missing})
				added = err == nil
			}
		}
		if ctx.Err() != nil {
			return fmt.Errorf("search attributes on namespace %s: %w", ns, errors.Join(err, ctx.Err()))
		}
		time.Sleep(time.Second)
	}
}
