package demo

import (
	"context"
	"fmt"

	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow"
)

// StartRun starts a run of the demo workflow in Acme Oy, as the global admin
// in the admin panel, unless one is open already (then started is false), so
// that `portico dev` has its tasks in Acme Oy's inbox and the run in the
// Temporal UI from the first start. The demo data must be seeded.
func StartRun(ctx context.Context, st *store.Store, runs *workflow.Service) (run workflow.InstanceDetail, started bool, err error) {
	w, err := st.WorkflowGetByName(ctx, DemoWorkflowName)
	if err != nil {
		return run, false, fmt.Errorf("demo workflow: %w", err)
	}
	acme, err := st.CompanyGetByName(ctx, "Acme Oy")
	if err != nil {
		return run, false, fmt.Errorf("demo company: %w", err)
	}
	cw, err := st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: acme.ID, WorkflowID: w.ID})
	if err != nil {
		return run, false, fmt.Errorf("demo workflow in Acme Oy: %w", err)
	}
	open, err := st.WorkflowInstanceOpenCount(ctx, store.WorkflowInstanceOpenCountParams{CompanyID: acme.ID, CompanyWorkflowID: cw.ID})
	if err != nil || open > 0 {
		return run, false, err
	}
	admin, err := st.UserGetByEmail(ctx, "admin@portico.test")
	if err != nil {
		return run, false, fmt.Errorf("demo admin: %w", err)
	}
	run, err = runs.Start(ctx, org.Request{User: admin, AdminPanel: true}, cw.UUID, nil)
	return run, err == nil, err
}
