// Package docs holds Portico's documentation beside the code (architecture,
// configuration, operations, deploying, benchmarks, security and the
// decisions) and the tests that keep it true: every Markdown link resolves,
// configuration.md lists exactly the variables the code reads, and every Go
// package says in its package comment what it holds and what it may import.
//
// It holds no code; its tests import no Portico package (they read the source).
package docs
