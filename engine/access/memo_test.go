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
