package org_test

import (
	"context"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// The role matrix of every provider-user operation in Acme Oy: global admins
// change agents' companies; staff read the list; customers are refused it; a
// company the viewer does not see is not found.
func TestStaffRoleMatrix(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	const ok, denied, notFound = "", apperr.AccessDenied, apperr.RecordNotFound
	admin := s.as("admin@portico.test")
	agent := s.seed.Users["agent@portico.test"].UUID
	roles := []struct {
		name, email string
		read, write apperr.Code
	}{
		{"global admin", "admin@portico.test", ok, ok},
		{"agent admin", "agentadmin@portico.test", ok, denied},
		{"agent", "agent@portico.test", ok, denied},
		{"customer admin", "anna@acme.test", denied, denied},
		{"customer user", "carl@acme.test", denied, denied},
		{"other company", "eva@borealis.test", notFound, notFound},
	}
	var m uuid.UUID
	acmeAgent, err := s.people.StaffUser(ctx, admin, agent)
	require.NoError(t, err)
	for _, x := range acmeAgent.Memberships {
		if x.Company.UUID == s.acme {
			m = x.UUID
		}
	}
	require.NotEqual(t, uuid.Nil, m)
	responsibility := org.NewResponsibility(org.NewDirectory(s.st), nil)
	for _, role := range roles {
		t.Run(role.name, func(t *testing.T) {
			req := s.as(role.email)
			page, err := s.people.StaffUsers(ctx, req, org.CustomerQuery{CompanyID: &s.acme, WithTotal: true})
			require.Equal(t, role.read, codeOf(err), "list: %v", err)
			if role.read == ok {
				require.NotEmpty(t, page.Users)
				require.EqualValues(t, len(page.Users), page.Total)
				_, err = s.people.StaffUser(ctx, req, agent)
				require.NoError(t, err)
			}
			_, err = s.people.GlobalRoles(ctx, req)
			if role.read == ok {
				require.NoError(t, err)
			} else {
				require.Equal(t, denied, codeOf(err), "globalRoles: %v", err)
			}

			_, err = s.people.UpdateStaff(ctx, req, m, org.StaffInput{CompanyID: s.acme, CategoryIDs: []int64{s.category("Accounting")}})
			require.Equal(t, role.write, codeOf(err), "update: %v", err)

			err = responsibility.SetResponsible(ctx, req, s.acme, agent, false)
			require.Equal(t, role.write, codeOf(err), "responsible: %v", err)
			require.NoError(t, responsibility.SetResponsible(ctx, admin, s.acme, agent, true))

			_, err = s.people.SetStaff(ctx, req, s.acme, m, org.StaffDeactivate)
			require.Equal(t, role.write, codeOf(err), "deactivate: %v", err)
			_, err = s.people.SetStaff(ctx, req, s.acme, m, org.StaffReactivate)
			require.Equal(t, role.write, codeOf(err), "reactivate: %v", err)

			// A provider user without companies is given Acme Oy, then it is taken away again.
			var fresh uuid.UUID
			require.NoError(t, s.st.Pool.QueryRow(ctx, `INSERT INTO users (email, name, user_type)
				VALUES ($1, 'Fresh Agent', 'portico_user') RETURNING uuid`, "fresh-"+uuid.NewString()[:8]+"@portico.test").Scan(&fresh))
			given, err := s.people.AddStaffToCompany(ctx, req, fresh, org.StaffInput{CompanyID: s.acme})
			require.Equal(t, role.write, codeOf(err), "add: %v", err)
			if role.write != ok {
				given, err = s.people.AddStaffToCompany(ctx, admin, fresh, org.StaffInput{CompanyID: s.acme})
				require.NoError(t, err)
			}
			_, err = s.people.SetStaff(ctx, req, s.acme, given.Memberships[0].UUID, org.StaffRemove)
			require.Equal(t, role.write, codeOf(err), "remove: %v", err)
		})
	}
}

// Giving an agent a company: the company roles and categories are kept, the
// change is logged under Admin:AgentUser, and taking it away leaves nothing.
func TestStaffGiveAndTakeAway(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	admin := s.as("admin@portico.test")
	kalev := s.seed.Companies["Kalev AS"].UUID
	agent := s.seed.Users["agent@portico.test"].UUID
	roles, err := s.people.GlobalRoles(ctx, admin)
	require.NoError(t, err)
	require.NotEmpty(t, roles)

	staff, err := s.people.AddStaffToCompany(ctx, admin, agent, org.StaffInput{CompanyID: kalev, Role: "admin",
		CategoryIDs: []int64{s.category("Internal")}, RoleIDs: []int64{roles[0].ID}})
	require.NoError(t, err)
	var m org.StaffMembership
	for _, x := range staff.Memberships {
		if x.Company.UUID == kalev {
			m = x
		}
	}
	require.True(t, m.Admin)
	require.Equal(t, []string{"Internal"}, names(m.Categories))
	require.Equal(t, roles[0].Name, m.Roles[0].Name)

	var n int
	require.NoError(t, s.st.Pool.QueryRow(ctx, `SELECT count(*) FROM events_log WHERE event_category = 'Admin:AgentUser'
		AND event_name = 'portico_user_added'`).Scan(&n))
	require.Equal(t, 1, n)

	// Bad input changes nothing.
	_, err = s.people.UpdateStaff(ctx, admin, m.UUID, org.StaffInput{CompanyID: kalev, Role: "owner"})
	require.Equal(t, apperr.ValidationError, codeOf(err))
	_, err = s.people.UpdateStaff(ctx, admin, m.UUID, org.StaffInput{CompanyID: kalev, RoleIDs: []int64{-1}})
	require.Equal(t, apperr.ValidationError, codeOf(err))
	_, err = s.people.AddStaffToCompany(ctx, admin, s.seed.Users["anna@acme.test"].UUID, org.StaffInput{CompanyID: kalev})
	require.Equal(t, apperr.ValidationError, codeOf(err), "a customer is no provider user")
	_, err = s.people.SetStaff(ctx, admin, s.acme, m.UUID, org.StaffRemove)
	require.Equal(t, apperr.RecordNotFound, codeOf(err), "another company's membership")

	after, err := s.people.SetStaff(ctx, admin, kalev, m.UUID, org.StaffRemove)
	require.NoError(t, err)
	require.False(t, after.BelongsTo(kalev))
	require.NoError(t, s.st.Pool.QueryRow(ctx, `SELECT count(*) FROM portico_user_roles pr JOIN portico_users p
		ON p.id = pr.portico_user_id WHERE p.uuid = $1`, m.UUID).Scan(&n))
	require.Zero(t, n)
}

// Nobody deactivates, removes or changes themselves.
func TestStaffNotOnThemselves(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	admin := s.as("admin@portico.test")
	me, err := s.people.AddStaffToCompany(ctx, admin, s.seed.Users["admin@portico.test"].UUID, org.StaffInput{CompanyID: s.acme})
	require.NoError(t, err)
	m := me.Memberships[0].UUID
	_, err = s.people.SetStaff(ctx, admin, s.acme, m, org.StaffDeactivate)
	require.Equal(t, apperr.AccessDenied, codeOf(err))
	_, err = s.people.UpdateStaff(ctx, admin, m, org.StaffInput{CompanyID: s.acme, Role: "admin"})
	require.Equal(t, apperr.AccessDenied, codeOf(err))
}

// A search for LIKE's wildcards finds those characters only.
func TestPeopleSearchEscapesWildcards(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	admin := s.as("admin@portico.test")
	for i, name := range []string{"Percent 100% Person", "Under_score Person", "Back\\slash Person"} {
		_, err := s.people.CreateCustomer(ctx, admin, org.NewCustomer{Name: name, Email: fmt.Sprintf("wild%d@acme.test", i)},
			org.MembershipInput{CompanyID: s.acme})
		require.NoError(t, err)
	}
	for search, want := range map[string][]string{
		"%": {"Percent 100% Person"}, "_": {"Under_score Person"}, `\`: {"Back\\slash Person"},
		"0%": {"Percent 100% Person"}, "r_s": {"Under_score Person"},
	} {
		page, err := s.people.Customers(ctx, admin, org.CustomerQuery{Search: search, WithTotal: true})
		require.NoError(t, err)
		var got []string
		for _, u := range page.Users {
			got = append(got, u.User.Name)
		}
		require.Equal(t, want, got, "search %q", search)
		require.EqualValues(t, len(want), page.Total, "search %q", search)
	}
}

func names(cats []store.Category) []string {
	out := []string{}
	for _, c := range cats {
		out = append(out, c.Name)
	}
	return out
}

// An agent whose last company is deactivated or taken away loses their open
// sessions at once and hears it (issue 14 item 8, realtime).
func TestStaffLastCompanyEndsSessions(t *testing.T) {
	s := setupPeople(t)
	ctx := context.Background()
	admin := s.as("admin@portico.test")
	sessions := org.NewSessions(s.st, time.Hour)
	agent := s.seed.Users["agent@portico.test"]
	ip := netip.MustParseAddr("127.0.0.1")
	token, err := sessions.Start(ctx, agent, &ip, "test")
	require.NoError(t, err)

	staff, err := s.people.StaffUser(ctx, admin, agent.UUID)
	require.NoError(t, err)
	require.Len(t, staff.Memberships, 2)
	_, err = s.people.SetStaff(ctx, admin, staff.Memberships[0].Company.UUID, staff.Memberships[0].UUID, org.StaffDeactivate)
	require.NoError(t, err)
	_, live, err := sessions.Resume(ctx, token)
	require.NoError(t, err)
	require.True(t, live, "one company is left")
	require.Empty(t, s.rec.Events())

	_, err = s.people.SetStaff(ctx, admin, staff.Memberships[1].Company.UUID, staff.Memberships[1].UUID, org.StaffRemove)
	require.NoError(t, err)
	_, live, err = sessions.Resume(ctx, token)
	require.NoError(t, err)
	require.False(t, live, "the session ended")
	require.Len(t, s.rec.Events(), 1)
	require.Equal(t, org.SessionEndedKey, s.rec.Events()[0].Key)
	require.Equal(t, []uuid.UUID{agent.UUID}, s.rec.Events()[0].Users)
}
