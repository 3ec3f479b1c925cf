// Package viewer carries the signed-in user of a request through its context.
//
// It imports engine/org (the viewer's org.Request) and no other Portico package.
package viewer
