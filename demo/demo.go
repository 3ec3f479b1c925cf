package demo

import (
	"context"
	"fmt"
	"time"

	"portico/engine/store"
)

// Categories of the demo provider.
var Categories = []struct{ Name, Type, Color, Bg, Icon string }{
	{"Accounting", "other", "#0b4f8a", "#e6f0fa", "calculator"},
	{"Payroll", "sensitive", "#7a3e00", "#fdf1e3", "wallet"},
	{"HR", "sensitive", "#5b2a86", "#f3ecfa", "team"},
	{"Internal", "internal", "#3d3d3d", "#ededed", "lock"},
}

// GlobalRoles are the company roles the provider's agents may hold (globalRoles).
var GlobalRoles = []string{"Account manager", "Accountant", "Payroll specialist", "Controller"}

// Countries with their names.
var Countries = []struct{ Code, Name string }{
	{"fi", "Finland"}, {"se", "Sweden"}, {"no", "Norway"}, {"ee", "Estonia"}, {"gb", "United Kingdom"},
}

type company struct {
	Name, BusinessID, Language, Country, Subdomain string
	TermsAccepted                                  bool
}

// Companies of the demo.
var companies = []company{
	{"Acme Oy", "1234567-8", "fi", "fi", "acme", true},
	{"Borealis AB", "556677-8899", "sv", "se", "borealis", true},
	{"Kalev AS", "10000001", "en", "ee", "kalev", false},
}

type person struct {
	Email, Name, Type, Role string
	// staff: company name -> (role, responsible); customers: company name -> (role, categories)
	Staff    map[string]staffRow
	Customer map[string]customerRow
}

type staffRow struct {
	Role        string
	Responsible bool
}

type customerRow struct {
	Role       string
	Categories []string // nil means every non-internal category
}

var people = []person{
	{Email: "admin@portico.test", Name: "Ada Admin", Type: "portico_user", Role: "admin"},
	{Email: "agentadmin@portico.test", Name: "Aaro Agentadmin", Type: "portico_user", Role: "user",
		Staff: map[string]staffRow{"Acme Oy": {"admin", false}, "Borealis AB": {"admin", false}}},
	{Email: "agent@portico.test", Name: "Alex Agent", Type: "portico_user", Role: "user",
		Staff: map[string]staffRow{"Acme Oy": {"user", true}, "Borealis AB": {"user", false}}},
	{Email: "anna@acme.test", Name: "Anna Acme", Type: "customer", Role: "user",
		Customer: map[string]customerRow{"Acme Oy": {"admin", nil}}},
	{Email: "carl@acme.test", Name: "Carl Acme", Type: "customer", Role: "user",
		Customer: map[string]customerRow{"Acme Oy": {"user", []string{"Payroll"}}}},
	{Email: "eva@borealis.test", Name: "Eva Borealis", Type: "customer", Role: "user",
		Customer: map[string]customerRow{"Borealis AB": {"user", nil}}},
	{Email: "kalle@kalev.test", Name: "Kalle Kalev", Type: "customer", Role: "user",
		Customer: map[string]customerRow{"Kalev AS": {"admin", nil}}},
}

// Seeded is what the seed made, for later seeding steps (threads, files, workflows).
type Seeded struct {
	Companies  map[string]store.Company
	Users      map[string]store.User
	Categories map[string]store.Category
	Countries  map[string]store.Country
}

