// Package mail holds Portico's e-mail: who is told what and how (notification
// settings), the mails that go out for inbox events, digests and daily
// summaries, and the mail that comes in to a category's alias.
//
// It imports engine/apperr, engine/notify, engine/org and engine/store; sending and
// Temporal are its callers' (temporal/, activities/), behind its interfaces.
package mail
