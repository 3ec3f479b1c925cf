package sso

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"hash"
	"net/url"
	"strings"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// SSO methods of a company.
const (
	MethodNone = "none"
	MethodSAML = "saml"
	MethodOIDC = "oidc"
)

// Service keeps login options and SSO settings.
type Service struct {
	st  *store.Store
	dir *org.Directory
}

// NewService builds a Service.
func NewService(st *store.Store, dir *org.Directory) *Service { return &Service{st: st, dir: dir} }

// Settings are a company's stored SSO settings (either may be nil).
type Settings struct {
	SAML *store.SamlSetting
	OIDC *store.OidcSetting
}

// Configured tells whether the company's SSO method has settings.
func (s Settings) Configured(method string) bool {
	switch method {
	case MethodSAML:
		return s.SAML != nil
	case MethodOIDC:
		return s.OIDC != nil
	}
	return false
}

// CompanySettings reads a company's SSO settings without any check: for sign-in.
func (s *Service) CompanySettings(ctx context.Context, companyID int64) (Settings, error) {
	return settingsOf(ctx, s.st.Queries, companyID)
}

func settingsOf(ctx context.Context, q *store.Queries, companyID int64) (Settings, error) {
	var out Settings
	saml, err := q.SamlSettingGet(ctx, companyID)
	if err == nil {
		out.SAML = &saml
	} else if !store.IsNotFound(err) {
		return out, err
	}
	oidc, err := q.OidcSettingGet(ctx, companyID)
	if err == nil {
		out.OIDC = &oidc
	} else if !store.IsNotFound(err) {
		return out, err
	}
	return out, nil
}

// ViewSettings are the settings for a viewer who may manage them (save_sso);
// ok is false for everyone else, who must not see them.
func (s *Service) ViewSettings(ctx context.Context, req org.Request, c org.CompanyAccess) (Settings, bool, error) {
	if !c.Abilities.Can(access.ActionSaveSSO, access.SubjectCompany) {
		return Settings{}, false, nil
	}
	st, err := s.CompanySettings(ctx, c.Company.ID)
	return st, err == nil, err
}

// managed is the company when the viewer may save its SSO settings.
func (s *Service) managed(ctx context.Context, req org.Request, companyID string) (org.CompanyAccess, error) {
	id, err := parseID(companyID)
	if err != nil {
		return org.CompanyAccess{}, err
	}
	c, err := s.dir.Company(ctx, req.User, req.AdminPanel, id)
	if err != nil {
		return c, err
	}
	if !c.Abilities.Can(access.ActionSaveSSO, access.SubjectCompany) {
		return c, apperr.Denied("")
	}
	return c, nil
}

// MayDiscover tells whether the viewer may test an OpenID provider: save_sso in
// the company named, or in any company when none is named.
func (s *Service) MayDiscover(ctx context.Context, req org.Request, companyID *string) error {
	if companyID != nil {
		_, err := s.managed(ctx, req, *companyID)
		return err
	}
	list, err := s.dir.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return err
	}
	for _, c := range list {
		if c.Abilities.Can(access.ActionSaveSSO, access.SubjectCompany) {
			return nil
		}
	}
	if req.User.UserRole == string(access.UserRoleAdmin) {
		return nil
	}
	return apperr.Denied("")
}

// OIDCInput is saveOidcSettings' arguments.
type OIDCInput struct {
	ClientID, ClientSecret, EmailKey, Issuer, ProviderName, Scope *string
}

