package org_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

type fieldsFixture struct {
	st   *store.Store
	dir  *org.Directory
	seed demo.Seeded
}

func newFieldsFixture(t *testing.T) fieldsFixture {
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	return fieldsFixture{st: st, dir: org.NewDirectory(st), seed: seed}
}

func (f fieldsFixture) req(email string, adminPanel bool) org.Request {
	return org.Request{User: f.seed.Users[email], AdminPanel: adminPanel}
}

func (f fieldsFixture) value(t *testing.T, company, field string) string {
	t.Helper()
	fields, err := f.dir.DynamicFields(context.Background(), f.req("admin@portico.test", true), f.seed.Companies[company].UUID)
	require.NoError(t, err)
	for _, x := range fields {
		if x.Name == field {
			return string(x.Value)
		}
	}
	t.Fatalf("no field %s", field)
	return ""
}

// The role matrix of updateDynamicFields and of reading the fields (issue 14: global admin, agent admin,
// agent, customer admin, customer user, other company).
func TestDynamicFieldsRoleMatrix(t *testing.T) {
	f := newFieldsFixture(t)
	ctx := context.Background()
	acme := f.seed.Companies["Acme Oy"]
	accounting := f.seed.Categories["Accounting"].ID
	payroll := f.seed.Categories["Payroll"].ID
	tests := []struct {
		who        string
		adminPanel bool
		general    apperr.Code // "" allowed
		accounting apperr.Code
		payroll    apperr.Code
	}{
		{"admin@portico.test", true, "", "", ""},
		{"agentadmin@portico.test", false, "", "", ""},
		{"agent@portico.test", false, "", "", ""},
		{"anna@acme.test", false, "", "", ""},
		{"carl@acme.test", false, apperr.AccessDenied, apperr.AccessDenied, apperr.AccessDenied},
		{"eva@borealis.test", false, apperr.RecordNotFound, apperr.RecordNotFound, apperr.RecordNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.who, func(t *testing.T) {
			req := f.req(tt.who, tt.adminPanel)
			check := func(cat *int64, name string, value any, want apperr.Code) {
				t.Helper()
				_, err := f.dir.UpdateDynamicFields(ctx, req, acme.UUID, cat, map[string]any{name: value})
				if want == "" {
					require.NoError(t, err)
					return
				}
				require.Error(t, err)
				require.Equal(t, want, codeOf(err))
			}
			check(nil, "employee_count", float64(len(tt.who)), tt.general)
			check(&accounting, "vat_period", "quarterly", tt.accounting)
			check(&payroll, "pay_day", float64(20), tt.payroll)
		})
	}
	// carl (Payroll only) reads the general fields and Payroll's, not Accounting's
	fields, err := f.dir.DynamicFields(ctx, f.req("carl@acme.test", false), acme.UUID)
	require.NoError(t, err)
	names := map[string]bool{}
	for _, x := range fields {
		names[x.Name] = true
	}
	require.True(t, names["employee_count"])
	require.True(t, names["pay_day"])
	require.False(t, names[demo.FinancialYearEnd])
	// another company's user sees nothing of Acme's
	_, err = f.dir.DynamicFields(ctx, f.req("eva@borealis.test", false), acme.UUID)
	require.Equal(t, apperr.RecordNotFound, codeOf(err))
}

// Bad input: each refusal on its field, nothing saved.
func TestDynamicFieldsBadInput(t *testing.T) {
	f := newFieldsFixture(t)
	ctx := context.Background()
	acme := f.seed.Companies["Acme Oy"]
	accounting := f.seed.Categories["Accounting"].ID
	payroll := f.seed.Categories["Payroll"].ID
	anna := f.req("anna@acme.test", false)
	tests := []struct {
		name  string
		cat   *int64
		field string
		value any
		key   string
	}{
		{"integer given text", nil, "employee_count", "many", org.ErrFieldInteger},
		{"integer given a fraction", nil, "employee_count", 1.5, org.ErrFieldInteger},
		{"e-mail", nil, "finance_contact_email", "not-an-email", org.ErrFieldEmail},
		{"link", nil, "website", "ftp://x", org.ErrFieldURL},
		{"over 250 characters", nil, "notes", strings.Repeat("x", 251), org.ErrFieldTooLong},
		{"date", nil, "customer_since", "31.12.2020", org.ErrFieldDate},
		{"outside allowed values", &accounting, "vat_period", "weekly", org.ErrFieldInclusion},
		{"required blank", &accounting, "vat_period", "", org.ErrFieldBlank},
		{"boolean given text", &accounting, "bookkeeping_ready", "yes", org.ErrFieldBoolean},
		{"anchor date day out of range", &accounting, demo.FinancialYearEnd,
			map[string]any{"date_type": "month_of_year", "day_number": 13}, org.ErrFieldAnchorDate},
		{"anchor date negative interval", &accounting, demo.FinancialYearEnd,
			map[string]any{"date_type": "day_of_following_month", "day_number": 1, "following_interval": -1}, org.ErrFieldAnchorDate},
		{"checkboxes outside allowed values", &payroll, "payroll_extras", []any{"mileage", "car"}, org.ErrFieldInclusion},
		{"read-only field", &payroll, "payroll_system_id", "PAY-2", org.ErrFieldReadonly},
		{"field of another tab", nil, "pay_day", 3.0, org.ErrFieldUnknown},
		{"unknown field", nil, "nope", "x", org.ErrFieldUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.value(t, "Acme Oy", "employee_count")
			_, err := f.dir.UpdateDynamicFields(ctx, anna, acme.UUID, tt.cat, map[string]any{tt.field: tt.value})
			fe, ok := org.AsFieldErrors(err)
			require.True(t, ok, "%v", err)
			require.Len(t, fe, 1)
			require.Equal(t, tt.field, fe[0].Field)
			require.Equal(t, tt.key, fe[0].Message)
			require.Equal(t, before, f.value(t, "Acme Oy", "employee_count"))
		})
	}
	// one refused value stops the whole save
	_, err := f.dir.UpdateDynamicFields(ctx, anna, acme.UUID, nil, map[string]any{"employee_count": 99.0, "website": "nope"})
	_, ok := org.AsFieldErrors(err)
	require.True(t, ok)
	require.Equal(t, "42", f.value(t, "Acme Oy", "employee_count"))
}

