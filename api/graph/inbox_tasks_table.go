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

// inboxSelection is the thread selection of inboxTasks and of the bulk
// mutations' allTasks: one builder, so that a change to "all tasks" touches
// exactly the threads the list shows for the same arguments (tabs included).
func inboxSelection(companyID *string, group *bool, folder string, assignedMe, meCustomers, todo *bool, f *model.InboxFilters) (inbox.Selection, error) {
	sel := inbox.Selection{Group: flag(group), Folder: folder, AssignedMe: flag(assignedMe), MeCustomers: flag(meCustomers), Todo: flag(todo)}
	var err error
	if sel.CompanyID, err = optUUID(companyID, "company"); err != nil {
		return sel, err
	}
	sel.Filters, err = inboxFilters(f)
	return sel, err
}
