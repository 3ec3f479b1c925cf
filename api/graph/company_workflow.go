package graph

import (
	"context"
	"strconv"

	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/org"
)

// companies maps a list of companies with their workflowAssigned and
// companyWorkflowCountryIds, the workflow in context being workflow (nil: any).
// uses, when the caller already has them, cover every company of list;
// otherwise they are loaded here in one statement for the whole list.
func (r *Resolver) companies(ctx context.Context, list []org.CompanyAccess, workflow *uuid.UUID, uses map[int64]org.WorkflowUse) ([]*model.Company, error) {
	if uses == nil {
		var err error
		if uses, err = r.svc.Directory.WorkflowUses(ctx, list, workflow); err != nil {
			return nil, err
		}
	}
	out := make([]*model.Company, len(list))
	for i, c := range list {
		m := Company(c)
		use := uses[c.Company.ID]
		m.WorkflowAssigned = use.Assigned
		m.CompanyWorkflowCountryIds = make([]string, len(use.CountryIDs))
		for j, id := range use.CountryIDs {
			m.CompanyWorkflowCountryIds[j] = strconv.FormatInt(id, 10)
		}
		out[i] = m
	}
	return out, nil
}

// CompanyList maps companies with no workflow in context (init.json's list):
// their workflow fields come in one statement.
func (r *Resolver) CompanyList(ctx context.Context, list []org.CompanyAccess) ([]*model.Company, error) {
	return r.companies(ctx, list, nil, nil)
}

// company is companies for one company, with no workflow in context.
func (r *Resolver) company(ctx context.Context, c org.CompanyAccess) (*model.Company, error) {
	list, err := r.CompanyList(ctx, []org.CompanyAccess{c})
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// group maps a company group; its companies' workflow fields come in one statement.
func (r *Resolver) group(ctx context.Context, g org.Group) (*model.Group, error) {
	out, _, err := r.groups(ctx, []org.Group{g})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// groups maps company groups, and extra companies after them, with one
// statement for the workflow fields of all their companies.
func (r *Resolver) groups(ctx context.Context, gs []org.Group, extra ...org.CompanyAccess) ([]*model.Group, []*model.Company, error) {
	var list []org.CompanyAccess
	for _, g := range gs {
		list = append(list, g.Companies...)
		if g.Mother != nil {
			list = append(list, *g.Mother)
		}
	}
	companies, err := r.companies(ctx, append(list, extra...), nil, nil)
	if err != nil {
		return nil, nil, err
	}
	out := make([]*model.Group, len(gs))
	for i, g := range gs {
		n := len(g.Companies)
		m := &model.Group{UUID: g.UUID.String(), Name: g.Name, Favorite: g.Favorite, Domain: g.Domain,
			Companies: companies[:n:n]}
		companies = companies[n:]
		if g.Mother != nil {
			m.MotherCompany, companies = companies[0], companies[1:]
		}
		out[i] = m
	}
	return out, companies, nil
}

// companyGroup maps the companyGroup answer: the company's group (with its
// mother company) and the company itself.
func (r *Resolver) companyGroup(ctx context.Context, found org.CompanyGroup) (*model.CompanyGroup, error) {
	var groups []org.Group
	if found.Group != nil {
		groups = append(groups, *found.Group)
	}
	var extra []org.CompanyAccess
	if found.Company != nil {
		extra = append(extra, *found.Company)
	}
	mapped, companies, err := r.groups(ctx, groups, extra...)
	if err != nil {
		return nil, err
	}
	out := &model.CompanyGroup{}
	if len(mapped) > 0 {
		out.Group, out.MotherCompany = mapped[0], mapped[0].MotherCompany
	}
	if len(companies) > 0 {
		out.Company = companies[0]
	}
	return out, nil
}
