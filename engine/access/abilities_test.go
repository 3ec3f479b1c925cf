package access_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/access"
)

// The company under test and its categories.
var (
	acme  = access.Company{ID: uuid.MustParse("00000000-0000-0000-0000-00000000ac0e"), Active: true, SSOSettingsEnabled: true, TermsAccepted: true}
	other = uuid.MustParse("00000000-0000-0000-0000-0000000000b0")
)

const (
	accounting int64 = 1 // other, active
	payroll    int64 = 2 // sensitive, active
	hr         int64 = 3 // sensitive, active
	internal   int64 = 4 // internal, active
	archive    int64 = 5 // other, inactive
)

var categories = []access.Category{
	{ID: accounting, CategoryType: access.CategoryOther, Active: true},
	{ID: payroll, CategoryType: access.CategorySensitive, Active: true},
	{ID: hr, CategoryType: access.CategorySensitive, Active: true},
	{ID: internal, CategoryType: access.CategoryInternal, Active: true},
	{ID: archive, CategoryType: access.CategoryOther, Active: false},
}

var (
	adminID         = uuid.MustParse("00000000-0000-0000-0000-000000000001")
	agentAdminID    = uuid.MustParse("00000000-0000-0000-0000-000000000002")
	agentID         = uuid.MustParse("00000000-0000-0000-0000-000000000003")
	customerAdminID = uuid.MustParse("00000000-0000-0000-0000-000000000004")
	customerID      = uuid.MustParse("00000000-0000-0000-0000-000000000005")
	strangerID      = uuid.MustParse("00000000-0000-0000-0000-000000000006")
)

func staff(id uuid.UUID) access.Actor {
	return access.Actor{UserID: id, UserType: access.UserTypeStaff, UserRole: access.UserRoleUser}
}

func customer(id uuid.UUID) access.Actor {
	return access.Actor{UserID: id, UserType: access.UserTypeCustomer, UserRole: access.UserRoleUser}
}

func member(c access.Company, role access.MemberRole, cats ...int64) access.Membership {
	return access.Membership{Company: c, Active: true, Role: role, Categories: cats}
}

// role is one way of being in the company under test.
type role struct {
	name       string
	actor      access.Actor
	membership access.Membership
}

func (r role) abilities() access.Abilities {
	return access.Compute(r.actor, r.membership, categories)
}

func with(c access.Company, change func(*access.Company)) access.Company {
	change(&c)
	return c
}

var (
	globalAdmin = role{"global admin",
		access.Actor{UserID: adminID, UserType: access.UserTypeStaff, UserRole: access.UserRoleAdmin},
		access.Membership{Company: acme}}
	agentAdmin    = role{"agent admin", staff(agentAdminID), member(acme, access.MemberRoleAdmin)}
	agentUser     = role{"agent user", staff(agentID), member(acme, access.MemberRoleUser, accounting, internal, archive, 99)}
	customerAdmin = role{"customer admin", customer(customerAdminID), member(acme, access.MemberRoleAdmin, payroll, internal)}
	customerUser  = role{"customer user of payroll only", customer(customerID), member(acme, access.MemberRoleUser, payroll)}
	stranger      = role{"customer of another company", customer(strangerID), access.Membership{Company: acme}}
	inactive      = role{"customer with inactive membership", customer(customerID),
		access.Membership{Company: acme, Active: false, Role: access.MemberRoleUser, Categories: []int64{payroll}}}
	inactiveAgent = role{"agent with inactive membership", staff(agentID),
		access.Membership{Company: acme, Active: false, Role: access.MemberRoleAdmin}}
	outsideAgent = role{"agent without membership (responsible)",
		access.Actor{UserID: agentID, UserType: access.UserTypeStaff, UserRole: access.UserRoleUser, Responsible: true},
		access.Membership{Company: acme}}
	customerAdminNoSSO = role{"customer admin, SSO settings closed", customer(customerAdminID),
		member(with(acme, func(c *access.Company) { c.SSOSettingsEnabled = false }), access.MemberRoleAdmin, payroll)}
	termsPending = role{"customer user, terms not accepted", customer(customerID),
		member(with(acme, func(c *access.Company) { c.TermsAccepted = false }), access.MemberRoleUser, payroll)}
	agentTermsPending = role{"agent user, terms not accepted", staff(agentID),
		member(with(acme, func(c *access.Company) { c.TermsAccepted = false }), access.MemberRoleUser, accounting)}
	agentInactiveCompany = role{"agent admin, inactive company", staff(agentAdminID),
		member(with(acme, func(c *access.Company) { c.Active = false }), access.MemberRoleAdmin)}
	customerInactiveCompany = role{"customer admin, inactive company", customer(customerAdminID),
		member(with(acme, func(c *access.Company) { c.Active = false }), access.MemberRoleAdmin, payroll)}
	agentInPanel = role{"agent admin in admin panel",
		access.Actor{UserID: agentAdminID, UserType: access.UserTypeStaff, UserRole: access.UserRoleUser, AdminPanel: true},
		member(acme, access.MemberRoleAdmin)}
	customerInPanel = role{"customer admin in admin panel",
		access.Actor{UserID: customerAdminID, UserType: access.UserTypeCustomer, UserRole: access.UserRoleUser, AdminPanel: true},
		member(acme, access.MemberRoleAdmin, payroll)}
	unknownType = role{"user of unknown type",
		access.Actor{UserID: strangerID, UserType: "robot", UserRole: access.UserRoleUser},
		member(acme, access.MemberRoleAdmin, accounting)}
)

