package access_test

import (
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"portico/engine/access"
)

// A customer user of one category: the list query filters by the visible
// categories, writes are checked on the loaded row, and the rules go to the
// client as the company's `rules`.
func Example() {
	carl := uuid.MustParse("00000000-0000-0000-0000-00000000ca71")
	actor := access.Actor{UserID: carl, UserType: access.UserTypeCustomer, UserRole: access.UserRoleUser}
	membership := access.Membership{
		Company:    access.Company{Active: true, TermsAccepted: true},
		Active:     true,
		Role:       access.MemberRoleUser,
		Categories: []int64{2},
	}
	categories := []access.Category{
		{ID: 1, CategoryType: access.CategoryOther, Active: true},     // Accounting
		{ID: 2, CategoryType: access.CategorySensitive, Active: true}, // Payroll
		{ID: 4, CategoryType: access.CategoryInternal, Active: true},  // Internal
	}

	ab := access.Compute(actor, membership, categories)

	fmt.Println("threads of categories:", ab.VisibleCategoryIDs())
	fmt.Println("may assign:", ab.Can(access.ActionAssign, access.SubjectTask))
	fmt.Println("edit own message:", ab.CanOn(access.ActionUpdate, access.SubjectMessage,
		access.Object{CategoryID: 2, UserID: carl}))
	fmt.Println("edit another's message:", ab.CanOn(access.ActionUpdate, access.SubjectMessage,
		access.Object{CategoryID: 2, UserID: uuid.New()}))

	for _, rule := range ab.Rules() {
		if rule.Action == access.ActionRead && rule.Subject == access.SubjectTask {
			b, _ := json.Marshal(rule)
			fmt.Println(string(b))
		}
	}
	// Output:
	// threads of categories: [2]
	// may assign: false
	// edit own message: true
	// edit another's message: false
	// {"action":"read","subject":"Inbox::Task","conditions":{"categoryId":{"$in":[2]},"hidden":false}}
}
