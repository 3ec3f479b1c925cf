package org

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
)

// Group is a company group the user may see: they may see every company in it.
type Group struct {
	UUID     uuid.UUID
	Name     string
	Domain   *string
	Favorite bool
	// Companies are the member companies the user may see, by name.
	Companies []CompanyAccess
	// MemberIDs are every member company's id, seen or not (init.json's companyIds).
	MemberIDs []uuid.UUID
	// Mother is the group's mother company, when it has one the user may see.
	Mother *CompanyAccess
	id     int64
}

// Groups lists the company groups the user may see, favourites first, then by name.
func (d *Directory) Groups(ctx context.Context, u store.User, adminPanel bool) ([]Group, error) {
	companies, err := d.Companies(ctx, u, adminPanel)
	if err != nil || len(companies) == 0 {
		return nil, err
	}
	ids := make([]int64, len(companies))
	byUUID := make(map[uuid.UUID]*CompanyAccess, len(companies))
	byID := make(map[int64]*CompanyAccess, len(companies))
	for i := range companies {
		c := &companies[i]
		ids[i] = c.Company.ID
		byUUID[c.Company.UUID] = c
		byID[c.Company.ID] = c
	}
	rows, err := d.st.GroupListForCompanies(ctx, store.GroupListForCompaniesParams{UserID: u.ID, CompanyIds: ids})
	if err != nil {
		return nil, err
	}
	out := make([]Group, 0, len(rows))
	for _, r := range rows {
		g := Group{UUID: r.UUID, Name: r.Name, Domain: r.Domain, Favorite: r.Favorite, MemberIDs: r.CompanyUuids, id: r.ID}
		for _, id := range r.CompanyUuids {
			if c, ok := byUUID[id]; ok {
				g.Companies = append(g.Companies, *c)
			}
		}
		if r.MotherCompanyID != nil {
			if c, ok := byID[*r.MotherCompanyID]; ok {
				mother := *c
				g.Mother = &mother
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// Group finds a group the user may see by companyId as the app sends it: the
// group's own uuid (the route's selected company id when a group is selected),
// or a company's uuid, which names the group the company is the mother of,
// else a group it is a member of (the first by name). Anything else is
// RECORD_NOT_FOUND.
func (d *Directory) Group(ctx context.Context, u store.User, adminPanel bool, companyID uuid.UUID) (Group, error) {
	groups, err := d.Groups(ctx, u, adminPanel)
	if err != nil {
		return Group{}, err
	}
	if g, ok := findGroup(groups, companyID); ok {
		return g, nil
	}
	return Group{}, apperr.NotFound("group")
}

// GroupView is the companies a group view shows (group: true with
// companyId id; inboxTasks, inboxStats, searchInboxTasks, categories, users),
// among companies, the ones the user may see. The address of a group view
// holds the group's uuid; a company's uuid also works and means every visible
// group that company belongs to or is the mother of. A group's view is its
// companies plus its mother company (spec 000 §4), the mother only when the
// user may see it. A visible company in no group is its own view. Nothing
// visible is RECORD_NOT_FOUND company.
func (d *Directory) GroupView(ctx context.Context, u store.User, companies []CompanyAccess, id uuid.UUID) (map[uuid.UUID]bool, error) {
	ids := make([]int64, 0, len(companies))
	byID := make(map[int64]uuid.UUID, len(companies))
	visible := false
	for _, c := range companies {
		ids = append(ids, c.Company.ID)
		byID[c.Company.ID] = c.Company.UUID
		visible = visible || c.Company.UUID == id
	}
	groups, err := d.st.GroupListForCompanies(ctx, store.GroupListForCompaniesParams{UserID: u.ID, CompanyIds: ids})
	if err != nil {
		return nil, err
	}
	keep := map[uuid.UUID]bool{}
	if visible {
		keep[id] = true
	}
	for _, g := range groups {
		mother, seen := uuid.Nil, false
		if g.MotherCompanyID != nil {
			mother, seen = byID[*g.MotherCompanyID]
		}
		named := g.UUID == id || (visible && (slices.Contains(g.CompanyUuids, id) || (seen && mother == id)))
		if !named {
			continue
		}
		for _, c := range g.CompanyUuids {
			keep[c] = true
		}
		if seen {
			keep[mother] = true
		}
	}
	if len(keep) == 0 {
		return nil, apperr.NotFound("company")
	}
	return keep, nil
}

// findGroup is Group's choice among groups.
func findGroup(groups []Group, companyID uuid.UUID) (Group, bool) {
	byName := slices.Clone(groups)
	slices.SortStableFunc(byName, func(a, b Group) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	matches := []func(Group) bool{
		func(g Group) bool { return g.UUID == companyID },
		func(g Group) bool { return g.Mother != nil && g.Mother.Company.UUID == companyID },
		func(g Group) bool {
			return slices.ContainsFunc(g.Companies, func(c CompanyAccess) bool { return c.Company.UUID == companyID })
		},
	}
	for _, match := range matches {
		if i := slices.IndexFunc(byName, match); i >= 0 {
			return byName[i], true
		}
	}
	return Group{}, false
}

// SearchGroups lists the groups the user may see (groupedCompanies) whose
// name, or the name of one of their companies or of their mother company,
// contains search (case-insensitive; empty keeps all), in the order of Groups.
func (d *Directory) SearchGroups(ctx context.Context, u store.User, adminPanel bool, search string) ([]Group, error) {
	groups, err := d.Groups(ctx, u, adminPanel)
	needle := strings.ToLower(strings.TrimSpace(search))
	if err != nil || needle == "" {
		return groups, err
	}
	named := func(name string) bool { return strings.Contains(strings.ToLower(name), needle) }
	out := groups[:0:0]
	for _, g := range groups {
		if named(g.Name) || (g.Mother != nil && named(g.Mother.Company.Name)) ||
			slices.ContainsFunc(g.Companies, func(c CompanyAccess) bool { return named(c.Company.Name) }) {
			out = append(out, g)
		}
	}
	return out, nil
}

// CompanyGroup is companyGroup's answer.
type CompanyGroup struct {
	// Group is the group found (Group's choice), nil when there is none.
	Group *Group
	// Company is the company named, nil when the id was a group's.
	Company *CompanyAccess
}

// CompanyGroup finds a company the user may see and its group, as Group
// chooses it (nil when the company is in no group the user may see); the id
// may also be a visible group's, which then comes without a company. Anything
// else is RECORD_NOT_FOUND company.
func (d *Directory) CompanyGroup(ctx context.Context, u store.User, adminPanel bool, id uuid.UUID) (CompanyGroup, error) {
	groups, err := d.Groups(ctx, u, adminPanel)
	if err != nil {
		return CompanyGroup{}, err
	}
	var out CompanyGroup
	if g, ok := findGroup(groups, id); ok {
		out.Group = &g
	}
	if out.Group != nil && out.Group.UUID == id {
		return out, nil
	}
	c, err := d.Company(ctx, u, adminPanel, id)
	if err != nil {
		return CompanyGroup{}, err
	}
	out.Company = &c
	return out, nil
}

// ToggleGroupFavorite stars or unstars a company group for a staff member
// (groupFavoriteCompany), as ToggleFavorite does for one company; it returns
// the group in its new state. The star is the user's own.
func (d *Directory) ToggleGroupFavorite(ctx context.Context, req Request, companyID uuid.UUID) (Group, error) {
	g, err := d.Group(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return g, err
	}
	if req.User.UserType != string(access.UserTypeStaff) {
		return g, apperr.Denied("")
	}
	p := store.FavoriteGroupSetParams{UserID: req.User.ID, GroupID: g.id}
	if g.Favorite {
		err = d.st.FavoriteGroupUnset(ctx, store.FavoriteGroupUnsetParams(p))
	} else {
		err = d.st.FavoriteGroupSet(ctx, p)
	}
	if err != nil {
		return g, err
	}
	g.Favorite = !g.Favorite
	return g, nil
}
