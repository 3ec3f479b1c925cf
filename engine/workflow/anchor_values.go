package workflow

import (
	"context"
	"strconv"

	"portico/engine/store"
)

// AnchorValuesChanged tells the trigger process that a company's values of
// anchor-date fields changed, so the anchor-date triggers naming them compute
// their next runs again (updateDynamicFields calls it after its save). It is
// best effort like every trigger change: the process re-reads its triggers on
// its own too.
func (s *Service) AnchorValuesChanged(ctx context.Context, companyID int64, fieldIDs []int64) error {
	if len(fieldIDs) == 0 {
		return nil
	}
	ids := make([]string, len(fieldIDs))
	for i, id := range fieldIDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	cws, err := s.st.CompanyAnchorTriggerWorkflows(ctx, store.CompanyAnchorTriggerWorkflowsParams{CompanyID: companyID, FieldIds: ids})
	if err != nil {
		return err
	}
	for _, cw := range cws {
		s.triggersChanged(ctx, cw)
	}
	return nil
}
