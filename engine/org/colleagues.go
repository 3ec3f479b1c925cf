package org

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/store"
)

// Colleagues (spec 002 §2.7, 000 §7 companyUsers): one company's customer
// users as memberships, for the company's own customer admins (who manage
// them there), its customer users (who only see them) and its staff; and the
// viewer's own membership of a company (Company.companyUser, porticoUser).

// CompanyUserQuery is a page of one company's members.
type CompanyUserQuery struct {
	CompanyID uuid.UUID
	Search    string
	// Page counts from 1; Limit defaults to PeopleLimit (at most 100).
	Page, Limit int
}

// Colleague is a customer user's membership of a company with its user.
type Colleague struct {
	User       store.User
	Membership CompanyMembership
}

// ColleaguePage is a page of one company's members.
type ColleaguePage struct {
	Colleagues []Colleague
	Total      int64
}

// CompanyUsers lists a company's members (active or not) by name, for a
// viewer who may read CompanyUser there: a customer sees only the companies
// they belong to, so another company is RECORD_NOT_FOUND. Each row carries
// the viewer's abilities, which say whether its actions show.
func (p *People) CompanyUsers(ctx context.Context, req Request, q CompanyUserQuery) (ColleaguePage, error) {
	c, err := p.company(ctx, req, q.CompanyID, access.ActionRead)
	if err != nil {
		return ColleaguePage{}, err
	}
	lim, off := pageParams(q.Page, q.Limit)
	rows, err := p.dir.st.CompanyUserPage(ctx, store.CompanyUserPageParams{CompanyID: c.Company.ID,
		Search: likePattern(q.Search), Lim: lim, Off: off})
	if err != nil {
		return ColleaguePage{}, fmt.Errorf("org: company users: %w", err)
	}
	out := ColleaguePage{Colleagues: make([]Colleague, len(rows))}
	for i, r := range rows {
		out.Total = r.Total
		out.Colleagues[i] = Colleague{User: r.User, Membership: CompanyMembership{UUID: r.MembershipUuid, UserUUID: r.User.UUID,
			Company: c.Company, Active: r.MembershipActive, Admin: r.Role == "admin", JobTitle: r.JobTitle,
			Categories: pick(c.Categories, r.CategoryIds), Abilities: c.Abilities}}
	}
	return out, nil
}

// NoCategories reports a membership without an active category: its member
// sees only the no-access page in that company.
func (m CompanyMembership) NoCategories() bool {
	for _, c := range m.Categories {
		if c.Active {
			return false
		}
	}
	return true
}

// ownKey keeps the viewer's own memberships in the request's memo, apart
// from the companies (memoKey) and per kind of user.
type ownKey struct {
	user       int64
	adminPanel bool
	staff      bool
}

// OwnMembership is the viewer's own membership of a company as a customer
// user (Company.companyUser), nil when they have none there or are staff. The
// viewer's memberships are read once per request that carries a memo.
func (p *People) OwnMembership(ctx context.Context, req Request, companyID uuid.UUID) (*Colleague, error) {
	if req.User.UserType != string(access.UserTypeCustomer) {
		return nil, nil
	}
	own, err := rememberAs(ctx, ownKey{req.User.ID, req.AdminPanel, false}, func() (Customer, error) {
		return p.withMemberships(ctx, req, req.User)
	})
	if err != nil {
		return nil, err
	}
	for _, m := range own.Memberships {
		if m.Company.UUID == companyID {
			return &Colleague{User: req.User, Membership: m}, nil
		}
	}
	return nil, nil
}

// StaffMember is a provider user's membership of a company with its user.
type StaffMember struct {
	User       store.User
	Membership StaffMembership
}

// OwnStaffMembership is the viewer's own membership of a company as provider
// staff (Company.porticoUser), nil when they have none there or are a
// customer; read once per request, like OwnMembership.
func (p *People) OwnStaffMembership(ctx context.Context, req Request, companyID uuid.UUID) (*StaffMember, error) {
	if req.User.UserType != string(access.UserTypeStaff) {
		return nil, nil
	}
	own, err := rememberAs(ctx, ownKey{req.User.ID, req.AdminPanel, true}, func() (Staff, error) {
		return p.staffAnswer(ctx, req, req.User)
	})
	if err != nil {
		return nil, err
	}
	for _, m := range own.Memberships {
		if m.Company.UUID == companyID {
			return &StaffMember{User: req.User, Membership: m}, nil
		}
	}
	return nil, nil
}
