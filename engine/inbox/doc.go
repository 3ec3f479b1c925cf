// Package inbox is the shared inbox: threads (inbox tasks), their activity
// stream of messages, attachments and status changes, reactions, per-user read
// state, folder counters, bulk changes and search.
//
// Every call takes an org.Request and learns what the user may do in a
// company only through org.Directory: a thread of a company the user may not
// see, or in a category the user may not read, is RECORD_NOT_FOUND, exactly
// like a thread that does not exist. Every write runs in one transaction that
// also keeps the counter tables (thread_counters, unread_counters) exact,
// writes the events log (category Inbox), and publishes its realtime events
// after the commit.
//
// It imports engine/access, engine/apperr, engine/blob, engine/notify, engine/org,
// engine/store and engine/workflow (a run's tasks); no edge (api, temporal, Temporal's SDK,
// gqlgen, chi: engine/boundary_test.go).
package inbox
