package graph

import (
	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/org"
)

// banners is the banners service, publishing on the Resolver's publisher.
func (r *Resolver) banners() *org.Banners { return org.NewBanners(r.Directory, r.publisher()) }

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

func bannerPayload(b org.Banner, err error) (*model.SystemBannerPayload, error) {
	errs, err := mutationErrors(err)
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return &model.SystemBannerPayload{Errors: errs}, nil
	}
	return &model.SystemBannerPayload{SystemBanner: SystemBanner(b), Errors: errs}, nil
}

// bannerUUIDArg reads an optional public id; a malformed one is not found.
func bannerUUIDArg(s *string, entity string) (*uuid.UUID, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	id, err := parseUUID(*s, entity)
	if err != nil {
		return nil, err
	}
	return &id, nil
}

func bannerArg(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
