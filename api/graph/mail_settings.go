package graph

import (
	"errors"
	"strconv"

	"portico/api/graph/model"
	"portico/engine/org"
)

// mailSettings is the e-mail settings service.
func (r *Resolver) mailSettings() (*org.MailSettings, error) {
	if r.svc.MailSettings == nil {
		return nil, errors.New("graph: e-mail settings are not configured")
	}
	return r.svc.MailSettings, nil
}

// CompanyCategorySetting maps a category's e-mail settings.
func CompanyCategorySetting(s org.CategorySetting) *model.CompanyCategorySetting {
	return &model.CompanyCategorySetting{ID: strconv.FormatInt(s.ID, 10), Category: Category(s.Category),
		EmailEnabled: s.EmailEnabled, EmailAlias: s.EmailAlias, FullEmail: s.FullEmail,
		AllowEmailsFromNonWhitelistedSenders: s.AllowEmailsFromNonWhitelistedSenders}
}

func acceptedEmail(s org.AcceptedSender) *model.CompanyAcceptedEmail {
	return &model.CompanyAcceptedEmail{ID: strconv.FormatInt(s.ID, 10), Email: s.Value}
}

func acceptedDomain(s org.AcceptedSender) *model.CompanyAcceptedDomain {
	return &model.CompanyAcceptedDomain{ID: strconv.FormatInt(s.ID, 10), Domain: s.Value}
}

func paging(page, limit *int) org.Paging { return org.Paging{Page: value(page), Limit: value(limit)} }
