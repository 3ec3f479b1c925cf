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
		if uses, err = r.Directory.WorkflowUses(ctx, list, workflow); err != nil {
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

// company is companies for one company, with no workflow in context.
func (r *Resolver) company(ctx context.Context, c org.CompanyAccess) (*model.Company, error) {
	list, err := r.companies(ctx, []org.CompanyAccess{c}, nil, nil)
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// group maps a company group; its companies' workflow fields come in one statement.
func (r *Resolver) group(ctx context.Context, g org.Group) (*model.Group, error) {
	list := g.Companies
	if g.Mother != nil {
		list = append(list[:len(list):len(list)], *g.Mother)
	}
	companies, err := r.companies(ctx, list, nil, nil)
	if err != nil {
		return nil, err
	}
	m := &model.Group{UUID: g.UUID.String(), Name: g.Name, Favorite: g.Favorite, Domain: g.Domain,
		Companies: companies[:len(g.Companies)]}
	if g.Mother != nil {
		m.MotherCompany = companies[len(g.Companies)]
	}
	return m, nil
}
