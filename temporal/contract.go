package temporal

import (
	"time"
)

// InstanceInput starts a run: the instance's public id, nothing more.
type InstanceInput struct {
	Instance string `json:"instance"`
}

// TriggerInput starts a trigger process: the company workflow's public id,
// and (after continue-as-new) the last run time it fired for.
type TriggerInput struct {
	CompanyWorkflow string    `json:"companyWorkflow"`
	After           time.Time `json:"after,omitzero"`
}

// StepRef names a step of a run.
type StepRef struct {
	Instance string `json:"instance"`
	Node     string `json:"node"`
}

// BeginTaskInput asks for a step's task; RunStart is the day due dates count from.
type BeginTaskInput struct {
	Instance string    `json:"instance"`
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

// BeginWaitInput starts a wait step at From.
type BeginWaitInput struct {
	Instance string    `json:"instance"`
	Node     string    `json:"node"`
	From     time.Time `json:"from"`
}

// FinishStepInput ends a step (Node empty: only the left-behind steps).
type FinishStepInput struct {
	Instance   string   `json:"instance"`
	Node       string   `json:"node"`
	State      string   `json:"state"`
	Outcome    string   `json:"outcome"`
	LeftBehind []string `json:"leftBehind,omitempty"`
}

// FailStepInput records a failed step.
type FailStepInput struct {
	Instance string `json:"instance"`
	Node     string `json:"node"`
	Reason   string `json:"reason"`
}

// NextFireInput asks for a company workflow's next run strictly after After.
type NextFireInput struct {
	CompanyWorkflow string    `json:"companyWorkflow"`
	After           time.Time `json:"after"`
}

// ScheduledRunInput writes the instance a trigger starts.
type ScheduledRunInput struct {
	CompanyWorkflow string `json:"companyWorkflow"`
	Trigger         string `json:"trigger"`
	Instance        string `json:"instance"`
}
