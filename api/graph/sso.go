package graph

import (
	"context"

	"portico/api/graph/model"
	"portico/engine/store"
)

// SamlSetting maps stored SAML settings.
func SamlSetting(s *store.SamlSetting) *model.SamlSetting {
	if s == nil {
		return nil
	}
	return &model.SamlSetting{Cert: s.Cert, CertFingerprint: s.CertFingerprint,
		CertFingerprintAlgorithm: s.CertFingerprintAlgorithm, EntityID: s.EntityID, SsoServiceURL: s.SsoServiceUrl}
}

// OidcSetting maps stored OIDC settings; the secret never leaves the server.
func OidcSetting(s *store.OidcSetting) *model.OidcSetting {
	if s == nil {
		return nil
	}
	return &model.OidcSetting{ClientID: s.ClientID, ClientSecretSet: s.ClientSecret != "", EmailKey: s.EmailKey,
		Issuer: s.Issuer, ProviderName: s.ProviderName, Scope: s.Scope}
}

// ssoSettings are the company's SSO settings when the viewer may manage them.
func (r *Resolver) ssoSettings(ctx context.Context, obj *model.Company) (*store.SamlSetting, *store.OidcSetting, error) {
	v, err := me(ctx)
	if err != nil {
		return nil, nil, err
	}
	id, err := parseUUID(obj.UUID, "company")
	if err != nil {
		return nil, nil, err
	}
	c, err := r.Directory.Company(ctx, v.User, v.AdminPanel, id)
	if err != nil {
		return nil, nil, err
	}
	st, ok, err := r.SSO.ViewSettings(ctx, request(v), c)
	if err != nil || !ok {
		return nil, nil, err
	}
	return st.SAML, st.OIDC, nil
}
