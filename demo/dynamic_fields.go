package demo

import (
	"context"
	"encoding/json"
	"strconv"

	"portico/engine/store"
)

// FinancialYearEnd is the demo's anchor-date field (Accounting), which the demo
// workflow's anchor-date trigger in Acme Oy follows.
const FinancialYearEnd = "financial_year_end"

type demoField struct {
	category, name, title, typ string
	required, readonly         bool
	settings                   map[string]any
	acme                       any // Acme Oy's value (nil: none)
}

var demoFields = []demoField{
	{"", "finance_contact_email", "Finance contact e-mail", "email", false, false, nil, "finance@acme.test"},
	{"", "website", "Website", "link", false, false, nil, "https://acme.test"},
	{"", "employee_count", "Employees", "integer", false, false, nil, 42},
	{"", "customer_since", "Customer since", "date", false, false, nil, "2019-03-01"},
	{"", "notes", "Notes", "text", false, false, nil, nil},
	{"Accounting", FinancialYearEnd, "Financial year end", "anchor_date", false, false, nil,
		map[string]any{"date_type": "month_of_year", "day_number": 12, "following_interval": 1, "holiday_handling": "previous_weekday"}},
	{"Accounting", "vat_period", "VAT period", "dropdown", true, false,
		map[string]any{"allowed_values": map[string]string{"monthly": "Monthly", "quarterly": "Quarterly", "yearly": "Yearly"}}, "monthly"},
	{"Accounting", "bookkeeping_ready", "Bookkeeping material delivered on time", "boolean", false, false, nil, true},
	{"Payroll", "pay_day", "Pay day of the month", "integer", true, false, nil, 15},
	{"Payroll", "payroll_extras", "Payroll extras", "checkboxes", false, false,
		map[string]any{"allowed_values": map[string]string{"bonus": "Bonuses", "mileage": "Mileage", "per_diem": "Per diems"}}, []string{"mileage"}},
	{"Payroll", "payroll_system_id", "Payroll system id", "string", false, true, nil, "PAY-ACME-001"},
}

// SeedDynamicFields defines the demo's dynamic fields, fills in Acme Oy's values
// and gives Acme Oy's demo workflow an anchor-date trigger on the financial
// year end (09:00). Idempotent: existing fields, values and triggers stay.
func SeedDynamicFields(ctx context.Context, q *store.Queries, s Seeded, cw store.CompanyWorkflow) error {
	acme := s.Companies["Acme Oy"]
	existing, err := q.DynamicFieldListAll(ctx, nil)
	if err != nil {
		return err
	}
	byName := map[string]store.DynamicField{}
	for _, f := range existing {
		byName[f.Name] = f
	}
	for _, d := range demoFields {
		f, ok := byName[d.name]
		if !ok {
			var cat *int64
			if d.category != "" {
				id := s.Categories[d.category].ID
				cat = &id
			}
			settings, err := json.Marshal(orEmpty(d.settings))
			if err != nil {
				return err
			}
			if f, err = q.DynamicFieldCreate(ctx, store.DynamicFieldCreateParams{CategoryID: cat, Name: d.name, Title: d.title,
				FieldType: d.typ, Readonly: d.readonly, Required: d.required, Settings: settings}); err != nil {
				return err
			}
			if d.acme != nil {
				v, err := json.Marshal(d.acme)
				if err != nil {
					return err
				}
				if err := q.DynamicFieldValueSet(ctx, store.DynamicFieldValueSetParams{CompanyID: acme.ID, DynamicFieldID: f.ID,
					Value: v}); err != nil {
					return err
				}
			}
		}
		byName[d.name] = f
	}
	if cw.ID == 0 {
		return nil
	}
	triggers, err := q.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: acme.ID, CompanyWorkflowID: cw.ID})
	if err != nil {
		return err
	}
	for _, t := range triggers {
		if t.TriggerType == "anchor_date" {
			return nil
		}
	}
	data, err := json.Marshal(map[string]any{"dynamicFieldId": strconv.FormatInt(byName[FinancialYearEnd].ID, 10), "timeOfDay": "09:00"})
	if err != nil {
		return err
	}
	_, err = q.WorkflowTriggerCreate(ctx, store.WorkflowTriggerCreateParams{CompanyID: acme.ID, CompanyWorkflowID: cw.ID,
		TriggerType: "anchor_date", Data: data})
	return err
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}