// Good values of every kind are stored as the API answers them; "" clears.
func TestDynamicFieldsSaveAndClear(t *testing.T) {
	f := newFieldsFixture(t)
	ctx := context.Background()
	acme := f.seed.Companies["Acme Oy"]
	accounting := f.seed.Categories["Accounting"].ID
	anna := f.req("anna@acme.test", false)
	res, err := f.dir.UpdateDynamicFields(ctx, anna, acme.UUID, nil, map[string]any{
		"employee_count": json.Number("43"), "website": " https://example.test/x ", "notes": "", "customer_since": "2020-02-29"})
	require.NoError(t, err)
	require.Empty(t, res.ChangedAnchors)
	require.Equal(t, "43", f.value(t, "Acme Oy", "employee_count"))
	require.Equal(t, `"https://example.test/x"`, f.value(t, "Acme Oy", "website"))
	require.Equal(t, "", f.value(t, "Acme Oy", "notes"))
	res, err = f.dir.UpdateDynamicFields(ctx, anna, acme.UUID, &accounting, map[string]any{
		demo.FinancialYearEnd: map[string]any{"date_type": "day_of_following_month", "day_number": "5", "following_interval": 0}})
	require.NoError(t, err)
	require.Len(t, res.ChangedAnchors, 1)
	var a map[string]any
	require.NoError(t, json.Unmarshal([]byte(f.value(t, "Acme Oy", demo.FinancialYearEnd)), &a))
	require.Equal(t, map[string]any{"date_type": "day_of_following_month", "day_number": 5.0, "following_interval": 0.0,
		"holiday_handling": "previous_weekday"}, a)
}

// Definitions: global admins in the admin panel only; names unique; a field an anchor trigger uses stays.
func TestDynamicFieldDefinitions(t *testing.T) {
	f := newFieldsFixture(t)
	ctx := context.Background()
	admin := f.req("admin@portico.test", true)
	for _, who := range []org.Request{f.req("admin@portico.test", false), f.req("agentadmin@portico.test", false),
		f.req("agent@portico.test", false), f.req("anna@acme.test", false), f.req("carl@acme.test", false)} {
		_, err := f.dir.CreateDynamicField(ctx, who, org.DynamicFieldInput{Name: "x", Title: "X", Type: "string"})
		require.Equal(t, apperr.AccessDenied, codeOf(err), who.User.Email)
		_, err = f.dir.DynamicFieldDefinitions(ctx, who, nil)
		require.Equal(t, apperr.AccessDenied, codeOf(err), who.User.Email)
	}
	payroll := f.seed.Categories["Payroll"].ID
	created, err := f.dir.CreateDynamicField(ctx, admin, org.DynamicFieldInput{CategoryID: &payroll, Name: "shift_model",
		Title: "Shift model", Type: "radios", AllowedValues: []org.FieldOption{{Key: "day", Label: "Day"}, {Key: "night", Label: "Night"}}})
	require.NoError(t, err)
	_, err = f.dir.CreateDynamicField(ctx, admin, org.DynamicFieldInput{Name: "shift_model", Title: "Again", Type: "string"})
	require.Equal(t, org.ErrFieldNameTaken, err.(*apperr.Error).Message)
	_, err = f.dir.CreateDynamicField(ctx, admin, org.DynamicFieldInput{Name: "choice", Title: "Choice", Type: "dropdown"})
	require.Equal(t, org.ErrFieldAllowedValues, err.(*apperr.Error).Message)
	_, err = f.dir.CreateDynamicField(ctx, admin, org.DynamicFieldInput{Name: "Bad Name", Title: "X", Type: "string"})
	require.Equal(t, apperr.ValidationError, codeOf(err))
	_, err = f.dir.CreateDynamicField(ctx, admin, org.DynamicFieldInput{Name: "kind", Title: "X", Type: "colour"})
	require.Equal(t, apperr.ValidationError, codeOf(err))
	updated, err := f.dir.UpdateDynamicField(ctx, admin, created.ID, org.DynamicFieldInput{Title: "Shifts", Required: true,
		AllowedValues: []org.FieldOption{{Key: "day", Label: "Day"}}})
	require.NoError(t, err)
	require.Equal(t, "Shifts", updated.Title)
	require.True(t, updated.Required)
	require.NoError(t, f.dir.DeleteDynamicField(ctx, admin, created.ID))

	// the demo's anchor-date trigger names the financial year end
	defs, err := f.dir.DynamicFieldDefinitions(ctx, admin, nil)
	require.NoError(t, err)
	for _, d := range defs {
		if d.Name == demo.FinancialYearEnd {
			err := f.dir.DeleteDynamicField(ctx, admin, d.ID)
			require.Equal(t, org.ErrDynamicFieldInUse, err.(*apperr.Error).Message)
		}
	}
}
