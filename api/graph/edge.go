package graph

import (
	"context"

	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/org"
)

// Every resolver has one shape: decode its arguments, authorise (the signed-in
// viewer's request, which the engine checks), call one engine service, map the
// answer. fetch and mutate hold that shape; a resolver supplies the service,
// the decode-and-call step and the mapping.
//
// A query answers a catalogue error as a GraphQL error (extensions.code); a
// mutation answers it in its payload's errors list. Any other error is a
// GraphQL error either way.

// fetch runs a query resolver: viewer, service, run (decode and call), mapTo.
func fetch[S, T, M any](ctx context.Context, service func() (S, error), run func(S, org.Request) (T, error),
	mapTo func(T) M) (M, error) {
	var zero M
	req, svc, err := open(ctx, service)
	if err != nil {
		return zero, err
	}
	out, err := run(svc, req)
	if err != nil {
		return zero, err
	}
	return mapTo(out), nil
}

// mutate runs a mutation resolver: viewer, service, run (decode and call),
// then answer builds the payload from the result and the catalogue errors
// (empty on success; on failure, with whatever run returned beside its error).
func mutate[S, T, P any](ctx context.Context, service func() (S, error), run func(S, org.Request) (T, error),
	answer func(T, []*model.MutationError) P) (P, error) {
	return mutateMapping(ctx, service, run, mutationErrors, answer)
}

// mutateMapping is mutate with its own mapping of errors to the payload's list.
func mutateMapping[S, T, P any](ctx context.Context, service func() (S, error), run func(S, org.Request) (T, error),
	errorsOf func(error) ([]*model.MutationError, error), answer func(T, []*model.MutationError) P) (P, error) {
	var zero P
	req, svc, err := open(ctx, service)
	if err != nil {
		return zero, err
	}
	out, err := run(svc, req)
	errs, err := errorsOf(err)
	if err != nil {
		return zero, err
	}
	return answer(out, errs), nil
}

// open is the viewer's request and the service; a missing viewer or service
// fails the whole operation.
func open[S any](ctx context.Context, service func() (S, error)) (org.Request, S, error) {
	var zero S
	v, err := me(ctx)
	if err != nil {
		return org.Request{}, zero, err
	}
	svc, err := service()
	if err != nil {
		return org.Request{}, zero, err
	}
	return v.Request(), svc, nil
}

// done is run's result for an engine call that answers only an error.
func done(err error) (struct{}, error) { return struct{}{}, err }

// succeeded is the payload of a mutation that answers success and errors.
func succeeded(_ struct{}, errs []*model.MutationError) *model.SuccessPayload {
	return &model.SuccessPayload{Success: len(errs) == 0, Errors: errs}
}

// args decodes a resolver's arguments; the first malformed one is kept in err
// and the later ones are not read, so a run step checks err once, before its
// engine call.
type args struct{ err error }

// id reads a required public id (malformed: RECORD_NOT_FOUND of entity).
func (a *args) id(s, entity string) uuid.UUID {
	if a.err != nil {
		return uuid.Nil
	}
	id, err := parseUUID(s, entity)
	a.err = err
	return id
}

// optID reads an optional public id (nil or empty: nil).
func (a *args) optID(s *string, entity string) *uuid.UUID {
	if a.err != nil {
		return nil
	}
	id, err := optUUID(s, entity)
	a.err = err
	return id
}

// ids reads a list of public ids.
func (a *args) ids(list []string, entity string) []uuid.UUID {
	if a.err != nil {
		return nil
	}
	out, err := uuids(list, entity)
	a.err = err
	return out
}

// int64s reads a list of numeric ids.
func (a *args) int64s(list []string, entity string) []int64 {
	if a.err != nil {
		return nil
	}
	out, err := int64s(list, entity)
	a.err = err
	return out
}

// int64 reads one numeric id.
func (a *args) int64(s, entity string) int64 {
	if list := a.int64s([]string{s}, entity); len(list) == 1 {
		return list[0]
	}
	return 0
}

// value is *p, or the zero value when p is nil.
func value[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// mapAll maps a list, never answering null for an empty one.
func mapAll[T, M any](list []T, mapOne func(T) M) []M {
	out := make([]M, len(list))
	for i, x := range list {
		out[i] = mapOne(x)
	}
	return out
}

// same is the mapping of a run step that already answers the GraphQL model.
func same[T any](x T) T { return x }
