package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
	"portico/engine/workflow/graph"
)

// The run history (issue 31's run analytics): the finished runs of the last
// months, as the runs would have left them: their steps with their times and
// their tasks in the inbox, closed (some after their due date), skipped or
// cancelled. "Month-end closing" ran each month in Acme Oy (one run was
// cancelled, one approval rejected) and, until its assignment ended four
// months ago, in Borealis AB; "Month-end reporting" ran for three months;
// "Monthly salaries" twice, and last month's run failed and waits for a retry.
// Each run is written once (its public id names it, so seeding again, even
// months later, adds nothing); its tasks are made and closed through the
// inbox engine, so counters and read state are what real runs leave, then
// moved to when they happened.

// historyNamespace makes the runs' public ids from their names.
var historyNamespace = uuid.MustParse("7b0f3f2e-5c1a-4d8e-9a61-0c3c2b7e9d41")

// histStep is a step of a history run. It starts when the steps it follows
// have ended (a join: when the first of them has) and takes hours, or, with
// late set, ends that many hours after its task's due date.
type histStep struct {
	node  string
	after []string
	hours float64
	late  float64
	// state: "" for completed, else skipped, cancelled or failed
	state string
	// task is how its task ended (closed, skipped, cancelled); "" for none
	task    string
	outcome string
}

// histRun is one run of the history.
type histRun struct {
	workflow, company string
	// monthsAgo: it started on the 5th of that month, at 08:00 in the country's zone
	monthsAgo int
	state     string
	reason    string // a failed run's
	steps     []histStep
}

// closingPlan is a run of "Month-end closing": hours each task took (negative:
// that many hours after its due date), payroll skipped when pay is 0, the
// approval rejected (then the last step is the fix) when rejected.
func closingPlan(inv, bank, pay, approve, last float64, rejected bool) []histStep {
	took := func(node string, after []string, h float64, task string) histStep {
		s := histStep{node: node, after: after, hours: h, task: task, outcome: graph.OutcomeCompleted}
		if h < 0 {
			s.hours, s.late = 0, -h
		}
		return s
	}
	steps := []histStep{
		{node: "start"},
		took("invoices", []string{"start"}, inv, "closed"),
		{node: "fork", after: []string{"invoices"}},
		took("bank", []string{"fork"}, bank, "closed"),
	}
	if pay == 0 {
		steps = append(steps, histStep{node: "payroll", after: []string{"fork"}, hours: 2, state: contract.StepSkipped,
			task: "skipped", outcome: graph.OutcomeSkipped})
	} else {
		steps = append(steps, took("payroll", []string{"fork"}, pay, "closed"))
	}
	steps = append(steps, histStep{node: "joined", after: []string{"bank", "payroll"}})
	a := took("approve", []string{"joined"}, approve, "closed")
	a.outcome = graph.BranchApproved
	next, end, other, otherEnd := "close", "end", "fix", "end-fixed"
	if rejected {
		a.task, a.outcome = "skipped", graph.BranchRejected
		next, end, other, otherEnd = other, otherEnd, next, end
	}
	return append(steps, a,
		histStep{node: other, after: []string{"approve"}, state: contract.StepSkipped},
		histStep{node: otherEnd, after: []string{"approve"}, state: contract.StepSkipped},
		took(next, []string{"approve"}, last, "closed"),
		histStep{node: end, after: []string{next}})
}

// cancelledClosing is a run of "Month-end closing" cancelled while bank and
// payroll were open, after.
func cancelledClosing(inv, after float64) []histStep {
	steps := closingPlan(inv, 0, 0, 0, 0, false)[:3]
	for _, n := range []string{"bank", "payroll"} {
		steps = append(steps, histStep{node: n, after: []string{"fork"}, hours: after, state: "cancelled", task: "cancelled"})
	}
	return steps
}

