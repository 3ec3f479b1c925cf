package org

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
)

// Provider users (spec 002 §2.5, 000 §7 porticoUser, globalRoles, users with
// userType portico_user): the provider-user list, giving an agent a company
// with a role, company roles and categories, and deactivating, reactivating or
// removing such a membership. Reading needs read on PorticoUser in the
// company; every change needs create, update or destroy there, which only
// global admins hold. Changes are logged under Admin:AgentUser.

// staffEventCategory is the events-log category of every provider-user change.
const staffEventCategory = "Admin:AgentUser"

// Staff is a provider user with the memberships the viewer may see.
type Staff struct {
	User        store.User
	Memberships []StaffMembership
}

// StaffMembership is one company row of a provider user.
type StaffMembership struct {
	UUID        uuid.UUID
	UserUUID    uuid.UUID
	Company     store.Company
	Active      bool
	Admin       bool
	Responsible bool
	Roles       []GlobalRole
	Categories  []store.Category
	// Abilities are the viewer's in that company (what the row's actions may do).
	Abilities access.Abilities
}

// StaffPage is a page of provider users.
type StaffPage struct {
	Users []Staff
	Total int64
}

// StaffInput gives an agent a company or changes that membership: a nil
// category or role list and an empty role keep their values on a change.
type StaffInput struct {
	CompanyID   uuid.UUID
	Role        string
	CategoryIDs []int64
	RoleIDs     []int64
}

// likePattern escapes LIKE's wildcards and its escape character, so a search
// for "%" or "_" matches those characters only.
func likePattern(s string) *string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	s = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
	return &s
}

// listScope is where the viewer may list people: every company for a global
// admin (all true), else the companies where they may read subject.
type listScope struct {
	all  bool
	byID map[int64]CompanyAccess
	ids  []int64
}

func (p *People) listScope(ctx context.Context, req Request, subject string) (listScope, error) {
	s := listScope{all: req.User.UserRole == string(access.UserRoleAdmin), byID: map[int64]CompanyAccess{}}
	if s.all {
		return s, nil
	}
	companies, err := p.dir.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return s, err
	}
	for _, c := range companies {
		if c.Abilities.Can(access.ActionRead, subject) {
			s.byID[c.Company.ID] = c
			s.ids = append(s.ids, c.Company.ID)
		}
	}
	return s, nil
}

// pageParams are a list's limit and offset.
func pageParams(page, limit int) (lim, off int32) {
	lim = PeopleLimit
	if limit > 0 && limit <= 100 {
		lim = int32(limit)
	}
	if page > 1 {
		off = int32(page-1) * lim
	}
	return lim, off
}

// peoplePage is a page of users of a type by name, with the viewer's list
// scope: with a company, its members for a viewer who may read subject there;
// without, every such user for a global admin, else those of the companies
// where the viewer may read subject.
func (p *People) peoplePage(ctx context.Context, req Request, q CustomerQuery, userType access.UserType, subject string) (
	[]store.PeoplePageRow, listScope, error) {
	scope, err := p.listScope(ctx, req, subject)
	if err != nil {
		return nil, scope, err
	}
	params := store.PeoplePageParams{UserType: string(userType), Search: likePattern(q.Search), WithTotal: q.WithTotal}
	params.Lim, params.Off = pageParams(q.Page, q.Limit)
	if q.CompanyID != nil {
		c, err := p.dir.Company(ctx, req.User, req.AdminPanel, *q.CompanyID)
		if err != nil {
			return nil, scope, err
		}
		if !c.Abilities.Can(access.ActionRead, subject) {
			return nil, scope, apperr.Denied("")
		}
		params.CompanyIds = []int64{c.Company.ID}
	} else if !scope.all {
		if len(scope.ids) == 0 {
			return []store.PeoplePageRow{}, scope, nil
		}
		params.CompanyIds = scope.ids
	}
	rows, err := p.dir.st.PeoplePage(ctx, params)
	if err != nil {
		return nil, scope, fmt.Errorf("org: %s page: %w", userType, err)
	}
	return rows, scope, nil
}

// StaffUsers lists provider users by name, like Customers: with a company,
// its staff for a viewer who may read PorticoUser there; without, every
// provider user for a global admin, else those of the companies where the
// viewer may read PorticoUser. One query for the page (with its total) and
// one for all their memberships.
func (p *People) StaffUsers(ctx context.Context, req Request, q CustomerQuery) (StaffPage, error) {
	rows, scope, err := p.peoplePage(ctx, req, q, access.UserTypeStaff, access.SubjectPorticoUser)
	if err != nil {
		return StaffPage{}, err
	}
	users := make([]store.User, len(rows))
	out := StaffPage{}
	for i, r := range rows {
		users[i] = r.User
		out.Total = r.Total
	}
	out.Users, err = p.staffMemberships(ctx, req, scope, users)
	return out, err
}

