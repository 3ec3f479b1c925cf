package org_test

import (
	"context"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/notify/notifytest"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

type peopleSetup struct {
	st     *store.Store
	seed   demo.Seeded
	people *org.People
	rec    *notifytest.Recorder
	acme   uuid.UUID
	n      int
}

func setupPeople(t *testing.T) *peopleSetup {
	t.Helper()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	rec := &notifytest.Recorder{}
	return &peopleSetup{st: st, seed: seed, people: org.NewPeople(org.NewDirectory(st), rec), rec: rec,
		acme: seed.Companies["Acme Oy"].UUID}
}

// as is a request of a demo user; the global admin works in the admin panel.
func (s *peopleSetup) as(email string) org.Request {
	u := s.seed.Users[email]
	return org.Request{User: u, AdminPanel: u.UserRole == "admin"}
}

func (s *peopleSetup) category(name string) int64 { return s.seed.Categories[name].ID }

// newCustomer adds a fresh customer user to Acme Oy as the global admin.
func (s *peopleSetup) newCustomer(t *testing.T) org.Customer {
	t.Helper()
	s.n++
	cu, err := s.people.CreateCustomer(context.Background(), s.as("admin@portico.test"),
		org.NewCustomer{Name: fmt.Sprintf("Test User%d", s.n), Email: fmt.Sprintf("test%d-%s@acme.test", s.n, uuid.NewString()[:8])},
		org.MembershipInput{CompanyID: s.acme, CategoryIDs: []int64{s.category("Payroll")}})
	require.NoError(t, err)
	require.Len(t, cu.Memberships, 1)
	return cu
}

// The role matrix of every people operation in Acme Oy: who may, who is
// refused, and who does not even see the company.
func TestPeopleRoleMatrix(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	const ok, denied, notFound = "", apperr.AccessDenied, apperr.RecordNotFound
	roles := []struct {
		name, email string
		read, write apperr.Code
	}{
		{"global admin", "admin@portico.test", ok, ok},
		{"agent admin", "agentadmin@portico.test", ok, ok},
		{"agent", "agent@portico.test", ok, denied},
		{"customer admin", "anna@acme.test", ok, ok},
		{"customer user", "carl@acme.test", ok, denied},
		{"other company", "eva@borealis.test", notFound, notFound},
	}
	for _, role := range roles {
		t.Run(role.name, func(t *testing.T) {
			req := s.as(role.email)
			page, err := s.people.Customers(ctx, req, org.CustomerQuery{CompanyID: &s.acme, WithTotal: true})
			require.Equal(t, role.read, codeOf(err), "list: %v", err)
			if role.read == ok {
				require.NotEmpty(t, page.Users)
				require.EqualValues(t, len(page.Users), page.Total)
			}

			s.n++
			_, err = s.people.CreateCustomer(ctx, req, org.NewCustomer{Name: "Matrix Person",
				Email: fmt.Sprintf("matrix%d@acme.test", s.n)}, org.MembershipInput{CompanyID: s.acme})
			require.Equal(t, role.write, codeOf(err), "create: %v", err)

			target := s.newCustomer(t)
			other, err := s.people.CreateCustomer(ctx, s.as("admin@portico.test"), org.NewCustomer{Name: "Other Person",
				Email: fmt.Sprintf("other%d@kalev.test", s.n)}, org.MembershipInput{CompanyID: s.seed.Companies["Kalev AS"].UUID})
			require.NoError(t, err)
			_, err = s.people.AddToCompany(ctx, req, other.User.UUID, org.MembershipInput{CompanyID: s.acme})
			require.Equal(t, role.write, codeOf(err), "add: %v", err)

			m := target.Memberships[0].UUID
			title := "Controller"
			_, err = s.people.UpdateMembership(ctx, req, m, org.MembershipInput{CompanyID: s.acme, JobTitle: &title})
			require.Equal(t, role.write, codeOf(err), "update: %v", err)

			_, err = s.people.SetActive(ctx, req, s.acme, m, false)
			require.Equal(t, role.write, codeOf(err), "deactivate: %v", err)
			if role.write != ok {
				_, err = s.people.SetActive(ctx, s.as("admin@portico.test"), s.acme, m, false)
				require.NoError(t, err)
			}
			_, err = s.people.SetActive(ctx, req, s.acme, m, true)
			require.Equal(t, role.write, codeOf(err), "reactivate: %v", err)
		})
	}
}

func TestPeopleBadInput(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	admin := s.as("admin@portico.test")
	anna := s.as("anna@acme.test")
	in := org.MembershipInput{CompanyID: s.acme}
	other := s.otherCompanyCategory(t)
	annaMembership := func() uuid.UUID {
		cu, err := s.people.Customer(ctx, admin, anna.User.UUID)
		require.NoError(t, err)
		return cu.Memberships[0].UUID
	}()

	tests := []struct {
		name       string
		run        func() error
		code       apperr.Code
		field, key string
	}{
		{"duplicate e-mail", func() error {
			_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: "Carl Again", Email: "CARL@acme.test"}, in)
			return err
		}, apperr.ValidationError, "email", "email_has_already_been_taken"},
		{"a provider user's e-mail", func() error {
			_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: "Alex Again", Email: "agent@portico.test"}, in)
			return err
		}, apperr.ValidationError, "email", "email_belongs_to_provider_user"},
		{"a provider user added as customer", func() error {
			_, err := s.people.AddToCompany(ctx, admin, s.seed.Users["agent@portico.test"].UUID, in)
			return err
		}, apperr.ValidationError, "userId", "user_is_not_a_customer"},
		{"invalid e-mail", func() error {
			_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: "No Mail", Email: "nomail@"}, in)
			return err
		}, apperr.ValidationError, "email", "email_is_invalid"},
		{"invalid phone", func() error {
			p := "call me"
			_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: "Bad Phone", Email: "phone@acme.test", Phone: &p}, in)
			return err
		}, apperr.ValidationError, "phone", "phone_is_invalid"},
		{"one-word name", func() error {
			_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: "Cher", Email: "cher@acme.test"}, in)
			return err
		}, apperr.ValidationError, "name", "first_and_last_name_required"},
		{"a category of another company", func() error {
			_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: "Cat Egory", Email: "cat@acme.test"},
				org.MembershipInput{CompanyID: s.acme, CategoryIDs: []int64{other.ID}})
			return err
		}, apperr.ValidationError, "categoryIds", "category_is_not_included_in_the_list"},
		{"a role nobody may grant", func() error {
			_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: "Role Less", Email: "role@acme.test"},
				org.MembershipInput{CompanyID: s.acme, Role: "owner"})
			return err
		}, apperr.ValidationError, "role", "role_is_not_included_in_the_list"},
		{"removing the last admin of a company", func() error {
			_, err := s.people.UpdateMembership(ctx, admin, annaMembership, org.MembershipInput{CompanyID: s.acme, Role: "user"})
			return err
		}, apperr.ValidationError, "role", "cannot_remove_last_admin_of_company"},
		{"deactivating oneself", func() error {
			_, err := s.people.SetActive(ctx, anna, s.acme, annaMembership, false)
			return err
		}, apperr.AccessDenied, "", "cannot_deactivate_yourself"},
		{"a customer editing another company's users", func() error {
			eva, err := s.people.Customer(ctx, admin, s.seed.Users["eva@borealis.test"].UUID)
			require.NoError(t, err)
			_, err = s.people.UpdateMembership(ctx, anna, eva.Memberships[0].UUID,
				org.MembershipInput{CompanyID: s.seed.Companies["Borealis AB"].UUID, Role: "admin"})
			return err
		}, apperr.RecordNotFound, "", "record_not_found"},
		{"another company's membership through one's own company", func() error {
			eva, err := s.people.Customer(ctx, admin, s.seed.Users["eva@borealis.test"].UUID)
			require.NoError(t, err)
			_, err = s.people.SetActive(ctx, anna, s.acme, eva.Memberships[0].UUID, false)
			return err
		}, apperr.RecordNotFound, "", "record_not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := s.people.Customers(ctx, admin, org.CustomerQuery{WithTotal: true, Limit: 100})
			require.NoError(t, err)
			err = tt.run()
			e, ok := apperr.As(err)
			require.True(t, ok, "%v", err)
			require.Equal(t, tt.code, e.Code)
			require.Equal(t, tt.field, e.Field)
			require.Equal(t, tt.key, e.Message)
			after, err := s.people.Customers(ctx, admin, org.CustomerQuery{WithTotal: true, Limit: 100})
			require.NoError(t, err)
			require.Equal(t, before, after, "nothing changed")
		})
	}
}

