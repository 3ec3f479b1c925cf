package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"

	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// This file is what the run's activities call: each function is one
// transaction and safe to call again with the same arguments.

// PermanentError is a failure that retrying cannot fix (a task's category
// is gone from the company, an anchor date the company has no value for):
// the run records it as its failed step's reason.
type PermanentError struct{ Reason string }

func (e *PermanentError) Error() string { return "workflows: " + e.Reason }

func permanent(reason string) error { return &PermanentError{Reason: reason} }

// ErrRunGone: the run's Temporal execution no longer exists (terminated, or
// lost with a dev server's data). A Runner returns it from CancelRun.
var ErrRunGone = errors.New("workflows: the run's Temporal execution is gone")

// ErrInstanceNotFound: the run's row is not (yet) visible; its creator
// starts the run before committing, so a retry soon finds it.
var ErrInstanceNotFound = errors.New("workflows: instance not found")

// RunPlan is what a run needs to walk its graph.
type RunPlan struct {
	State      string          `json:"state"`
	Structure  json.RawMessage `json:"structure"`
	Parameters json.RawMessage `json:"parameters"`
}

type runCtx struct {
	wi store.WorkflowInstance
	assignment
}

func (s *Service) runContext(ctx context.Context, q *store.Queries, id uuid.UUID, lock bool) (runCtx, error) {
	var rc runCtx
	var err error
	if lock {
		rc.wi, err = q.WorkflowInstanceLock(ctx, id)
	} else {
		rc.wi, err = q.WorkflowInstanceGetByUUID(ctx, id)
	}
	if store.IsNotFound(err) {
		return rc, ErrInstanceNotFound
	} else if err != nil {
		return rc, err
	}
	cw, err := q.CompanyWorkflowGet(ctx, store.CompanyWorkflowGetParams{CompanyID: rc.wi.CompanyID, ID: rc.wi.CompanyWorkflowID})
	if err != nil {
		return rc, err
	}
	rc.cw = cw
	if rc.workflow, err = q.WorkflowGet(ctx, rc.wi.WorkflowID); err != nil {
		return rc, err
	}
	if rc.version, err = q.WorkflowVersionGet(ctx, rc.wi.WorkflowVersionID); err != nil {
		return rc, err
	}
	if rc.parsed, err = graph.ParseStructure(rc.version.Structure); err != nil {
		return rc, permanent("invalid_structure")
	}
	if rc.cal, rc.country, err = calendar(ctx, q, cw.CountryID); err != nil {
		return rc, err
	}
	if rc.workflow.ConsiderHolidays {
		rc.holidays = rc.cal
	}
	return rc, nil
}

// BeginRun marks a pending run running and returns its plan. A run found in a
// final state (a duplicate start) is returned as it is.
func (s *Service) BeginRun(ctx context.Context, id uuid.UUID) (RunPlan, error) {
	var plan RunPlan
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		rc, err := s.runContext(ctx, q, id, true)
		if err != nil {
			return err
		}
		state := rc.wi.State
		if state == StatePending {
			if _, err := q.WorkflowInstanceStart(ctx, store.WorkflowInstanceStartParams{CompanyID: rc.wi.CompanyID,
				ID: rc.wi.ID, TotalStepsCount: int32(rc.parsed.StepCount())}); err != nil {
				return err
			}
			state = StateRunning
		}
		plan = RunPlan{State: state, Structure: rc.version.Structure, Parameters: rc.wi.Parameters}
		return nil
	})
	return plan, err
}

// NewTask is a workflow_task thread to create in the inbox.
type NewTask struct {
	CompanyID       int64
	CategoryID      int64
	InstanceID      int64
	NodeID          string
	Title           string
	Description     *string
	DueDate         *time.Time
	ResponsibleID   *int64
	Skippable       bool
	ExternalActions json.RawMessage
	// DueDateMoved lists the weekend days and holidays the due date was moved over.
	DueDateMoved []graph.NonBusinessDay
}

// TaskPlan is what BeginTask decided: the task to create, or the one that
// already exists (a retried activity), or nothing when the run is over, or
// the step's recorded end when it was done before (a run started again after
// its Temporal execution was lost walks past the steps already done).
type TaskPlan struct {
	Task     NewTask
	Existing *uuid.UUID
	Stopped  bool
	Done     bool
	State    string
	Outcome  string
}

