package graph

import (
	"context"

	"portico/api/graph/model"
	"portico/engine/access"
	"portico/engine/org"
)

// responsibility marks provider users responsible for companies; they hear it
// on their realtime channel.
func (r *Resolver) responsibility() (*org.Responsibility, error) {
	return org.NewResponsibility(r.svc.Directory, r.svc.Publisher), nil
}

// StaffUser maps a provider user with their memberships.
func StaffUser(s org.Staff, self bool) *model.User {
	m := User(s.User, self)
	m.PorticoUsers = mapAll(s.Memberships, func(mb org.StaffMembership) *model.PorticoUser { return porticoUser(s.User, mb) })
	return m
}

// porticoUser maps a provider user's membership; its user never carries the
// realtime token, even the viewer's own.
func porticoUser(u org.User, m org.StaffMembership) *model.PorticoUser {
	return &model.PorticoUser{UUID: m.UUID.String(), Role: roleName(m.Admin), Active: m.Active, Responsible: m.Responsible,
		Name: u.Name, User: User(u, false),
		Company:      companyLink(m.Company),
		CompanyRoles: mapAll(m.Roles, globalRole),
		Categories:   mapAll(m.Categories, Category),
		CanUpdate:    m.Abilities.Can(access.ActionUpdate, access.SubjectPorticoUser),
		CanDestroy:   m.Abilities.CanOn(access.ActionDestroy, access.SubjectPorticoUser, access.Object{UserID: m.UserUUID}),
	}
}

func globalRole(r org.GlobalRole) *model.GlobalRole {
	return &model.GlobalRole{ID: CategoryID(r.ID), Name: r.Name}
}

// staffArgs decodes the give-a-company form's arguments.
func staffArgs(a *args, companyID string, role *string, categoryIDs, roleIDs []string) org.StaffInput {
	in := org.StaffInput{CompanyID: a.id(companyID, "company"), Role: value(role)}
	if categoryIDs != nil {
		in.CategoryIDs = a.int64s(categoryIDs, "category")
	}
	if roleIDs != nil {
		in.RoleIDs = a.int64s(roleIDs, "global_role")
	}
	return in
}

// staffAnswer is the payload of a provider-user change (never the viewer's own).
func staffAnswer(s org.Staff, errs []*model.MutationError) *model.PorticoUserPayload {
	if len(errs) > 0 {
		return &model.PorticoUserPayload{Errors: errs}
	}
	return &model.PorticoUserPayload{User: StaffUser(s, false), Errors: errs}
}

func (r *mutationResolver) setStaff(ctx context.Context, porticoUserID, companyID string, change org.StaffChange) (*model.PorticoUserPayload, error) {
	return mutate(ctx, r.people, func(p *org.People, req org.Request) (org.Staff, error) {
		var a args
		mid := a.id(porticoUserID, "portico_user")
		cid := a.id(companyID, "company")
		if a.err != nil {
			return org.Staff{}, a.err
		}
		return p.SetStaff(ctx, req, cid, mid, change)
	}, staffAnswer)
}

// staffUsers is users with userType portico_user: the provider-user list.
func (r *queryResolver) staffUsers(ctx context.Context, companyID, search *string, page, limit *int) (*model.UserCollection, error) {
	withTotal := asksFor(ctx, "totalCount")
	return fetch(ctx, r.people, func(p *org.People, req org.Request) (org.StaffPage, error) {
		var a args
		q := org.CustomerQuery{CompanyID: a.optID(companyID, "company"), Search: value(search), Page: value(page),
			Limit: value(limit), WithTotal: withTotal}
		if a.err != nil {
			return org.StaffPage{}, a.err
		}
		return p.StaffUsers(ctx, req, q)
	}, func(pg org.StaffPage) *model.UserCollection {
		return &model.UserCollection{Collection: mapAll(pg.Users, func(u org.Staff) *model.User { return StaffUser(u, false) }),
			TotalCount: int(pg.Total)}
	})
}
