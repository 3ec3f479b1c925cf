// Package audit reads the events log: the page behind GET /api/events_log
// (spec 000 §7, 002 §2.16, §7 "Other calls") and the verification of its hash
// chains (`portico audit verify`).
//
// Every write in Portico records an entry (engine packages call
// store.EventLogAdd in their own transaction). The database chains each entry
// to the previous one of its company as it is inserted (migration 00065), so
// writing an event costs no extra round trip; Verify recomputes the chains here,
// independently of the database's function, and reports the first broken link.
//
// It imports engine/access, engine/apperr, engine/org and engine/store; no edge.
package audit
