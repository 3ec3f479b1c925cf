package inbox

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/org"
)

// UsersQuery is the users query of the inbox: who read an activity
// (ActivityID), or whom a thread, a new thread of a category, or new threads
// of several companies and categories (Pairs) may mention.
type UsersQuery struct {
	ActivityID *uuid.UUID
	CompanyID  *uuid.UUID
	TaskID     *uuid.UUID
	CategoryID *int64
	Pairs      []CompanyCategory
	// Group: CompanyID names a group view (org.Directory.GroupView): with
	// CategoryID, whom a new thread of that category in any of its companies
	// may mention, as Pairs of them would. A thread (TaskID) decides its
	// company itself.
	Group bool
	// IncludeCurrent keeps the viewer among the candidates.
	IncludeCurrent bool
	Search         string
	OnlyActive     bool
	// Page counts from 1; Limit defaults to 10.
	Page, Limit int
}

// CompanyCategory is a company and one of its categories.
type CompanyCategory struct {
	CompanyID  uuid.UUID
	CategoryID int64
}

// MaxPairs is how many company and category pairs one users query may name.
const MaxPairs = 100

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
	var list []Person
	var err error
	if q.Group && q.CompanyID != nil && q.TaskID == nil && q.CategoryID != nil && len(q.Pairs) == 0 {
		if q.Pairs, err = s.groupPairs(ctx, req, *q.CompanyID, *q.CategoryID); err != nil {
			return UserPage{}, err
		}
	}
	if len(q.Pairs) > 0 {
		list, err = s.pairCandidates(ctx, req, q)
	} else {
		if q.CompanyID == nil && q.CategoryID != nil {
			return UserPage{}, apperr.NotFound("company")
		}
		var company uuid.UUID
		if q.CompanyID != nil {
			company = *q.CompanyID
		}
		list, err = s.MentionCandidates(ctx, req, company, q.TaskID, q.CategoryID, q.Search, q.IncludeCurrent)
	}
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

// groupPairs are the companies of the group view id where the viewer may
// read the category, each with it; none is RECORD_NOT_FOUND category.
func (s *Service) groupPairs(ctx context.Context, req org.Request, id uuid.UUID, categoryID int64) ([]CompanyCategory, error) {
	companies, err := s.dir.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return nil, err
	}
	view, err := s.dir.GroupView(ctx, req.User, companies, id)
	if err != nil {
		return nil, err
	}
	var pairs []CompanyCategory
	for _, c := range companies {
		if view[c.Company.UUID] && slices.Contains(c.Abilities.VisibleCategoryIDs(), categoryID) {
			pairs = append(pairs, CompanyCategory{CompanyID: c.Company.UUID, CategoryID: categoryID})
		}
	}
	if len(pairs) == 0 {
		return nil, apperr.NotFound("category")
	}
	return pairs, nil
}

// pairCandidates are those who may see a thread of any of the pairs, each
// once, by name. A company the viewer cannot see, or a category they cannot
// read there, is RECORD_NOT_FOUND, as for one pair.
func (s *Service) pairCandidates(ctx context.Context, req org.Request, q UsersQuery) ([]Person, error) {
	pairs := slices.Clone(q.Pairs)
	slices.SortFunc(pairs, func(a, b CompanyCategory) int {
		if c := strings.Compare(a.CompanyID.String(), b.CompanyID.String()); c != 0 {
			return c
		}
		return cmp.Compare(a.CategoryID, b.CategoryID)
	})
	pairs = slices.Compact(pairs)
	if len(pairs) > MaxPairs {
		return nil, apperr.Invalid("companyCategoryPairs", "too_long")
	}
	seen := map[uuid.UUID]bool{}
	out := []Person{}
	for _, p := range pairs {
		list, err := s.MentionCandidates(ctx, req, p.CompanyID, nil, &p.CategoryID, q.Search, q.IncludeCurrent)
		if err != nil {
			return nil, err
		}
		for _, person := range list {
			if !seen[person.UUID] {
				seen[person.UUID] = true
				out = append(out, person)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Person) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out, nil
}
