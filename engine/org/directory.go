package org

import (
	"context"
	"fmt"
	"strconv"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
)

// Directory answers what a user may see.
type Directory struct {
	st   *store.Store
	kept kept
}

// NewDirectory builds a Directory on a store.
func NewDirectory(st *store.Store) *Directory { return &Directory{st: st} }

// CompanyAccess is one company a user may see, with the user's abilities in it.
type CompanyAccess struct {
	Company    store.Company
	Favorite   bool
	Categories []store.Category
	Countries  []store.Country
	Domains    []string
	Abilities  access.Abilities
	// Membership is the user's own row in the company (zero for global admins without one).
	Membership Membership
}

// Membership is a user's row in a company, staff or customer.
type Membership struct {
	UUID        uuid.UUID
	Role        string
	Active      bool
	Responsible bool
	JobTitle    *string
	CategoryIDs []int64
}

// VisibleCategories are the company's categories the user may read.
func (c CompanyAccess) VisibleCategories() []store.Category {
	ids := map[int64]bool{}
	for _, id := range c.Abilities.VisibleCategoryIDs() {
		ids[id] = true
	}
	out := make([]store.Category, 0, len(ids))
	for _, cat := range c.Categories {
		if ids[cat.ID] {
			out = append(out, cat)
		}
	}
	return out
}

// Actor describes a user for the abilities module.
func Actor(u store.User, adminPanel bool) access.Actor {
	return access.Actor{
		UserID:     u.UUID,
		UserType:   access.UserType(u.UserType),
		UserRole:   access.UserRole(u.UserRole),
		AdminPanel: adminPanel,
	}
}

// Companies lists every company the user may see, favourites first, each with
// the user's abilities there. It costs a fixed number of queries, whatever the
// number of companies, and nothing more within a request that carries a memo
// (WithMemo), nor in one that also carries its session's directory version
// (Session.Context) while nothing the directory reads has changed (kept).
func (d *Directory) Companies(ctx context.Context, u store.User, adminPanel bool) ([]CompanyAccess, error) {
	return remember(ctx, memoKey{u.ID, adminPanel}, func() ([]CompanyAccess, error) {
		v, ok := version(ctx)
		if !ok {
			return d.companies(ctx, u, adminPanel)
		}
		key := keptKey{u.ID, u.UserType, u.UserRole, adminPanel}
		if list, ok := d.kept.get(key, v); ok {
			return list, nil
		}
		list, err := d.companies(ctx, u, adminPanel)
		if err == nil {
			d.kept.put(key, v, list)
		}
		return list, err
	})
}

func (d *Directory) companies(ctx context.Context, u store.User, adminPanel bool) ([]CompanyAccess, error) {
	type row struct {
		c   store.Company
		fav bool
	}
	var rows []row
	switch {
	case u.UserRole == "admin":
		list, err := d.st.CompanyListAll(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			rows = append(rows, row{r.Company, r.Favorite})
		}
	case u.UserType == "portico_user":
		list, err := d.st.CompanyListForStaff(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			rows = append(rows, row{r.Company, r.Favorite})
		}
	case u.UserType == "customer":
		list, err := d.st.CompanyListForCustomer(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			rows = append(rows, row{r.Company, r.Favorite})
		}
	default:
		return nil, nil
	}
	if len(rows) == 0 {
		return nil, nil
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.c.ID
	}
	catsBy, err := d.companyCategories(ctx, ids)
	if err != nil {
		return nil, err
	}
	countries, err := d.st.CompanyCountryList(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("org: countries: %w", err)
	}
	countriesBy := map[int64][]store.Country{}
	for _, c := range countries {
		countriesBy[c.CompanyID] = append(countriesBy[c.CompanyID], c.Country)
	}
	domains, err := d.st.CompanyDomainList(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("org: domains: %w", err)
	}
	domainsBy := map[int64][]string{}
	for _, dm := range domains {
		domainsBy[dm.CompanyID] = append(domainsBy[dm.CompanyID], dm.Domain)
	}
	members, err := d.memberships(ctx, u, ids)
	if err != nil {
		return nil, err
	}
	actor := Actor(u, adminPanel)
	out := make([]CompanyAccess, 0, len(rows))
	var memo access.Memo // an agent of many companies has the same abilities in most
	for _, r := range rows {
		m := members[r.c.ID]
		ca := CompanyAccess{
			Company: r.c, Favorite: r.fav, Categories: catsBy[r.c.ID], Countries: countriesBy[r.c.ID],
			Domains: domainsBy[r.c.ID], Membership: m,
		}
		ca.Abilities = memo.Compute(actor, membershipInput(r.c, m), categoryInputs(ca.Categories))
		if !ca.Abilities.HasAccess() {
			continue
		}
		out = append(out, ca)
	}
	return out, nil
}

