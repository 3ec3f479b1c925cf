package graph

import (
	"errors"
	"strings"
)

// Sentinel errors; every error this package returns wraps one of them, so the
// API edge can map it to the catalogue with errors.Is.
var (
	// ErrInvalidStructure: a structure failed the schema check on load.
	ErrInvalidStructure = errors.New("workflow: invalid structure")
	// ErrInvalidGraph: a structure failed graph validation.
	ErrInvalidGraph = errors.New("workflow: invalid graph")
	// ErrInvalidAnchorDate: an anchor date value is not valid.
	ErrInvalidAnchorDate = errors.New("workflow: invalid anchor date")
	// ErrInvalidSchedule: a schedule (recurrence pattern, end condition,
	// reporting period) is not valid.
	ErrInvalidSchedule = errors.New("workflow: invalid schedule")
	// ErrInvalidHoliday: an admin holiday given to NewCalendar is not valid.
	ErrInvalidHoliday = errors.New("workflow: invalid holiday")
	// ErrUnknownNode: a node id is not in the structure.
	ErrUnknownNode = errors.New("workflow: unknown node")
	// ErrInvalidOutcome: an outcome does not fit the node it completes.
	ErrInvalidOutcome = errors.New("workflow: invalid outcome")
	// ErrMissingParameter: a condition names a parameter the run was not
	// given.
	ErrMissingParameter = errors.New("workflow: missing parameter")
)

// FieldError is one problem with one field of a value (an anchor date, a
// schedule, a due-date rule): Field is its JSON path, Code a stable
// machine-readable key (for example invalid_day_number), Message English text
// for logs.
type FieldError struct {
	Field   string `json:"field"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// FieldErrors is the list of problems found in one value; it is an error when
// not empty. Its Unwrap returns the sentinel of the kind of value checked.
type FieldErrors struct {
	Kind   error // ErrInvalidAnchorDate, ErrInvalidSchedule, ...
	Errors []FieldError
}

func (e *FieldErrors) Error() string {
	var b strings.Builder
	if e.Kind != nil {
		b.WriteString(e.Kind.Error())
	}
	for i, fe := range e.Errors {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(fe.Field)
		b.WriteString(": ")
		b.WriteString(fe.Message)
		b.WriteString(" (")
		b.WriteString(fe.Code)
		b.WriteString(")")
	}
	return b.String()
}

func (e *FieldErrors) Unwrap() error { return e.Kind }

// Has reports whether one of the errors has the given code.
func (e *FieldErrors) Has(code string) bool {
	for _, fe := range e.Errors {
		if fe.Code == code {
			return true
		}
	}
	return false
}

func (e *FieldErrors) add(field, code, msg string) {
	e.Errors = append(e.Errors, FieldError{Field: field, Code: code, Message: msg})
}

// err returns e as an error, or nil when it holds nothing.
func (e *FieldErrors) err() error {
	if e == nil || len(e.Errors) == 0 {
		return nil
	}
	return e
}

// prefix returns a copy of es with prefix prepended to each field path.
func prefixed(prefix string, es []FieldError) []FieldError {
	out := make([]FieldError, len(es))
	for i, fe := range es {
		fe.Field = prefix + "." + fe.Field
		out[i] = fe
	}
	return out
}