// staffMemberships gives users their memberships in the companies of scope
// (every one on the page for a global admin), in one query.
func (p *People) staffMemberships(ctx context.Context, req Request, scope listScope, users []store.User) ([]Staff, error) {
	out := make([]Staff, len(users))
	ids := make([]int64, len(users))
	index := map[int64]int{}
	for i, u := range users {
		out[i] = Staff{User: u, Memberships: []StaffMembership{}}
		ids[i] = u.ID
		index[u.ID] = i
	}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := p.dir.st.PeopleStaffMemberships(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("org: staff memberships: %w", err)
	}
	byID := scope.byID
	if scope.all {
		links := make([]companyLink, len(rows))
		for i, r := range rows {
			links[i] = companyLink{r.CompanyID, r.CompanyUuid, r.CompanyName, r.CompanyActive, r.CompanyBusinessID}
		}
		if byID, err = p.linkedCompanies(ctx, req, links); err != nil {
			return nil, err
		}
	}
	roles, err := p.globalRoles(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		c, ok := byID[r.CompanyID]
		if !ok {
			continue
		}
		i := index[r.UserID]
		out[i].Memberships = append(out[i].Memberships, StaffMembership{
			UUID: r.UUID, UserUUID: out[i].User.UUID, Company: c.Company, Active: r.Active, Admin: r.Role == "admin",
			Responsible: r.Responsible, Roles: pickRoles(roles, r.RoleIds), Categories: pick(c.Categories, r.CategoryIds),
			Abilities: c.Abilities,
		})
	}
	return out, nil
}

// GlobalRole is a company role of the provider's (an agent's title in a
// company, such as Accountant), from globalRoles.
type GlobalRole struct {
	ID   int64
	Name string
}

func (p *People) globalRoles(ctx context.Context) ([]GlobalRole, error) {
	rows, err := p.dir.st.GlobalRoleList(ctx)
	if err != nil {
		return nil, fmt.Errorf("org: global roles: %w", err)
	}
	roles := make([]GlobalRole, len(rows))
	for i, r := range rows {
		roles[i] = GlobalRole(r)
	}
	return roles, nil
}

func pickRoles(roles []GlobalRole, ids []int64) []GlobalRole {
	out := []GlobalRole{}
	for _, r := range roles {
		if slices.Contains(ids, r.ID) {
			out = append(out, r)
		}
	}
	return out
}

// GlobalRoles are the provider's company roles an agent may hold (globalRoles),
// for provider staff; customers are refused.
func (p *People) GlobalRoles(ctx context.Context, req Request) ([]GlobalRole, error) {
	if req.User.UserType != string(access.UserTypeStaff) {
		return nil, apperr.Denied("")
	}
	return p.globalRoles(ctx)
}

// StaffUser is one provider user with the memberships the viewer may see
// (porticoUser, GSProfile). A user the viewer may not see, or a customer, is
// RECORD_NOT_FOUND.
func (p *People) StaffUser(ctx context.Context, req Request, id uuid.UUID) (Staff, error) {
	u, err := p.dir.VisibleUser(ctx, req.User, req.AdminPanel, id)
	if err != nil {
		return Staff{}, err
	}
	if u.UserType != string(access.UserTypeStaff) {
		return Staff{}, apperr.NotFound("user")
	}
	return p.staffAnswer(ctx, req, u)
}

func (p *People) staffAnswer(ctx context.Context, req Request, u store.User) (Staff, error) {
	scope, err := p.listScope(ctx, req, access.SubjectPorticoUser)
	if err != nil {
		return Staff{}, err
	}
	out, err := p.staffMemberships(ctx, req, scope, []store.User{u})
	if err != nil {
		return Staff{}, err
	}
	return out[0], nil
}

// staffChanged is the answer of a change: the user with their memberships.
func (p *People) staffChanged(ctx context.Context, req Request, id uuid.UUID) (Staff, error) {
	u, err := p.dir.st.UserGetByUUID(ctx, id)
	if err != nil {
		return Staff{}, err
	}
	return p.staffAnswer(ctx, req, u)
}

// BelongsTo reports whether the provider user has a membership (active or not) of the company.
func (s Staff) BelongsTo(companyID uuid.UUID) bool {
	return slices.ContainsFunc(s.Memberships, func(m StaffMembership) bool { return m.Company.UUID == companyID })
}

// staffCompany is the company of a provider-user change, with the viewer's
// ability to do action on PorticoUser there.
func (p *People) staffCompany(ctx context.Context, req Request, id uuid.UUID, action string) (CompanyAccess, error) {
	return p.companyFor(ctx, req, id, action, access.SubjectPorticoUser)
}