// BeginTask marks a task or approval step running and works out its task:
// title, description, category, assignee, due date from its rule and the
// country's calendar, and the external actions.
func (s *Service) BeginTask(ctx context.Context, id uuid.UUID, nodeID string, runStart time.Time) (TaskPlan, error) {
	var plan TaskPlan
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		rc, err := s.runContext(ctx, q, id, true)
		if err != nil {
			return err
		}
		if rc.wi.State == StateCancelled || rc.wi.State == StateCompleted {
			plan.Stopped = true
			return nil
		}
		n, ok := rc.parsed.Node(nodeID)
		if !ok || n.Task == nil {
			return permanent("unknown_node")
		}
		if prev, err := q.WorkflowStepGet(ctx, store.WorkflowStepGetParams{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID,
			NodeID: nodeID}); err == nil && (prev.State == StepCompleted || prev.State == StepSkipped) && prev.Outcome != nil {
			plan = TaskPlan{Done: true, State: prev.State, Outcome: *prev.Outcome}
			return nil
		} else if err != nil && !store.IsNotFound(err) {
			return err
		}
		step, err := q.WorkflowStepBegin(ctx, store.WorkflowStepBeginParams{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID, NodeID: nodeID})
		if err != nil {
			return err
		}
		if step.ThreadID != nil {
			t, err := q.WorkflowTaskThreadGet(ctx, store.WorkflowTaskThreadGetParams{CompanyID: rc.wi.CompanyID, ID: *step.ThreadID})
			if err != nil {
				return err
			}
			plan.Existing = &t.UUID
			return nil
		}
		open, err := q.WorkflowTaskOpenThread(ctx, store.WorkflowTaskOpenThreadParams{CompanyID: rc.wi.CompanyID,
			WorkflowInstanceID: &rc.wi.ID, NodeID: &nodeID})
		if err == nil {
			plan.Existing = &open.UUID
			return q.WorkflowStepSetThread(ctx, store.WorkflowStepSetThreadParams{CompanyID: rc.wi.CompanyID,
				InstanceID: rc.wi.ID, NodeID: nodeID, ThreadID: &open.ID})
		} else if !store.IsNotFound(err) {
			return err
		}
		plan.Task, err = s.taskFor(ctx, q, rc, n, runStart)
		return err
	})
	return plan, err
}

func (s *Service) taskFor(ctx context.Context, q *store.Queries, rc runCtx, n graph.Node, runStart time.Time) (NewTask, error) {
	t := n.Task
	nt := NewTask{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID, NodeID: n.ID, Title: t.Title,
		CategoryID: rc.workflow.CategoryID,
		// an optional task may be skipped; an approval is rejected by skipping it
		// (the inbox's users close or skip; failed and cancelled are the engine's)
		Skippable: (t.Optional && n.Type == graph.NodeTask) || n.Type == graph.NodeApproval}
	if nt.Title == "" {
		nt.Title = n.Label
	}
	if t.Description != "" {
		d := t.Description
		nt.Description = &d
	}
	if t.CategoryID != "" {
		id, err := strconv.ParseInt(string(t.CategoryID), 10, 64)
		if err != nil {
			return nt, permanent("invalid_category")
		}
		nt.CategoryID = id
	}
	cats, err := q.CompanyCategoryList(ctx, []int64{rc.wi.CompanyID})
	if err != nil {
		return nt, err
	}
	found := false
	for _, c := range cats {
		found = found || (c.Category.ID == nt.CategoryID && c.Category.Active)
	}
	if !found {
		return nt, permanent("invalid_category")
	}
	switch t.Assignee.Type {
	case graph.AssignResponsible:
		if uid, err := q.WorkflowTaskResponsible(ctx, rc.wi.CompanyID); err == nil {
			nt.ResponsibleID = &uid
		} else if !store.IsNotFound(err) {
			return nt, err
		}
	case graph.AssignUser:
		if u, err := uuid.Parse(string(t.Assignee.UserID)); err == nil {
			uid, err := q.WorkflowTaskStaffMember(ctx, store.WorkflowTaskStaffMemberParams{CompanyID: rc.wi.CompanyID, UserUuid: u})
			if err == nil {
				nt.ResponsibleID = &uid
			} else if !store.IsNotFound(err) {
				return nt, err
			}
		}
	}
	if t.DueDate != nil {
		loc := zone(rc.country.Code)
		var field *graph.AnchorDate
		if t.DueDate.DynamicFieldID != "" {
			if field, err = anchorValue(ctx, q, rc.wi.CompanyID, t.DueDate.DynamicFieldID); err != nil {
				return nt, err
			}
		}
		res, ok, err := t.DueDate.Resolve(graph.DateOf(runStart.In(loc)), field, rc.holidays)
		if err != nil {
			return nt, permanent("missing_anchor_date_value")
		}
		if ok {
			due := DueInstant(res.Date, loc)
			nt.DueDate = &due
			nt.DueDateMoved = res.Moved
		}
	}
	actions := []map[string]string{}
	for _, app := range t.Applications {
		for _, a := range app.Actions {
			actions = append(actions, map[string]string{"id": string(app.ID), "actionKey": a, "label": actionLabel(string(app.ID), a)})
		}
	}
	nt.ExternalActions, err = json.Marshal(actions)
	return nt, err
}