// chainPlan is a run of a workflow of tasks t1..tn one after the other: hours
// each took (negative: that many hours after its due date); failAt, when
// above 0, is the task that failed (its task could not be made) and ends it.
func chainPlan(hours []float64, failAt int) []histStep {
	steps := []histStep{{node: "start"}}
	prev := "start"
	for i, h := range hours {
		id := fmt.Sprintf("t%d", i+1)
		s := histStep{node: id, after: []string{prev}, hours: h, task: "closed", outcome: graph.OutcomeCompleted}
		if h < 0 {
			s.hours, s.late = 0, -h
		}
		if i+1 == failAt {
			s = histStep{node: id, after: []string{prev}, hours: 0, state: contract.StepFailed}
			return append(steps, s)
		}
		steps = append(steps, s)
		prev = id
	}
	return append(steps, histStep{node: "end", after: []string{prev}})
}

// historyEndedAssignment: Borealis AB's assignment of the demo workflow (se)
// began eight months ago and ended after its run four months ago.
const historyEndedAssignment = "Borealis AB"

var historyRuns = []histRun{
	{DemoWorkflowName, "Acme Oy", 6, "completed", "", closingPlan(30, 70, 20, 20, 6, false)},
	{DemoWorkflowName, "Acme Oy", 5, "completed", "", closingPlan(40, -30, 0, 30, -4, false)},
	{DemoWorkflowName, "Acme Oy", 4, "completed", "", closingPlan(20, 60, 30, 16, 40, true)},
	{DemoWorkflowName, "Acme Oy", 3, "cancelled", "", cancelledClosing(-20, 50)},
	{DemoWorkflowName, "Acme Oy", 2, "completed", "", closingPlan(26, -50, 26, 10, 5, false)},
	{DemoWorkflowName, "Acme Oy", 1, "completed", "", closingPlan(-10, 50, 40, 24, 4, false)},
	{DemoWorkflowName, "Borealis AB", 7, "completed", "", closingPlan(20, 40, 30, 8, 4, false)},
	{DemoWorkflowName, "Borealis AB", 6, "completed", "", closingPlan(30, -40, 50, -8, 30, false)},
	{DemoWorkflowName, "Borealis AB", 5, "cancelled", "", cancelledClosing(20, 10)},
	{DemoWorkflowName, "Borealis AB", 4, "completed", "", closingPlan(-30, 30, 30, 12, 6, false)},
	{MonthEndReportingName, "Acme Oy", 3, "completed", "", chainPlan([]float64{24, 48, 24, 30, 20}, 0)},
	{MonthEndReportingName, "Acme Oy", 2, "completed", "", chainPlan([]float64{30, 72, 24, 48, -20}, 0)},
	{MonthEndReportingName, "Acme Oy", 1, "completed", "", chainPlan([]float64{20, 36, 40, 24, 16}, 0)},
	{MonthlySalariesName, "Acme Oy", 2, "completed", "", chainPlan([]float64{48, 24, 30, 20}, 0)},
	{MonthlySalariesName, "Acme Oy", 1, "failed", "invalid_category", chainPlan([]float64{40, 30, 0, 0}, 3)},
}

// SeedRunHistory writes the run history (see historyRuns) that is not there
// yet. The demo data, its workflows and its holidays must be seeded.
func SeedRunHistory(ctx context.Context, st *store.Store, s Seeded, now time.Time) error {
	ib := inbox.New(st, org.NewDirectory(st), inbox.Options{})
	defer ib.Settle() // the tasks' unread marks, before the seed is done
	h := &history{st: st, ib: ib, s: s, now: now, assignments: map[string]store.CompanyWorkflow{}}
	for _, r := range historyRuns {
		if err := h.run(ctx, r); err != nil {
			return fmt.Errorf("demo run history %s %s %d: %w", r.workflow, r.company, r.monthsAgo, err)
		}
	}
	return nil
}

type history struct {
	st          *store.Store
	ib          *inbox.Service
	s           Seeded
	now         time.Time
	assignments map[string]store.CompanyWorkflow // by company name
}

