package dbtest

import (
	"context"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portico/engine/store"
)

// Statement is one statement a traced store sent: one round trip (a batch
// counts once per statement, which over-counts batches).
type Statement struct {
	Conn *pgx.Conn // the connection it went on
	SQL  string
	InTx bool // sent inside a transaction block (after its BEGIN, up to its COMMIT)
}

// Recorder is a pgx tracer that records every statement sent.
type Recorder struct {
	mu   sync.Mutex
	list []Statement
}

// TraceQueryStart records the statement.
func (r *Recorder) TraceQueryStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.list = append(r.list, Statement{Conn: conn, SQL: d.SQL, InTx: conn.PgConn().TxStatus() != 'I'})
	return ctx
}

// TraceQueryEnd does nothing.
func (r *Recorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// Take returns the statements recorded since the last Take and starts afresh.
func (r *Recorder) Take() []Statement {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.list
	r.list = nil
	return out
}

// TracedStore is a store on dsn whose statements r records, closed when the test ends.
func TracedStore(t testing.TB, dsn string) (*store.Store, *Recorder) {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	r := &Recorder{}
	cfg.ConnConfig.Tracer = r
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatalf("dbtest: connect: %v", err)
	}
	t.Cleanup(pool.Close)
	return store.FromPool(pool), r
}
