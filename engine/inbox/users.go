package inbox

import (
	"context"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/org"
)

// UsersQuery is the users query of the inbox: who read an activity
// (ActivityID), or whom a thread or a new thread of a category may mention.
type UsersQuery struct {
	ActivityID *uuid.UUID
	CompanyID  *uuid.UUID
	TaskID     *uuid.UUID
	CategoryID *int64
	Search     string
	OnlyActive bool
	// Page counts from 1; Limit defaults to 10.
	Page, Limit int
}

// UserPage is one page of the users query.
type UserPage struct {
	Collection []Viewer
	TotalCount int64
}

// Users answers the users query: an activity's readers, or mention
// candidates (masked people left out), one page.
func (s *Service) Users(ctx context.Context, req org.Request, q UsersQuery) (UserPage, error) {
	if q.ActivityID != nil {
		list, total, err := s.Viewers(ctx, req, *q.ActivityID, q.Page, q.Limit)
		return UserPage{Collection: list, TotalCount: total}, err
	}
	if q.CompanyID == nil && q.CategoryID != nil {
		return UserPage{}, apperr.NotFound("company")
	}
	var company uuid.UUID
	if q.CompanyID != nil {
		company = *q.CompanyID
	}
	list, err := s.MentionCandidates(ctx, req, company, q.TaskID, q.CategoryID, q.Search)
	if err != nil {
		return UserPage{}, err
	}
	people := []Viewer{}
	for _, p := range list {
		if !p.Masked && (!q.OnlyActive || p.Active) {
			people = append(people, Viewer{Person: p})
		}
	}
	from, to := pageBounds(len(people), q.Page, q.Limit)
	return UserPage{Collection: people[from:to], TotalCount: int64(len(people))}, nil
}

// pageBounds turns page (from 1) and limit (default 10, at most 1000) into
// slice bounds over n items.
func pageBounds(n, page, limit int) (int, int) {
	l, p := 10, max(page, 1)
	if limit > 0 {
		l = min(limit, 1000)
	}
	from := min((p-1)*l, n)
	return from, min(from+l, n)
}
