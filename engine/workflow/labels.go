package workflow

import (
	"context"

	"portico/engine/store"
	"portico/engine/workflow/contract"
)

// labels names a run (or, with run nil, the trigger process of the
// assignment whose next fire is trigger) for the Temporal UI: company,
// workflow, version and trigger type.
func (s *Service) labels(ctx context.Context, q *store.Queries, a assignment, run *store.WorkflowInstance, triggerType string) (*contract.Labels, error) {
	co, err := q.CompanyGet(ctx, a.cw.CompanyID)
	if err != nil {
		return nil, err
	}
	l := &contract.Labels{CompanyID: co.UUID.String(), CompanyName: co.Name, WorkflowID: a.workflow.UUID.String(),
		WorkflowName: a.workflow.Name, Version: int64(a.version.Version), TriggerType: triggerType, SearchAttributes: s.searchAttributes}
	if run != nil {
		l.TriggerType = TriggerManual
		if run.TriggerID != nil {
			triggers, err := q.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: run.CompanyID, CompanyWorkflowID: run.CompanyWorkflowID})
			if err != nil {
				return nil, err
			}
			for _, t := range triggers {
				if t.ID == *run.TriggerID {
					l.TriggerType = t.TriggerType
				}
			}
		}
	}
	return l, nil
}
