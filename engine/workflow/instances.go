package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow/contract"
	"portico/engine/workflow/graph"
)

// Instance is a run of a company workflow.
type Instance struct {
	store.WorkflowInstance
	Company         store.Company
	Workflow        Workflow
	Version         store.WorkflowVersion
	CompanyWorkflow store.CompanyWorkflow
	Category        store.Category
	CancelledBy     *store.User
}

// Step is one step of a run, with the task it created.
type Step struct {
	store.WorkflowInstanceStep
	Thread *uuid.UUID
}

// InstanceDetail is a run with its steps.
type InstanceDetail struct {
	Instance
	Steps []Step
}

// InstanceFilter is the runs list's filter. States accept the spec's two
// readings: pending/todo, running/in_progress, completed/success, failed,
// cancelled.
type InstanceFilter struct {
	CompanyID        *uuid.UUID
	CategoryIDs      []int64
	DateFrom, DateTo *time.Time
	Search           *string
	States           []string
	// WorkflowIDs keeps runs of these workflows (their uuids).
	WorkflowIDs []uuid.UUID
	// LastID is the last run of the previous page: the page after it is read
	// by keyset (Page is then ignored). A run the viewer cannot see, or of
	// another company than CompanyID, is RECORD_NOT_FOUND.
	LastID      *uuid.UUID
	Page, Limit int
}

// InstancePageSize is the runs list's page size.
const InstancePageSize = 50

var stateAliases = map[string]string{"todo": contract.StatePending, "in_progress": contract.StateRunning, "success": contract.StateCompleted,
	"canceled": contract.StateCancelled}

func normalState(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if a, ok := stateAliases[s]; ok {
		return a
	}
	return s
}

// Instances lists one page of runs (50 by default), newest first.
func (s *Service) Instances(ctx context.Context, u store.User, adminPanel bool, f InstanceFilter) ([]Instance, int, error) {
	companies, err := s.companiesWith(ctx, u, adminPanel, access.ActionRead, access.SubjectWorkflowInstance)
	if err != nil {
		return nil, 0, err
	}
	ids := []int64{}
	for _, c := range companies {
		if f.CompanyID == nil || *f.CompanyID == c.Company.UUID {
			ids = append(ids, c.Company.ID)
		}
	}
	if f.CompanyID != nil && len(ids) == 0 {
		if _, err := s.company(ctx, u, adminPanel, *f.CompanyID, access.ActionRead, access.SubjectWorkflowInstance); err != nil {
			return nil, 0, err
		}
	}
	var states []string
	for _, st := range f.States {
		if n := normalState(st); !slices.Contains(states, n) {
			states = append(states, n)
		}
	}
	limit, off := paging(f.Page, f.Limit, InstancePageSize)
	p := store.WorkflowInstanceListParams{CompanyIds: ids, States: nilIfEmpty(states), CategoryIds: nilIfEmpty(f.CategoryIDs),
		WorkflowUuids: nilIfEmpty(f.WorkflowIDs), DateFrom: f.DateFrom, DateTo: f.DateTo, Search: trimmed(f.Search), Lim: limit, Off: off}
	if f.LastID != nil {
		last, err := s.st.WorkflowInstanceGetByUUID(ctx, *f.LastID)
		if store.IsNotFound(err) || (err == nil && !slices.Contains(ids, last.CompanyID)) {
			return nil, 0, apperr.NotFound("workflow_instance")
		} else if err != nil {
			return nil, 0, err
		}
		p.AfterCreatedAt, p.AfterID, p.Off = &last.CreatedAt, &last.ID, 0
	}
	rows, err := s.st.WorkflowInstanceList(ctx, p)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.st.WorkflowInstanceCount(ctx, store.WorkflowInstanceCountParams{CompanyIds: ids, States: p.States,
		CategoryIds: p.CategoryIds, WorkflowUuids: p.WorkflowUuids, DateFrom: p.DateFrom, DateTo: p.DateTo, Search: p.Search})
	if err != nil {
		return nil, 0, err
	}
	out, err := s.decorateInstances(ctx, rows)
	return out, int(total), err
}