// Seed creates the demo organisation: categories, countries, companies, the
// Nordic Group, users and their memberships. baseDomain names company hosts.
func Seed(ctx context.Context, st *store.Store, baseDomain string) (Seeded, error) {
	out := Seeded{Companies: map[string]store.Company{}, Users: map[string]store.User{},
		Categories: map[string]store.Category{}, Countries: map[string]store.Country{}}
	err := st.InTx(ctx, func(q *store.Queries) error {
		for i, c := range Categories {
			cat, err := q.CategoryUpsert(ctx, store.CategoryUpsertParams{Name: c.Name, CategoryType: c.Type,
				Color: c.Color, BgColor: c.Bg, IconName: c.Icon, Position: int32(i)})
			if err != nil {
				return fmt.Errorf("category %s: %w", c.Name, err)
			}
			out.Categories[c.Name] = cat
		}
		for _, c := range Countries {
			co, err := q.CountryUpsert(ctx, store.CountryUpsertParams{Code: c.Code, Name: c.Name})
			if err != nil {
				return fmt.Errorf("country %s: %w", c.Code, err)
			}
			out.Countries[c.Code] = co
		}
		for _, c := range companies {
			co, err := q.CompanyGetByName(ctx, c.Name)
			if store.IsNotFound(err) {
				var accepted *time.Time
				if c.TermsAccepted {
					now := time.Now()
					accepted = &now
				}
				bid := c.BusinessID
				co, err = q.CompanyCreate(ctx, store.CompanyCreateParams{Name: c.Name, BusinessID: &bid,
					CommunicationLanguage: c.Language, SsoSettingsEnabled: c.Name == "Acme Oy", TermsAcceptedAt: accepted})
			}
			if err != nil {
				return fmt.Errorf("company %s: %w", c.Name, err)
			}
			out.Companies[c.Name] = co
			if err := q.CompanyCountryAdd(ctx, store.CompanyCountryAddParams{CompanyID: co.ID, CountryID: out.Countries[c.Country].ID}); err != nil {
				return err
			}
			if err := q.CompanyDomainAdd(ctx, store.CompanyDomainAddParams{CompanyID: co.ID, Domain: c.Subdomain + "." + baseDomain}); err != nil {
				return err
			}
			for _, cat := range Categories {
				if err := q.CompanyCategoryAdd(ctx, store.CompanyCategoryAddParams{CompanyID: co.ID,
					CategoryID: out.Categories[cat.Name].ID}); err != nil {
					return err
				}
			}
		}
		if err := seedGroup(ctx, q, out); err != nil {
			return err
		}
		for _, name := range GlobalRoles {
			if _, err := q.GlobalRoleUpsert(ctx, name); err != nil {
				return fmt.Errorf("global role %s: %w", name, err)
			}
		}
		for _, p := range people {
			if err := seedPerson(ctx, q, p, &out); err != nil {
				return fmt.Errorf("user %s: %w", p.Email, err)
			}
		}
		if err := SeedHolidays(ctx, q, out, time.Now()); err != nil {
			return err
		}
		cw, err := SeedWorkflow(ctx, q, out, time.Now())
		if err != nil {
			return fmt.Errorf("demo workflow: %w", err)
		}
		if err := SeedDynamicFields(ctx, q, out, cw); err != nil {
			return fmt.Errorf("demo dynamic fields: %w", err)
		}
		if _, err := SeedManualWorkflow(ctx, q, out); err != nil {
			return fmt.Errorf("demo manual workflow: %w", err)
		}
		if err := SeedForecastWorkflows(ctx, q, out, time.Now()); err != nil {
			return fmt.Errorf("demo forecast workflows: %w", err)
		}
		return nil
	})
	return out, err
}

func seedGroup(ctx context.Context, q *store.Queries, s Seeded) error {
	g, err := q.GroupGetByName(ctx, "Nordic Group")
	if store.IsNotFound(err) {
		mother := s.Companies["Acme Oy"].ID
		g, err = q.GroupUpsert(ctx, store.GroupUpsertParams{Name: "Nordic Group", MotherCompanyID: &mother})
	}
	if err != nil {
		return fmt.Errorf("group: %w", err)
	}
	for _, name := range []string{"Acme Oy", "Borealis AB"} {
		if err := q.GroupMemberAdd(ctx, store.GroupMemberAddParams{CompanyID: s.Companies[name].ID, GroupID: g.ID}); err != nil {
			return err
		}
	}
	return nil
}

func seedPerson(ctx context.Context, q *store.Queries, p person, s *Seeded) error {
	u, err := q.UserUpsert(ctx, store.UserUpsertParams{Email: p.Email, Name: p.Name, UserType: p.Type, UserRole: p.Role})
	if err != nil {
		return err
	}
	s.Users[p.Email] = u
	for name, row := range p.Staff {
		co := s.Companies[name]
		pu, err := q.PorticoUserUpsert(ctx, store.PorticoUserUpsertParams{CompanyID: co.ID, UserID: u.ID,
			Role: row.Role, Responsible: row.Responsible})
		if err != nil {
			return err
		}
		for _, cat := range Categories {
			if err := q.PorticoUserCategoryAdd(ctx, store.PorticoUserCategoryAddParams{CompanyID: co.ID,
				PorticoUserID: pu.ID, CategoryID: s.Categories[cat.Name].ID}); err != nil {
				return err
			}
		}
	}
	for name, row := range p.Customer {
		co := s.Companies[name]
		cu, err := q.CompanyUserUpsert(ctx, store.CompanyUserUpsertParams{CompanyID: co.ID, UserID: u.ID, Role: row.Role})
		if err != nil {
			return err
		}
		cats := row.Categories
		if cats == nil {
			for _, c := range Categories {
				if c.Type != "internal" {
					cats = append(cats, c.Name)
				}
			}
		}
		for _, c := range cats {
			if err := q.CompanyUserCategoryAdd(ctx, store.CompanyUserCategoryAddParams{CompanyID: co.ID,
				CompanyUserID: cu.ID, CategoryID: s.Categories[c].ID}); err != nil {
				return err
			}
		}
	}
	return nil
}