// histTimes are when a run's steps began and ended.
type histTimes struct {
	start, end map[string]time.Time
	runStart   time.Time
	runEnd     time.Time
}

func (h *history) run(ctx context.Context, r histRun) error {
	id := uuid.NewSHA1(historyNamespace, fmt.Appendf(nil, "%s/%s/%d", r.workflow, r.company, r.monthsAgo))
	w, err := h.st.WorkflowGetByName(ctx, r.workflow)
	if err != nil {
		return err
	}
	version, err := h.st.WorkflowVersionLatest(ctx, w.ID)
	if err != nil {
		return err
	}
	parsed, err := graph.ParseStructure(version.Structure)
	if err != nil {
		return err
	}
	company := h.s.Companies[r.company]
	country := "fi"
	if r.company == historyEndedAssignment {
		country = "se"
	}
	loc, err := graph.LoadLocation(graph.DefaultTimeZone(country))
	if err != nil {
		return err
	}
	cal, err := graph.NewCalendar(country)
	if err != nil {
		return err
	}
	run, err := h.st.WorkflowInstanceGetByUUID(ctx, id)
	found := err == nil
	if err != nil && !store.IsNotFound(err) {
		return err
	}
	// a run written before keeps its times, however long ago that was
	runStart := historyMonth(h.now, r.monthsAgo, loc).Add(4*24*time.Hour + 8*time.Hour)
	if found {
		runStart = run.CreatedAt
	}
	times, due := planTimes(r, parsed, runStart, loc, cal)
	if !found {
		if !times.runEnd.Before(h.now) {
			return nil // not over yet: a later seed writes it
		}
		if run, err = h.write(ctx, r, id, w, version, parsed, company, country, times, due); err != nil {
			return err
		}
	}
	return h.finishTasks(ctx, r, run, times)
}

// historyMonth is the first day of the month monthsAgo before now's, in loc.
func historyMonth(now time.Time, monthsAgo int, loc *time.Location) time.Time {
	n := now.In(loc)
	return time.Date(n.Year(), n.Month()-time.Month(monthsAgo), 1, 0, 0, 0, 0, loc)
}

// planTimes works out when each step began and ended, and its task's due date.
func planTimes(r histRun, parsed graph.Structure, runStart time.Time, loc *time.Location, cal *graph.Calendar) (histTimes, map[string]time.Time) {
	t := histTimes{start: map[string]time.Time{}, end: map[string]time.Time{}, runStart: runStart, runEnd: runStart}
	due := map[string]time.Time{}
	for _, st := range r.steps {
		n, _ := parsed.Node(st.node)
		join := n.Type == graph.NodeJoin
		// a step begins when the last of the steps before it has ended, a join when the first has
		begin := runStart
		for i, a := range st.after {
			if i == 0 || join == t.end[a].Before(begin) {
				begin = t.end[a]
			}
		}
		end := begin.Add(time.Duration(st.hours * float64(time.Hour)))
		for _, a := range st.after {
			if join && t.end[a].After(end) {
				end = t.end[a]
			}
		}
		if n.Task != nil && n.Task.DueDate != nil {
			if res, ok, err := n.Task.DueDate.Resolve(graph.DateOf(runStart.In(loc)), nil, cal); err == nil && ok {
				due[st.node] = workflow.DueInstant(res.Date, loc)
			}
		}
		if d, ok := due[st.node]; ok && st.late > 0 {
			// late after its due date, and after it began (steps before it may have been late too)
			from := d
			if begin.After(d) {
				from = begin
			}
			end = from.Add(time.Duration(st.late * float64(time.Hour)))
		}
		t.start[st.node], t.end[st.node] = begin, end
		if end.After(t.runEnd) {
			t.runEnd = end
		}
	}
	return t, due
}

