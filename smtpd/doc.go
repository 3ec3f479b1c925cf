// Package smtpd is the inbound SMTP listener (emersion/go-smtp): a thin edge
// over engine/inbound, which decides about and writes every mail. One
// recipient per transaction, so that a mail is taken in whole or refused whole.
//
// It imports engine/inbound and no other Portico package.
package smtpd
