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

// CompanyFilter is the companies query's filter.
type CompanyFilter struct {
	// Search keeps companies whose name contains it (case-insensitive).
	Search string
	// Responsible keeps companies the viewer is responsible for.
	Responsible bool
	// WorkflowID (includeWorkflowId) is the workflow in context: the one the
	// companies' workflowAssigned and companyWorkflowCountryIds are about.
	WorkflowID *uuid.UUID
	// WithWorkflowAssigned keeps the companies that have (true) or lack (false)
	// a live assignment of the workflow in context, or of any workflow without one.
	WithWorkflowAssigned *bool
	// Members keep the companies where each named user has a membership.
	Members []Member
}

// MemberKind is which users a Member filter may name.
type MemberKind int

// The kinds, by the companies query's arguments.
const (
	// AnyUser is userId: any user.
	AnyUser MemberKind = iota
	// StaffUser is porticoUserId: a provider user.
	StaffUser
	// CustomerUser is companyUserId: a customer user.
	CustomerUser
)

// entity is the entity type a RECORD_NOT_FOUND names.
func (k MemberKind) entity() string {
	return [...]string{"user", "portico_user", "company_user"}[k]
}

// admits tells whether a user of userType is of the kind.
func (k MemberKind) admits(userType string) bool {
	switch k {
	case StaffUser:
		return userType == string(access.UserTypeStaff)
	case CustomerUser:
		return userType == string(access.UserTypeCustomer)
	}
	return true
}

// Member names a user whose companies a list keeps: the companies where they
// have a membership, active or not. ID is the user's uuid or the uuid of one
// of their memberships (a porticoUser or companyUser).
type Member struct {
	Kind MemberKind
	ID   uuid.UUID
}

// WorkflowUse is what a company's workflowAssigned and companyWorkflowCountryIds
// say: whether the workflow in context (any workflow, without one) is assigned
// to the company, and for which of its countries.
type WorkflowUse struct {
	Assigned   bool
	CountryIDs []int64
}

// MayReadWorkflows tells whether the viewer may see which workflows a company
// uses (read CompanyWorkflow there: provider staff of the company and global admins).
func MayReadWorkflows(c CompanyAccess) bool {
	return c.Abilities.Can(access.ActionRead, access.SubjectCompanyWorkflow)
}

// FilterCompanies lists the companies the viewer may see that match f, in the
// order of Companies. With a workflow argument (WorkflowID or
// WithWorkflowAssigned), only provider staff may ask (others get
// ACCESS_DENIED), the list keeps only the companies where they may read
// company workflows, and uses holds each listed company's WorkflowUse;
// otherwise uses is nil. An unknown workflow is RECORD_NOT_FOUND, and so is a
// Member the viewer may not see (memberCompanies).
func (d *Directory) FilterCompanies(ctx context.Context, u store.User, adminPanel bool, f CompanyFilter) (list []CompanyAccess, uses map[int64]WorkflowUse, err error) {
	byWorkflow := f.WorkflowID != nil || f.WithWorkflowAssigned != nil
	if byWorkflow && u.UserType != string(access.UserTypeStaff) {
		return nil, nil, apperr.Denied("")
	}
	var workflowID *int64
	if f.WorkflowID != nil {
		if workflowID, err = d.workflowID(ctx, *f.WorkflowID); err != nil {
			return nil, nil, err
		}
	}
	all, err := d.Companies(ctx, u, adminPanel)
	if err != nil {
		return nil, nil, err
	}
	members := make([]map[int64]bool, len(f.Members))
	for i, m := range f.Members {
		if members[i], err = d.memberCompanies(ctx, u, all, m); err != nil {
			return nil, nil, err
		}
	}
	needle := strings.ToLower(strings.TrimSpace(f.Search))
	for _, c := range all {
		if needle != "" && !strings.Contains(strings.ToLower(c.Company.Name), needle) {
			continue
		}
		if slices.ContainsFunc(members, func(in map[int64]bool) bool { return !in[c.Company.ID] }) {
			continue // not a company of every user named
		}
		if f.Responsible && !c.Membership.Responsible {
			continue
		}
		if byWorkflow && !MayReadWorkflows(c) {
			continue
		}
		list = append(list, c)
	}
	if !byWorkflow {
		return list, nil, nil
	}
	if uses, err = d.workflowUses(ctx, list, workflowID); err != nil {
		return nil, nil, err
	}
	if f.WithWorkflowAssigned != nil {
		kept := list[:0:0]
		for _, c := range list {
			if uses[c.Company.ID].Assigned == *f.WithWorkflowAssigned {
				kept = append(kept, c)
			}
		}
		list = kept
	}
	return list, uses, nil
}

// WorkflowUses gives the WorkflowUse of each company of list, with the
// workflow in context (nil for any), in one statement. Companies where the
// viewer may not read company workflows are absent: for them the fields say
// false and no countries. An unknown workflow is RECORD_NOT_FOUND.
func (d *Directory) WorkflowUses(ctx context.Context, list []CompanyAccess, workflow *uuid.UUID) (map[int64]WorkflowUse, error) {
	var id *int64
	if workflow != nil {
		var err error
		if id, err = d.workflowID(ctx, *workflow); err != nil {
			return nil, err
		}
	}
	return d.workflowUses(ctx, list, id)
}

func (d *Directory) workflowUses(ctx context.Context, list []CompanyAccess, workflowID *int64) (map[int64]WorkflowUse, error) {
	out := map[int64]WorkflowUse{}
	ids := []int64{}
	for _, c := range list {
		if MayReadWorkflows(c) {
			ids = append(ids, c.Company.ID)
			out[c.Company.ID] = WorkflowUse{CountryIDs: []int64{}}
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := d.st.CompanyWorkflowCountriesFor(ctx, store.CompanyWorkflowCountriesForParams{CompanyIds: ids, WorkflowID: workflowID})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		use := out[r.CompanyID]
		use.Assigned = true
		use.CountryIDs = append(use.CountryIDs, r.CountryID)
		out[r.CompanyID] = use
	}
	return out, nil
}

// workflowID is the row id of a workflow template that exists (deleted ones do not).
func (d *Directory) workflowID(ctx context.Context, id uuid.UUID) (*int64, error) {
	w, err := d.st.WorkflowGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return nil, apperr.NotFound("workflow")
	} else if err != nil {
		return nil, err
	}
	return &w.ID, nil
}

// memberCompanies are the companies where the user m names has a membership.
// The viewer must see that user: global admins see everyone, others those in
// a company among visible (their companies) and themselves; customers never
// see provider users (they see staff only as the provider). Anyone else, an
// unknown id or a user of the wrong kind is RECORD_NOT_FOUND.
func (d *Directory) memberCompanies(ctx context.Context, viewer store.User, visible []CompanyAccess, m Member) (map[int64]bool, error) {
	notFound := apperr.NotFound(m.Kind.entity())
	row, err := d.st.UserMemberCompanies(ctx, m.ID)
	if store.IsNotFound(err) {
		return nil, notFound
	} else if err != nil {
		return nil, err
	}
	staff := string(access.UserTypeStaff)
	if !m.Kind.admits(row.UserType) || (row.UserType == staff && viewer.UserType != staff) {
		return nil, notFound
	}
	in := make(map[int64]bool, len(row.CompanyIds))
	for _, id := range row.CompanyIds {
		in[id] = true
	}
	seen := viewer.UserRole == string(access.UserRoleAdmin) || row.ID == viewer.ID ||
		slices.ContainsFunc(visible, func(c CompanyAccess) bool { return in[c.Company.ID] })
	if !seen {
		return nil, notFound
	}
	return in, nil
}
