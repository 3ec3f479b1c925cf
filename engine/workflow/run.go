package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"portico/engine/apperr"

	"portico/engine/store"
	"portico/engine/workflow/contract"
	"portico/engine/workflow/graph"
)

// This file is what the run's activities call: each function is one
// transaction and safe to call again with the same arguments.

// PermanentError is a failure that retrying cannot fix (a task's category
// is gone from the company, an anchor date the company has no value for):
// the run records it as its failed step's reason.
type PermanentError struct{ Reason string }

func (e *PermanentError) Error() string { return "workflow: " + e.Reason }

func permanent(reason string) error { return &PermanentError{Reason: reason} }

// ErrInstanceNotFound: the run's row is not (yet) visible; its creator
// starts the run before committing, so a retry soon finds it.
var ErrInstanceNotFound = errors.New("workflow: instance not found")

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
func (s *Service) BeginRun(ctx context.Context, id uuid.UUID) (contract.RunPlan, error) {
	var plan contract.RunPlan
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		rc, err := s.runContext(ctx, q, id, true)
		if err != nil {
			return err
		}
		state := rc.wi.State
		if state == contract.StatePending {
			if _, err := q.WorkflowInstanceStart(ctx, store.WorkflowInstanceStartParams{CompanyID: rc.wi.CompanyID,
				ID: rc.wi.ID, TotalStepsCount: int32(rc.parsed.StepCount())}); err != nil {
				return err
			}
			state = contract.StateRunning
		}
		plan = contract.RunPlan{State: state, Structure: rc.version.Structure, Parameters: rc.wi.Parameters}
		plan.Labels, err = s.labels(ctx, q, rc.assignment, &rc.wi, "")
		return err
	})
	return plan, s.runChanged(ctx, id, err)
}

// NewTask is a workflow_task thread a run creates in the inbox.
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
}

// BeginTask marks a task or approval step running and creates its task in the
// inbox, in one transaction: title, description, category, assignee, due
// date from its rule and the country's calendar, and the external actions.
// A retried call answers the task it created; a run that is over answers
// Stopped, and a step done before (a run started again after its Temporal
// execution was lost) its recorded end.
func (s *Service) BeginTask(ctx context.Context, in contract.BeginTaskInput) (contract.BeginTaskResult, error) {
	if s.tasks == nil {
		return contract.BeginTaskResult{}, errNoTasks
	}
	var res contract.BeginTaskResult
	var committed func(context.Context)
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		res, committed = contract.BeginTaskResult{}, nil
		rc, err := s.runContext(ctx, q, in.Instance, true)
		if err != nil {
			return err
		}
		if rc.wi.State == contract.StateCancelled || rc.wi.State == contract.StateCompleted {
			res.Stopped = true
			return nil
		}
		n, ok := rc.parsed.Node(in.Node)
		if !ok || n.Task == nil {
			return permanent("unknown_node")
		}
		if prev, err := q.WorkflowStepGet(ctx, store.WorkflowStepGetParams{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID,
			NodeID: in.Node}); err == nil && (prev.State == contract.StepCompleted || prev.State == contract.StepSkipped) && prev.Outcome != nil {
			res = contract.BeginTaskResult{Done: true, State: prev.State, Outcome: *prev.Outcome}
			return nil
		} else if err != nil && !store.IsNotFound(err) {
			return err
		}
		step, err := q.WorkflowStepBegin(ctx, store.WorkflowStepBeginParams{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID, NodeID: in.Node})
		if err != nil {
			return err
		}
		if step.ThreadID != nil {
			t, err := q.WorkflowTaskThreadGet(ctx, store.WorkflowTaskThreadGetParams{CompanyID: rc.wi.CompanyID, ID: *step.ThreadID})
			if err != nil {
				return err
			}
			res.Thread = t.UUID.String()
			return nil
		}
		open, err := q.WorkflowTaskOpenThread(ctx, store.WorkflowTaskOpenThreadParams{CompanyID: rc.wi.CompanyID,
			WorkflowInstanceID: &rc.wi.ID, NodeID: &in.Node})
		if err == nil {
			res.Thread = open.UUID.String()
			return q.WorkflowStepSetThread(ctx, store.WorkflowStepSetThreadParams{CompanyID: rc.wi.CompanyID,
				InstanceID: rc.wi.ID, NodeID: in.Node, ThreadID: &open.ID})
		} else if !store.IsNotFound(err) {
			return err
		}
		task, err := s.taskFor(ctx, q, rc, n, in.RunStart)
		if err != nil {
			return err
		}
		thread, after, err := s.tasks.CreateWorkflowTask(ctx, q, task)
		if err != nil {
			return inboxError(err)
		}
		res.Thread, committed = thread.String(), after
		return nil
	})
	if err != nil {
		return contract.BeginTaskResult{}, err
	}
	if committed != nil {
		committed(ctx)
	}
	return res, s.runChanged(ctx, in.Instance, nil)
}

// inboxError makes the inbox's catalogue errors (a category the company no
// longer uses, disallowed HTML) permanent: retrying cannot fix them.
func inboxError(err error) error {
	if e, ok := apperr.As(err); ok {
		return permanent("inbox: " + string(e.Code) + ": " + e.Message)
	}
	return err
}

