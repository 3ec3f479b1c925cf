package mail_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// A message in a thread with 1,000 readers queues its mails in the same two
// statements as one with a single reader.
func TestFanOutRoundTrips(t *testing.T) {
	ctx := context.Background()
	dsn := dbtest.FreshDSN(t)
	cfg, err := pgxpool.ParseConfig(dsn)
	require.NoError(t, err)
	qc := &queryCounter{}
	cfg.ConnConfig.Tracer = qc
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	st := store.FromPool(pool)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `INSERT INTO users (email, name, user_type)
		SELECT 'reader' || i || '@acme.test', 'Reader ' || i, 'customer' FROM generate_series(1, 1000) AS i`)
	require.NoError(t, err)
	var readers []uuid.UUID
	rows, err := pool.Query(ctx, `SELECT uuid FROM users WHERE email LIKE 'reader%@acme.test' ORDER BY id`)
	require.NoError(t, err)
	for rows.Next() {
		var id uuid.UUID
		require.NoError(t, rows.Scan(&id))
		readers = append(readers, id)
	}
	require.NoError(t, rows.Err())
	require.Len(t, readers, 1000)

	svc := inbox.New(st, org.NewDirectory(st), inbox.Options{})
	task, err := svc.CreateTask(ctx, org.Request{User: seed.Users["agent@portico.test"]}, inbox.CreateTaskParams{
		CompanyID: seed.Companies["Acme Oy"].UUID, CategoryID: seed.Categories["Payroll"].ID, Title: "Everyone reads this"})
	require.NoError(t, err)
	outbox := mail.NewOutbox(st, nil, mail.OutboxConfig{})

	one, err := svc.CreateTask(ctx, org.Request{User: seed.Users["agent@portico.test"]}, inbox.CreateTaskParams{
		CompanyID: seed.Companies["Acme Oy"].UUID, CategoryID: seed.Categories["Payroll"].ID, Title: "One reads this"})
	require.NoError(t, err)
	qc.n.Store(0)
	q, err := outbox.FanOut(ctx, mail.ThreadEvent{Kind: mail.EventThreadCreated, ThreadUUID: one.UUID, Readers: readers[:1]})
	require.NoError(t, err)
	require.Equal(t, 1, q.Immediate)
	single := qc.n.Load()

	qc.n.Store(0)
	q, err = outbox.FanOut(ctx, mail.ThreadEvent{Kind: mail.EventThreadCreated, ThreadUUID: task.UUID, Readers: readers})
	require.NoError(t, err)
	require.Equal(t, 1000, q.Immediate, "every reader's default for new threads is at once")
	require.Equal(t, single, qc.n.Load(), "round trips do not grow with the readers")
	require.LessOrEqual(t, qc.n.Load(), int64(5))
}