// otherCompanyCategory is a category only Borealis AB has.
func (s *peopleSetup) otherCompanyCategory(t *testing.T) store.Category {
	t.Helper()
	ctx := context.Background()
	cat, err := s.st.CategoryUpsert(ctx, store.CategoryUpsertParams{Name: "Borealis only", CategoryType: "other",
		Color: "#000000", BgColor: "#ffffff", IconName: "lock", Position: 99})
	require.NoError(t, err)
	require.NoError(t, s.st.CompanyCategoryAdd(ctx, store.CompanyCategoryAddParams{
		CompanyID: s.seed.Companies["Borealis AB"].ID, CategoryID: cat.ID}))
	return cat
}

// Deactivating a user's last membership ends their open sessions at once and
// tells their browser; reactivating lets them sign in again.
func TestDeactivationEndsSessions(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	sessions := org.NewSessions(s.st, time.Hour)
	target := s.newCustomer(t)
	ip := netip.MustParseAddr("127.0.0.1")
	token, err := sessions.Start(ctx, target.User, &ip, "test")
	require.NoError(t, err)
	_, live, err := sessions.Resume(ctx, token)
	require.NoError(t, err)
	require.True(t, live)

	_, err = s.people.SetActive(ctx, s.as("anna@acme.test"), s.acme, target.Memberships[0].UUID, false)
	require.NoError(t, err)
	_, live, err = sessions.Resume(ctx, token)
	require.NoError(t, err)
	require.False(t, live, "the session ended")
	require.Len(t, s.rec.Events(), 1)
	require.Equal(t, org.SessionEndedKey, s.rec.Events()[0].Key)
	require.Equal(t, []uuid.UUID{target.User.UUID}, s.rec.Events()[0].Users)

	var category string
	require.NoError(t, s.st.Pool.QueryRow(ctx,
		`SELECT event_category FROM events_log WHERE event_name = 'company_user_deactivated' ORDER BY id DESC LIMIT 1`).Scan(&category))
	require.Equal(t, "CustomerUser", category)

	_, err = s.people.SetActive(ctx, s.as("admin@portico.test"), s.acme, target.Memberships[0].UUID, true)
	require.NoError(t, err)
	require.NoError(t, s.st.Pool.QueryRow(ctx,
		`SELECT event_category FROM events_log WHERE event_name = 'company_user_reactivated' ORDER BY id DESC LIMIT 1`).Scan(&category))
	require.Equal(t, "Admin:CustomerUser", category)
}