// grants is the expected subject-level answer: subject -> allowed actions.
// Everything not listed must be denied.
type grants map[string][]string

const (
	create  = access.ActionCreate
	read    = access.ActionRead
	update  = access.ActionUpdate
	destroy = access.ActionDestroy
)

var (
	// What every reader of a thread may do with it.
	taskReading = []string{read, access.ActionMarkAsRead, access.ActionMarkAsUnread,
		access.ActionBulkChangeUnread, access.ActionGeneratePDF}
	// What only staff do to threads.
	taskWorking = []string{update, access.ActionChangeStatus, access.ActionAssign,
		access.ActionChangeDueDate, access.ActionChangePriority, access.ActionChangeUrgent,
		access.ActionChangeCompletionDate, access.ActionBulkChangeStatus,
		access.ActionBulkChangeDueDate, access.ActionBulkAssign,
		access.ActionBulkChangePriority, access.ActionBulkChangeCompletionDate,
		access.ActionViewReaders}
)

func concat(lists ...[]string) []string { return slices.Concat(lists...) }

var agentUserGrants = grants{
	access.SubjectTask:                   concat(taskReading, taskWorking, []string{create, access.ActionCopy}),
	access.SubjectMessage:                {read, create, update, access.ActionHide, access.ActionViewReaders},
	access.SubjectAttachment:             {read, create, destroy},
	access.SubjectCompanyFile:            {read, create, update, destroy},
	access.SubjectFolder:                 {read, create, update},
	access.SubjectSystemBanner:           {read},
	access.SubjectCompanyUser:            {read},
	access.SubjectPorticoUser:            {read},
	access.SubjectCompany:                {read},
	access.SubjectMyProfile:              {read, update},
	access.SubjectCompanyCategorySetting: {read},
	access.SubjectCompanyAcceptedEmail:   {read},
	access.SubjectCompanyAcceptedDomain:  {read},
	access.SubjectDynamicFieldValue:      {read, update},
	access.SubjectCompanyWorkflow:        {read},
	access.SubjectWorkflowInstance:       {read},
}

var agentAdminGrants = grants{
	access.SubjectTask:                   concat(taskReading, taskWorking, []string{create, access.ActionCopy, destroy}),
	access.SubjectMessage:                {read, create, update, access.ActionHide, access.ActionViewReaders},
	access.SubjectAttachment:             {read, create, destroy},
	access.SubjectCompanyFile:            {read, create, update, destroy},
	access.SubjectFolder:                 {read, create, update, destroy},
	access.SubjectSystemBanner:           {read, create, update, destroy},
	access.SubjectCompanyUser:            {read, create, update, destroy},
	access.SubjectPorticoUser:            {read},
	access.SubjectCompany:                {read, access.ActionSaveSSO},
	access.SubjectMyProfile:              {read, update},
	access.SubjectCompanyCategorySetting: {read}, // update only of one field: see CanOnField
	access.SubjectCompanyAcceptedEmail:   {read, create},
	access.SubjectCompanyAcceptedDomain:  {read, create},
	access.SubjectDynamicFieldValue:      {read, update},
	access.SubjectCompanyWorkflow:        {read},
	access.SubjectWorkflowInstance:       {read},
}

