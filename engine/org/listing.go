package org

import (
	"context"
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
// otherwise uses is nil. An unknown workflow is RECORD_NOT_FOUND.
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
	needle := strings.ToLower(strings.TrimSpace(f.Search))
	for _, c := range all {
		if needle != "" && !strings.Contains(strings.ToLower(c.Company.Name), needle) {
			continue
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
