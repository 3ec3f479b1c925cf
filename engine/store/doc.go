// Package store is Portico's PostgreSQL access: the queries in queries/*.sql,
// the typed code sqlc generates from them, migrations and transactions.
//
// It imports migrations (its schema) and no other Portico package. Outside engine/ only
// cmd/portico, wiring, demo and demo/inboxscale import it, and only demo calls its queries
// (TestStoreStaysInsideTheEngine, TestQueriesStayInsideTheEngine).
package store
