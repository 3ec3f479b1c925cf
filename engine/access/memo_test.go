package access_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"

	"portico/engine/access"
)

// A Memo answers exactly what Compute answers, each company with its own id,
// for inputs that differ in any way Compute reads.
func TestMemoAnswersAsCompute(t *testing.T) {
	cats := []access.Category{{ID: 1, CategoryType: access.CategoryInternal, Active: true}, {ID: 2, Active: true}, {ID: 3}}
	agent := access.Actor{UserID: uuid.New(), UserType: access.UserTypeStaff, UserRole: access.UserRoleUser}
	customer := access.Actor{UserID: uuid.New(), UserType: access.UserTypeCustomer, UserRole: access.UserRoleUser}
	company := func(active, sso, terms bool) access.Company {
		return access.Company{ID: uuid.New(), Active: active, SSOSettingsEnabled: sso, TermsAccepted: terms}
	}
	var memo access.Memo
	for range 2 { // the second round answers from the memo
		for _, actor := range []access.Actor{agent, customer} {
			for _, m := range []access.Membership{
				{Company: company(true, false, true), Active: true, Role: access.MemberRoleUser, Categories: []int64{2}},
				{Company: company(true, false, true), Active: true, Role: access.MemberRoleUser, Categories: []int64{2, 3}},
				{Company: company(true, true, true), Active: true, Role: access.MemberRoleAdmin, Categories: []int64{2}},
				{Company: company(true, false, false), Active: true, Role: access.MemberRoleUser, Categories: []int64{2}},
				{Company: company(false, false, true), Active: true, Role: access.MemberRoleUser, Categories: []int64{2}},
				{Company: company(true, false, true), Active: false, Role: access.MemberRoleUser},
			} {
				for _, cs := range [][]access.Category{cats, cats[1:]} {
					want, got := access.Compute(actor, m, cs), memo.Compute(actor, m, cs)
					assert.Equal(t, want.CompanyID(), got.CompanyID())
					assert.Equal(t, want.Rules(), got.Rules())
					assert.Equal(t, want.VisibleCategoryIDs(), got.VisibleCategoryIDs())
					assert.Equal(t, want.GrantableCategoryIDs(), got.GrantableCategoryIDs())
					assert.Equal(t, want.NeedsTerms(), got.NeedsTerms())
					assert.Equal(t, want.MarksRead(), got.MarksRead())
				}
			}
		}
	}
}

// Companies whose abilities a Memo computed from one input share their rules
// (SameRules), so a list can send each set once; other inputs do not.
func TestMemoSharesRules(t *testing.T) {
	cats := []access.Category{{ID: 1, Active: true}, {ID: 2, Active: true}}
	agent := access.Actor{UserID: uuid.New(), UserType: access.UserTypeStaff, UserRole: access.UserRoleUser}
	member := func(categories ...int64) access.Membership {
		return access.Membership{Company: access.Company{ID: uuid.New(), Active: true, TermsAccepted: true}, Active: true,
			Role: access.MemberRoleUser, Categories: categories}
	}
	var memo access.Memo
	a, b, other := memo.Compute(agent, member(1), cats), memo.Compute(agent, member(1), cats), memo.Compute(agent, member(2), cats)
	assert.True(t, a.SameRules(b))
	assert.NotEqual(t, a.CompanyID(), b.CompanyID())
	assert.False(t, a.SameRules(other))
	assert.False(t, access.Compute(agent, member(1), cats).SameRules(a), "computed apart")
	assert.False(t, access.NoAccess().SameRules(access.NoAccess()))
}