func TestCustomersPagesWithCompanies(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	admin := s.as("admin@portico.test")
	for range 3 {
		s.newCustomer(t)
	}
	first, err := s.people.Customers(ctx, admin, org.CustomerQuery{Limit: 2, Page: 1, WithTotal: true})
	require.NoError(t, err)
	second, err := s.people.Customers(ctx, admin, org.CustomerQuery{Limit: 2, Page: 2})
	require.NoError(t, err)
	require.Len(t, first.Users, 2)
	require.Len(t, second.Users, 2)
	require.NotEqual(t, first.Users[0].User.UUID, second.Users[0].User.UUID)
	require.Zero(t, second.Total, "counted only when asked")
	for _, cu := range append(first.Users, second.Users...) {
		require.Equal(t, "customer", cu.User.UserType)
		require.NotEmpty(t, cu.Memberships, "%s has their companies", cu.User.Email)
	}

	found, err := s.people.Customers(ctx, admin, org.CustomerQuery{Search: "carl@"})
	require.NoError(t, err)
	require.Len(t, found.Users, 1)
	require.Equal(t, "Carl Acme", found.Users[0].User.Name)
	require.Equal(t, []string{"Payroll"}, []string{found.Users[0].Memberships[0].Categories[0].Name})

	// A customer sees only memberships of their own companies.
	kalle, err := s.people.Customers(ctx, s.as("kalle@kalev.test"), org.CustomerQuery{})
	require.NoError(t, err)
	for _, cu := range kalle.Users {
		for _, m := range cu.Memberships {
			require.Equal(t, "Kalev AS", m.Company.Name)
		}
	}
}

func TestLanguage(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	dir := org.NewDirectory(s.st)
	carl := s.seed.Users["carl@acme.test"]

	u, err := dir.AdoptLanguage(ctx, carl, "fi")
	require.NoError(t, err)
	require.Equal(t, "fi", u.Language, "the first sign-in takes the browser's language")
	u, err = dir.AdoptLanguage(ctx, u, "sv")
	require.NoError(t, err)
	require.Equal(t, "fi", u.Language, "later sign-ins keep it")

	lang := "sv"
	u, err = dir.UpdateUser(ctx, org.Request{User: u}, carl.UUID, nil, nil, &lang)
	require.NoError(t, err)
	require.Equal(t, "sv", u.Language)

	bad := "de"
	_, err = dir.UpdateUser(ctx, org.Request{User: u}, carl.UUID, nil, nil, &bad)
	require.Equal(t, apperr.ValidationError, codeOf(err))
	_, err = dir.UpdateUser(ctx, s.as("admin@portico.test"), carl.UUID, nil, nil, &lang)
	require.Equal(t, apperr.ValidationError, codeOf(err), "nobody sets another user's language")
	got, err := s.st.UserGetByUUID(ctx, carl.UUID)
	require.NoError(t, err)
	require.Equal(t, "sv", got.Language)
}