var customerUserGrants = grants{
	access.SubjectTask:                   concat(taskReading, []string{create, access.ActionCopy, update, access.ActionChangeStatus}),
	access.SubjectMessage:                {read, create, update, access.ActionHide},
	access.SubjectAttachment:             {read, create, destroy},
	access.SubjectCompanyFile:            {read, create, update, destroy},
	access.SubjectFolder:                 {read},
	access.SubjectSystemBanner:           {read},
	access.SubjectCompanyUser:            {read},
	access.SubjectCompany:                {read},
	access.SubjectMyProfile:              {read, update},
	access.SubjectCompanyCategorySetting: {read},
	access.SubjectCompanyAcceptedEmail:   {read},
	access.SubjectCompanyAcceptedDomain:  {read},
	access.SubjectDynamicFieldValue:      {read},
}

func customerAdminGrants(sso bool) grants {
	g := grants{}
	for s, actions := range customerUserGrants {
		g[s] = slices.Clone(actions)
	}
	g[access.SubjectCompanyUser] = []string{read, create, update, destroy}
	g[access.SubjectCompanyAcceptedEmail] = []string{read, create}
	g[access.SubjectCompanyAcceptedDomain] = []string{read, create}
	g[access.SubjectDynamicFieldValue] = []string{read, update}
	if sso {
		g[access.SubjectCompany] = []string{read, access.ActionSaveSSO}
	}
	return g
}

// readingOnly keeps the reading actions of g (an inactive company).
func readingOnly(g grants) grants {
	keep := []string{read, access.ActionGeneratePDF, access.ActionViewReaders,
		access.ActionMarkAsRead, access.ActionMarkAsUnread, access.ActionBulkChangeUnread}
	out := grants{}
	for s, actions := range g {
		for _, a := range actions {
			if slices.Contains(keep, a) {
				out[s] = append(out[s], a)
			}
		}
	}
	return out
}

var everything = grants{"*": nil}

func TestCanEveryRoleEveryActionEverySubject(t *testing.T) {
	t.Parallel()
	cases := []struct {
		role role
		want grants
	}{
		{globalAdmin, everything},
		{agentAdmin, agentAdminGrants},
		{agentUser, agentUserGrants},
		{agentTermsPending, agentUserGrants}, // staff are exempt from the terms gate
		{customerAdmin, customerAdminGrants(true)},
		{customerAdminNoSSO, customerAdminGrants(false)},
		{customerUser, customerUserGrants},
		{stranger, grants{}},
		{inactive, grants{}},
		{inactiveAgent, grants{}},
		{outsideAgent, grants{}},
		{unknownType, grants{}},
		{termsPending, grants{
			access.SubjectCompany:   {read},
			access.SubjectMyProfile: {read, update},
		}},
		{agentInactiveCompany, readingOnly(agentAdminGrants)},
		{customerInactiveCompany, grants{}},
		{agentInPanel, grants{
			access.SubjectCompany:     {read},
			access.SubjectPorticoUser: {read},
		}},
		{customerInPanel, grants{}},
	}
	for _, tc := range cases {
		ab := tc.role.abilities()
		for _, subject := range access.Subjects() {
			for _, action := range access.Actions() {
				_, all := tc.want["*"]
				want := all || slices.Contains(tc.want[subject], action)
				t.Run(fmt.Sprintf("%s/%s %s", tc.role.name, action, subject), func(t *testing.T) {
					assert.Equal(t, want, ab.Can(action, subject))
				})
			}
		}
	}
}

// Every rule names a known action and subject, so a typo cannot hide a grant.
func TestRulesUseKnownActionsAndSubjects(t *testing.T) {
	t.Parallel()
	for _, r := range []role{globalAdmin, agentAdmin, agentUser, customerAdmin, customerUser, termsPending, agentInPanel} {
		for _, rule := range r.abilities().Rules() {
			assert.True(t, rule.Action == access.ActionManage || slices.Contains(access.Actions(), rule.Action),
				"%s: action %q", r.name, rule.Action)
			assert.True(t, rule.Subject == access.SubjectAll || slices.Contains(access.Subjects(), rule.Subject),
				"%s: subject %q", r.name, rule.Subject)
		}
	}
}