// Instance returns a run with its steps. companyID, when given, must be the
// run's company.
func (s *Service) Instance(ctx context.Context, u store.User, adminPanel bool, companyID *uuid.UUID, id uuid.UUID) (InstanceDetail, error) {
	wi, err := s.visibleInstance(ctx, u, adminPanel, companyID, id, access.ActionRead)
	if err != nil {
		return InstanceDetail{}, err
	}
	return s.detail(ctx, wi)
}

func (s *Service) detail(ctx context.Context, wi store.WorkflowInstance) (InstanceDetail, error) {
	list, err := s.decorateInstances(ctx, []store.WorkflowInstance{wi})
	if err != nil {
		return InstanceDetail{}, err
	}
	d := InstanceDetail{Instance: list[0], Steps: []Step{}}
	steps, err := s.st.WorkflowStepList(ctx, store.WorkflowStepListParams{CompanyID: wi.CompanyID, InstanceID: wi.ID})
	if err != nil {
		return d, err
	}
	for _, st := range steps {
		step := Step{WorkflowInstanceStep: st}
		if st.ThreadID != nil {
			t, err := s.st.WorkflowTaskThreadGet(ctx, store.WorkflowTaskThreadGetParams{CompanyID: st.CompanyID, ID: *st.ThreadID})
			if err == nil {
				step.Thread = &t.UUID
			}
		}
		d.Steps = append(d.Steps, step)
	}
	return d, nil
}

// visibleInstance loads a run the viewer may act on; runs of companies they
// cannot see are RECORD_NOT_FOUND.
func (s *Service) visibleInstance(ctx context.Context, u store.User, adminPanel bool, companyID *uuid.UUID, id uuid.UUID, action string) (store.WorkflowInstance, error) {
	wi, err := s.st.WorkflowInstanceGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return wi, apperr.NotFound("workflow_instance")
	} else if err != nil {
		return wi, err
	}
	co, err := s.st.CompanyGet(ctx, wi.CompanyID)
	if err != nil {
		return wi, err
	}
	if companyID != nil && *companyID != co.UUID {
		return wi, apperr.NotFound("workflow_instance")
	}
	if _, err := s.company(ctx, u, adminPanel, co.UUID, action, access.SubjectWorkflowInstance); err != nil {
		if e, ok := apperr.As(err); ok && e.Code == apperr.RecordNotFound {
			return wi, apperr.NotFound("workflow_instance")
		}
		return wi, err
	}
	return wi, nil
}

func (s *Service) decorateInstances(ctx context.Context, rows []store.WorkflowInstance) ([]Instance, error) {
	cats, err := s.st.CategoryList(ctx)
	if err != nil {
		return nil, err
	}
	var versionIDs, cwIDs, workflowIDs []int64
	for _, wi := range rows {
		versionIDs = append(versionIDs, wi.WorkflowVersionID)
		cwIDs = append(cwIDs, wi.CompanyWorkflowID)
		if !slices.Contains(workflowIDs, wi.WorkflowID) {
			workflowIDs = append(workflowIDs, wi.WorkflowID)
		}
	}
	versions, err := s.st.WorkflowVersionGetByIDs(ctx, versionIDs)
	if err != nil {
		return nil, err
	}
	cws, err := s.st.CompanyWorkflowGetByIDs(ctx, cwIDs)
	if err != nil {
		return nil, err
	}
	workflows, err := s.workflowsByID(ctx, workflowIDs)
	if err != nil {
		return nil, err
	}
	out := make([]Instance, 0, len(rows))
	companies := memo[store.Company]{get: s.st.CompanyGet}
	users := map[int64]*store.User{}
	for _, wi := range rows {
		in := Instance{WorkflowInstance: wi}
		if in.Company, err = companies.of(ctx, wi.CompanyID); err != nil {
			return nil, err
		}
		in.Workflow = workflows[wi.WorkflowID]
		for _, v := range versions {
			if v.ID == wi.WorkflowVersionID {
				in.Version = v
			}
		}
		for _, cw := range cws {
			if cw.ID == wi.CompanyWorkflowID {
				in.CompanyWorkflow = cw
			}
		}
		for _, c := range cats {
			if c.ID == in.Workflow.CategoryID {
				in.Category = c
			}
		}
		if id := wi.CancelledBy; id != nil {
			if _, ok := users[*id]; !ok {
				if u, err := s.st.UserGet(ctx, *id); err == nil {
					users[*id] = &u
				}
			}
			in.CancelledBy = users[*id]
		}
		out = append(out, in)
	}
	return out, nil
}