// DueInstant is when a task due on a day becomes overdue: the end of that day
// (23:59) in the country's zone.
func DueInstant(d graph.Date, loc *time.Location) time.Time {
	return d.At(graph.TimeOfDay{Hour: 23, Minute: 59}, loc)
}

// AttachTask records the task a step created.
func (s *Service) AttachTask(ctx context.Context, id uuid.UUID, nodeID string, thread uuid.UUID) error {
	wi, err := s.st.WorkflowInstanceGetByUUID(ctx, id)
	if err != nil {
		return err
	}
	t, err := s.st.WorkflowTaskThreadByUUID(ctx, thread)
	if err != nil {
		return err
	}
	return s.st.WorkflowStepSetThread(ctx, store.WorkflowStepSetThreadParams{CompanyID: wi.CompanyID, InstanceID: wi.ID,
		NodeID: nodeID, ThreadID: &t.ID})
}

// TaskStatus reads the status of a step's current task (for runs that check
// on a task they heard nothing about for a long time).
func (s *Service) TaskStatus(ctx context.Context, id uuid.UUID, nodeID string) (TaskChange, error) {
	wi, err := s.st.WorkflowInstanceGetByUUID(ctx, id)
	if err != nil {
		return TaskChange{}, err
	}
	st, err := s.st.WorkflowStepGet(ctx, store.WorkflowStepGetParams{CompanyID: wi.CompanyID, InstanceID: wi.ID, NodeID: nodeID})
	if err != nil {
		return TaskChange{}, err
	}
	if st.ThreadID == nil {
		return TaskChange{NodeID: nodeID}, nil
	}
	t, err := s.st.WorkflowTaskThreadGet(ctx, store.WorkflowTaskThreadGetParams{CompanyID: wi.CompanyID, ID: *st.ThreadID})
	if err != nil {
		return TaskChange{}, err
	}
	return TaskChange{NodeID: nodeID, Thread: t.UUID, Status: t.Status}, nil
}

// Step states.
const (
	StepRunning   = "running"
	StepCompleted = "completed"
	StepSkipped   = "skipped"
	StepFailed    = "failed"
)

// FinishStep records a step's end (completed or skipped, with the outcome that
// picked the next edge), marks the steps the run left behind on other branches
// as skipped, and recounts completedStepsCount.
func (s *Service) FinishStep(ctx context.Context, id uuid.UUID, nodeID, state, outcome string, leftBehind []string) error {
	return s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if wi.State == StateCancelled {
			return nil
		}
		var out *string
		if outcome != "" {
			out = &outcome
		}
		if nodeID != "" {
			if err := q.WorkflowStepFinish(ctx, store.WorkflowStepFinishParams{CompanyID: wi.CompanyID, InstanceID: wi.ID,
				NodeID: nodeID, State: state, Outcome: out}); err != nil {
				return err
			}
		}
		for _, n := range leftBehind {
			if err := q.WorkflowStepFinish(ctx, store.WorkflowStepFinishParams{CompanyID: wi.CompanyID, InstanceID: wi.ID,
				NodeID: n, State: StepSkipped}); err != nil {
				return err
			}
		}
		return q.WorkflowInstanceRecount(ctx, store.WorkflowInstanceRecountParams{CompanyID: wi.CompanyID, ID: wi.ID})
	})
}

// FailStep records a failed step and marks the run failed, naming the step
// and the reason. The run then waits for a retry or a cancel.
func (s *Service) FailStep(ctx context.Context, id uuid.UUID, nodeID, reason string) error {
	return s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if wi.State == StateCancelled || wi.State == StateCompleted {
			return nil
		}
		if err := q.WorkflowStepFinish(ctx, store.WorkflowStepFinishParams{CompanyID: wi.CompanyID, InstanceID: wi.ID,
			NodeID: nodeID, State: StepFailed, Error: &reason}); err != nil {
			return err
		}
		return q.WorkflowInstanceSetState(ctx, store.WorkflowInstanceSetStateParams{CompanyID: wi.CompanyID, ID: wi.ID,
			State: StateFailed, FailureReason: &reason, FailedNodeID: &nodeID})
	})
}

