// Package inbound takes mail sent to the companies' category aliases into the
// inbox (spec 002 §2.10, issue 16): a mail to alias@MAIL_DOMAIN of an enabled
// company category opens a thread in that category, a reply (In-Reply-To,
// References or a thread's reply address) lands in its thread. The SMTP
// listener (package smtpd) is a thin edge over Service: it asks Recipient at
// RCPT and Deliver at DATA, and answers what they refuse with the Refusal's
// SMTP code.
//
// It imports engine/apperr, engine/inbox, engine/org and engine/store; no edge.
package inbound