// Start starts a run of a company workflow now (a manual start), with the
// parameters its start node declares.
func (s *Service) Start(ctx context.Context, req org.Request, companyWorkflowID uuid.UUID, params json.RawMessage) (InstanceDetail, error) {
	cw, err := s.companyWorkflowFor(ctx, req, companyWorkflowID, access.SubjectWorkflowInstance)
	if err != nil {
		return InstanceDetail{}, err
	}
	runner, err := s.run()
	if err != nil {
		return InstanceDetail{}, err
	}
	var wi store.WorkflowInstance
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if _, err := q.CompanyWorkflowShare(ctx, store.CompanyWorkflowShareParams{CompanyID: cw.CompanyID, ID: cw.ID}); store.IsNotFound(err) {
			return apperr.NotFound("company_workflow")
		} else if err != nil {
			return err
		}
		a, err := s.loadAssignment(ctx, q, cw)
		if err != nil {
			return err
		}
		values, err := checkParameters(a.parsed.Parameters(), params)
		if err != nil {
			return err
		}
		id := uuid.New()
		wi, err = q.WorkflowInstanceCreate(ctx, store.WorkflowInstanceCreateParams{CompanyID: cw.CompanyID, UUID: id,
			CompanyWorkflowID: cw.ID, WorkflowID: cw.WorkflowID, WorkflowVersionID: a.version.ID, Parameters: values,
			TotalStepsCount: int32(a.parsed.StepCount()), TemporalWorkflowID: contract.TemporalWorkflowID(id)})
		if err != nil {
			return err
		}
		if err := logEvent(ctx, q, req, &cw.CompanyID, "workflow_instance_started", map[string]any{"workflowInstanceId": id}); err != nil {
			return err
		}
		// Started before the commit: if Temporal refuses, nothing is written.
		// The run's first activity waits (retrying) until the row is visible.
		return runner.StartRun(ctx, id)
	})
	if err != nil {
		return InstanceDetail{}, err
	}
	_ = s.runChanged(ctx, wi.UUID, nil)
	return s.detail(ctx, wi)
}

// checkParameters validates a run's parameter values against the declared
// parameters: required ones present, each of its type. Undeclared values are
// dropped.
func checkParameters(declared []graph.Parameter, raw json.RawMessage) (json.RawMessage, error) {
	given := map[string]any{}
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &given); err != nil {
			return nil, apperr.Invalid("parameters", KeyInvalidParameter)
		}
	}
	out := map[string]any{}
	for _, p := range declared {
		v, ok := given[p.Name]
		if !ok || v == nil || v == "" {
			if p.Required {
				return nil, apperr.Invalid("parameters."+p.Name, KeyMissingParameter)
			}
			continue
		}
		valid := true
		switch p.Type {
		case graph.ParamNumber:
			_, valid = v.(float64)
		case graph.ParamBoolean:
			_, valid = v.(bool)
		case graph.ParamDate:
			str, isStr := v.(string)
			_, err := graph.ParseDate(str)
			valid = isStr && err == nil
		default:
			_, valid = v.(string)
		}
		if !valid {
			return nil, apperr.Invalid("parameters."+p.Name, KeyInvalidParameter)
		}
		out[p.Name] = v
	}
	return json.Marshal(out)
}

// Cancel cancels a run that has not finished (pending, running, or failed and
// waiting for a retry). Its open tasks are cancelled by the run on its way out.
func (s *Service) Cancel(ctx context.Context, req org.Request, id uuid.UUID) (InstanceDetail, error) {
	wi, runner, err := s.steered(ctx, req, id)
	if err != nil {
		return InstanceDetail{}, err
	}
	gone := false
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		cur, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if cur.State != contract.StatePending && cur.State != contract.StateRunning && cur.State != contract.StateFailed {
			return apperr.Argument(KeyFailedToCancel)
		}
		if err := q.WorkflowInstanceCancel(ctx, store.WorkflowInstanceCancelParams{CompanyID: cur.CompanyID, ID: cur.ID,
			CancelledBy: &req.User.ID}); err != nil {
			return err
		}
		if err := logEvent(ctx, q, req, &cur.CompanyID, "workflow_instance_cancelled", map[string]any{"workflowInstanceId": id}); err != nil {
			return err
		}
		if err := runner.CancelRun(ctx, id); errors.Is(err, contract.ErrRunGone) {
			gone = true // nothing runs it any more: cancel its tasks here
		} else if err != nil {
			return apperr.Argument(KeyFailedToCancel)
		}
		return nil
	})
	if err != nil {
		return InstanceDetail{}, err
	}
	if gone {
		if err := s.FinishCancel(ctx, id); err != nil {
			return InstanceDetail{}, err
		}
	}
	return s.changedDetail(ctx, wi.UUID)
}

