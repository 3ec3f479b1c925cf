package org

import (
	"context"
	"sync"
)

// A Directory keeps each user's Companies answer across requests, tagged with
// the directory's version (migration 00099, decision 0152): a number that
// every commit changing companies, their categories, countries or domains,
// memberships or favourites moves on, in the same transaction. A request
// reads the number with its session (Session.Context), before it reads
// anything else, so an answer kept at that number is at least as new as
// the request: after a change commits, the next request in any process
// reads a new number, misses, and reads the directory afresh. Only requests
// that change nothing while they run (those with a memo, WithMemo: GraphQL
// queries) use it; a mutation reads afresh after its writes.
type kept struct {
	mu        sync.Mutex
	latest    int64
	companies int // in all entries, against maxKeptCompanies
	entries   map[keptKey]keptEntry
}

// keptKey is everything about the user that Companies reads (the user's row
// comes with the session, so a changed role or type is another key).
type keptKey struct {
	user       int64
	userType   string
	userRole   string
	adminPanel bool
}

type keptEntry struct {
	version int64
	list    []CompanyAccess
}

// maxKeptCompanies bounds what a process keeps (about 0.5 kB a company): the
// directories of 100 agents of 1000 companies each, or of many small users.
const maxKeptCompanies = 100_000

type versionCtxKey struct{}

// version is the directory's version the request read with its session, if
// the request may answer from what is kept (it carries a memo too).
func version(ctx context.Context) (int64, bool) {
	v, ok := ctx.Value(versionCtxKey{}).(int64)
	if !ok {
		return 0, false
	}
	if _, memo := ctx.Value(memoCtxKey{}).(*memo); !memo {
		return 0, false
	}
	return v, true
}

func (k *kept) get(key keptKey, v int64) ([]CompanyAccess, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.entries[key]
	if !ok || e.version != v {
		return nil, false
	}
	return e.list, true
}

func (k *kept) put(key keptKey, v int64, list []CompanyAccess) {
	if len(list) > maxKeptCompanies {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	switch {
	case v < k.latest:
		return // read before a change another request has already seen
	case v > k.latest || k.entries == nil:
		k.latest, k.entries, k.companies = v, map[keptKey]keptEntry{}, 0 // all older ones are stale
	}
	if old, ok := k.entries[key]; ok {
		k.companies -= len(old.list)
		delete(k.entries, key)
	}
	for other, e := range k.entries { // room, dropping whichever come first
		if k.companies+len(list) <= maxKeptCompanies {
			break
		}
		k.companies -= len(e.list)
		delete(k.entries, other)
	}
	k.entries[key] = keptEntry{v, list}
	k.companies += len(list)
}
