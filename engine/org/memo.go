package org

import (
	"context"
	"sync"
)

// A memo keeps what Directory.Companies computed for one request, so the
// resolvers and engine calls of one GraphQL query share a single lookup
// instead of repeating its queries. It lives in the request's context
// (WithMemo); a context without one computes every time.
type memo struct {
	mu      sync.Mutex
	entries map[memoKey]*memoEntry
}

type memoKey struct {
	user       int64
	adminPanel bool
}

type memoEntry struct {
	once sync.Once
	list []CompanyAccess
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
	return context.WithValue(ctx, memoCtxKey{}, &memo{entries: map[memoKey]*memoEntry{}})
}

// remember answers from the memo in ctx, computing once per user and panel.
// Callers share the slice: they must not change it.
func remember(ctx context.Context, k memoKey, compute func() ([]CompanyAccess, error)) ([]CompanyAccess, error) {
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
	e.once.Do(func() { e.list, e.err = compute() })
	return e.list, e.err
}
