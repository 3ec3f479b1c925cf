package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"portico/migrations"
)

// Store is a connection pool with the generated queries.
type Store struct {
	Pool *pgxpool.Pool
	*Queries
}

// Open connects to dsn.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: parse DATABASE_URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: ping: %w", err)
	}
	return FromPool(pool), nil
}

// FromPool wraps an existing pool.
func FromPool(pool *pgxpool.Pool) *Store {
	return &Store{Pool: pool, Queries: New(pool)}
}

// Close closes the pool.
func (s *Store) Close() { s.Pool.Close() }

// InTx runs fn in one transaction: committed when fn returns nil, rolled back
// otherwise, so a failed request leaves no half-written state.
func (s *Store) InTx(ctx context.Context, fn func(q *Queries) error) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(s.Queries.WithTx(tx)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// IsNotFound tells whether err is a query that found no row.
func IsNotFound(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// Migrate applies every pending migration to the database at dsn.
func Migrate(ctx context.Context, dsn string) error {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return fmt.Errorf("store: parse DATABASE_URL: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	defer db.Close()
	return migrateDB(ctx, db)
}

func migrateDB(ctx context.Context, db *sql.DB) error {
	files, err := fs.Sub(migrations.FS, ".")
	if err != nil {
		return err
	}
	// out of order: migrations from parallel branches may land with lower numbers
	provider, err := goose.NewProvider(goose.DialectPostgres, db, files, goose.WithAllowOutofOrder(true))
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	return nil
}