// SaveOIDC stores the company's OpenID provider and makes oidc its method; a
// missing secret keeps the stored one. SAML settings are replaced.
func (s *Service) SaveOIDC(ctx context.Context, req org.Request, companyID string, in OIDCInput) (store.OidcSetting, error) {
	c, err := s.managed(ctx, req, companyID)
	if err != nil {
		return store.OidcSetting{}, err
	}
	issuer := trimmed(in.Issuer)
	if issuer == "" {
		return store.OidcSetting{}, apperr.Invalid("issuer", "blank")
	}
	if !IsHTTPURL(issuer) {
		return store.OidcSetting{}, apperr.Invalid("issuer", "invalid_url")
	}
	// the issuer is kept as written: discovery and tokens must name it exactly
	p := store.OidcSettingUpsertParams{CompanyID: c.Company.ID, Issuer: issuer,
		ClientID: trimmed(in.ClientID), ClientSecret: trimmed(in.ClientSecret),
		Scope: strings.Join(strings.Fields(trimmed(in.Scope)), " "), EmailKey: trimmed(in.EmailKey)}
	if pn := trimmed(in.ProviderName); pn != "" {
		p.ProviderName = &pn
	}
	for _, f := range []struct{ field, value string }{{"clientId", p.ClientID}, {"scope", p.Scope}, {"emailKey", p.EmailKey}} {
		if f.value == "" {
			return store.OidcSetting{}, apperr.Invalid(f.field, "blank")
		}
	}
	if !strings.Contains(" "+p.Scope+" ", " openid ") {
		return store.OidcSetting{}, apperr.Invalid("scope", "openid_scope_required")
	}
	var out store.OidcSetting
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if p.ClientSecret == "" {
			old, err := q.OidcSettingGet(ctx, c.Company.ID)
			if store.IsNotFound(err) {
				return apperr.Invalid("clientSecret", "blank")
			} else if err != nil {
				return err
			}
			p.ClientSecret = old.ClientSecret
		}
		if out, err = q.OidcSettingUpsert(ctx, p); err != nil {
			return err
		}
		if err := q.SamlSettingDelete(ctx, c.Company.ID); err != nil {
			return err
		}
		if err := setMethod(ctx, q, c.Company, MethodOIDC); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, "Company", "sso_settings_saved", map[string]any{"method": MethodOIDC})
	})
	return out, err
}

// SAMLInput is saveSamlSettings' arguments.
type SAMLInput struct {
	Cert, CertFingerprint, CertFingerprintAlgorithm, EntityID, SSOServiceURL, Manifest *string
}

// SaveSAML stores the company's SAML identity provider, from metadata XML or
// from the fields, and makes saml its method. OIDC settings are replaced.
func (s *Service) SaveSAML(ctx context.Context, req org.Request, companyID string, in SAMLInput) (store.SamlSetting, error) {
	c, err := s.managed(ctx, req, companyID)
	if err != nil {
		return store.SamlSetting{}, err
	}
	p, err := samlParams(c.Company.ID, in)
	if err != nil {
		return store.SamlSetting{}, err
	}
	var out store.SamlSetting
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if out, err = q.SamlSettingUpsert(ctx, p); err != nil {
			return err
		}
		if err := q.OidcSettingDelete(ctx, c.Company.ID); err != nil {
			return err
		}
		if err := setMethod(ctx, q, c.Company, MethodSAML); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, "Company", "sso_settings_saved", map[string]any{"method": MethodSAML})
	})
	return out, err
}

func samlParams(companyID int64, in SAMLInput) (store.SamlSettingUpsertParams, error) {
	p := store.SamlSettingUpsertParams{CompanyID: companyID, CertFingerprintAlgorithm: "SHA1"}
	if a := strings.ToUpper(trimmed(in.CertFingerprintAlgorithm)); a != "" {
		if _, ok := fingerprintHashes[a]; !ok {
			return p, apperr.Invalid("certFingerprintAlgorithm", "inclusion")
		}
		p.CertFingerprintAlgorithm = a
	}
	var entityID, ssoURL, certText string
	manifest := trimmed(in.Manifest)
	if manifest != "" {
		xmlText, err := decodeManifest(manifest)
		if err != nil {
			return p, err
		}
		md, err := ParseIdPMetadata(xmlText)
		if err != nil {
			return p, err
		}
		entityID, ssoURL, certText = md.EntityID, md.SSOServiceURL, md.Cert
		p.Manifest = &xmlText
	} else {
		entityID, ssoURL, certText = trimmed(in.EntityID), trimmed(in.SSOServiceURL), trimmed(in.Cert)
	}
	// the entity id is what every response's Issuer is checked against
	if entityID == "" {
		return p, apperr.Invalid("entityId", "blank")
	}
	if ssoURL == "" {
		return p, apperr.Invalid("ssoServiceUrl", "blank")
	}
	if !IsHTTPURL(ssoURL) {
		return p, apperr.Invalid("ssoServiceUrl", "invalid_url")
	}
	if certText == "" {
		return p, apperr.Invalid("cert", "blank")
	}
	cert, err := ParseCertificate(certText)
	if err != nil {
		return p, apperr.Invalid("cert", "invalid_certificate")
	}
	fp := Fingerprint(cert, p.CertFingerprintAlgorithm)
	if given := normalFingerprint(trimmed(in.CertFingerprint)); given != "" && manifest == "" && given != normalFingerprint(fp) {
		return p, apperr.Invalid("certFingerprint", "fingerprint_mismatch")
	}
	pemText := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw}))
	p.Cert, p.CertFingerprint, p.SsoServiceUrl, p.EntityID = &pemText, &fp, &ssoURL, &entityID
	return p, nil
}