// checkStaff validates the form against the company: a known role, the
// company's active categories (internal ones too: they are the staff's) and
// known company roles.
func (p *People) checkStaff(ctx context.Context, c CompanyAccess, in *StaffInput) error {
	if in.Role != "user" && in.Role != "admin" {
		return apperr.Invalid("role", "role_is_not_included_in_the_list")
	}
	for _, id := range in.CategoryIDs {
		if !slices.ContainsFunc(c.Categories, func(cat store.Category) bool { return cat.ID == id && cat.Active }) {
			return apperr.Invalid("categoryIds", "category_is_not_included_in_the_list")
		}
	}
	roles, err := p.globalRoles(ctx)
	if err != nil {
		return err
	}
	for _, id := range in.RoleIDs {
		if !slices.ContainsFunc(roles, func(r GlobalRole) bool { return r.ID == id }) {
			return apperr.Invalid("companyRoleIds", "company_role_is_not_included_in_the_list")
		}
	}
	slices.Sort(in.CategoryIDs)
	in.CategoryIDs = slices.Compact(in.CategoryIDs)
	slices.Sort(in.RoleIDs)
	in.RoleIDs = slices.Compact(in.RoleIDs)
	return nil
}

func writeStaff(ctx context.Context, q *store.Queries, companyID, membershipID int64, in StaffInput) error {
	if err := q.PorticoUserCategoriesClear(ctx, store.PorticoUserCategoriesClearParams{CompanyID: companyID, PorticoUserID: membershipID}); err != nil {
		return err
	}
	for _, id := range in.CategoryIDs {
		if err := q.PorticoUserCategoryAdd(ctx, store.PorticoUserCategoryAddParams{CompanyID: companyID, PorticoUserID: membershipID, CategoryID: id}); err != nil {
			return err
		}
	}
	if err := q.PorticoUserRolesClear(ctx, store.PorticoUserRolesClearParams{CompanyID: companyID, PorticoUserID: membershipID}); err != nil {
		return err
	}
	for _, id := range in.RoleIDs {
		if err := q.PorticoUserRoleAdd(ctx, store.PorticoUserRoleAddParams{CompanyID: companyID, PorticoUserID: membershipID, GlobalRoleID: id}); err != nil {
			return err
		}
	}
	return nil
}

// AddStaffToCompany gives a provider user a membership of a company
// (addPorticoUserToCompany). A customer is refused on userId; a user who
// already belongs to the company is refused on companyId.
func (p *People) AddStaffToCompany(ctx context.Context, req Request, userID uuid.UUID, in StaffInput) (Staff, error) {
	c, err := p.staffCompany(ctx, req, in.CompanyID, access.ActionCreate)
	if err != nil {
		return Staff{}, err
	}
	if in.Role == "" {
		in.Role = "user"
	}
	if err := p.checkStaff(ctx, c, &in); err != nil {
		return Staff{}, err
	}
	u, err := p.dir.st.UserGetByUUID(ctx, userID)
	if store.IsNotFound(err) {
		return Staff{}, apperr.NotFound("user")
	} else if err != nil {
		return Staff{}, err
	}
	if u.UserType != string(access.UserTypeStaff) {
		return Staff{}, apperr.Invalid("userId", "user_is_not_a_provider_user")
	}
	err = p.dir.st.InTx(ctx, func(q *store.Queries) error {
		m, err := q.PorticoUserInsert(ctx, store.PorticoUserInsertParams{CompanyID: c.Company.ID, UserID: u.ID, Role: in.Role})
		if uniqueViolation(err) {
			return apperr.Invalid("companyId", "user_already_belongs_to_company")
		} else if err != nil {
			return err
		}
		if err := writeStaff(ctx, q, c.Company.ID, m.ID, in); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, staffEventCategory, "portico_user_added",
			map[string]any{"userId": u.UUID, "porticoUserId": m.UUID, "role": in.Role, "categoryIds": in.CategoryIDs,
				"companyRoleIds": in.RoleIDs})
	})
	if err != nil {
		return Staff{}, err
	}
	return p.staffChanged(ctx, req, u.UUID)
}

// staffMembership is the company of a change to one of its provider-user
// rows, with the viewer's ability to do action on PorticoUser there, and that
// row by its public id: another company's row is RECORD_NOT_FOUND, the
// viewer's own is refused with selfError (nobody changes their own).
func (p *People) staffMembership(ctx context.Context, req Request, companyID, id uuid.UUID, action, selfError string) (
	CompanyAccess, store.PorticoUserGetByUUIDRow, error) {
	var m store.PorticoUserGetByUUIDRow
	c, err := p.staffCompany(ctx, req, companyID, action)
	if err != nil {
		return c, m, err
	}
	m, err = p.dir.st.PorticoUserGetByUUID(ctx, id)
	if store.IsNotFound(err) || (err == nil && m.CompanyID != c.Company.ID) {
		return c, m, apperr.NotFound("portico_user")
	} else if err != nil {
		return c, m, err
	}
	if m.UserID == req.User.ID {
		return c, m, apperr.Denied(selfError)
	}
	return c, m, nil
}

