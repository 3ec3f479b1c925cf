package api

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"go.temporal.io/api/serviceerror"
)

// timeout is a network timeout, as net's own.
type timeout struct{}

func (timeout) Error() string   { return "i/o timeout" }
func (timeout) Timeout() bool   { return true }
func (timeout) Temporary() bool { return true }

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
		{"a connection refused", &net.OpError{Op: "dial", Net: "tcp", Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}, true},
		{"a connection reset", fmt.Errorf("get: %w", &net.OpError{Op: "read", Net: "tcp", Err: &os.SyscallError{Syscall: "read", Err: syscall.ECONNRESET}}), true},
		{"a timeout dialing", &net.OpError{Op: "dial", Net: "tcp", Err: timeout{}}, true},
		{"a host unreachable", &net.OpError{Op: "dial", Net: "tcp", Err: &os.SyscallError{Syscall: "connect", Err: syscall.EHOSTUNREACH}}, true},
		{"a network unreachable on write", &net.OpError{Op: "write", Net: "tcp", Err: &os.SyscallError{Syscall: "write", Err: syscall.ENETUNREACH}}, true},
		{"a write on a connection closed here", &net.OpError{Op: "write", Net: "tcp", Err: net.ErrClosed}, false},
		{"a dial cancelled by the client", fmt.Errorf("put: %w", &net.OpError{Op: "dial", Net: "tcp", Err: context.Canceled}), false},
		{"a read cancelled by the client", &net.OpError{Op: "read", Net: "tcp", Err: context.Canceled}, false},
		{"a read timing out (not dialing)", &net.OpError{Op: "read", Net: "tcp", Err: timeout{}}, false},
	} {
		if got := dependencyDown(c.err); got != c.down {
			t.Errorf("%s: dependencyDown = %v, want %v", c.name, got, c.down)
		}
	}
}
