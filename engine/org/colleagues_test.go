package org_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
)

// companyUsers (spec 000 §7): who may list Acme Oy's members, and what each
// row lets them do. A customer admin manages their colleagues, a customer
// user only sees them, and another company's customer does not see the
// company at all.
func TestCompanyUsersRoles(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	const ok, notFound = "", apperr.RecordNotFound
	carl := s.seed.Users["carl@acme.test"].UUID
	tests := []struct {
		name, email string
		code        apperr.Code
		manages     bool
	}{
		{"global admin", "admin@portico.test", ok, true},
		{"agent admin", "agentadmin@portico.test", ok, true},
		{"agent", "agent@portico.test", ok, false},
		{"customer admin", "anna@acme.test", ok, true},
		{"customer user", "carl@acme.test", ok, false},
		{"another company's customer", "eva@borealis.test", notFound, false},
		{"another company's customer admin", "kalle@kalev.test", notFound, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, err := s.people.CompanyUsers(ctx, s.as(tt.email), org.CompanyUserQuery{CompanyID: s.acme})
			require.Equal(t, tt.code, codeOf(err), "%v", err)
			if tt.code != ok {
				return
			}
			names := []string{}
			for _, c := range page.Colleagues {
				names = append(names, c.User.Name)
				require.Equal(t, "Acme Oy", c.Membership.Company.Name)
			}
			require.Equal(t, []string{"Anna Acme", "Carl Acme"}, names, "Acme Oy's members by name")
			require.EqualValues(t, 2, page.Total)
			row := page.Colleagues[1]
			require.Equal(t, carl, row.User.UUID)
			ab := row.Membership.Abilities
			require.Equal(t, tt.manages, ab.Can(access.ActionUpdate, access.SubjectCompanyUser), "edit carl")
			require.Equal(t, tt.manages, ab.CanOn(access.ActionDestroy, access.SubjectCompanyUser, access.Object{UserID: carl}),
				"deactivate carl")
		})
	}
}

// A customer admin manages only their own company's users: every change to
// another company's membership, or in another company, is refused and
// changes nothing.
func TestCompanyUsersCrossCompanyDenied(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	admin, anna := s.as("admin@portico.test"), s.as("anna@acme.test")
	borealis := s.seed.Companies["Borealis AB"].UUID
	eva, err := s.people.Customer(ctx, admin, s.seed.Users["eva@borealis.test"].UUID)
	require.NoError(t, err)
	evaMembership := eva.Memberships[0].UUID
	title := "Spy"

	tests := []struct {
		name string
		run  func() error
		code apperr.Code
	}{
		{"list another company", func() error {
			_, err := s.people.CompanyUsers(ctx, anna, org.CompanyUserQuery{CompanyID: borealis})
			return err
		}, apperr.RecordNotFound},
		{"create in another company", func() error {
			_, err := s.people.CreateCustomer(ctx, anna, org.NewCustomer{Name: "Sneaky Person", Email: "sneaky@borealis.test"},
				org.MembershipInput{CompanyID: borealis})
			return err
		}, apperr.RecordNotFound},
		{"edit in another company", func() error {
			_, err := s.people.UpdateMembership(ctx, anna, evaMembership, org.MembershipInput{CompanyID: borealis, JobTitle: &title})
			return err
		}, apperr.RecordNotFound},
		{"edit another company's membership through one's own", func() error {
			_, err := s.people.UpdateMembership(ctx, anna, evaMembership, org.MembershipInput{CompanyID: s.acme, JobTitle: &title})
			return err
		}, apperr.RecordNotFound},
		{"deactivate in another company", func() error {
			_, err := s.people.SetActive(ctx, anna, borealis, evaMembership, false)
			return err
		}, apperr.RecordNotFound},
		{"a customer user edits a colleague", func() error {
			annaRow, err := s.people.Customer(ctx, admin, anna.User.UUID)
			require.NoError(t, err)
			_, err = s.people.UpdateMembership(ctx, s.as("carl@acme.test"), annaRow.Memberships[0].UUID,
				org.MembershipInput{CompanyID: s.acme, JobTitle: &title})
			return err
		}, apperr.AccessDenied},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := s.people.CompanyUsers(ctx, admin, org.CompanyUserQuery{CompanyID: borealis})
			require.NoError(t, err)
			require.Equal(t, tt.code, codeOf(tt.run()))
			after, err := s.people.CompanyUsers(ctx, admin, org.CompanyUserQuery{CompanyID: borealis})
			require.NoError(t, err)
			require.Equal(t, before, after, "nothing changed")
		})
	}
}

