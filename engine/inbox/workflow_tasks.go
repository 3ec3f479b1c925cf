package inbox

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow"
)

// taskChange is one workflow_task thread's new status.
type taskChange struct {
	thread uuid.UUID
	status string
}

// statusChanged notes a workflow_task thread whose status the write changes.
func (t *tx) statusChanged(cur, next Thread) {
	if next.TaskType == access.TaskTypeWorkflow && cur.Status != next.Status {
		t.taskChanges = append(t.taskChanges, taskChange{thread: next.UUID, status: next.Status})
	}
}

// tellTaskEvents calls the hook once per changed workflow task. A failure is
// logged and never fails the user's change: the scheduler's sweep tells the
// run again (WorkflowStepEndedTasks).
func (s *Service) tellTaskEvents(ctx context.Context, changes []taskChange) {
	if s.taskEvents == nil {
		return
	}
	for _, c := range changes {
		if err := s.taskEvents.TaskStatusChanged(ctx, c.thread, c.status); err != nil {
			s.log.Error("inbox: telling the workflow engine of a task status", "thread", c.thread, "status", c.status, "err", err)
		}
	}
}

var _ workflow.Tasks = (*Service)(nil)

// systemScope is a company as the workflow engine writes in it: every
// category the company uses, no user of its own.
func (s *Service) systemScope(ctx context.Context, q *store.Queries, companyID int64) (*scope, error) {
	c, err := q.CompanyGet(ctx, companyID)
	if store.IsNotFound(err) {
		return nil, apperr.NotFound("company")
	} else if err != nil {
		return nil, fmt.Errorf("inbox: company: %w", err)
	}
	rows, err := q.CompanyCategoryList(ctx, []int64{companyID})
	if err != nil {
		return nil, fmt.Errorf("inbox: categories: %w", err)
	}
	ca := org.CompanyAccess{Company: c}
	for _, r := range rows {
		ca.Categories = append(ca.Categories, r.Category)
	}
	return newScope(&ca), nil
}

// CreateWorkflowTask opens a run's task as a workflow_task thread in the
// workflow engine's transaction q, like CreateTask does for people: folder
// counters, unread for everyone who may read it, the inbox_task.create
// activity, the step's link to the thread and the events log (no user). It
// answers the thread's public id and what to call once q commits, which
// sends inbox_thread.create to its audience. Catalogue errors (a category the
// company does not use, disallowed HTML) cannot be fixed by retrying.
func (s *Service) CreateWorkflowTask(ctx context.Context, q *store.Queries, wt workflow.NewTask) (uuid.UUID, func(context.Context), error) {
	title := wt.Title
	if len([]rune(title)) > 255 {
		title = string([]rune(title)[:255])
	}
	if title == "" {
		return uuid.Nil, nil, apperr.Invalid("title", "required")
	}
	var desc *string
	if wt.Description != nil {
		body, err := Sanitize("description", *wt.Description)
		if err != nil {
			return uuid.Nil, nil, err
		}
		if !body.Empty() {
			desc = &body.HTML
		}
	}
	actions := wt.ExternalActions
	if len(actions) == 0 {
		actions = json.RawMessage("[]")
	}
	var t Thread
	w := &tx{q: q} // the engine's transaction, the inbox's events
	err := func() error {
		sc, err := s.systemScope(ctx, w.q, wt.CompanyID)
		if err != nil {
			return err
		}
		if _, ok := sc.category(wt.CategoryID); !ok {
			return apperr.NotFound("category")
		}
		row, err := w.q.ThreadCreate(ctx, store.ThreadCreateParams{CompanyID: wt.CompanyID, CategoryID: wt.CategoryID,
			TaskType: access.TaskTypeWorkflow, Title: title, Description: desc, Status: StatusCreated, Priority: "medium",
			DueDate: wt.DueDate, ResponsibleID: wt.ResponsibleID, WorkflowInstanceID: &wt.InstanceID,
			WorkflowNodeID: &wt.NodeID, Skippable: wt.Skippable, ExternalActions: actions})
		if err != nil {
			return err
		}
		t = Thread(row)
		if err := countNew(ctx, w.q, t); err != nil {
			return err
		}
		act, err := s.addActivity(ctx, w, t, 0, "inbox_task.create", jsonArgs(map[string]any{"workflowNodeId": wt.NodeID}))
		if err != nil {
			return err
		}
		aud, err := audienceOf(ctx, w.q, sc, t.CategoryID)
		if err != nil {
			return err
		}
		if err := bumpUnread(ctx, w.q, t, act.ID, aud.tracked, nil); err != nil {
			return err
		}
		if err := w.q.WorkflowStepSetThread(ctx, store.WorkflowStepSetThreadParams{CompanyID: t.CompanyID,
			InstanceID: wt.InstanceID, NodeID: wt.NodeID, ThreadID: &t.ID}); err != nil {
			return err
		}
		w.emit(aud.all, "inbox_thread.create", taskData(sc, t))
		return logEvent(ctx, w.q, org.Request{}, t.CompanyID, "task_created",
			map[string]any{"taskId": t.UUID, "title": t.Title, "workflowNodeId": wt.NodeID})
	}()
	if err != nil {
		return uuid.Nil, nil, err
	}
	return t.UUID, func(ctx context.Context) { s.committed(ctx, w) }, nil
}

// cancelTask sets a workflow task cancelled (by its run, or by hiding it).
func cancelTask(next *Thread, now time.Time) {
	next.Status = StatusCancelled
	if next.CompletionDate == nil {
		next.CompletionDate = &now
	}
}

// CancelWorkflowTasks cancels a run's open tasks (created or in progress,
// in the bin too), each like a status change: counters, unread counters, the
// status activity, the events log (no user) and inbox_thread.update. The
// workflow engine itself cancels, so TaskEvents is not told. Safe to retry.
func (s *Service) CancelWorkflowTasks(ctx context.Context, companyID, instanceID int64) error {
	now := s.now()
	m := mutation{action: access.ActionChangeStatus, event: "status_changed", key: "inbox_thread.update", engine: true,
		apply: func(cur Thread, next *Thread) error {
			if openStatus(cur.Status) {
				cancelTask(next, now)
			}
			return nil
		},
		activities: statusEntries,
		logData: func(next Thread) map[string]any {
			return map[string]any{"status": next.Status, "workflowInstanceId": instanceID}
		},
	}
	return s.write(ctx, func(tx *tx) error {
		ids, err := tx.q.ThreadWorkflowOpenIDs(ctx, store.ThreadWorkflowOpenIDsParams{CompanyID: companyID,
			WorkflowInstanceID: &instanceID})
		if err != nil || len(ids) == 0 {
			return err
		}
		sc, err := s.systemScope(ctx, tx.q, companyID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := s.applyLocked(ctx, tx, org.Request{}, sc, companyID, id, m); err != nil {
				return err
			}
		}
		return nil
	})
}
