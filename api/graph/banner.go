package graph

import (
	"portico/api/graph/model"
	"portico/engine/org"
)

// banners is the banners service, publishing on the Resolver's publisher.
func (r *Resolver) banners() (*org.Banners, error) {
	return org.NewBanners(r.svc.Directory, r.svc.Publisher), nil
}

// SystemBanner maps a banner.
func SystemBanner(b org.Banner) *model.SystemBanner {
	m := &model.SystemBanner{ID: b.UUID.String(), UUID: b.UUID.String(), BannerGroup: b.BannerGroup,
		BannerType: b.BannerType, Description: b.Description, Dismissible: b.Dismissible,
		UserTypes: append([]string{}, b.UserTypes...)}
	if b.CompanyUUID != nil {
		id := b.CompanyUUID.String()
		m.CompanyID = &id
	}
	if b.Company != nil {
		m.Company = Company(*b.Company)
	}
	return m
}

func bannerPayload(b org.Banner, errs []*model.MutationError) *model.SystemBannerPayload {
	if len(errs) > 0 {
		return &model.SystemBannerPayload{Errors: errs}
	}
	return &model.SystemBannerPayload{SystemBanner: SystemBanner(b), Errors: errs}
}