func TestCanOn(t *testing.T) {
	t.Parallel()
	thread := func(cat int64, author uuid.UUID) access.Object {
		return access.Object{CategoryID: cat, UserID: author, Type: access.TaskTypeInbox}
	}
	in := func(cat int64) access.Object { return access.Object{CategoryID: cat} }
	by := func(cat int64, user uuid.UUID) access.Object { return access.Object{CategoryID: cat, UserID: user} }

	cases := []struct {
		name    string
		role    role
		action  string
		subject string
		obj     access.Object
		want    bool
	}{
		// Categories: in and out.
		{"customer user reads a thread of their category", customerUser, read, access.SubjectTask, in(payroll), true},
		{"customer user cannot read a thread of another category", customerUser, read, access.SubjectTask, in(accounting), false},
		{"customer user cannot read another category's attachment", customerUser, read, access.SubjectAttachment, in(accounting), false},
		{"customer user cannot create a thread in another category", customerUser, create, access.SubjectTask, in(accounting), false},
		{"customer user creates a thread in their category", customerUser, create, access.SubjectTask, in(payroll), true},
		{"object without category is refused", agentAdmin, read, access.SubjectTask, access.Object{}, false},

		// Internal categories stay with staff.
		{"agent user reads an internal thread", agentUser, read, access.SubjectTask, in(internal), true},
		{"agent user writes in an internal thread", agentUser, create, access.SubjectMessage, in(internal), true},
		{"customer admin with internal in membership still cannot read it", customerAdmin, read, access.SubjectTask, in(internal), false},
		{"customer user cannot read an internal message", customerUser, read, access.SubjectMessage, in(internal), false},

		// Sensitive categories need membership, except for agent admins.
		{"customer admin reads their sensitive category", customerAdmin, read, access.SubjectTask, in(payroll), true},
		{"customer admin cannot read a sensitive category they lack", customerAdmin, read, access.SubjectTask, in(hr), false},
		{"customer admin reads an ordinary category without membership", customerAdmin, read, access.SubjectTask, in(accounting), true},
		{"agent user cannot read a category they lack", agentUser, read, access.SubjectTask, in(hr), false},
		{"agent admin reads every sensitive category", agentAdmin, read, access.SubjectTask, in(hr), true},

		// Inactive categories: read yes, write no.
		{"agent user reads a thread in an inactive category", agentUser, read, access.SubjectTask, in(archive), true},
		{"agent user marks read in an inactive category", agentUser, access.ActionMarkAsRead, access.SubjectTask, in(archive), true},
		{"agent user cannot add a message in an inactive category", agentUser, create, access.SubjectMessage, in(archive), false},
		{"agent user cannot change status in an inactive category", agentUser, access.ActionChangeStatus, access.SubjectTask, in(archive), false},
		{"customer admin cannot attach a file in an inactive category", customerAdmin, create, access.SubjectAttachment, in(archive), false},
		{"customer admin cannot create a thread in an inactive category", customerAdmin, create, access.SubjectTask, in(archive), false},
		{"customer admin downloads a PDF in an inactive category", customerAdmin, access.ActionGeneratePDF, access.SubjectTask, in(archive), true},

		// Hidden threads: the bin is for global admins.
		{"customer user cannot read a hidden thread", customerUser, read, access.SubjectTask, access.Object{CategoryID: payroll, Hidden: true}, false},
		{"agent admin cannot read a hidden thread", agentAdmin, read, access.SubjectTask, access.Object{CategoryID: accounting, Hidden: true}, false},
		{"agent admin hides a thread", agentAdmin, destroy, access.SubjectTask, in(accounting), true},
		{"agent admin cannot restore a thread", agentAdmin, access.ActionRestore, access.SubjectTask, in(accounting), false},
		{"global admin reads a hidden thread", globalAdmin, read, access.SubjectTask, access.Object{CategoryID: accounting, Hidden: true}, true},
		{"global admin restores a thread", globalAdmin, access.ActionRestore, access.SubjectTask, in(hr), true},

		// Own vs other's message.
		{"customer user edits their own message", customerUser, update, access.SubjectMessage, by(payroll, customerID), true},
		{"customer user hides their own message", customerUser, access.ActionHide, access.SubjectMessage, by(payroll, customerID), true},
		{"customer user cannot edit another's message", customerUser, update, access.SubjectMessage, by(payroll, agentID), false},
		{"customer user cannot hide another's message", customerUser, access.ActionHide, access.SubjectMessage, by(payroll, agentID), false},
		{"agent admin cannot hide a customer's message", agentAdmin, access.ActionHide, access.SubjectMessage, by(accounting, customerID), false},
		{"agent user edits their own message", agentUser, update, access.SubjectMessage, by(accounting, agentID), true},
		{"own message in an inactive category cannot be edited", agentUser, update, access.SubjectMessage, by(archive, agentID), false},
		{"message without author is refused", customerUser, update, access.SubjectMessage, in(payroll), false},
		{"global admin hides anyone's message", globalAdmin, access.ActionHide, access.SubjectMessage, by(payroll, customerID), true},

		// Attachments: uploader, or staff with the category.
		{"customer user deletes their own upload", customerUser, destroy, access.SubjectAttachment, by(payroll, customerID), true},
		{"customer user cannot delete another's upload", customerUser, destroy, access.SubjectAttachment, by(payroll, customerAdminID), false},
		{"customer admin cannot delete another's upload", customerAdmin, destroy, access.SubjectAttachment, by(payroll, customerID), false},
		{"agent user deletes a customer's upload in their category", agentUser, destroy, access.SubjectAttachment, by(accounting, customerID), true},
		{"agent user cannot delete an upload outside their categories", agentUser, destroy, access.SubjectAttachment, by(payroll, customerID), false},

		// Shared files: folder category and uploader.
		{"customer user uploads into a folder of their category", customerUser, create, access.SubjectCompanyFile, in(payroll), true},
		{"customer user cannot upload into another category's folder", customerUser, create, access.SubjectCompanyFile, in(accounting), false},
		{"customer user renames their own file", customerUser, update, access.SubjectCompanyFile, by(payroll, customerID), true},
		{"customer user cannot delete another's file", customerUser, destroy, access.SubjectCompanyFile, by(payroll, agentID), false},
		{"agent user renames a customer's file in their category", agentUser, update, access.SubjectCompanyFile, by(accounting, customerID), true},
		{"agent user cannot add a folder in a category they lack", agentUser, create, access.SubjectFolder, in(payroll), false},
		{"agent user cannot delete a folder", agentUser, destroy, access.SubjectFolder, in(accounting), false},
		{"agent admin deletes a folder", agentAdmin, destroy, access.SubjectFolder, in(accounting), true},
		{"customer admin cannot add a folder", customerAdmin, create, access.SubjectFolder, in(payroll), false},

		// Thread status for customers: their own inbox tasks only.
		{"customer user changes the status of their own thread", customerUser, access.ActionChangeStatus, access.SubjectTask, thread(payroll, customerID), true},
		{"customer user cannot change the status of another's thread", customerUser, access.ActionChangeStatus, access.SubjectTask, thread(payroll, customerAdminID), false},
		{"customer user cannot change the status of a workflow task", customerUser, access.ActionChangeStatus, access.SubjectTask,
			access.Object{CategoryID: payroll, UserID: customerID, Type: access.TaskTypeWorkflow}, false},
		{"customer user edits the title of their own thread", customerUser, update, access.SubjectTask, thread(payroll, customerID), true},
		{"customer user cannot edit another's thread", customerUser, update, access.SubjectTask, thread(payroll, agentID), false},
		{"customer user cannot assign their own thread", customerUser, access.ActionAssign, access.SubjectTask, thread(payroll, customerID), false},
		{"agent user changes the status of a workflow task", agentUser, access.ActionChangeStatus, access.SubjectTask,
			access.Object{CategoryID: accounting, Type: access.TaskTypeWorkflow}, true},
		{"agent user bulk-assigns in their category", agentUser, access.ActionBulkAssign, access.SubjectTask, in(accounting), true},
		{"agent user cannot bulk-assign outside their categories", agentUser, access.ActionBulkAssign, access.SubjectTask, in(payroll), false},

		// Company users: nobody deactivates themselves.
		{"customer admin deactivates a colleague", customerAdmin, destroy, access.SubjectCompanyUser, access.Object{UserID: customerID}, true},
		{"customer admin cannot deactivate themselves", customerAdmin, destroy, access.SubjectCompanyUser, access.Object{UserID: customerAdminID}, false},
		{"customer admin edits themselves", customerAdmin, update, access.SubjectCompanyUser, access.Object{UserID: customerAdminID}, true},
		{"agent admin cannot deactivate themselves", agentAdmin, destroy, access.SubjectCompanyUser, access.Object{UserID: agentAdminID}, false},
		{"customer user cannot deactivate a colleague", customerUser, destroy, access.SubjectCompanyUser, access.Object{UserID: customerAdminID}, false},

		// Dynamic fields: company-level ones and those of visible categories.
		{"customer user reads a company-level field", customerUser, read, access.SubjectDynamicFieldValue, access.Object{}, true},
		{"customer user reads a field of their category", customerUser, read, access.SubjectDynamicFieldValue, in(payroll), true},
		{"customer user cannot read a field of another category", customerUser, read, access.SubjectDynamicFieldValue, in(hr), false},
		{"customer user cannot edit a company-level field", customerUser, update, access.SubjectDynamicFieldValue, access.Object{}, false},
		{"customer admin edits a company-level field", customerAdmin, update, access.SubjectDynamicFieldValue, access.Object{}, true},
		{"customer admin cannot edit a field of an inactive category", customerAdmin, update, access.SubjectDynamicFieldValue, in(archive), false},

		// E-mail settings per category.
		{"customer user reads the e-mail setting of their category", customerUser, read, access.SubjectCompanyCategorySetting, in(payroll), true},
		{"customer user cannot read another category's e-mail setting", customerUser, read, access.SubjectCompanyCategorySetting, in(accounting), false},

		// Another company's object.
		{"agent admin cannot act on another company's thread", agentAdmin, read, access.SubjectTask,
			access.Object{CompanyID: other, CategoryID: accounting}, false},
		{"global admin's abilities do not cover another company", globalAdmin, read, access.SubjectTask,
			access.Object{CompanyID: other, CategoryID: accounting}, false},
		{"agent admin acts on a thread of the same company", agentAdmin, read, access.SubjectTask,
			access.Object{CompanyID: acme.ID, CategoryID: accounting}, true},

		// Gates.
		{"agent in an inactive company reads", agentInactiveCompany, read, access.SubjectTask, in(accounting), true},
		{"agent in an inactive company cannot write", agentInactiveCompany, create, access.SubjectMessage, in(accounting), false},
		{"customer without terms cannot read threads", termsPending, read, access.SubjectTask, in(payroll), false},
		{"stranger cannot read anything", stranger, read, access.SubjectTask, in(payroll), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, tc.role.abilities().CanOn(tc.action, tc.subject, tc.obj))
		})
	}
}