// write records the run, its steps and its tasks (open, as the run made them).
func (h *history) write(ctx context.Context, r histRun, id uuid.UUID, w store.Workflow, version store.WorkflowVersion,
	parsed graph.Structure, company store.Company, country string, times histTimes, due map[string]time.Time) (store.WorkflowInstance, error) {
	var run store.WorkflowInstance
	var committed []func(context.Context)
	err := h.st.InTx(ctx, func(q *store.Queries) error {
		committed = nil
		cw, err := h.assignment(ctx, q, r, w, company, country)
		if err != nil {
			return err
		}
		run, err = q.WorkflowInstanceCreate(ctx, store.WorkflowInstanceCreateParams{CompanyID: company.ID, UUID: id,
			CompanyWorkflowID: cw.ID, WorkflowID: w.ID, WorkflowVersionID: version.ID, Parameters: []byte("{}"),
			TotalStepsCount: int32(parsed.StepCount()), TemporalWorkflowID: contract.TemporalWorkflowID(id)})
		if err != nil {
			return err
		}
		responsible, err := q.WorkflowTaskResponsibles(ctx, []int64{company.ID})
		if err != nil {
			return err
		}
		for _, st := range r.steps {
			state := st.state
			if state == "" {
				state = contract.StepCompleted
			}
			p := store.WorkflowStepImportParams{CompanyID: company.ID, InstanceID: run.ID, NodeID: st.node, State: state,
				StartedAt: ptrTo(times.start[st.node]), EndedAt: ptrTo(times.end[st.node])}
			if st.outcome != "" {
				p.Outcome = ptrTo(st.outcome)
			}
			if state == contract.StepFailed {
				p.Error = ptrTo(r.reason)
			}
			if err := q.WorkflowStepImport(ctx, p); err != nil {
				return err
			}
			if st.task == "" {
				continue
			}
			n, _ := parsed.Node(st.node)
			task := workflow.NewTask{CompanyID: company.ID, CategoryID: w.CategoryID, InstanceID: run.ID, NodeID: n.ID,
				Title: n.Task.Title, Skippable: n.Task.Optional || n.Type == graph.NodeApproval}
			if n.Task.Description != "" {
				task.Description = ptrTo(n.Task.Description)
			}
			if d, ok := due[st.node]; ok {
				task.DueDate = &d
			}
			task.ResponsibleID = h.assignee(n.Task.Assignee, company.ID, responsible)
			_, after, err := h.ib.CreateWorkflowTask(ctx, q, task)
			if err != nil {
				return err
			}
			committed = append(committed, after)
		}
		p := store.WorkflowInstanceImportParams{CompanyID: company.ID, ID: run.ID, State: r.state, CreatedAt: times.runStart}
		switch r.state {
		case "failed":
			node := r.steps[len(r.steps)-1].node
			p.FailedNodeID, p.FailureReason = &node, ptrTo(r.reason)
		case "cancelled":
			p.EndedAt, p.CancelledBy = ptrTo(times.runEnd), ptrTo(h.s.Users["admin@portico.test"].ID)
		default:
			p.EndedAt = ptrTo(times.runEnd)
		}
		if err := q.WorkflowInstanceImport(ctx, p); err != nil {
			return err
		}
		return q.WorkflowInstanceRecount(ctx, store.WorkflowInstanceRecountParams{CompanyID: company.ID, ID: run.ID})
	})
	for _, after := range committed {
		after(ctx)
	}
	return run, err
}