func (s *Service) taskFor(ctx context.Context, q *store.Queries, rc runCtx, n graph.Node, runStart time.Time) (NewTask, error) {
	t := n.Task
	nt := NewTask{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID, NodeID: n.ID, Title: taskTitle(n),
		// an optional task may be skipped; an approval is rejected by skipping it
		// (the inbox's users close or skip; failed and cancelled are the engine's)
		Skippable: (t.Optional && n.Type == graph.NodeTask) || n.Type == graph.NodeApproval}
	if t.Description != "" {
		d := t.Description
		nt.Description = &d
	}
	var ok bool
	if nt.CategoryID, ok = taskCategory(n, rc.workflow); !ok {
		return nt, permanent("invalid_category")
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
	var want valuesWanted
	want.assignee(t.Assignee)
	people, err := loadCompanyValues(ctx, q, []int64{rc.wi.CompanyID}, want)
	if err != nil {
		return nt, err
	}
	nt.ResponsibleID = people.assignee(rc.wi.CompanyID, t.Assignee)
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

// taskTitle is the title of a task node's tasks: its own, or the node's label.
func taskTitle(n graph.Node) string {
	if n.Task.Title != "" {
		return n.Task.Title
	}
	return n.Label
}

// taskCategory is the category of a task node's tasks: its own, or the
// workflow's (false when its own is not a category id).
func taskCategory(n graph.Node, w store.Workflow) (int64, bool) {
	if n.Task.CategoryID == "" {
		return w.CategoryID, true
	}
	id, err := strconv.ParseInt(string(n.Task.CategoryID), 10, 64)
	return id, err == nil
}

// DueInstant is when a task due on a day becomes overdue: the end of that day
// (23:59) in the country's zone.
func DueInstant(d graph.Date, loc *time.Location) time.Time {
	return d.At(graph.TimeOfDay{Hour: 23, Minute: 59}, loc)
}

// TaskStatus reads the status of a step's current task (for runs that check
// on a task they heard nothing about for a long time).
func (s *Service) TaskStatus(ctx context.Context, in contract.StepRef) (contract.TaskChange, error) {
	nodeID := in.Node
	wi, err := s.st.WorkflowInstanceGetByUUID(ctx, in.Instance)
	if err != nil {
		return contract.TaskChange{}, err
	}
	st, err := s.st.WorkflowStepGet(ctx, store.WorkflowStepGetParams{CompanyID: wi.CompanyID, InstanceID: wi.ID, NodeID: nodeID})
	if err != nil {
		return contract.TaskChange{}, err
	}
	if st.ThreadID == nil {
		return contract.TaskChange{NodeID: nodeID}, nil
	}
	t, err := s.st.WorkflowTaskThreadGet(ctx, store.WorkflowTaskThreadGetParams{CompanyID: wi.CompanyID, ID: *st.ThreadID})
	if err != nil {
		return contract.TaskChange{}, err
	}
	return contract.TaskChange{NodeID: nodeID, Thread: t.UUID, Status: t.Status}, nil
}

// FinishStep records a step's end (completed or skipped, with the outcome that
// picked the next edge), marks the steps the run left behind on other branches
// as skipped, and recounts completedStepsCount.
func (s *Service) FinishStep(ctx context.Context, in contract.FinishStepInput) error {
	nodeID, state, outcome := in.Node, in.State, in.Outcome
	return s.runChanged(ctx, in.Instance, s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, in.Instance)
		if err != nil {
			return err
		}
		if wi.State == contract.StateCancelled {
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
		for _, n := range in.LeftBehind {
			if err := q.WorkflowStepFinish(ctx, store.WorkflowStepFinishParams{CompanyID: wi.CompanyID, InstanceID: wi.ID,
				NodeID: n, State: contract.StepSkipped}); err != nil {
				return err
			}
		}
		return q.WorkflowInstanceRecount(ctx, store.WorkflowInstanceRecountParams{CompanyID: wi.CompanyID, ID: wi.ID})
	}))
}

// FailStep records a failed step and marks the run failed, naming the step
// and the reason. The run then waits for a retry or a cancel.
func (s *Service) FailStep(ctx context.Context, in contract.FailStepInput) error {
	nodeID, reason := in.Node, in.Reason
	return s.runChanged(ctx, in.Instance, s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, in.Instance)
		if err != nil {
			return err
		}
		if wi.State == contract.StateCancelled || wi.State == contract.StateCompleted {
			return nil
		}
		if err := q.WorkflowStepFinish(ctx, store.WorkflowStepFinishParams{CompanyID: wi.CompanyID, InstanceID: wi.ID,
			NodeID: nodeID, State: contract.StepFailed, Error: &reason}); err != nil {
			return err
		}
		return q.WorkflowInstanceSetState(ctx, store.WorkflowInstanceSetStateParams{CompanyID: wi.CompanyID, ID: wi.ID,
			State: contract.StateFailed, FailureReason: &reason, FailedNodeID: &nodeID})
	}))
}

