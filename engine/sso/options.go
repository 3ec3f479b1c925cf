package sso

import (
	"context"
	"slices"
	"strconv"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Refusals of the login switches.
const (
	ErrLastLoginMethod      = "one_login_method_must_be_available"
	ErrSSOOnlyWithoutConfig = "settings_unable_to_make_sso_the_only_login_method_without_configuration"
	// ErrCountryLinkedToWorkflow refuses removing a country a live workflow assignment of the company runs in.
	ErrCountryLinkedToWorkflow = "country_linked_to_workflow"
)

// CompanyUpdate is updateCompany's arguments; nil leaves a value as it is.
type CompanyUpdate struct {
	SSOEnabled, GoogleLoginEnabled, MicrosoftLoginEnabled *bool
	SSOMethod                                             *string
	CountryIDs                                            []string
}

// UpdateCompany changes a company's login switches, SSO method and countries
// (global admins). It answers the company as the viewer now sees it.
func (s *Service) UpdateCompany(ctx context.Context, req org.Request, companyID string, in CompanyUpdate) (org.CompanyAccess, error) {
	id, err := parseID(companyID)
	if err != nil {
		return org.CompanyAccess{}, err
	}
	c, err := s.dir.Company(ctx, req.User, req.AdminPanel, id)
	if err != nil {
		return c, err
	}
	if req.User.UserRole != string(access.UserRoleAdmin) || !c.Abilities.Can(access.ActionUpdate, access.SubjectCompany) {
		return c, apperr.Denied("")
	}
	co := c.Company
	next := store.CompanySetLoginOptionsParams{ID: co.ID, SsoEnabled: co.SsoEnabled, SsoMethod: co.SsoMethod,
		GoogleLoginEnabled: co.GoogleLoginEnabled, MicrosoftLoginEnabled: co.MicrosoftLoginEnabled}
	setBool(&next.SsoEnabled, in.SSOEnabled)
	setBool(&next.GoogleLoginEnabled, in.GoogleLoginEnabled)
	setBool(&next.MicrosoftLoginEnabled, in.MicrosoftLoginEnabled)
	if in.SSOMethod != nil {
		next.SsoMethod = *in.SSOMethod
	}
	var countryIDs []int64
	if in.CountryIDs != nil {
		if countryIDs, err = parseCountryIDs(in.CountryIDs); err != nil {
			return c, err
		}
	}
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		settings, err := settingsOf(ctx, q, co.ID)
		if err != nil {
			return err
		}
		if err := checkSwitches(next, settings); err != nil {
			return err
		}
		if c.Company, err = q.CompanySetLoginOptions(ctx, next); err != nil {
			return err
		}
		if countryIDs != nil {
			if c.Countries, err = setCountries(ctx, q, co.ID, countryIDs); err != nil {
				return err
			}
		}
		return org.LogEvent(ctx, q, req, &co.ID, "Company", "company_updated", map[string]any{
			"ssoEnabled": next.SsoEnabled, "ssoMethod": next.SsoMethod, "googleLoginEnabled": next.GoogleLoginEnabled,
			"microsoftLoginEnabled": next.MicrosoftLoginEnabled, "countryIds": in.CountryIDs})
	})
	return c, err
}

// checkSwitches: at least one method stays available, and SSO is never the
// only switch on without settings; a chosen SSO method must have settings.
func checkSwitches(p store.CompanySetLoginOptionsParams, st Settings) error {
	switch p.SsoMethod {
	case MethodNone:
	case MethodSAML, MethodOIDC:
		if !st.Configured(p.SsoMethod) {
			return apperr.Invalid("ssoMethod", "sso_method_not_configured")
		}
	default:
		return apperr.Invalid("ssoMethod", "inclusion")
	}
	if !p.GoogleLoginEnabled && !p.MicrosoftLoginEnabled {
		if !p.SsoEnabled {
			return apperr.Argument(ErrLastLoginMethod)
		}
		if !st.Configured(p.SsoMethod) {
			return apperr.Argument(ErrSSOOnlyWithoutConfig)
		}
	}
	return nil
}

func setCountries(ctx context.Context, q *store.Queries, companyID int64, ids []int64) ([]store.Country, error) {
	found, err := q.CountryIDsExisting(ctx, ids)
	if err != nil {
		return nil, err
	}
	if len(found) != len(ids) {
		return nil, apperr.NotFound("country")
	}
	// a country a live workflow assignment runs in stays (unassign the workflow first)
	inUse, err := q.CompanyCountriesInUse(ctx, companyID)
	if err != nil {
		return nil, err
	}
	for _, c := range inUse {
		if !slices.Contains(ids, c) {
			return nil, apperr.Invalid("countryIds", ErrCountryLinkedToWorkflow)
		}
	}
	if err := q.CompanyCountriesKeep(ctx, store.CompanyCountriesKeepParams{CompanyID: companyID, CountryIds: ids}); err != nil {
		return nil, err
	}
	for _, id := range ids {
		if err := q.CompanyCountryAdd(ctx, store.CompanyCountryAddParams{CompanyID: companyID, CountryID: id}); err != nil {
			return nil, err
		}
	}
	rows, err := q.CompanyCountryList(ctx, []int64{companyID})
	if err != nil {
		return nil, err
	}
	out := make([]store.Country, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.Country)
	}
	return out, nil
}

func parseCountryIDs(ids []string) ([]int64, error) {
	out := make([]int64, 0, len(ids))
	seen := map[int64]bool{}
	for _, s := range ids {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			return nil, apperr.NotFound("country")
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}

func setBool(dst *bool, v *bool) {
	if v != nil {
		*dst = *v
	}
}

func parseID(s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return id, apperr.NotFound("company")
	}
	return id, nil
}