// assignment is the run's company workflow: the live one, or Borealis AB's
// that ended (made with its first run).
func (h *history) assignment(ctx context.Context, q *store.Queries, r histRun, w store.Workflow, company store.Company,
	country string) (store.CompanyWorkflow, error) {
	if r.company != historyEndedAssignment {
		return q.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: company.ID, WorkflowID: w.ID})
	}
	if cw, ok := h.assignments[r.company]; ok {
		return cw, nil
	}
	var cw store.CompanyWorkflow
	for _, other := range historyRuns {
		if other.company != r.company || other.workflow != r.workflow {
			continue
		}
		prev, err := q.WorkflowInstanceGetByUUID(ctx, uuid.NewSHA1(historyNamespace,
			fmt.Appendf(nil, "%s/%s/%d", other.workflow, other.company, other.monthsAgo)))
		if err == nil {
			cw, err = q.CompanyWorkflowGet(ctx, store.CompanyWorkflowGetParams{CompanyID: company.ID, ID: prev.CompanyWorkflowID})
			if err != nil {
				return cw, err
			}
			h.assignments[r.company] = cw
			return cw, nil
		} else if !store.IsNotFound(err) {
			return cw, err
		}
	}
	// from the month before its first run to the 25th of its last run's month
	began := historyMonth(h.now, 8, time.UTC)
	ended := historyMonth(h.now, 4, time.UTC).Add(24 * 24 * time.Hour)
	cw, err := q.CompanyWorkflowImportEnded(ctx, store.CompanyWorkflowImportEndedParams{CompanyID: company.ID, WorkflowID: w.ID,
		CountryID: h.s.Countries[country].ID, CreatedBy: ptrTo(h.s.Users["admin@portico.test"].ID), CreatedAt: began,
		UnassignedAt: &ended})
	if err == nil {
		h.assignments[r.company] = cw
	}
	return cw, err
}

// assignee is who a task goes to: the company's responsible person or the
// user the node names.
func (h *history) assignee(rule graph.AssigneeRule, companyID int64, responsible []store.WorkflowTaskResponsiblesRow) *int64 {
	switch rule.Type {
	case graph.AssignUser:
		for _, u := range h.s.Users {
			if u.UUID.String() == string(rule.UserID) {
				return ptrTo(u.ID)
			}
		}
	case graph.AssignResponsible:
		for _, r := range responsible {
			if r.CompanyID == companyID {
				return ptrTo(r.UserID)
			}
		}
	}
	return nil
}

// finishTasks ends the run's tasks as its plan says, through the inbox, and
// moves them and their entries to when that happened. Safe to repeat.
func (h *history) finishTasks(ctx context.Context, r histRun, run store.WorkflowInstance, times histTimes) error {
	staff := org.Request{User: h.s.Users[demoActor]}
	if r.company != "Acme Oy" {
		staff = org.Request{User: h.s.Users["agentadmin@portico.test"]}
	}
	for _, st := range r.steps {
		if st.task == "" {
			continue
		}
		step, err := h.st.WorkflowStepGet(ctx, store.WorkflowStepGetParams{CompanyID: run.CompanyID, InstanceID: run.ID, NodeID: st.node})
		if err != nil {
			return err
		}
		if step.ThreadID == nil {
			continue
		}
		t, err := h.st.WorkflowTaskThreadGet(ctx, store.WorkflowTaskThreadGetParams{CompanyID: run.CompanyID, ID: *step.ThreadID})
		if err != nil {
			return err
		}
		if t.Status != st.task {
			if st.task == "cancelled" {
				err = h.ib.CancelWorkflowTasks(ctx, run.CompanyID, run.ID)
			} else {
				_, err = h.ib.ChangeStatus(ctx, staff, t.UUID, st.task)
			}
			if err != nil {
				return err
			}
		}
		if err := h.st.ThreadImportTimes(ctx, store.ThreadImportTimesParams{CompanyID: run.CompanyID, ID: t.ID,
			CreatedAt: times.start[st.node], ChangedAt: times.end[st.node]}); err != nil {
			return err
		}
		if err := h.st.ActivityImportTimes(ctx, store.ActivityImportTimesParams{CompanyID: run.CompanyID, ThreadID: t.ID,
			CreatedAt: times.start[st.node], ChangedAt: times.end[st.node]}); err != nil {
			return err
		}
	}
	return nil
}

func ptrTo[T any](v T) *T { return &v }
