package graph

import (
	"context"
	"errors"

	"portico/api/graph/model"
	"portico/engine/org"
	"portico/engine/sso"
)

// ssoService is login options and SSO settings.
func (r *Resolver) ssoService() (*sso.Service, error) {
	if r.svc.SSO == nil {
		return nil, errors.New("graph: sso service not configured")
	}
	return r.svc.SSO, nil
}

// SamlSetting maps stored SAML settings.
func SamlSetting(s *sso.SAMLSettings) *model.SamlSetting {
	if s == nil {
		return nil
	}
	return &model.SamlSetting{Cert: s.Cert, CertFingerprint: s.CertFingerprint,
		CertFingerprintAlgorithm: s.CertFingerprintAlgorithm, EntityID: s.EntityID, SsoServiceURL: s.SsoServiceUrl}
}

// OidcSetting maps stored OIDC settings; the secret never leaves the server.
func OidcSetting(s *sso.OIDCSettings) *model.OidcSetting {
	if s == nil {
		return nil
	}
	return &model.OidcSetting{ClientID: s.ClientID, ClientSecretSet: s.ClientSecret != "", EmailKey: s.EmailKey,
		Issuer: s.Issuer, ProviderName: s.ProviderName, Scope: s.Scope}
}

// ssoSettings fetches the company's SSO settings, present only when the viewer
// may manage them, and maps one of them.
func ssoSettings[M any](ctx context.Context, r *Resolver, obj *model.Company, mapTo func(sso.Settings) M) (M, error) {
	return fetch(ctx, r.ssoService, func(svc *sso.Service, req org.Request) (sso.Settings, error) {
		var a args
		id := a.id(obj.UUID, "company")
		if a.err != nil {
			return sso.Settings{}, a.err
		}
		return svc.ViewSettings(ctx, req, id)
	}, mapTo)
}

// ssoDiscovery is what oidcDiscover calls: the SSO service (who may test a
// provider) and the discoverer.
type ssoDiscovery struct {
	sso  *sso.Service
	oidc OIDCDiscoverer
}

func (r *Resolver) oidcDiscoverer() (ssoDiscovery, error) {
	svc, err := r.ssoService()
	if err != nil {
		return ssoDiscovery{}, err
	}
	if r.oidc == nil {
		return ssoDiscovery{}, errors.New("graph: oidc discoverer not configured")
	}
	return ssoDiscovery{sso: svc, oidc: r.oidc}, nil
}
