package inbox

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"portico/engine/store"
)

// customPlans sends every statement as an unnamed statement (pgx's
// describe-cache mode: still one round trip), which PostgreSQL plans with the
// actual values each time. The list, counter and
// search queries need that: their arrays (a viewer's companies, which may be
// a thousand or one) and their words (common or rare) decide the right plan,
// and a cached generic plan, made without the values, picks badly for one or
// the other.
type customPlans struct{ db store.DBTX }

func (c customPlans) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return c.db.Exec(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c customPlans) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.db.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c customPlans) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return c.db.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c customPlans) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return c.db.SendBatch(ctx, b)
}

// planned is the store's queries, planned with their values (customPlans).
func planned(db store.DBTX) *store.Queries { return store.New(customPlans{db}) }

// inOrder runs fn in a read transaction that prefers reading in index order
// (SearchPreferOrder), for common words.
func (s *Service) inOrder(ctx context.Context, fn func(q *store.Queries) error) error {
	return s.readWith(ctx, (*store.Queries).SearchPreferOrder, fn)
}

// byIndex runs fn in a read transaction that finds words through the text
// indexes (SearchPreferIndex).
func (s *Service) byIndex(ctx context.Context, fn func(q *store.Queries) error) error {
	return s.readWith(ctx, (*store.Queries).SearchPreferIndex, fn)
}

func (s *Service) readWith(ctx context.Context, set func(*store.Queries, context.Context) error, fn func(q *store.Queries) error) error {
	tx, err := s.st.Pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	q := planned(tx)
	if err := set(q, ctx); err != nil {
		return err
	}
	if err := fn(q); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