// UpdateStaff changes a membership's role, company roles and categories
// (updatePorticoUser); what is left out keeps its value. Nobody changes their own.
func (p *People) UpdateStaff(ctx context.Context, req Request, membershipID uuid.UUID, in StaffInput) (Staff, error) {
	c, m, err := p.staffMembership(ctx, req, in.CompanyID, membershipID, access.ActionUpdate, "cannot_change_yourself")
	if err != nil {
		return Staff{}, err
	}
	if in.Role == "" {
		in.Role = m.Role
	}
	rows, err := p.dir.st.PeopleStaffMemberships(ctx, []int64{m.UserID})
	if err != nil {
		return Staff{}, err
	}
	wasCategories, wasRoles := []int64{}, []int64{}
	for _, r := range rows {
		if r.ID == m.ID && r.CompanyID == m.CompanyID {
			wasCategories, wasRoles = r.CategoryIds, r.RoleIds
		}
	}
	if in.CategoryIDs == nil {
		in.CategoryIDs = wasCategories
	}
	if in.RoleIDs == nil {
		in.RoleIDs = wasRoles
	}
	if err := p.checkStaff(ctx, c, &in); err != nil {
		return Staff{}, err
	}
	err = p.dir.st.InTx(ctx, func(q *store.Queries) error {
		if _, err := q.PorticoUserUpdateRole(ctx, store.PorticoUserUpdateRoleParams{CompanyID: m.CompanyID, ID: m.ID, Role: in.Role}); err != nil {
			return err
		}
		if err := writeStaff(ctx, q, m.CompanyID, m.ID, in); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, staffEventCategory, "portico_user_updated",
			map[string]any{"userId": m.UserUuid, "porticoUserId": m.UUID, "role": in.Role, "categoryIds": in.CategoryIDs,
				"companyRoleIds": in.RoleIDs})
	})
	if err != nil {
		return Staff{}, err
	}
	if m.Active && (in.Role != m.Role || !slices.Equal(in.CategoryIDs, wasCategories) || !slices.Equal(in.RoleIDs, wasRoles)) {
		p.accessRightsChanged(ctx, req, c.Company.UUID, m.UserUuid, m.ID)
	}
	return p.staffChanged(ctx, req, m.UserUuid)
}

// StaffChange is what SetStaff does to a membership.
type StaffChange int

// The changes SetStaff makes.
const (
	StaffDeactivate StaffChange = iota
	StaffReactivate
	// StaffRemove deletes the membership (the company is taken away again).
	StaffRemove
)

// SetStaff deactivates (deletePorticoUser), reactivates
// (reactivatePorticoUser) or removes (removePorticoUserFromCompany) a
// membership. Nobody does any of these to themselves. A user left with no
// active membership loses their open sessions at once.
func (p *People) SetStaff(ctx context.Context, req Request, companyID, membershipID uuid.UUID, change StaffChange) (Staff, error) {
	c, m, err := p.staffMembership(ctx, req, companyID, membershipID, access.ActionDestroy, "cannot_deactivate_yourself")
	if err != nil {
		return Staff{}, err
	}
	ended := false
	err = p.dir.st.InTx(ctx, func(q *store.Queries) error {
		var name string
		switch change {
		case StaffRemove:
			name = "portico_user_removed"
			_, err = q.PorticoUserDelete(ctx, store.PorticoUserDeleteParams{CompanyID: m.CompanyID, ID: m.ID})
		case StaffReactivate:
			name = "portico_user_reactivated"
			_, err = q.PorticoUserSetActive(ctx, store.PorticoUserSetActiveParams{CompanyID: m.CompanyID, ID: m.ID, Active: true})
		default:
			name = "portico_user_deactivated"
			_, err = q.PorticoUserSetActive(ctx, store.PorticoUserSetActiveParams{CompanyID: m.CompanyID, ID: m.ID, Active: false})
		}
		if err != nil {
			return err
		}
		if change != StaffReactivate && m.Active {
			if ended, err = endSessionsIfNone(ctx, q, m.UserID); err != nil {
				return err
			}
		}
		return logEvent(ctx, q, req, &c.Company.ID, staffEventCategory, name,
			map[string]any{"userId": m.UserUuid, "porticoUserId": m.UUID, "sessionsEnded": ended})
	})
	if err != nil {
		return Staff{}, err
	}
	if ended {
		p.sessionEnded(ctx, m.UserUuid)
	}
	return p.staffChanged(ctx, req, m.UserUuid)
}
