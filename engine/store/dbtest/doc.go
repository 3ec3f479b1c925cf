// Package dbtest gives tests a real PostgreSQL database: a fresh one per test
// package, cloned from a migrated template. The server is DATABASE_URL (or
// PORTICO_TEST_DATABASE_URL) when set, else a private cluster in var/testpg
// that the first test starts and later runs reuse.
//
// It imports devstack, engine/store and migrations; only tests (and demo/inboxscale's
// benchmark seeding) import it.
package dbtest
