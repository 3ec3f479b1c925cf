// Package workflowtest stands in for Temporal where tests do not run it: the
// workflow engine's requests to Temporal are accepted and recorded, and the
// runs are left unrun (Temporal's side is tested in temporal/ and worker/).
//
// It imports engine/workflow/contract only; only tests import it.
package workflowtest