// ResumeRun marks a failed run running again (the retry request usually did
// already).
func (s *Service) ResumeRun(ctx context.Context, id uuid.UUID) error {
	return s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if wi.State != StateFailed {
			return nil
		}
		return q.WorkflowInstanceSetState(ctx, store.WorkflowInstanceSetStateParams{CompanyID: wi.CompanyID, ID: wi.ID, State: StateRunning})
	})
}

// CompleteRun marks a run completed.
func (s *Service) CompleteRun(ctx context.Context, id uuid.UUID) error {
	return s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if wi.State == StateCancelled || wi.State == StateCompleted {
			return nil
		}
		if err := q.WorkflowInstanceRecount(ctx, store.WorkflowInstanceRecountParams{CompanyID: wi.CompanyID, ID: wi.ID}); err != nil {
			return err
		}
		return q.WorkflowInstanceSetState(ctx, store.WorkflowInstanceSetStateParams{CompanyID: wi.CompanyID, ID: wi.ID, State: StateCompleted})
	})
}

// RunIDs returns the internal ids of a run (company, instance), for the task
// creator's cancel.
func (s *Service) RunIDs(ctx context.Context, id uuid.UUID) (companyID, instanceID int64, err error) {
	wi, err := s.st.WorkflowInstanceGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return 0, 0, ErrInstanceNotFound
	}
	return wi.CompanyID, wi.ID, err
}

// FinishCancel records a cancelled run: its open steps cancelled, its state
// cancelled (who cancelled it was written by the request).
func (s *Service) FinishCancel(ctx context.Context, id uuid.UUID) error {
	return s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if err := q.WorkflowStepCancelOpen(ctx, store.WorkflowStepCancelOpenParams{CompanyID: wi.CompanyID, InstanceID: wi.ID}); err != nil {
			return err
		}
		if wi.State == StateCancelled {
			return nil
		}
		return q.WorkflowInstanceCancel(ctx, store.WorkflowInstanceCancelParams{CompanyID: wi.CompanyID, ID: wi.ID, CancelledBy: wi.CancelledBy})
	})
}

// BeginWait marks a wait step running and returns when it ends.
func (s *Service) BeginWait(ctx context.Context, id uuid.UUID, nodeID string, from time.Time) (time.Time, error) {
	var until time.Time
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		rc, err := s.runContext(ctx, q, id, true)
		if err != nil {
			return err
		}
		n, ok := rc.parsed.Node(nodeID)
		if !ok || n.Wait == nil {
			return permanent("unknown_node")
		}
		if prev, err := q.WorkflowStepGet(ctx, store.WorkflowStepGetParams{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID,
			NodeID: nodeID}); err == nil && prev.State == StepCompleted {
			until = from // waited before
			return nil
		} else if err != nil && !store.IsNotFound(err) {
			return err
		}
		if _, err := q.WorkflowStepBegin(ctx, store.WorkflowStepBeginParams{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID, NodeID: nodeID}); err != nil {
			return err
		}
		var field *graph.AnchorDate
		if n.Wait.DynamicFieldID != "" {
			if field, err = anchorValue(ctx, q, rc.wi.CompanyID, n.Wait.DynamicFieldID); err != nil {
				return err
			}
		}
		until, _, err = n.Wait.Until(from.In(zone(rc.country.Code)), field, rc.holidays)
		if err != nil {
			return permanent("missing_anchor_date_value")
		}
		return nil
	})
	return until, err
}

// Fire is the next time a company workflow's triggers start a run.
type Fire struct {
	// Gone: the company workflow was unassigned; its trigger process ends.
	Gone bool `json:"gone"`
	// Found: some trigger has a next run (else the process waits for a change).
	Found   bool      `json:"found"`
	At      time.Time `json:"at"`
	Trigger uuid.UUID `json:"trigger"`
}

