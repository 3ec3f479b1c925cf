package graph

import (
	"encoding/json"
	"strconv"

	"portico/api/graph/model"
	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
)

// mutationErrors turns a catalogue error into a mutation answer's errors list.
// Any other error is returned as is, to become a GraphQL error.
func mutationErrors(err error) ([]*model.MutationError, error) {
	if err == nil {
		return []*model.MutationError{}, nil
	}
	e, ok := apperr.As(err)
	if !ok {
		return nil, err
	}
	return []*model.MutationError{MutationError(e)}, nil
}

// MutationError maps one catalogue error.
func MutationError(e *apperr.Error) *model.MutationError {
	m := &model.MutationError{Code: string(e.Code), Message: e.Message}
	if e.Field != "" {
		m.Field = &e.Field
	}
	if e.EntityType != "" {
		m.EntityType = &e.EntityType
	}
	return m
}

// Company maps a company the viewer may see.
func Company(c org.CompanyAccess) *model.Company {
	m := &model.Company{
		UUID:                  c.Company.UUID.String(),
		Name:                  c.Company.Name,
		BusinessID:            c.Company.BusinessID,
		PorticoCustomerID:     c.Company.PorticoCustomerID,
		CommunicationLanguage: c.Company.CommunicationLanguage,
		AccountingSystem:      c.Company.AccountingSystem,
		PayrollSystem:         c.Company.PayrollSystem,
		Active:                c.Company.Active,
		TermsAccepted:         c.Company.TermsAcceptedAt != nil,
		SsoEnabled:            c.Company.SsoEnabled,
		SsoMethod:             c.Company.SsoMethod,
		GoogleLoginEnabled:    c.Company.GoogleLoginEnabled,
		MicrosoftLoginEnabled: c.Company.MicrosoftLoginEnabled,
		ActiveCompanyDomains:  append([]string{}, c.Domains...),
		Favorite:              c.Favorite,
		Categories:            []*model.Category{},
		Countries:             []*model.Country{},
		CountryIds:            []string{},
		// filled where a list knows the workflow in context (company_workflow.go)
		CompanyWorkflowCountryIds: []string{},
		Rules:                     rules(c.Abilities),
	}
	for _, cat := range c.VisibleCategories() {
		m.Categories = append(m.Categories, Category(cat))
	}
	for _, co := range c.Countries {
		m.Countries = append(m.Countries, Country(co))
		m.CountryIds = append(m.CountryIds, strconv.FormatInt(co.ID, 10))
	}
	return m
}

// rules maps the viewer's ability rules in a company (Company.rules, InboxCompany.rules, CompanyAbility.rules).
func rules(a access.Abilities) []*model.Rule {
	out := []*model.Rule{}
	for _, r := range a.Rules() {
		rule := &model.Rule{Action: r.Action, Subject: r.Subject, Fields: r.Fields, Inverted: r.Inverted}
		if len(r.Conditions) > 0 {
			rule.Conditions = r.Conditions
		}
		out = append(out, rule)
	}
	return out
}

// CategoryID is a category's id as the API gives it out (Category.id) and
// takes it back (categoryId, categoryIds, updateSelectedCategoryIds).
func CategoryID(id int64) string { return strconv.FormatInt(id, 10) }

// Category maps a category.
func Category(c org.Category) *model.Category {
	return &model.Category{ID: CategoryID(c.ID), Name: c.Name, Active: c.Active, Color: c.Color,
		BgColor: c.BgColor, IconName: c.IconName, IconURL: c.IconUrl, CategoryType: c.CategoryType}
}

// Country maps a country.
func Country(c org.Country) *model.Country {
	return &model.Country{ID: strconv.FormatInt(c.ID, 10), UUID: c.UUID.String(), Name: c.Name, Code: c.Code}
}

// User maps a user; the realtime token only for the user themself.
func User(u org.User, self bool) *model.User {
	m := &model.User{UUID: u.UUID.String(), Name: u.Name, Email: u.Email, Phone: u.Phone, Avatar: u.AvatarUrl,
		Active: u.Active, UserRole: u.UserRole, UserType: u.UserType, Language: u.Language}
	if self {
		m.RealtimeToken = &u.RealtimeToken
	}
	return m
}

// rawJSON keeps a JSON document as a value GraphQL's JSON scalar marshals unchanged.
func rawJSON(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return json.RawMessage(b)
}
