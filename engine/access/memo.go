package access

import (
	"strconv"
	"strings"
)

// Memo computes abilities once per distinct input, the company's identity
// aside: an agent of 1000 companies with the same role and categories in each
// pays one computation, and the other companies share its rules (read-only:
// Rules and the category lists hand out copies). A Memo serves one lookup of
// one actor's companies; the zero value is ready.
type Memo struct{ seen map[string]Abilities }

// Compute is Compute, remembered.
func (c *Memo) Compute(actor Actor, m Membership, categories []Category) Abilities {
	key := memoKey(actor, m, categories)
	if a, ok := c.seen[key]; ok {
		a.companyID = m.Company.ID
		return a
	}
	a := Compute(actor, m, categories)
	if c.seen == nil {
		c.seen = map[string]Abilities{}
	}
	c.seen[key] = a
	return a
}

// memoKey names every input Compute reads but the company's id.
func memoKey(actor Actor, m Membership, categories []Category) string {
	var b strings.Builder
	flags := func(fs ...bool) {
		for _, f := range fs {
			if f {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
	}
	b.WriteString(actor.UserID.String())
	b.WriteString(string(actor.UserType))
	b.WriteByte('|')
	b.WriteString(string(actor.UserRole))
	b.WriteByte('|')
	flags(actor.Responsible, actor.AdminPanel, m.Company.Active, m.Company.SSOSettingsEnabled, m.Company.TermsAccepted, m.Active)
	b.WriteString(string(m.Role))
	b.WriteByte('|')
	for _, id := range m.Categories {
		b.WriteString(strconv.FormatInt(id, 10))
		b.WriteByte(',')
	}
	b.WriteByte('|')
	for _, r := range m.CompanyRoles {
		b.WriteString(r)
		b.WriteByte(',')
	}
	b.WriteByte('|')
	for _, k := range categories {
		b.WriteString(strconv.FormatInt(k.ID, 10))
		b.WriteString(string(k.CategoryType))
		flags(k.Active)
		b.WriteByte(',')
	}
	return b.String()
}
