package graph

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConditionEvaluate(t *testing.T) {
	t.Parallel()
	params := map[string]any{
		"amount":  1000.0,
		"count":   json.Number("12"),
		"text":    "Payroll run",
		"numeric": "10",
		"payroll": true,
		"flag":    "true",
		"due":     "2026-02-01",
		"empty":   "",
		"none":    nil,
		"tags":    []any{"vat", "payroll"},
		"noTags":  []any{},
		"zero":    0.0,
		"country": "fi",
	}
	tests := []struct {
		name string
		c    ConditionData
		want string
		err  error
	}{
		{"equal numbers", ConditionData{"amount", OpEqual, 1000.0}, BranchTrue, nil},
		{"a number equals its text", ConditionData{"amount", OpEqual, "1000.0"}, BranchTrue, nil},
		{"json numbers", ConditionData{"count", OpGreaterEqual, 12.0}, BranchTrue, nil},
		{"unequal numbers", ConditionData{"amount", OpEqual, 999.0}, BranchFalse, nil},
		{"not equal", ConditionData{"country", OpNotEqual, "se"}, BranchTrue, nil},
		{"booleans", ConditionData{"payroll", OpEqual, true}, BranchTrue, nil},
		{"a boolean and its text", ConditionData{"flag", OpEqual, true}, BranchTrue, nil},
		{"a boolean against a string that is not one", ConditionData{"payroll", OpEqual, "yes"}, BranchFalse, nil},
		{"strings", ConditionData{"country", OpEqual, "fi"}, BranchTrue, nil},
		{"greater, numerically", ConditionData{"numeric", OpGreater, "9"}, BranchTrue, nil},
		{"less", ConditionData{"amount", OpLess, 500.0}, BranchFalse, nil},
		{"less or equal", ConditionData{"amount", OpLessEqual, 1000.0}, BranchTrue, nil},
		{"dates order as text", ConditionData{"due", OpGreater, "2026-01-31"}, BranchTrue, nil},
		{"substring", ConditionData{"text", OpContains, "roll"}, BranchTrue, nil},
		{"list element", ConditionData{"tags", OpContains, "payroll"}, BranchTrue, nil},
		{"not in list", ConditionData{"tags", OpNotContains, "hr"}, BranchTrue, nil},
		{"missing is empty", ConditionData{"absent", OpIsEmpty, nil}, BranchTrue, nil},
		{"empty string is empty", ConditionData{"empty", OpIsEmpty, nil}, BranchTrue, nil},
		{"null is empty", ConditionData{"none", OpIsEmpty, nil}, BranchTrue, nil},
		{"empty list is empty", ConditionData{"noTags", OpIsEmpty, nil}, BranchTrue, nil},
		{"zero is not empty", ConditionData{"zero", OpIsNotEmpty, nil}, BranchTrue, nil},
		{"a missing parameter", ConditionData{"absent", OpEqual, 1.0}, "", ErrMissingParameter},
		{"an unknown operator", ConditionData{"amount", "between", 1.0}, "", ErrInvalidGraph},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := tc.c.Evaluate(params)
			if tc.err != nil {
				assert.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
