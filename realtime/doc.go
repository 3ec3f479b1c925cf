// Package realtime carries the engine's realtime events (notify.Event) across
// Portico's API processes through PostgreSQL LISTEN/NOTIFY, and hands them to
// this process's subscribers (the WebSocket connections) by user.
//
// PostgreSQL serialises NOTIFY at commit: a database stalls at a few hundred
// notifying transactions a second. So Publish only queues, and one flusher
// sends everything queued since its last round as JSON arrays in as few
// notifications as the 8000-byte payload limit allows, all in one statement.
// When idle, an event leaves at once; under load, rounds are at least
// MinInterval apart, so each process sends a bounded number of NOTIFY
// transactions a second however many writes it serves.
//
// Delivery is at most once: events sent while a listener is reconnecting are
// lost, and clients refetch what they show when their socket reconnects.
// PostgreSQL also folds identical payloads of one transaction into one, so
// duplicate events published in the same round may arrive once.
//
// It imports engine/notify (the events it carries) and pgx; no other Portico package.
package realtime
