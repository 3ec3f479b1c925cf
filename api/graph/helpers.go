package graph

import (
	"github.com/google/uuid"

	"portico/engine/apperr"
)

// parseUUID reads a public id; a malformed one is simply not found.
func parseUUID(s, entity string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, apperr.NotFound(entity)
	}
	return id, nil
}

// pageBounds turns page (from 1) and limit into slice bounds over n items.
func pageBounds(n int, page, limit *int, defaultLimit int) (int, int) {
	l, p := defaultLimit, 1
	if limit != nil && *limit > 0 {
		l = min(*limit, 1000)
	}
	if page != nil && *page > 1 {
		p = *page
	}
	from := min((p-1)*l, n)
	return from, min(from+l, n)
}
