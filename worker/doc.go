// Package worker wires Portico's Temporal workflows and activities into a
// Temporal worker on the task queue.
//
// It imports activities, temporal, engine/mail (the mail.Metrics its counters implement) and logctx; never
// api/ or engine/store.
package worker
