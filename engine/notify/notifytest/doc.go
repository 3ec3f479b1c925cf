// Package notifytest keeps the realtime events a service publishes, for the
// tests that check them.
//
// It imports engine/notify only; only tests import it.
package notifytest
