package api

import (
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"go.temporal.io/api/serviceerror"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Errors of a dependency that is down (PostgreSQL restarting, the Temporal
// server away, the blob store stopped) answer SERVICE_UNAVAILABLE with the key
// service_unavailable: the user learns to try again in a moment, where an
// unexpected failure only says something went wrong.
const (
	codeUnavailable = "SERVICE_UNAVAILABLE"
	keyUnavailable  = "service_unavailable"
)

func dependencyDown(err error) bool {
	if err == nil {
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		// 08: connection exception; 57P01-57P03: the server shutting down or starting.
		return strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03"
	}
	// Temporal's client retries an unavailable frontend until its RPC deadline
	var temporalDown *serviceerror.Unavailable
	var temporalLate *serviceerror.DeadlineExceeded
	if errors.As(err, &temporalDown) || errors.As(err, &temporalLate) {
		return true
	}
	var op *net.OpError
	if errors.As(err, &op) {
		return true
	}
	if pgconn.SafeToRetry(err) {
		return true
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		if s, ok := status.FromError(e); ok && (s.Code() == codes.Unavailable || s.Code() == codes.DeadlineExceeded) {
			return true
		}
	}
	return false
}
