package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// DemoWorkflowName is the published demo workflow, assigned to Acme Oy for fi.
const DemoWorkflowName = "Month-end closing"

// SeedHolidays writes the public holidays of the demo countries (fi, se, no,
// ee, gb) for this year and the next, from engine/workflow/graph's calendars, as the
// holidays admins keep per country and year. Idempotent.
func SeedHolidays(ctx context.Context, q *store.Queries, s Seeded, now time.Time) error {
	for _, c := range Countries {
		cal, err := graph.NewCalendar(c.Code)
		if err != nil {
			return err
		}
		for _, year := range []int{now.Year(), now.Year() + 1} {
			ch, err := q.CountryHolidayYearUpsert(ctx, store.CountryHolidayYearUpsertParams{CountryID: s.Countries[c.Code].ID,
				Year: int32(year)})
			if err != nil {
				return fmt.Errorf("holidays %s %d: %w", c.Code, year, err)
			}
			for _, h := range cal.Holidays(year) {
				var local *string
				if h.LocalName != "" {
					l := h.LocalName
					local = &l
				}
				d := pgtype.Date{Time: time.Date(h.Date.Year, h.Date.Month, h.Date.Day, 0, 0, 0, 0, time.UTC), Valid: true}
				if err := q.HolidayUpsert(ctx, store.HolidayUpsertParams{CountryHolidayID: ch.ID, Date: d, Name: h.Name,
					LocalName: local}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// graphNode, taskData and graphEdge build a workflow structure as the editor saves it.
func graphNode(id, typ string, x, y int, data map[string]any) map[string]any {
	return map[string]any{"id": id, "type": typ, "position": map[string]any{"x": x, "y": y}, "data": data}
}

// taskData is a task node's data, due days business days from the run's start,
// assigned to the company's responsible person; extra adds to it.
func taskData(title, desc string, days int, extra map[string]any) map[string]any {
	d := map[string]any{"title": title, "description": desc, "assignee": map[string]any{"type": "responsible"},
		"dueDate": map[string]any{"type": "offset", "days": days, "businessDays": true}}
	maps.Copy(d, extra)
	return d
}

func graphEdge(id, src, dst, handle string) map[string]any {
	e := map[string]any{"id": id, "source": src, "target": dst}
	if handle != "" {
		e["sourceHandle"] = handle
	}
	return e
}

// demoStructure is the demo workflow: invoices first, then bank and payroll
// checks in parallel, an approval, and the closing (or a fix when rejected).
func demoStructure() map[string]any {
	return map[string]any{
		"nodes": []any{
			graphNode("start", "start", 0, 0, map[string]any{"label": "Start"}),
			graphNode("invoices", "task", 0, 120, taskData("Collect purchase invoices", "Send every purchase invoice of the month.", 2,
				map[string]any{"applications": []any{map[string]any{"id": "netvisor", "actions": []any{"open_purchase_invoices"}}}})),
			graphNode("fork", "parallel", 0, 240, map[string]any{"label": "In parallel"}),
			graphNode("bank", "task", -160, 360, taskData("Reconcile bank accounts", "Match the bank statements with the ledger.", 4, nil)),
			graphNode("payroll", "task", 160, 360, taskData("Review payroll postings", "Check the payroll journal of the month.", 4,
				map[string]any{"optional": true})),
			graphNode("joined", "join", 0, 480, map[string]any{"label": "Both done"}),
			graphNode("approve", "approval", 0, 600, taskData("Approve the closing", "Approve the month's books, or reject them for a fix.", 5, nil)),
			graphNode("close", "task", -160, 720, taskData("Close the period", "Lock the accounting period.", 6,
				map[string]any{"applications": []any{map[string]any{"id": "netvisor", "actions": []any{"close_period"}}}})),
			graphNode("fix", "task", 160, 720, taskData("Fix the reconciliation", "Correct what the approver found.", 7, nil)),
			graphNode("end", "end", -160, 840, map[string]any{"label": "Closed"}),
			graphNode("end-fixed", "end", 160, 840, map[string]any{"label": "Fixed"}),
		},
		"edges": []any{
			graphEdge("e1", "start", "invoices", ""), graphEdge("e2", "invoices", "fork", ""),
			graphEdge("e3", "fork", "bank", ""), graphEdge("e4", "fork", "payroll", ""),
			graphEdge("e5", "bank", "joined", ""), graphEdge("e6", "payroll", "joined", ""),
			graphEdge("e7", "joined", "approve", ""), graphEdge("e8", "approve", "close", "approved"),
			graphEdge("e9", "approve", "fix", "rejected"), graphEdge("e10", "close", "end", ""), graphEdge("e11", "fix", "end-fixed", ""),
		},
	}
}

// SeedWorkflow publishes the demo workflow (version 1) for fi and se and
// assigns it to Acme Oy for fi, with a manual trigger and a monthly schedule
// (the 5th at 08:00, reporting on the previous month). Idempotent: an existing
// demo workflow is left as it is. It returns the company workflow.
func SeedWorkflow(ctx context.Context, q *store.Queries, s Seeded, now time.Time) (store.CompanyWorkflow, error) {
	label := "Monthly closing of the books"
	w, err := publishDemo(ctx, q, s, store.WorkflowCreateParams{Name: DemoWorkflowName, Label: &label,
		CategoryID: s.Categories["Accounting"].ID, ConsiderHolidays: true, OptionalSteps: true,
		Tags: []string{"accounting", "monthly"}}, demoStructure())
	if err != nil {
		return store.CompanyWorkflow{}, err
	}
	schedule, err := json.Marshal(map[string]any{
		"recurrencePattern":    map[string]any{"type": "monthly", "timeOfDay": "08:00", "monthlyPattern": map[string]any{"type": "day_of_month", "day": 5}},
		"reportingPeriod":      "previous_month",
		"scheduleEndCondition": map[string]any{"type": "no_end"},
		"scheduleStartDate":    fmt.Sprintf("%d-01-01", now.Year()),
	})
	if err != nil {
		return store.CompanyWorkflow{}, err
	}
	sch, err := graph.ParseSchedule(schedule)
	if err != nil {
		return store.CompanyWorkflow{}, err
	}
	// stored as manageCompanyWorkflowTriggers stores it (the object form, the
	// country's zone), so that saving it unchanged leaves it byte for byte
	sch.RecurrencePattern.TimeZone = graph.DefaultTimeZone("fi")
	if schedule, err = json.Marshal(sch); err != nil {
		return store.CompanyWorkflow{}, err
	}
	return assignDemo(ctx, q, s, w, map[string][]byte{"manual": []byte("{}"), "schedule": schedule})
}

// DemoManualWorkflowName is the second demo workflow: started by hand only,
// with parameters a run asks for (issue 17 item 10: the tasks table's
// parameter columns have something to show).
const DemoManualWorkflowName = "VAT return"

// demoManualStructure: the period's VAT return, and a correction filed only
// when the run's corrections parameter says so.
func demoManualStructure() map[string]any {
	return map[string]any{
		"nodes": []any{
			graphNode("start", "start", 0, 0, map[string]any{"label": "Start", "parameters": []any{
				map[string]any{"name": "period", "label": "Reporting period", "type": "string", "required": true},
				map[string]any{"name": "corrections", "label": "Corrections to earlier periods", "type": "boolean"},
			}}),
			graphNode("prepare", "task", 0, 120, taskData("Prepare the VAT return", "Compute the VAT of the period from the ledger.", 3, nil)),
			graphNode("check", "condition", 0, 240, map[string]any{"parameter": "corrections", "operator": "eq", "value": true}),
			graphNode("correct", "task", -160, 360, taskData("File the corrections", "Report the corrections to earlier periods.", 5, nil)),
			graphNode("end", "end", -160, 480, map[string]any{"label": "Corrected"}),
			graphNode("end-filed", "end", 160, 360, map[string]any{"label": "Filed"}),
		},
		"edges": []any{
			graphEdge("e1", "start", "prepare", ""), graphEdge("e2", "prepare", "check", ""),
			graphEdge("e3", "check", "correct", "true"), graphEdge("e4", "check", "end-filed", "false"),
			graphEdge("e5", "correct", "end", ""),
		},
	}
}

// SeedManualWorkflow publishes the second demo workflow for fi and se and
// assigns it to Acme Oy for fi with a manual trigger only: a workflow with
// parameters cannot have a schedule (002 §5). Idempotent.
func SeedManualWorkflow(ctx context.Context, q *store.Queries, s Seeded) (store.CompanyWorkflow, error) {
	label := "VAT return of a period"
	w, err := publishDemo(ctx, q, s, store.WorkflowCreateParams{Name: DemoManualWorkflowName, Label: &label,
		CategoryID: s.Categories["Accounting"].ID, ConsiderHolidays: true, Tags: []string{"accounting", "vat"}},
		demoManualStructure())
	if err != nil {
		return store.CompanyWorkflow{}, err
	}
	return assignDemo(ctx, q, s, w, map[string][]byte{"manual": []byte("{}")})
}

// publishDemo creates a demo workflow (version 1, published by the admin,
// for fi and se) unless one of its name exists, which it returns as it is.
func publishDemo(ctx context.Context, q *store.Queries, s Seeded, p store.WorkflowCreateParams, structure map[string]any) (store.Workflow, error) {
	w, err := q.WorkflowGetByName(ctx, p.Name)
	if err == nil || !store.IsNotFound(err) {
		return w, err
	}
	raw, err := json.Marshal(structure)
	if err != nil {
		return w, err
	}
	st, err := graph.ParseStructure(raw)
	if err != nil {
		return w, err
	}
	if err := graph.Validate(st).Err(); err != nil {
		return w, err
	}
	canonical, err := json.Marshal(st)
	if err != nil {
		return w, err
	}
	admin := s.Users["admin@portico.test"].ID
	p.Structure, p.Draft, p.CreatorID = canonical, false, &admin
	if w, err = q.WorkflowCreate(ctx, p); err != nil {
		return w, err
	}
	for _, c := range []string{"fi", "se"} {
		if err := q.WorkflowCountryAdd(ctx, store.WorkflowCountryAddParams{WorkflowID: w.ID, CountryID: s.Countries[c].ID}); err != nil {
			return w, err
		}
	}
	_, err = q.WorkflowVersionCreate(ctx, store.WorkflowVersionCreateParams{WorkflowID: w.ID, Structure: canonical, PublishedBy: &admin})
	return w, err
}

// assignDemo assigns a demo workflow to Acme Oy for fi with the triggers
// given (manual first, then schedule), unless it is assigned already.
func assignDemo(ctx context.Context, q *store.Queries, s Seeded, w store.Workflow, triggers map[string][]byte) (store.CompanyWorkflow, error) {
	acme := s.Companies["Acme Oy"]
	cw, err := q.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: acme.ID, WorkflowID: w.ID})
	if err == nil || !store.IsNotFound(err) {
		return cw, err
	}
	admin := s.Users["admin@portico.test"].ID
	cw, err = q.CompanyWorkflowCreate(ctx, store.CompanyWorkflowCreateParams{CompanyID: acme.ID, WorkflowID: w.ID,
		CountryID: s.Countries["fi"].ID, CreatedBy: &admin})
	if err != nil {
		return cw, err
	}
	for _, typ := range []string{"manual", "schedule"} {
		data, ok := triggers[typ]
		if !ok {
			continue
		}
		if _, err := q.WorkflowTriggerCreate(ctx, store.WorkflowTriggerCreateParams{CompanyID: acme.ID, CompanyWorkflowID: cw.ID,
			TriggerType: typ, Data: data}); err != nil {
			return cw, err
		}
	}
	return cw, nil
}
