package api

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"go.temporal.io/api/serviceerror"
)

func TestDependencyDown(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	for _, c := range []struct {
		name string
		err  error
		down bool
	}{
		{"PostgreSQL shutting down", fmt.Errorf("thread: %w", &pgconn.PgError{Code: "57P01"}), true},
		{"PostgreSQL starting", &pgconn.PgError{Code: "57P03"}, true},
		{"a connection lost", &pgconn.PgError{Code: "08006"}, true},
		{"the blob store refusing", fmt.Errorf("put: %w", refused), true},
		{"Temporal away", fmt.Errorf("start run: %w", serviceerror.NewUnavailable("connection refused")), true},
		{"Temporal's RPC deadline passed", serviceerror.NewDeadlineExceeded("context deadline exceeded"), true},
		{"a unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"a cancelled request", context.Canceled, false},
		{"a plain failure", errors.New("boom"), false},
	} {
		if got := dependencyDown(c.err); got != c.down {
			t.Errorf("%s: dependencyDown = %v, want %v", c.name, got, c.down)
		}
	}
}
