package inbox

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"portico/engine/store"
)

// WorkflowRef is the workflow a workflow thread's run belongs to.
type WorkflowRef struct {
	UUID uuid.UUID
	Name string
}

// WorkflowParameter is one parameter of a thread's run, as the tasks table
// shows it: the declared name (Key) and label, and the run's value as text
// (nil when the run has none).
type WorkflowParameter struct {
	Key   string
	Label string
	Value *string
}

// declaredParameter is a parameter as the start node of a version declares it.
type declaredParameter struct {
	Name  string `json:"name"`
	Label string `json:"label"`
}

// attachWorkflows fills in the run's uuid, workflow and run parameters of the workflow
// threads among tasks (a list page or a search page, where a thread may come
// more than once), in one query whatever their number (none when no thread
// belongs to a run).
func (s *Service) attachWorkflows(ctx context.Context, q *store.Queries, tasks []*Task) error {
	type key struct{ company, id int64 }
	var p store.InboxWorkflowInfoParams
	asked := map[key]bool{}
	for _, t := range tasks {
		t.WorkflowParameters = []WorkflowParameter{}
		if t.WorkflowInstanceID != nil && !asked[key{t.CompanyID, *t.WorkflowInstanceID}] {
			asked[key{t.CompanyID, *t.WorkflowInstanceID}] = true
			p.CompanyIds = append(p.CompanyIds, t.CompanyID)
			p.InstanceIds = append(p.InstanceIds, *t.WorkflowInstanceID)
		}
	}
	if len(p.InstanceIds) == 0 {
		return nil
	}
	rows, err := q.InboxWorkflowInfo(ctx, p)
	if err != nil {
		return err
	}
	byRun := make(map[key]store.InboxWorkflowInfoRow, len(rows))
	for _, r := range rows {
		byRun[key{r.CompanyID, r.ID}] = r
	}
	for _, t := range tasks {
		if t.WorkflowInstanceID == nil {
			continue
		}
		r, ok := byRun[key{t.CompanyID, *t.WorkflowInstanceID}]
		if !ok {
			continue
		}
		t.Workflow = &WorkflowRef{UUID: r.WorkflowUuid, Name: r.WorkflowName}
		run := r.InstanceUuid
		t.WorkflowInstanceUUID = &run
		t.WorkflowParameters = runParameters(r.Declared, r.Parameters)
	}
	return nil
}

// runParameters lists the declared parameters in their order with the run's
// values: strings and dates as they are, numbers and booleans in their JSON
// spelling. A label defaults to the name.
func runParameters(declaredJSON, valuesJSON json.RawMessage) []WorkflowParameter {
	var declared []declaredParameter
	_ = json.Unmarshal(declaredJSON, &declared) // the version was validated when published
	values := map[string]json.RawMessage{}
	_ = json.Unmarshal(valuesJSON, &values)
	out := make([]WorkflowParameter, 0, len(declared))
	for _, d := range declared {
		if d.Name == "" {
			continue
		}
		wp := WorkflowParameter{Key: d.Name, Label: d.Label}
		if wp.Label == "" {
			wp.Label = d.Name
		}
		if raw, ok := values[d.Name]; ok && string(raw) != "null" {
			var text string
			if json.Unmarshal(raw, &text) != nil {
				text = string(raw)
			}
			wp.Value = &text
		}
		out = append(out, wp)
	}
	return out
}