// ClearSettings removes the company's SSO settings (method none). It is
// refused when SSO would then be the company's only switch left on.
func (s *Service) ClearSettings(ctx context.Context, req org.Request, companyID string) error {
	c, err := s.managed(ctx, req, companyID)
	if err != nil {
		return err
	}
	co := c.Company
	if co.SsoEnabled && !co.GoogleLoginEnabled && !co.MicrosoftLoginEnabled {
		return apperr.Argument(ErrSSOOnlyWithoutConfig)
	}
	return s.st.InTx(ctx, func(q *store.Queries) error {
		if err := q.SamlSettingDelete(ctx, co.ID); err != nil {
			return err
		}
		if err := q.OidcSettingDelete(ctx, co.ID); err != nil {
			return err
		}
		if err := setMethod(ctx, q, co, MethodNone); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &co.ID, "Company", "sso_settings_cleared", nil)
	})
}

func setMethod(ctx context.Context, q *store.Queries, co store.Company, method string) error {
	_, err := q.CompanySetLoginOptions(ctx, store.CompanySetLoginOptionsParams{ID: co.ID, SsoEnabled: co.SsoEnabled,
		SsoMethod: method, GoogleLoginEnabled: co.GoogleLoginEnabled, MicrosoftLoginEnabled: co.MicrosoftLoginEnabled})
	return err
}

// fingerprintHashes are the spec's fingerprint algorithms.
var fingerprintHashes = map[string]func() hash.Hash{
	"SHA1": sha1.New, "SHA256": sha256.New, "SHA384": sha512.New384, "SHA512": sha512.New,
}

// Fingerprint is the certificate's fingerprint: upper-case hex pairs joined by colons.
func Fingerprint(cert *x509.Certificate, algorithm string) string {
	newHash, ok := fingerprintHashes[algorithm]
	if !ok {
		newHash = sha1.New
	}
	h := newHash()
	h.Write(cert.Raw)
	sum := strings.ToUpper(hex.EncodeToString(h.Sum(nil)))
	pairs := make([]string, 0, len(sum)/2)
	for i := 0; i < len(sum); i += 2 {
		pairs = append(pairs, sum[i:i+2])
	}
	return strings.Join(pairs, ":")
}

func normalFingerprint(s string) string {
	return strings.ToUpper(strings.NewReplacer(":", "", " ", "").Replace(s))
}

// ParseCertificate reads a certificate given as PEM or as bare base64 DER
// (as metadata carries it).
func ParseCertificate(text string) (*x509.Certificate, error) {
	if b, _ := pem.Decode([]byte(text)); b != nil {
		return x509.ParseCertificate(b.Bytes)
	}
	der, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(text), ""))
	if err != nil {
		return nil, err
	}
	return x509.ParseCertificate(der)
}

// decodeManifest accepts a base64 data URL (what the upload sends) or plain XML.
func decodeManifest(s string) (string, error) {
	if strings.HasPrefix(s, "data:") {
		comma := strings.IndexByte(s, ',')
		if comma < 0 || !strings.HasSuffix(s[:comma], ";base64") {
			return "", apperr.Invalid("samlManifest", "invalid_saml_manifest")
		}
		b, err := base64.StdEncoding.DecodeString(s[comma+1:])
		if err != nil {
			return "", apperr.Invalid("samlManifest", "invalid_saml_manifest")
		}
		return string(b), nil
	}
	return s, nil
}

// IsHTTPURL tells whether s is an absolute http(s) URL with a host.
func IsHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && u.User == nil
}

func trimmed(p *string) string {
	if p == nil {
		return ""
	}
	return strings.TrimSpace(*p)
}
