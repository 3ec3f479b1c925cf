package dbtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"portico/devstack"
	"portico/engine/store"
	"portico/migrations"
)

// PrivatePort is the port number of the private test cluster's unix socket.
const PrivatePort = 55432

var (
	pkgOnce sync.Once
	pkgDSN  string
	pkgErr  error
)

// DSN returns the connection string of this test package's own database.
func DSN(t testing.TB) string {
	t.Helper()
	pkgOnce.Do(func() { pkgDSN, pkgErr = createDatabase(context.Background()) })
	if pkgErr != nil {
		t.Fatalf("dbtest: %v", pkgErr)
	}
	return pkgDSN
}

// Store returns a store on this test package's database, closed when the test ends.
func Store(t testing.TB) *store.Store {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), DSN(t))
	if err != nil {
		t.Fatalf("dbtest: connect: %v", err)
	}
	t.Cleanup(pool.Close)
	return store.FromPool(pool)
}

// FreshDSN creates a database just for this test and drops it when the test ends.
func FreshDSN(t testing.TB) string {
	t.Helper()
	dsn, err := createDatabase(context.Background())
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(func() { _ = dropDatabase(context.Background(), dsn) })
	return dsn
}

// AdminDSN is the server's maintenance database, starting the private cluster if needed.
func AdminDSN(ctx context.Context) (string, error) {
	for _, env := range []string{"PORTICO_TEST_DATABASE_URL", "DATABASE_URL"} {
		if v := os.Getenv(env); v != "" {
			return withDatabase(v, "postgres")
		}
	}
	root, err := devstack.RepoRoot()
	if err != nil {
		return "", err
	}
	pg, err := devstack.NewPostgres(filepath.Join(root, "var", "testpg"), PrivatePort)
	if err != nil {
		return "", err
	}
	if err := pg.Start(ctx); err != nil {
		return "", err
	}
	return pg.DSN("postgres"), nil
}

func createDatabase(ctx context.Context) (string, error) {
	admin, err := AdminDSN(ctx)
	if err != nil {
		return "", err
	}
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", fmt.Errorf("connect %s: %w", admin, err)
	}
	defer conn.Close(ctx)
	// one process at a time builds the template or copies it
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(74201)"); err != nil {
		return "", err
	}
	defer conn.Exec(ctx, "SELECT pg_advisory_unlock(74201)") //nolint:errcheck
	dropStale(ctx, conn)

	tmpl, err := ensureTemplate(ctx, conn, admin)
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("portico_test_%d_%d", os.Getpid(), rand.Uint32())
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tmpl}.Sanitize()); err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	return withDatabase(admin, name)
}

// ensureTemplate builds a migrated template named after the migrations' hash.
func ensureTemplate(ctx context.Context, conn *pgx.Conn, admin string) (string, error) {
	hash, err := migrationsHash()
	if err != nil {
		return "", err
	}
	tmpl := "portico_tmpl_" + hash
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", tmpl).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return tmpl, nil
	}
	building := tmpl + "_b"
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{building}.Sanitize()); err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{building}.Sanitize()); err != nil {
		return "", err
	}
	dsn, err := withDatabase(admin, building)
	if err != nil {
		return "", err
	}
	if err := store.Migrate(ctx, dsn); err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{building}.Sanitize()+" RENAME TO "+pgx.Identifier{tmpl}.Sanitize()); err != nil {
		return "", err
	}
	return tmpl, nil
}

var testDBName = regexp.MustCompile(`^portico_test_(\d+)_\d+$`)

// dropStale drops databases left by test processes that no longer run.
func dropStale(ctx context.Context, conn *pgx.Conn) {
	rows, err := conn.Query(ctx, "SELECT datname FROM pg_database WHERE datname LIKE 'portico_test_%'")
	if err != nil {
		return
	}
	names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
	for _, name := range names {
		m := testDBName.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		pid, _ := strconv.Atoi(m[1])
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err == nil {
			continue
		}
		_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	}
}

func dropDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(dsn)
	if err != nil {
		return err
	}
	name := u.Path[1:]
	admin, err := withDatabase(dsn, "postgres")
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

func withDatabase(dsn, db string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", fmt.Errorf("parse %q: %w", dsn, err)
	}
	u.Path = "/" + db
	return u.String(), nil
}

func migrationsHash() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		if err != nil {
			return err
		}
		h.Write([]byte(path))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

// FreshStore is a store on a database of this test's own, dropped when it ends.
func FreshStore(t testing.TB) *store.Store {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), FreshDSN(t))
	if err != nil {
		t.Fatalf("dbtest: connect: %v", err)
	}
	t.Cleanup(pool.Close)
	return store.FromPool(pool)
}

// BenchDSN is a database for a benchmark's seeded data: a fresh one (dropped
// when the benchmark ends), or with PORTICO_BENCH_KEEP set the kept database
// name, made once, migrated on every run and never dropped (for measuring
// again and looking at plans without seeding; drop it by hand). kept tells
// which: a kept database may hold the data of an earlier run, which its
// caller checks for.
func BenchDSN(t testing.TB, name string) (dsn string, kept bool) {
	t.Helper()
	if os.Getenv("PORTICO_BENCH_KEEP") == "" {
		return FreshDSN(t), false
	}
	ctx := context.Background()
	admin, err := AdminDSN(ctx)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("dbtest: connect %s: %v", admin, err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	if !exists {
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
			t.Fatalf("dbtest: create %s: %v", name, err)
		}
	}
	if dsn, err = withDatabase(admin, name); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	if err := store.Migrate(ctx, dsn); err != nil {
		t.Fatalf("dbtest: migrate %s: %v", name, err)
	}
	return dsn, true
}

// Conn is a connection or a transaction.
type Conn interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// DropIndexes drops the secondary indexes of tables (those no constraint
// owns) before a bulk load, which is faster with them built after it, and
// returns their definitions (CREATE INDEX statements) to run after the load.
func DropIndexes(t testing.TB, db Conn, tables ...string) []string {
	t.Helper()
	ctx := context.Background()
	rows, err := db.Query(ctx, `SELECT i.indexname, i.indexdef FROM pg_indexes i
		WHERE i.tablename = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`, tables)
	if err != nil {
		t.Fatalf("dbtest: indexes: %v", err)
	}
	type index struct{ name, def string }
	indexes, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (index, error) {
		var x index
		return x, r.Scan(&x.name, &x.def)
	})
	if err != nil {
		t.Fatalf("dbtest: indexes: %v", err)
	}
	defs := make([]string, len(indexes))
	for i, x := range indexes {
		if _, err := db.Exec(ctx, `DROP INDEX `+pgx.Identifier{x.name}.Sanitize()); err != nil {
			t.Fatalf("dbtest: drop index %s: %v", x.name, err)
		}
		defs[i] = x.def
	}
	return defs
}
