package graph

import (
	"portico/api/graph/model"
	"portico/engine/inbox"
)

// inboxWorkflow fills in the tasks table's workflow columns of a thread.
func inboxWorkflow(m *model.InboxTask, t *inbox.Task) {
	m.WorkflowParameters = make([]*model.InboxWorkflowParameter, 0, len(t.WorkflowParameters))
	if t.Workflow != nil {
		m.Workflow = &model.InboxWorkflow{UUID: t.Workflow.UUID.String(), Name: t.Workflow.Name}
	}
	for _, p := range t.WorkflowParameters {
		m.WorkflowParameters = append(m.WorkflowParameters, &model.InboxWorkflowParameter{Key: p.Key, Label: p.Label, Value: p.Value})
	}
}
