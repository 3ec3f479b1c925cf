package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// The workload forecast's demo (issue 31): two more workflows for Acme Oy,
// started on the 5th of each month like the demo workflow, whose tasks all
// fall due on the month's last business day, so that the forecast shows a
// busy month-end: nine tasks on that day (the screen's default threshold is
// eight), for two people in two categories.

// Names of the forecast's demo workflows.
const (
	MonthEndReportingName = "Month-end reporting"
	MonthlySalariesName   = "Monthly salaries"
)

// monthEndDue is a due date on the last business day of the run's month.
var monthEndDue = map[string]any{"type": "anchor_date",
	"anchorDate": map[string]any{"date_type": "day_of_month", "day_number": 31, "holiday_handling": "previous_weekday"}}

// chain is a workflow of tasks one after the other, each due at the month's end.
func chain(tasks [][2]string, assignee map[string]any) map[string]any {
	nodes := []any{graphNode("start", "start", 0, 0, map[string]any{"label": "Start"})}
	var edges []any
	prev := "start"
	for i, t := range tasks {
		id := fmt.Sprintf("t%d", i+1)
		nodes = append(nodes, graphNode(id, "task", 0, 120*(i+1), taskData(t[0], t[1], 0,
			map[string]any{"dueDate": monthEndDue, "assignee": assignee})))
		edges = append(edges, graphEdge("e"+id, prev, id, ""))
		prev = id
	}
	nodes = append(nodes, graphNode("end", "end", 0, 120*(len(tasks)+1), map[string]any{"label": "Done"}))
	edges = append(edges, graphEdge("e-end", prev, "end", ""))
	return map[string]any{"nodes": nodes, "edges": edges}
}

// SeedForecastWorkflows publishes the forecast's demo workflows (for fi and
// se) and assigns them to Acme Oy for fi with a monthly schedule (the 5th at
// 08:00). Idempotent.
func SeedForecastWorkflows(ctx context.Context, q *store.Queries, s Seeded, now time.Time) error {
	schedule, err := json.Marshal(map[string]any{
		"recurrencePattern":    map[string]any{"type": "monthly", "timeOfDay": "08:00", "monthlyPattern": map[string]any{"type": "day_of_month", "day": 5}},
		"scheduleEndCondition": map[string]any{"type": "no_end"},
		"scheduleStartDate":    fmt.Sprintf("%d-01-01", now.Year()),
	})
	if err != nil {
		return err
	}
	if _, err := graph.ParseSchedule(schedule); err != nil {
		return err
	}
	responsible := map[string]any{"type": "responsible"}
	payroll := map[string]any{"type": "user", "userId": s.Users["agentadmin@portico.test"].UUID.String()}
	for _, w := range []struct {
		name, label, category string
		tags                  []string
		structure             map[string]any
	}{
		{MonthEndReportingName, "Ledgers reconciled and reported by the month's last business day", "Accounting", []string{"accounting", "monthly"},
			chain([][2]string{
				{"Reconcile the sales ledger", "Match the sales ledger with the bank and the invoices sent."},
				{"Reconcile the purchase ledger", "Match the purchase ledger with the invoices received."},
				{"Book the accruals", "Accrue the month's unbilled expenses and income."},
				{"Check the VAT postings", "Check the month's VAT postings against the ledger."},
				{"Send the month-end report", "Send the customer the month's result and balance sheet."},
			}, responsible)},
		{MonthlySalariesName, "Salaries paid on the month's last business day", "Payroll", []string{"payroll", "monthly"},
			chain([][2]string{
				{"Collect hours and absences", "Collect the month's working hours, overtime and absences."},
				{"Run the payroll", "Compute the month's salaries and withholdings."},
				{"Approve the payslips", "Have the customer approve the month's payslips."},
				{"Pay the salaries", "Send the salary payments and the earnings report."},
			}, payroll)},
	} {
		label := w.label
		wf, err := publishDemo(ctx, q, s, store.WorkflowCreateParams{Name: w.name, Label: &label,
			CategoryID: s.Categories[w.category].ID, ConsiderHolidays: true, Tags: w.tags}, w.structure)
		if err != nil {
			return fmt.Errorf("%s: %w", w.name, err)
		}
		if _, err := assignDemo(ctx, q, s, wf, map[string][]byte{"schedule": schedule}); err != nil {
			return fmt.Errorf("%s: %w", w.name, err)
		}
	}
	return nil
}
