package contract

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
)

// States of an instance (a run).
const (
	StatePending   = "pending"
	StateRunning   = "running"
	StateCompleted = "completed"
	StateFailed    = "failed"
	StateCancelled = "cancelled"
)

// Step states.
const (
	StepRunning   = "running"
	StepCompleted = "completed"
	StepSkipped   = "skipped"
	StepFailed    = "failed"
)

// TemporalWorkflowID is the readable id of an instance's run in Temporal.
func TemporalWorkflowID(instance uuid.UUID) string { return "instance/" + instance.String() }

// TriggerWorkflowID is the readable id of a company workflow's trigger process.
func TriggerWorkflowID(companyWorkflow uuid.UUID) string {
	return "trigger/" + companyWorkflow.String()
}

// ErrRunGone: the run's Temporal execution no longer exists (terminated, or
// lost with a dev server's data). A runner returns it from CancelRun.
var ErrRunGone = errors.New("workflow: the run's Temporal execution is gone")

// InstanceInput starts a run: the instance's public id, nothing more.
type InstanceInput struct {
	Instance uuid.UUID `json:"instance"`
}

// TriggerInput starts a trigger process: the company workflow's public id,
// and (after continue-as-new) the last run time it fired for.
type TriggerInput struct {
	CompanyWorkflow uuid.UUID `json:"companyWorkflow"`
	After           time.Time `json:"after,omitzero"`
}

// RunPlan is what a run needs to walk its graph.
type RunPlan struct {
	State      string          `json:"state"`
	Structure  json.RawMessage `json:"structure"`
	Parameters json.RawMessage `json:"parameters"`
	// Labels name the run for operators in the Temporal UI (memo, and search
	// attributes when registered); nil in plans recorded before they existed.
	Labels *Labels `json:"labels,omitempty"`
}

// Labels say whose a run or trigger process is, for operators who watch
// Temporal without Portico: its memo always, and the custom search
// attributes (SearchAttributes; registered by `portico dev` on its dev
// server, by an operator on a cluster: see docs/deploying.md) when SearchAttributes.
type Labels struct {
	CompanyID        string `json:"companyId"`
	CompanyName      string `json:"companyName"`
	WorkflowID       string `json:"workflowId"`
	WorkflowName     string `json:"workflowName"`
	Version          int64  `json:"version"`
	TriggerType      string `json:"triggerType"`
	SearchAttributes bool   `json:"searchAttributes"`
}

// The custom search attributes Portico sets on its runs and trigger processes.
const (
	SearchCompanyID    = "PorticoCompanyId"    // Keyword
	SearchCompanyName  = "PorticoCompanyName"  // Text
	SearchWorkflowID   = "PorticoWorkflowId"   // Keyword
	SearchWorkflowName = "PorticoWorkflowName" // Text
	SearchVersion      = "PorticoVersion"      // Int
	SearchTriggerType  = "PorticoTriggerType"  // Keyword
)

// SearchAttributeTypes are the custom search attributes with their Temporal
// types, as `temporal operator search-attribute create` and the dev server's
// --search-attribute take them.
var SearchAttributeTypes = map[string]string{
	SearchCompanyID: "Keyword", SearchCompanyName: "Text", SearchWorkflowID: "Keyword",
	SearchWorkflowName: "Text", SearchVersion: "Int", SearchTriggerType: "Keyword",
}

// StepRef names a step of a run.
type StepRef struct {
	Instance uuid.UUID `json:"instance"`
	Node     string    `json:"node"`
}

// BeginTaskInput asks for a step's task; RunStart is the day due dates count from.
type BeginTaskInput struct {
	Instance uuid.UUID `json:"instance"`
	Node     string    `json:"node"`
	RunStart time.Time `json:"runStart"`
}

// BeginTaskResult is the task's thread, or Stopped when the run is over, or
// Done with the step's recorded end when it was done before.
type BeginTaskResult struct {
	Thread  string `json:"thread"`
	Stopped bool   `json:"stopped"`
	Done    bool   `json:"done,omitempty"`
	State   string `json:"state,omitempty"`
	Outcome string `json:"outcome,omitempty"`
}

// TaskChange is a workflow_task thread's new status, as the run hears of it
// (the task-status signal, and the TaskStatus activity's answer).
type TaskChange struct {
	NodeID string    `json:"nodeId"`
	Thread uuid.UUID `json:"thread"`
	Status string    `json:"status"`
}

// BeginWaitInput starts a wait step at From.
type BeginWaitInput struct {
	Instance uuid.UUID `json:"instance"`
	Node     string    `json:"node"`
	From     time.Time `json:"from"`
}

// FinishStepInput ends a step (Node empty: only the left-behind steps).
type FinishStepInput struct {
	Instance   uuid.UUID `json:"instance"`
	Node       string    `json:"node"`
	State      string    `json:"state"`
	Outcome    string    `json:"outcome"`
	LeftBehind []string  `json:"leftBehind,omitempty"`
}

// FailStepInput records a failed step.
type FailStepInput struct {
	Instance uuid.UUID `json:"instance"`
	Node     string    `json:"node"`
	Reason   string    `json:"reason"`
}

// NextFireInput asks for a company workflow's next run strictly after After.
type NextFireInput struct {
	CompanyWorkflow uuid.UUID `json:"companyWorkflow"`
	After           time.Time `json:"after"`
}

// Fire is the next time a company workflow's triggers start a run.
type Fire struct {
	// Gone: the company workflow was unassigned; its trigger process ends.
	Gone bool `json:"gone"`
	// Found: some trigger has a next run (else the process waits for a change).
	Found   bool      `json:"found"`
	At      time.Time `json:"at"`
	Trigger uuid.UUID `json:"trigger"`
	// Labels of the trigger process (nil in fires recorded before they existed).
	Labels *Labels `json:"labels,omitempty"`
}

// ScheduledRunInput writes the instance a trigger starts.
type ScheduledRunInput struct {
	CompanyWorkflow uuid.UUID `json:"companyWorkflow"`
	Trigger         uuid.UUID `json:"trigger"`
	Instance        uuid.UUID `json:"instance"`
}
