package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"

	"portico/api/graph/model"
	"portico/engine/access"
	"portico/engine/org"
)

// people is the customer-users service; a user signed out by a deactivation
// hears it on their realtime channel.
func (r *Resolver) people() (*org.People, error) {
	return org.NewPeople(r.svc.Directory, r.svc.Publisher), nil
}

// CustomerUser maps a customer user with their memberships.
func CustomerUser(cu org.Customer, self bool) *model.User {
	m := User(cu.User, self)
	m.CompanyUsers = mapAll(cu.Memberships, func(mb org.CompanyMembership) *model.CompanyUser { return companyUser(cu.User, mb) })
	return m
}

// roleName is a membership's role as the API names it.
func roleName(admin bool) string {
	if admin {
		return "admin"
	}
	return "user"
}

// companyUser maps a customer user's membership; its user never carries the
// realtime token, even the viewer's own.
func companyUser(u org.User, m org.CompanyMembership) *model.CompanyUser {
	obj := access.Object{UserID: m.UserUUID}
	return &model.CompanyUser{UUID: m.UUID.String(), Active: m.Active, JobTitle: m.JobTitle, Admin: m.Admin,
		Name: u.Name, Email: u.Email, Phone: u.Phone, Role: roleName(m.Admin), User: User(u, false), UserID: u.UUID.String(),
		NoCategories: m.NoCategories(),
		Company:      companyLink(m.Company),
		Categories:   mapAll(m.Categories, Category),
		CanUpdate:    m.Abilities.Can(access.ActionUpdate, access.SubjectCompanyUser),
		CanDestroy:   m.Abilities.CanOn(access.ActionDestroy, access.SubjectCompanyUser, obj),
	}
}

// asksFor reports whether the query selects field of the collection being resolved.
func asksFor(ctx context.Context, field string) bool {
	for _, f := range graphql.CollectFieldsCtx(ctx, nil) {
		if f.Name == field {
			return true
		}
	}
	return false
}

// membershipArgs decodes the add-to-company form's arguments.
func membershipArgs(a *args, companyID string, jobTitle *string, categoryIDs []string, role *string) org.MembershipInput {
	in := org.MembershipInput{CompanyID: a.id(companyID, "company"), JobTitle: jobTitle, Role: value(role)}
	if categoryIDs != nil {
		in.CategoryIDs = a.int64s(categoryIDs, "category")
	}
	return in
}

// companyUserAnswer is the payload of a membership change.
func companyUserAnswer(self func(org.Customer) bool) func(org.Customer, []*model.MutationError) *model.CompanyUserPayload {
	return func(cu org.Customer, errs []*model.MutationError) *model.CompanyUserPayload {
		if len(errs) > 0 {
			return &model.CompanyUserPayload{Errors: errs}
		}
		return &model.CompanyUserPayload{User: CustomerUser(cu, self(cu)), Errors: errs}
	}
}

// notSelf: membership changes never answer the viewer's own secrets (nobody changes their own membership).
func notSelf(org.Customer) bool { return false }

func (r *mutationResolver) setCompanyUserActive(ctx context.Context, companyUserID, companyID string, active bool) (*model.CompanyUserPayload, error) {
	return mutate(ctx, r.people, func(p *org.People, req org.Request) (org.Customer, error) {
		var a args
		mid := a.id(companyUserID, "company_user")
		cid := a.id(companyID, "company")
		if a.err != nil {
			return org.Customer{}, a.err
		}
		return p.SetActive(ctx, req, cid, mid, active)
	}, companyUserAnswer(notSelf))
}

// customerUsers is users with userType customer: the customer-users list. The
// total is counted only when the query asks for it.
func (r *queryResolver) customerUsers(ctx context.Context, companyID, search *string, page, limit *int) (*model.UserCollection, error) {
	withTotal := asksFor(ctx, "totalCount")
	return fetch(ctx, r.people, func(p *org.People, req org.Request) (org.CustomerPage, error) {
		var a args
		q := org.CustomerQuery{CompanyID: a.optID(companyID, "company"), Search: value(search), Page: value(page),
			Limit: value(limit), WithTotal: withTotal}
		if a.err != nil {
			return org.CustomerPage{}, a.err
		}
		return p.Customers(ctx, req, q)
	}, func(pg org.CustomerPage) *model.UserCollection {
		return &model.UserCollection{Collection: mapAll(pg.Users, func(u org.Customer) *model.User { return CustomerUser(u, false) }),
			TotalCount: int(pg.Total)}
	})
}

// colleagues is companyUsers' answer: one company's memberships.
func colleagues(pg org.ColleaguePage) *model.CompanyUserCollection {
	return &model.CompanyUserCollection{TotalCount: int(pg.Total),
		Collection: mapAll(pg.Colleagues, func(c org.Colleague) *model.CompanyUser { return companyUser(c.User, c.Membership) })}
}

// companyLink names a membership's company.
func companyLink(c org.Company) *model.CompanyLink {
	return &model.CompanyLink{UUID: c.UUID.String(), Name: c.Name, BusinessID: c.BusinessID, Active: c.Active}
}