// NextFire computes the first run strictly after the instant after over a
// company workflow's schedule and anchor-date triggers, and records each
// trigger's next run for the UI.
func (s *Service) NextFire(ctx context.Context, companyWorkflow uuid.UUID, after time.Time) (Fire, error) {
	var fire Fire
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		cw, err := q.CompanyWorkflowGetByUUID(ctx, companyWorkflow)
		if store.IsNotFound(err) {
			fire.Gone = true
			return nil
		} else if err != nil {
			return err
		}
		a, err := s.loadAssignment(ctx, q, cw)
		if err != nil {
			return err
		}
		triggers, err := q.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: cw.CompanyID, CompanyWorkflowID: cw.ID})
		if err != nil {
			return err
		}
		for _, t := range triggers {
			if t.TriggerType == TriggerManual {
				continue
			}
			at, ok, err := s.nextOfTrigger(ctx, q, a, t.TriggerType, t.Data, after)
			if err != nil {
				ok = false
			}
			var next *time.Time
			if ok {
				next = &at
				if !fire.Found || at.Before(fire.At) {
					fire = Fire{Found: true, At: at, Trigger: t.UUID}
				}
			}
			if err := q.WorkflowTriggerSetNextRun(ctx, store.WorkflowTriggerSetNextRunParams{CompanyID: t.CompanyID, ID: t.ID,
				NextRunAt: next}); err != nil {
				return err
			}
		}
		return nil
	})
	return fire, err
}

// CreateScheduledRun writes the instance a trigger starts at its time, with the
// id the trigger process chose (so a retried activity writes it once). It
// returns false when the company workflow or the trigger is gone.
func (s *Service) CreateScheduledRun(ctx context.Context, companyWorkflow, trigger, instance uuid.UUID) (bool, error) {
	created := false
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		cw, err := q.CompanyWorkflowGetByUUID(ctx, companyWorkflow)
		if store.IsNotFound(err) {
			return nil
		} else if err != nil {
			return err
		}
		if _, err := q.CompanyWorkflowLock(ctx, store.CompanyWorkflowLockParams{CompanyID: cw.CompanyID, ID: cw.ID}); err != nil {
			return err
		}
		if existing, err := q.WorkflowInstanceGetByUUID(ctx, instance); err == nil {
			created = existing.CompanyWorkflowID == cw.ID
			return nil
		} else if !store.IsNotFound(err) {
			return err
		}
		t, err := q.WorkflowTriggerGetByUUID(ctx, trigger)
		if store.IsNotFound(err) || (err == nil && t.CompanyWorkflowID != cw.ID) {
			return nil
		} else if err != nil {
			return err
		}
		a, err := s.loadAssignment(ctx, q, cw)
		if err != nil {
			return err
		}
		if _, err := q.WorkflowInstanceCreate(ctx, store.WorkflowInstanceCreateParams{CompanyID: cw.CompanyID, UUID: instance,
			CompanyWorkflowID: cw.ID, WorkflowID: cw.WorkflowID, WorkflowVersionID: a.version.ID, TriggerID: &t.ID,
			Parameters: json.RawMessage("{}"), TotalStepsCount: int32(a.parsed.StepCount()),
			TemporalWorkflowID: TemporalWorkflowID(instance)}); err != nil {
			return fmt.Errorf("workflows: scheduled run: %w", err)
		}
		created = true
		return nil
	})
	return created, err
}

// TimedCompanyWorkflows lists the company workflows that have a schedule or
// anchor-date trigger (the scheduler makes sure their trigger processes run).
func (s *Service) TimedCompanyWorkflows(ctx context.Context) ([]uuid.UUID, error) {
	return s.st.CompanyWorkflowTimed(ctx)
}

// ReconcileTriggers makes sure every company workflow with a timed trigger
// has its trigger process running and reading its current triggers.
func (s *Service) ReconcileTriggers(ctx context.Context) (int, error) {
	runner, err := s.run()
	if err != nil {
		return 0, err
	}
	ids, err := s.TimedCompanyWorkflows(ctx)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, id := range ids {
		if err := runner.TriggersChanged(ctx, id); err != nil {
			errs = append(errs, err)
		}
	}
	return len(ids) - len(errs), errors.Join(errs...)
}

// SweepEndedTasks tells runs again about tasks the inbox finished while
// their steps still wait (a status-change signal lost, or an inbox that does
// not call TaskStatusChanged). A run ignores a signal it has already acted on.
func (s *Service) SweepEndedTasks(ctx context.Context) (int, error) {
	runner, err := s.run()
	if err != nil {
		return 0, err
	}
	rows, err := s.st.WorkflowStepEndedTasks(ctx, 500)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, r := range rows {
		if err := runner.TaskChanged(ctx, r.InstanceUuid, TaskChange{NodeID: r.NodeID, Thread: r.ThreadUuid, Status: r.Status}); err != nil {
			errs = append(errs, err)
		}
	}
	return len(rows) - len(errs), errors.Join(errs...)
}
