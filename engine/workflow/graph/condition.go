package graph

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Evaluate decides a condition against a run's parameter values (decoded
// JSON: string, float64, json.Number, bool, nil, []any). It returns the branch
// to follow, BranchTrue or BranchFalse.
//
// A missing parameter is an error (ErrMissingParameter) for every operator
// but is_empty and is_not_empty, which treat it as empty. eq and neq compare
// numbers numerically (5 equals "5.0"), booleans with booleans ("true" equals
// true) and anything else as strings; gt, gte, lt and lte compare numbers
// numerically and otherwise strings lexically, which orders YYYY-MM-DD dates.
// contains tests a substring of a string or an element of a list.
func (c ConditionData) Evaluate(params map[string]any) (string, error) {
	v, present := params[c.Parameter]
	var ok bool
	switch c.Operator {
	case OpIsEmpty:
		ok = IsEmpty(v)
	case OpIsNotEmpty:
		ok = !IsEmpty(v)
	default:
		if !present {
			return "", fmt.Errorf("%w: %q", ErrMissingParameter, c.Parameter)
		}
		switch c.Operator {
		case OpEqual:
			ok = equal(v, c.Value)
		case OpNotEqual:
			ok = !equal(v, c.Value)
		case OpGreater:
			ok = compare(v, c.Value) > 0
		case OpGreaterEqual:
			ok = compare(v, c.Value) >= 0
		case OpLess:
			ok = compare(v, c.Value) < 0
		case OpLessEqual:
			ok = compare(v, c.Value) <= 0
		case OpContains:
			ok = contains(v, c.Value)
		case OpNotContains:
			ok = !contains(v, c.Value)
		default:
			return "", fmt.Errorf("%w: unknown operator %q", ErrInvalidGraph, c.Operator)
		}
	}
	if ok {
		return BranchTrue, nil
	}
	return BranchFalse, nil
}

// IsEmpty tells whether a decoded JSON value counts as not given: null, a
// blank string or an empty list (a run parameter here, a dynamic field's
// value in engine/org).
func IsEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	}
	return false
}

// AsNumber reads a decoded JSON value as a number: a number (NaN is none) or
// a string that parses as one.
func AsNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x)
	case float32:
		return float64(x), !math.IsNaN(float64(x))
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil && !math.IsNaN(f)
	}
	return 0, false
}

func asBool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return false, false
}

func asString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		return x.String()
	}
	return fmt.Sprint(v)
}

func equal(a, b any) bool {
	_, aBool := a.(bool)
	_, bBool := b.(bool)
	if aBool || bBool {
		x, ok1 := asBool(a)
		y, ok2 := asBool(b)
		return ok1 && ok2 && x == y
	}
	if x, ok := AsNumber(a); ok {
		if y, ok := AsNumber(b); ok {
			return x == y
		}
	}
	return asString(a) == asString(b)
}

func compare(a, b any) int {
	if x, ok := AsNumber(a); ok {
		if y, ok := AsNumber(b); ok {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	}
	return strings.Compare(asString(a), asString(b))
}

func contains(haystack, needle any) bool {
	if list, ok := haystack.([]any); ok {
		for _, el := range list {
			if equal(el, needle) {
				return true
			}
		}
		return false
	}
	return strings.Contains(asString(haystack), asString(needle))
}
