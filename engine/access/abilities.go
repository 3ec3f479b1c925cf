package access

import (
	"slices"

	"github.com/google/uuid"
)

// Abilities are one actor's rules in one company. The zero value grants
// nothing (see NoAccess). Abilities are immutable once computed.
type Abilities struct {
	companyID  uuid.UUID
	rules      []Rule
	visible    []int64
	grantable  []int64
	admin      bool
	needsTerms bool
}

// NoAccess returns abilities that allow nothing.
func NoAccess() Abilities { return Abilities{} }

// Rules returns a copy of the rules, in evaluation order, for the company's
// `rules` field. It is never nil.
func (a Abilities) Rules() []Rule {
	out := make([]Rule, len(a.rules))
	for i, r := range a.rules {
		out[i] = r.clone()
	}
	return out
}

// SameRules reports whether a and b hold one computed set of rules: a Memo
// hands the same set to every company whose input differs only in the
// company (an agent of 1000 companies has a few sets). Equal rules computed
// apart are not the same set, so false means "not known to be equal".
func (a Abilities) SameRules(b Abilities) bool {
	return len(a.rules) > 0 && len(a.rules) == len(b.rules) && &a.rules[0] == &b.rules[0]
}

// CompanyID returns the company the abilities were computed for.
func (a Abilities) CompanyID() uuid.UUID { return a.companyID }

// HasAccess reports whether the actor may do anything at all in the company.
func (a Abilities) HasAccess() bool { return len(a.rules) > 0 }

// Can reports whether some rule lets the actor do action on some subject
// (CASL's subject-type check). Rules restricted to fields do not count.
func (a Abilities) Can(action, subject string) bool {
	return a.can(action, subject, "")
}

func (a Abilities) can(action, subject, field string) bool {
	for i := len(a.rules) - 1; i >= 0; i-- {
		r := a.rules[i]
		if !r.matchesAction(action) || !r.matchesSubject(subject) || !r.matchesField(field) {
			continue
		}
		if len(r.Conditions) > 0 && r.Inverted {
			continue // a conditional "cannot" never denies the whole subject
		}
		return !r.Inverted
	}
	return false
}

// CanOn reports whether the actor may do action on obj, a subject of the given
// kind. An obj whose CompanyID names another company is refused.
func (a Abilities) CanOn(action, subject string, obj Object) bool {
	return a.CanOnField(action, subject, "", obj)
}

// CanOnField is CanOn for an update of one field: rules restricted to fields
// grant only those fields. An empty field asks for the whole object.
func (a Abilities) CanOnField(action, subject, field string, obj Object) bool {
	if obj.CompanyID != uuid.Nil && obj.CompanyID != a.companyID {
		return false
	}
	for i := len(a.rules) - 1; i >= 0; i-- {
		r := a.rules[i]
		if !r.matchesAction(action) || !r.matchesSubject(subject) || !r.matchesField(field) {
			continue
		}
		if r.matchesConditions(obj) {
			return !r.Inverted
		}
	}
	return false
}

// VisibleCategoryIDs returns, sorted, the categories whose threads, messages,
// attachments and files the actor may read in the company.
func (a Abilities) VisibleCategoryIDs() []int64 { return append([]int64{}, a.visible...) }

// GrantableCategoryIDs returns, sorted, the categories the actor may give a
// customer user of the company: active, never internal, and for customer
// admins only their own visible ones. Empty for those who cannot manage
// company users.
func (a Abilities) GrantableCategoryIDs() []int64 { return append([]int64{}, a.grantable...) }

// MarksRead reports whether reading marks messages read for the actor: global
// admins read without leaving a trace.
func (a Abilities) MarksRead() bool { return a.HasAccess() && !a.admin }

// NeedsTerms reports whether the actor is a customer member who must accept
// the company's terms before seeing anything but the company and their
// profile. Any such member may accept them.
func (a Abilities) NeedsTerms() bool { return a.needsTerms }

// Compute returns the actor's abilities in the membership's company, given
// the company's categories. See the package documentation for the rules.
func Compute(actor Actor, m Membership, categories []Category) Abilities {
	if actor.UserRole == UserRoleAdmin {
		return Abilities{
			companyID: m.Company.ID,
			rules:     []Rule{{Action: ActionManage, Subject: SubjectAll}},
			visible:   sortedIDs(categories, func(Category) bool { return true }),
			grantable: sortedIDs(categories, func(c Category) bool {
				return c.Active && c.CategoryType != CategoryInternal
			}),
			admin: true,
		}
	}
	a := Abilities{companyID: m.Company.ID} // allows nothing until rules are added
	staff := actor.UserType == UserTypeStaff
	if !staff && actor.UserType != UserTypeCustomer {
		return a
	}
	if !m.Active || (!staff && !m.Company.Active) {
		return a
	}

	b := builder{rules: make([]Rule, 0, 64)}
	switch {
	case actor.AdminPanel && !staff:
		return a
	case actor.AdminPanel:
		b.can(ActionRead, SubjectCompany, nil)
		b.can(ActionRead, SubjectPorticoUser, nil)
	case !staff && !m.Company.TermsAccepted:
		b.can(ActionRead, SubjectCompany, nil)
		b.can(ActionRead, SubjectMyProfile, nil)
		b.can(ActionUpdate, SubjectMyProfile, nil)
		a.needsTerms = true
	default:
		admin := m.Role == MemberRoleAdmin
		a.visible = visibleCategories(staff, admin, m.Categories, categories)
		writable := activeOnly(a.visible, categories)
		if admin {
			a.grantable = nonInternal(writable, categories)
		}
		p := policy{me: actor.UserID.String(), read: a.visible, write: writable}
		p.member(&b)
		if staff {
			p.agent(&b)
			if admin {
				p.agentAdmin(&b)
			}
		} else {
			p.customer(&b)
			if admin {
				p.customerAdmin(&b, m.Company.SSOSettingsEnabled)
			}
		}
		if !m.Company.Active { // only agents get here
			b.keepOnly(readingActions)
			a.grantable = nil
		}
	}
	a.rules = b.rules
	return a
}

// readingActions are those left to agents in an inactive company.
var readingActions = []string{
	ActionRead, ActionGeneratePDF, ActionViewReaders,
	ActionMarkAsRead, ActionMarkAsUnread, ActionBulkChangeUnread,
}

// visibleCategories applies the category rules of the package doc.
func visibleCategories(staff, admin bool, member []int64, all []Category) []int64 {
	return sortedIDs(all, func(c Category) bool {
		switch {
		case staff && admin:
			return true
		case staff:
			return slices.Contains(member, c.ID)
		case c.CategoryType == CategoryInternal:
			return false
		case admin && c.CategoryType != CategorySensitive:
			return true
		default:
			return slices.Contains(member, c.ID)
		}
	})
}

func activeOnly(ids []int64, all []Category) []int64 {
	return filterIDs(ids, all, func(c Category) bool { return c.Active })
}

func nonInternal(ids []int64, all []Category) []int64 {
	return filterIDs(ids, all, func(c Category) bool { return c.CategoryType != CategoryInternal })
}

func filterIDs(ids []int64, all []Category, keep func(Category) bool) []int64 {
	return sortedIDs(all, func(c Category) bool { return keep(c) && slices.Contains(ids, c.ID) })
}

// sortedIDs returns the ids of the categories kept, sorted and without
// duplicates; never nil.
func sortedIDs(all []Category, keep func(Category) bool) []int64 {
	ids := []int64{}
	for _, c := range all {
		if keep(c) {
			ids = append(ids, c.ID)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}