func TestCanOnFieldEmailSettings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		role  role
		field string
		cat   int64
		want  bool
	}{
		{"customer admin toggles non-whitelisted senders", customerAdmin, access.FieldAllowEmailsFromNonWhitelistedSenders, payroll, true},
		{"customer admin cannot edit the alias", customerAdmin, access.FieldEmailAlias, payroll, false},
		{"customer admin cannot enable e-mail", customerAdmin, access.FieldEmailEnabled, payroll, false},
		{"customer admin cannot update the whole setting", customerAdmin, "", payroll, false},
		{"customer admin cannot change a category they lack", customerAdmin, access.FieldAllowEmailsFromNonWhitelistedSenders, hr, false},
		{"customer user cannot toggle senders", customerUser, access.FieldAllowEmailsFromNonWhitelistedSenders, payroll, false},
		{"agent admin toggles non-whitelisted senders", agentAdmin, access.FieldAllowEmailsFromNonWhitelistedSenders, hr, true},
		{"agent admin cannot edit the alias", agentAdmin, access.FieldEmailAlias, hr, false},
		{"agent user cannot toggle senders", agentUser, access.FieldAllowEmailsFromNonWhitelistedSenders, accounting, false},
		{"global admin edits the alias", globalAdmin, access.FieldEmailAlias, hr, true},
		{"global admin enables e-mail", globalAdmin, access.FieldEmailEnabled, hr, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := tc.role.abilities().CanOnField(access.ActionUpdate, access.SubjectCompanyCategorySetting, tc.field,
				access.Object{CategoryID: tc.cat})
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestCategoriesAndFlags(t *testing.T) {
	t.Parallel()
	cases := []struct {
		role       role
		visible    []int64
		grantable  []int64
		marksRead  bool
		needsTerms bool
	}{
		{globalAdmin, []int64{accounting, payroll, hr, internal, archive}, []int64{accounting, payroll, hr}, false, false},
		{agentAdmin, []int64{accounting, payroll, hr, internal, archive}, []int64{accounting, payroll, hr}, true, false},
		{agentUser, []int64{accounting, internal, archive}, []int64{}, true, false},
		{customerAdmin, []int64{accounting, payroll, archive}, []int64{accounting, payroll}, true, false},
		{customerUser, []int64{payroll}, []int64{}, true, false},
		{stranger, []int64{}, []int64{}, false, false},
		{inactive, []int64{}, []int64{}, false, false},
		{outsideAgent, []int64{}, []int64{}, false, false},
		{termsPending, []int64{}, []int64{}, true, true},
		{agentTermsPending, []int64{accounting}, []int64{}, true, false},
		{agentInactiveCompany, []int64{accounting, payroll, hr, internal, archive}, []int64{}, true, false},
		{agentInPanel, []int64{}, []int64{}, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.role.name, func(t *testing.T) {
			t.Parallel()
			ab := tc.role.abilities()
			assert.Equal(t, tc.visible, ab.VisibleCategoryIDs(), "visible")
			assert.Equal(t, tc.grantable, ab.GrantableCategoryIDs(), "grantable")
			assert.Equal(t, tc.marksRead, ab.MarksRead(), "marks read")
			assert.Equal(t, tc.needsTerms, ab.NeedsTerms(), "needs terms")
			assert.Equal(t, len(ab.Rules()) > 0, ab.HasAccess(), "has access")
			assert.Equal(t, tc.role.membership.Company.ID, ab.CompanyID(), "company")
		})
	}
}

// A customer admin cannot deactivate themselves, but the users page still
// shows the deactivate action for the others.
func TestConditionalCannotLeavesSubjectCheckOpen(t *testing.T) {
	t.Parallel()
	ab := customerAdmin.abilities()
	assert.True(t, ab.Can(destroy, access.SubjectCompanyUser))
	assert.False(t, ab.CanOn(destroy, access.SubjectCompanyUser, access.Object{UserID: customerAdminID}))
}

func TestRulesJSON(t *testing.T) {
	t.Parallel()

	t.Run("global admin manages all", func(t *testing.T) {
		b, err := json.Marshal(globalAdmin.abilities().Rules())
		require.NoError(t, err)
		assert.JSONEq(t, `[{"action":"manage","subject":"all"}]`, string(b))
	})
	t.Run("no access is an empty list", func(t *testing.T) {
		b, err := json.Marshal(access.NoAccess().Rules())
		require.NoError(t, err)
		assert.Equal(t, `[]`, string(b))
	})
	t.Run("customer rules carry CASL conditions", func(t *testing.T) {
		b, err := json.Marshal(customerUser.abilities().Rules())
		require.NoError(t, err)
		var rules []map[string]any
		require.NoError(t, json.Unmarshal(b, &rules))
		want := []map[string]any{
			{"action": "read", "subject": "Inbox::Task",
				"conditions": map[string]any{"categoryId": map[string]any{"$in": []any{float64(payroll)}}, "hidden": false}},
			{"action": "update", "subject": "Inbox::Message",
				"conditions": map[string]any{"categoryId": map[string]any{"$in": []any{float64(payroll)}}, "userId": customerID.String()}},
			{"action": "read", "subject": "DynamicFieldValue", "conditions": map[string]any{"categoryId": nil}},
		}
		for _, w := range want {
			assert.Contains(t, rules, w)
		}
	})
	t.Run("field-limited rule lists its fields", func(t *testing.T) {
		var found bool
		for _, r := range customerAdmin.abilities().Rules() {
			if r.Action == update && r.Subject == access.SubjectCompanyCategorySetting {
				found = true
				assert.Equal(t, []string{access.FieldAllowEmailsFromNonWhitelistedSenders}, r.Fields)
			}
		}
		assert.True(t, found)
	})
}

func TestRulesReturnsACopy(t *testing.T) {
	t.Parallel()
	ab := customerUser.abilities()
	rules := ab.Rules()
	require.NotEmpty(t, rules)
	for i := range rules {
		rules[i].Action = access.ActionManage
		rules[i].Subject = access.SubjectAll
	}
	assert.False(t, ab.Can(access.ActionAssign, access.SubjectTask))
	ids := ab.VisibleCategoryIDs()
	ids[0] = hr
	assert.Equal(t, []int64{payroll}, ab.VisibleCategoryIDs())
}
