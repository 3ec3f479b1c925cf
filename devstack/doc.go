// Package devstack starts the services Portico needs on a developer's machine
// and in tests, when no external ones are configured: a private PostgreSQL
// cluster built with the machine's own initdb/pg_ctl, and the Temporal CLI's
// dev server.
//
// It imports no Portico package (TestDevstackImportsNoPortico): what it needs of Portico,
// such as Temporal's search attributes, its caller passes in.
package devstack
