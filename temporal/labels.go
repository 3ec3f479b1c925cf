package temporal

import (
	sdktemporal "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"portico/engine/workflow/contract"
)

// label sets a run's or trigger process's memo (company and workflow, so its
// page in the Temporal UI is readable without Portico) and, when the labels
// say the namespace has them registered, Portico's custom search attributes
// (so operators filter runs by company or workflow). Labels come from an
// activity's recorded result, so replays take the same branch.
func label(ctx workflow.Context, l *contract.Labels) error {
	if l == nil {
		return nil
	}
	memo := map[string]any{"company": l.CompanyName, "companyId": l.CompanyID, "workflow": l.WorkflowName,
		"workflowId": l.WorkflowID, "version": l.Version, "triggerType": l.TriggerType}
	if err := workflow.UpsertMemo(ctx, memo); err != nil {
		return err
	}
	if !l.SearchAttributes {
		return nil
	}
	return workflow.UpsertTypedSearchAttributes(ctx,
		sdktemporal.NewSearchAttributeKeyKeyword(contract.SearchCompanyID).ValueSet(l.CompanyID),
		sdktemporal.NewSearchAttributeKeyString(contract.SearchCompanyName).ValueSet(l.CompanyName),
		sdktemporal.NewSearchAttributeKeyKeyword(contract.SearchWorkflowID).ValueSet(l.WorkflowID),
		sdktemporal.NewSearchAttributeKeyString(contract.SearchWorkflowName).ValueSet(l.WorkflowName),
		sdktemporal.NewSearchAttributeKeyInt64(contract.SearchVersion).ValueSet(l.Version),
		sdktemporal.NewSearchAttributeKeyKeyword(contract.SearchTriggerType).ValueSet(l.TriggerType),
	)
}
