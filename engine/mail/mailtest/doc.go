// Package mailtest is a real SMTP server for tests (emersion/go-smtp): it
// keeps every mail it accepts, parsed, so a test reads what was sent.
//
// It imports no Portico package; only tests import it.
package mailtest