// Retry resumes a failed run from its failed step(s): the run, which waits
// after a failure, runs them again with everything else it had done kept.
// When its Temporal execution is gone, the Runner starts it again, and the new
// execution walks past the steps the database records as done.
func (s *Service) Retry(ctx context.Context, req org.Request, id uuid.UUID) (InstanceDetail, error) {
	wi, runner, err := s.steered(ctx, req, id)
	if err != nil {
		return InstanceDetail{}, err
	}
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		cur, err := q.WorkflowInstanceLock(ctx, id)
		if err != nil {
			return err
		}
		if cur.State != contract.StateFailed {
			return apperr.Argument(KeyFailedToRetry)
		}
		if err := q.WorkflowInstanceSetState(ctx, store.WorkflowInstanceSetStateParams{CompanyID: cur.CompanyID, ID: cur.ID,
			State: contract.StateRunning}); err != nil {
			return err
		}
		if err := logEvent(ctx, q, req, &cur.CompanyID, "workflow_instance_retried", map[string]any{"workflowInstanceId": id}); err != nil {
			return err
		}
		if err := runner.RetryRun(ctx, id); err != nil {
			return apperr.Argument(KeyFailedToRetry)
		}
		return nil
	})
	if err != nil {
		return InstanceDetail{}, err
	}
	return s.changedDetail(ctx, wi.UUID)
}

// steered loads a run the viewer may update (cancel, retry), with the runner
// that steers it.
func (s *Service) steered(ctx context.Context, req org.Request, id uuid.UUID) (store.WorkflowInstance, Runner, error) {
	wi, err := s.visibleInstance(ctx, req.User, req.AdminPanel, nil, id, access.ActionUpdate)
	if err != nil {
		return wi, nil, err
	}
	runner, err := s.run()
	return wi, runner, err
}

// changedDetail tells the run's viewers it changed and answers it as it is now.
func (s *Service) changedDetail(ctx context.Context, id uuid.UUID) (InstanceDetail, error) {
	_ = s.runChanged(ctx, id, nil)
	wi, err := s.st.WorkflowInstanceGetByUUID(ctx, id)
	if err != nil {
		return InstanceDetail{}, err
	}
	return s.detail(ctx, wi)
}

// TaskEventRelay tells a run of its workflow tasks' status changes: it is the
// TaskEvents the inbox is built with. It needs only the store and the runner,
// not the Service, so the inbox can be built before the Service that takes it
// as its Tasks (the two refer to each other; this breaks the loop without
// setting either afterwards).
type TaskEventRelay struct {
	st     *store.Store
	runner Runner
}

// NewTaskEventRelay builds the relay; runner nil makes it fail as the Service
// does without one.
func NewTaskEventRelay(st *store.Store, runner Runner) *TaskEventRelay {
	return &TaskEventRelay{st: st, runner: runner}
}

// TaskStatusChanged implements TaskEvents: the inbox calls it after a
// workflow_task thread's status changed; the run waiting for it hears of it.
// Threads that are not workflow tasks are ignored.
func (r *TaskEventRelay) TaskStatusChanged(ctx context.Context, thread uuid.UUID, status string) error {
	t, err := r.st.WorkflowTaskThreadByUUID(ctx, thread)
	if store.IsNotFound(err) {
		return nil
	} else if err != nil {
		return err
	}
	if t.TaskType != "workflow_task" || t.InstanceUuid == nil || t.WorkflowNodeID == nil {
		return nil
	}
	if r.runner == nil {
		return errNoRunner
	}
	return r.runner.TaskChanged(ctx, *t.InstanceUuid, contract.TaskChange{NodeID: *t.WorkflowNodeID, Thread: t.UUID, Status: status})
}

var _ TaskEvents = (*TaskEventRelay)(nil)
