package workflow

import (
	"context"

	"github.com/google/uuid"

	"portico/engine/notify"
)

// RunEventKey is the realtime key of a change to a run: its state, or one of
// its steps began, ended or failed. Data: uuid (the run), companyId, state,
// completedStepsCount, totalStepsCount.
const RunEventKey = "workflow_instance.update"

// runChanged tells the company's staff who may read runs, and the global
// admins, that a run changed, after the change committed (err nil). A failure
// to find the audience only loses the event; err is returned as it is.
func (s *Service) runChanged(ctx context.Context, id uuid.UUID, err error) error {
	if err != nil || s.pub == nil {
		return err
	}
	wi, gerr := s.st.WorkflowInstanceGetByUUID(ctx, id)
	if gerr != nil {
		return nil
	}
	users, gerr := s.st.WorkflowRunAudience(ctx, wi.CompanyID)
	if gerr != nil || len(users) == 0 {
		return nil
	}
	co, gerr := s.st.CompanyGet(ctx, wi.CompanyID)
	if gerr != nil {
		return nil
	}
	s.pub.Publish(ctx, notify.Event{Users: users, Key: RunEventKey, Data: map[string]any{
		"uuid": wi.UUID, "companyId": co.UUID, "state": wi.State,
		"completedStepsCount": wi.CompletedStepsCount, "totalStepsCount": wi.TotalStepsCount,
	}})
	return nil
}
