package apperr

import (
	"errors"
	"fmt"
)

// Code is one of the catalogue's codes.
type Code string

// The catalogue.
const (
	RecordNotFound    Code = "RECORD_NOT_FOUND"
	AccessDenied      Code = "ACCESS_DENIED"
	InvalidTransition Code = "AASM_INVALID_TRANSITION"
	ArgumentError     Code = "ARGUMENT_ERROR"
	ForbiddenDomain   Code = "FORBIDDEN_DOMAIN"
	ValidationError   Code = "VALIDATION_ERROR"
	// Unauthenticated is not a catalogue code shown to users: it becomes HTTP 401.
	Unauthenticated Code = "UNAUTHENTICATED"
)

// Error is a user-facing error: a code, a machine key (e.g.
// cannot_add_message_to_closed_thread), and where relevant the field and the
// kind of entity it concerns.
type Error struct {
	Code       Code
	Message    string
	Field      string
	EntityType string
	// Details carry structured extras, e.g. the thread names of a bulk assign failure.
	Details map[string]any
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message, e.Field)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// As finds an *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// NotFound is RECORD_NOT_FOUND for an entity type (inbox_task, company, ...).
// It is also what another company's record gives, so nothing about it leaks.
func NotFound(entityType string) *Error {
	return &Error{Code: RecordNotFound, Message: "record_not_found", EntityType: entityType}
}

// Denied is ACCESS_DENIED with a machine key (empty gives the generic one).
func Denied(message string) *Error {
	if message == "" {
		message = "access_denied"
	}
	return &Error{Code: AccessDenied, Message: message}
}

// Argument is ARGUMENT_ERROR, e.g. cannot_add_message_to_closed_thread.
func Argument(message string) *Error {
	return &Error{Code: ArgumentError, Message: message}
}

// Invalid is VALIDATION_ERROR on a field, e.g. ("name", "name_has_already_been_taken").
func Invalid(field, message string) *Error {
	return &Error{Code: ValidationError, Message: message, Field: field}
}

// Transition is AASM_INVALID_TRANSITION naming the state the change started from.
func Transition(event, from string) *Error {
	return &Error{Code: InvalidTransition, Message: fmt.Sprintf("Event '%s' cannot transition from '%s'", event, from),
		Details: map[string]any{"fromState": from}}
}

// Domain is FORBIDDEN_DOMAIN: the request came through the wrong host;
// redirectTo is the host to use.
func Domain(redirectTo string) *Error {
	return &Error{Code: ForbiddenDomain, Message: "forbidden_domain", Details: map[string]any{"redirectTo": redirectTo}}
}

// Unauthorized marks a request without a valid session.
var Unauthorized = &Error{Code: Unauthenticated, Message: "unauthenticated"}
