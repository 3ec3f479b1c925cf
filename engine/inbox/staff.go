package inbox

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"portico/engine/org"
	"portico/engine/store"
)

// StaffParams is a porticoUsers request: provider staff of one company, of
// the company of a thread (only those who may be assigned to it), or of every
// company the viewer sees; by name or e-mail; page (from 1) and limit
// (default StaffPageSize, at most 100).
type StaffParams struct {
	CompanyID *uuid.UUID
	TaskID    *uuid.UUID
	Search    string
	Page      int
	Limit     int
}

// StaffPageSize is the page size of porticoUsers (the spec's users list size).
const StaffPageSize = 30

// Staff is porticoUsers: the active provider users with an active membership
// in the companies asked for, by name, and how many there are. With a thread,
// only those who may read it (whom assignTaskTo accepts). Customers get
// nobody: they see staff only as the provider, so a list of them would say
// nothing but how many there are. Unknown or foreign companies and threads are
// RECORD_NOT_FOUND for everyone.
func (s *Service) Staff(ctx context.Context, req org.Request, p StaffParams) ([]Person, int64, error) {
	q := store.StaffMemberPageParams{Search: strings.TrimSpace(p.Search)}
	switch {
	case p.TaskID != nil:
		l, err := s.load(ctx, req, *p.TaskID)
		if err != nil {
			return nil, 0, err
		}
		if p.CompanyID != nil && *p.CompanyID != l.sc.Company.UUID {
			return nil, 0, taskNotFound()
		}
		aud, err := audienceOf(ctx, s.st.Queries, l.sc, l.CategoryID)
		if err != nil {
			return nil, 0, err
		}
		q.CompanyIds, q.UserIds = []int64{l.sc.Company.ID}, make([]int64, 0, len(aud.byID))
		for id := range aud.byID {
			q.UserIds = append(q.UserIds, id)
		}
	case p.CompanyID != nil:
		sc, err := s.companyScope(ctx, req, *p.CompanyID)
		if err != nil {
			return nil, 0, err
		}
		q.CompanyIds = []int64{sc.Company.ID}
	default:
		companies, err := s.dir.Companies(ctx, req.User, req.AdminPanel)
		if err != nil {
			return nil, 0, err
		}
		q.CompanyIds = make([]int64, 0, len(companies))
		for _, c := range companies {
			q.CompanyIds = append(q.CompanyIds, c.Company.ID)
		}
	}
	if !isStaff(req.User) {
		return []Person{}, 0, nil
	}
	limit, page := StaffPageSize, max(p.Page, 1)
	if p.Limit > 0 {
		limit = min(p.Limit, 100)
	}
	q.Lim, q.Off = int32(limit), int32((page-1)*limit)
	rows, err := s.st.StaffMemberPage(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Person, 0, len(rows))
	for _, r := range rows {
		out = append(out, *person(&store.User{ID: r.ID, UUID: r.UUID, Name: r.Name, Email: r.Email, UserType: r.UserType,
			UserRole: r.UserRole, Active: r.Active}, true))
	}
	if len(rows) > 0 {
		return out, rows[0].Total, nil
	}
	if q.Off == 0 {
		return out, 0, nil
	}
	q.Lim, q.Off = 1, 0 // past the last page: count alone
	rows, err = s.st.StaffMemberPage(ctx, q)
	if err != nil || len(rows) == 0 {
		return out, 0, err
	}
	return out, rows[0].Total, nil
}