// The list pages and searches by name or e-mail, counts every match, and
// marks a membership without an active category.
func TestCompanyUsersPagesAndSearches(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	anna := s.as("anna@acme.test")
	added := s.newCustomer(t) // "Test User1", Payroll
	_, err := s.people.UpdateMembership(ctx, anna, added.Memberships[0].UUID, org.MembershipInput{CompanyID: s.acme, CategoryIDs: []int64{}})
	require.NoError(t, err)

	first, err := s.people.CompanyUsers(ctx, anna, org.CompanyUserQuery{CompanyID: s.acme, Limit: 2, Page: 1})
	require.NoError(t, err)
	second, err := s.people.CompanyUsers(ctx, anna, org.CompanyUserQuery{CompanyID: s.acme, Limit: 2, Page: 2})
	require.NoError(t, err)
	require.EqualValues(t, 3, first.Total)
	require.Len(t, first.Colleagues, 2)
	require.Len(t, second.Colleagues, 1)
	require.Equal(t, added.User.UUID, second.Colleagues[0].User.UUID)
	require.True(t, second.Colleagues[0].Membership.NoCategories(), "no category left")
	require.False(t, first.Colleagues[1].Membership.NoCategories(), "carl has Payroll")

	for _, search := range []string{"CARL", "carl@acme", "arl Ac"} {
		found, err := s.people.CompanyUsers(ctx, anna, org.CompanyUserQuery{CompanyID: s.acme, Search: search})
		require.NoError(t, err)
		require.Len(t, found.Colleagues, 1, search)
		require.EqualValues(t, 1, found.Total)
		require.Equal(t, "Carl Acme", found.Colleagues[0].User.Name)
		require.Equal(t, []string{"Payroll"}, []string{found.Colleagues[0].Membership.Categories[0].Name})
	}
	none, err := s.people.CompanyUsers(ctx, anna, org.CompanyUserQuery{CompanyID: s.acme, Search: "%"})
	require.NoError(t, err)
	require.Empty(t, none.Colleagues, "a search is text, not a pattern")
}

// Company.companyUser and porticoUser: the viewer's own membership, read once
// per request.
func TestOwnMembership(t *testing.T) {
	s := setupPeople(t)
	ctx := org.WithMemo(context.Background())

	anna, err := s.people.OwnMembership(ctx, s.as("anna@acme.test"), s.acme)
	require.NoError(t, err)
	require.NotNil(t, anna)
	require.Equal(t, "Anna Acme", anna.User.Name)
	require.True(t, anna.Membership.Admin)
	require.True(t, anna.Membership.Active)

	carl, err := s.people.OwnMembership(ctx, s.as("carl@acme.test"), s.acme)
	require.NoError(t, err)
	require.False(t, carl.Membership.Admin)
	require.Equal(t, "Payroll", carl.Membership.Categories[0].Name)

	none, err := s.people.OwnMembership(ctx, s.as("anna@acme.test"), s.seed.Companies["Borealis AB"].UUID)
	require.NoError(t, err)
	require.Nil(t, none, "no membership there")
	staffAsCustomer, err := s.people.OwnMembership(ctx, s.as("agent@portico.test"), s.acme)
	require.NoError(t, err)
	require.Nil(t, staffAsCustomer)

	agent, err := s.people.OwnStaffMembership(ctx, s.as("agent@portico.test"), s.acme)
	require.NoError(t, err)
	require.NotNil(t, agent)
	require.Equal(t, "Alex Agent", agent.User.Name)
	require.False(t, agent.Membership.Admin)
	require.True(t, agent.Membership.Responsible)
	agentAdmin, err := s.people.OwnStaffMembership(ctx, s.as("agentadmin@portico.test"), s.acme)
	require.NoError(t, err)
	require.True(t, agentAdmin.Membership.Admin)

	customerAsStaff, err := s.people.OwnStaffMembership(ctx, s.as("anna@acme.test"), s.acme)
	require.NoError(t, err)
	require.Nil(t, customerAsStaff)
	globalAdmin, err := s.people.OwnStaffMembership(ctx, s.as("admin@portico.test"), s.acme)
	require.NoError(t, err)
	require.Nil(t, globalAdmin, "the global admin has no membership of their own")
}
