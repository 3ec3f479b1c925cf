package org

import (
	"context"
	"sync"
)

// A memo keeps what Directory.Companies (and the viewer's own memberships,
// People.Own) computed for one request, so the resolvers and engine calls of
// one GraphQL query share a single lookup instead of repeating its queries. It
// lives in the request's context (WithMemo); a context without one computes
// every time.
type memo struct {
	mu      sync.Mutex
	entries map[any]*memoEntry
}

type memoKey struct {
	user       int64
	adminPanel bool
}

type memoEntry struct {
	once sync.Once
	val  any
	err  error
}

type memoCtxKey struct{}

// WithMemo gives ctx a per-request memo of Directory.Companies. Use it for
// work that does not change memberships, companies or categories while it
// runs (a GraphQL query, say); writes in between would not be seen.
func WithMemo(ctx context.Context) context.Context {
	if _, ok := ctx.Value(memoCtxKey{}).(*memo); ok {
		return ctx
	}
	return context.WithValue(ctx, memoCtxKey{}, &memo{entries: map[any]*memoEntry{}})
}

// remember answers from the memo in ctx, computing once per user and panel.
// Callers share the slice: they must not change it.
func remember(ctx context.Context, k memoKey, compute func() ([]CompanyAccess, error)) ([]CompanyAccess, error) {
	return rememberAs(ctx, k, compute)
}

// rememberAs answers from the memo in ctx, computing once per key (a key of
// its own type for each kind of answer, so two kinds never meet).
func rememberAs[T any](ctx context.Context, k any, compute func() (T, error)) (T, error) {
	m, ok := ctx.Value(memoCtxKey{}).(*memo)
	if !ok {
		return compute()
	}
	m.mu.Lock()
	e, ok := m.entries[k]
	if !ok {
		e = &memoEntry{}
		m.entries[k] = e
	}
	m.mu.Unlock()
	e.once.Do(func() { e.val, e.err = compute() })
	v, _ := e.val.(T)
	return v, e.err
}