// Company is one company the user may see, by public id. A company the user
// may not see is RECORD_NOT_FOUND, exactly like one that does not exist.
func (d *Directory) Company(ctx context.Context, u store.User, adminPanel bool, id uuid.UUID) (CompanyAccess, error) {
	list, err := d.Companies(ctx, u, adminPanel)
	if err != nil {
		return CompanyAccess{}, err
	}
	for _, c := range list {
		if c.Company.UUID == id {
			return c, nil
		}
	}
	return CompanyAccess{}, apperr.NotFound("company")
}

// companyCategories are the categories each company uses, in the categories'
// order. Each category's row is read once, not once per company, and
// companies that use the same categories share one slice (read-only, like
// everything Companies answers): most of an agent's 1000 companies do.
func (d *Directory) companyCategories(ctx context.Context, ids []int64) (map[int64][]store.Category, error) {
	pairs, err := d.st.CompanyCategoryIDs(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("org: categories: %w", err)
	}
	all, err := d.st.CategoryList(ctx)
	if err != nil {
		return nil, fmt.Errorf("org: categories: %w", err)
	}
	byID := make(map[int64]store.Category, len(all))
	for _, c := range all {
		byID[c.ID] = c
	}
	out := make(map[int64][]store.Category, len(ids))
	shared := map[string][]store.Category{} // by the ids, as text
	var key []byte
	for start := 0; start < len(pairs); {
		end := start
		key = key[:0]
		for end < len(pairs) && pairs[end].CompanyID == pairs[start].CompanyID {
			key = strconv.AppendInt(append(key, ','), pairs[end].CategoryID, 10)
			end++
		}
		cats, ok := shared[string(key)]
		if !ok {
			cats = make([]store.Category, 0, end-start)
			for _, p := range pairs[start:end] {
				cats = append(cats, byID[p.CategoryID])
			}
			shared[string(key)] = cats
		}
		out[pairs[start].CompanyID] = cats
		start = end
	}
	return out, nil
}

func (d *Directory) memberships(ctx context.Context, u store.User, ids []int64) (map[int64]Membership, error) {
	out := map[int64]Membership{}
	switch u.UserType {
	case "portico_user":
		rows, err := d.st.PorticoUserMemberships(ctx, store.PorticoUserMembershipsParams{UserID: u.ID, CompanyIds: ids})
		if err != nil {
			return nil, fmt.Errorf("org: memberships: %w", err)
		}
		for _, r := range rows {
			out[r.CompanyID] = Membership{UUID: r.UUID, Role: r.Role, Active: r.Active, Responsible: r.Responsible, CategoryIDs: r.CategoryIds}
		}
	case "customer":
		rows, err := d.st.CompanyUserMemberships(ctx, store.CompanyUserMembershipsParams{UserID: u.ID, CompanyIds: ids})
		if err != nil {
			return nil, fmt.Errorf("org: memberships: %w", err)
		}
		for _, r := range rows {
			out[r.CompanyID] = Membership{UUID: r.UUID, Role: r.Role, Active: r.Active, JobTitle: r.JobTitle, CategoryIDs: r.CategoryIds}
		}
	}
	return out, nil
}

func membershipInput(c store.Company, m Membership) access.Membership {
	return access.Membership{
		Company: access.Company{ID: c.UUID, Active: c.Active, SSOSettingsEnabled: c.SsoSettingsEnabled,
			TermsAccepted: c.TermsAcceptedAt != nil},
		Active:     m.Active,
		Role:       access.MemberRole(m.Role),
		Categories: m.CategoryIDs,
	}
}

func categoryInputs(cats []store.Category) []access.Category {
	out := make([]access.Category, len(cats))
	for i, c := range cats {
		out[i] = access.Category{ID: c.ID, CategoryType: access.CategoryType(c.CategoryType), Active: c.Active}
	}
	return out
}