// ResumeRun marks a failed run running again (the retry request usually did
// already).
func (s *Service) ResumeRun(ctx context.Context, id uuid.UUID) error {
	return s.runChanged(ctx, id, s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if wi.State != contract.StateFailed {
			return nil
		}
		return q.WorkflowInstanceSetState(ctx, store.WorkflowInstanceSetStateParams{CompanyID: wi.CompanyID, ID: wi.ID, State: contract.StateRunning})
	}))
}

// CompleteRun marks a run completed.
func (s *Service) CompleteRun(ctx context.Context, id uuid.UUID) error {
	return s.runChanged(ctx, id, s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if wi.State == contract.StateCancelled || wi.State == contract.StateCompleted {
			return nil
		}
		if err := q.WorkflowInstanceRecount(ctx, store.WorkflowInstanceRecountParams{CompanyID: wi.CompanyID, ID: wi.ID}); err != nil {
			return err
		}
		return q.WorkflowInstanceSetState(ctx, store.WorkflowInstanceSetStateParams{CompanyID: wi.CompanyID, ID: wi.ID, State: contract.StateCompleted})
	}))
}

// FinishCancel ends a cancelled run: its open tasks cancelled in the inbox,
// its open steps cancelled, its state cancelled (who cancelled it was written
// by the request). Safe to retry.
func (s *Service) FinishCancel(ctx context.Context, id uuid.UUID) error {
	if s.tasks == nil {
		return errNoTasks
	}
	wi, err := s.st.WorkflowInstanceGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return ErrInstanceNotFound
	} else if err != nil {
		return err
	}
	if err := s.tasks.CancelWorkflowTasks(ctx, wi.CompanyID, wi.ID); err != nil {
		return inboxError(err)
	}
	return s.runChanged(ctx, id, s.st.InTx(ctx, func(q *store.Queries) error {
		wi, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if err := q.WorkflowStepCancelOpen(ctx, store.WorkflowStepCancelOpenParams{CompanyID: wi.CompanyID, InstanceID: wi.ID}); err != nil {
			return err
		}
		if wi.State == contract.StateCancelled {
			return nil
		}
		return q.WorkflowInstanceCancel(ctx, store.WorkflowInstanceCancelParams{CompanyID: wi.CompanyID, ID: wi.ID, CancelledBy: wi.CancelledBy})
	}))
}

// BeginWait marks a wait step running and returns when it ends.
func (s *Service) BeginWait(ctx context.Context, in contract.BeginWaitInput) (time.Time, error) {
	nodeID, from := in.Node, in.From
	var until time.Time
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		rc, err := s.runContext(ctx, q, in.Instance, true)
		if err != nil {
			return err
		}
		n, ok := rc.parsed.Node(nodeID)
		if !ok || n.Wait == nil {
			return permanent("unknown_node")
		}
		if prev, err := q.WorkflowStepGet(ctx, store.WorkflowStepGetParams{CompanyID: rc.wi.CompanyID, InstanceID: rc.wi.ID,
			NodeID: nodeID}); err == nil && prev.State == contract.StepCompleted {
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
	return until, s.runChanged(ctx, in.Instance, err)
}

// NextFire computes the first run strictly after the instant after over a
// company workflow's schedule and anchor-date triggers, and records each
// trigger's next run for the UI, or why it has none when its next run cannot
// be computed (logged too; the other triggers still fire).
func (s *Service) NextFire(ctx context.Context, in contract.NextFireInput) (contract.Fire, error) {
	companyWorkflow, after := in.CompanyWorkflow, in.After
	var fire contract.Fire
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
			var next *time.Time
			var broken *string
			if err != nil {
				// a broken trigger must not stop the others: it says why on
				// the company workflow until its data or anchor value is fixed
				s.log.Error("workflow: a trigger's next run cannot be computed", "trigger", t.UUID,
					"company_workflow", companyWorkflow, "err", err)
				broken = ptr(err.Error())
			} else if ok {
				next = &at
				if !fire.Found || at.Before(fire.At) {
					fire = contract.Fire{Found: true, At: at, Trigger: t.UUID}
					if fire.Labels, err = s.labels(ctx, q, a, nil, t.TriggerType); err != nil {
						return err
					}
				}
			}
			if err := q.WorkflowTriggerSetNextRun(ctx, store.WorkflowTriggerSetNextRunParams{CompanyID: t.CompanyID, ID: t.ID,
				NextRunAt: next, NextRunError: broken}); err != nil {
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
func (s *Service) CreateScheduledRun(ctx context.Context, in contract.ScheduledRunInput) (bool, error) {
	companyWorkflow, trigger, instance := in.CompanyWorkflow, in.Trigger, in.Instance
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
			TemporalWorkflowID: contract.TemporalWorkflowID(instance)}); err != nil {
			return fmt.Errorf("workflow: scheduled run: %w", err)
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
		if err := runner.TaskChanged(ctx, r.InstanceUuid, contract.TaskChange{NodeID: r.NodeID, Thread: r.ThreadUuid, Status: r.Status}); err != nil {
			errs = append(errs, err)
		}
	}
	return len(rows) - len(errs), errors.Join(errs...)
}
