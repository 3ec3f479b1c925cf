package api

import (
	"context"
	"encoding/base64"
	"encoding/pem"
	"encoding/xml"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/crewjam/saml"

	"portico/engine/sso"
)

// Portico is one SAML service provider per host: its entity id is the host's
// /saml/metadata and its assertion consumer /saml/consume. Which company's
// identity provider answers is known from the flow the RelayState names.

// samlSP is the service provider for a company's identity provider, with the
// addresses the flow started with.
func (s *Server) samlSP(origin string, st sso.SAMLSettings) (*saml.ServiceProvider, error) {
	metadataURL, err := url.Parse(origin + "/saml/metadata")
	if err != nil {
		return nil, err
	}
	acsURL, _ := url.Parse(origin + "/saml/consume")
	sp := &saml.ServiceProvider{EntityID: metadataURL.String(), MetadataURL: *metadataURL, AcsURL: *acsURL,
		AuthnNameIDFormat: saml.EmailAddressNameIDFormat, AssertionConsumerServiceBindings: []string{saml.HTTPPostBinding},
		ReplayCache: samlReplayCache{s: s, issuer: deref(st.EntityID)}}
	if st.Cert != nil {
		block, _ := pem.Decode([]byte(*st.Cert))
		if block == nil {
			return nil, errors.New("saml: stored certificate is not PEM")
		}
		sp.IDPMetadata = &saml.EntityDescriptor{EntityID: deref(st.EntityID), IDPSSODescriptors: []saml.IDPSSODescriptor{{
			SSODescriptor: saml.SSODescriptor{RoleDescriptor: saml.RoleDescriptor{
				ProtocolSupportEnumeration: "urn:oasis:names:tc:SAML:2.0:protocol",
				KeyDescriptors: []saml.KeyDescriptor{{Use: "signing", KeyInfo: saml.KeyInfo{X509Data: saml.X509Data{
					X509Certificates: []saml.X509Certificate{{Data: base64.StdEncoding.EncodeToString(block.Bytes)}}}}}},
			}},
			SingleSignOnServices: []saml.Endpoint{{Binding: saml.HTTPRedirectBinding, Location: deref(st.SsoServiceUrl)}},
		}}}
	}
	return sp, nil
}

// samlMetadata serves Portico's SP metadata, its addresses on the
// authentication host, to give to an identity provider.
func (s *Server) samlMetadata(w http.ResponseWriter, r *http.Request) {
	sp, _ := s.samlSP(s.authOrigin(r), sso.SAMLSettings{})
	b, err := xml.MarshalIndent(sp.Metadata(), "", "  ")
	if err != nil {
		http.Error(w, "could not build metadata", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/samlmetadata+xml")
	_, _ = w.Write(b)
}

// samlStart sends the browser to the company's identity provider with an
// AuthnRequest (HTTP-Redirect); its ID is kept for InResponseTo.
func (s *Server) samlStart(w http.ResponseWriter, r *http.Request) {
	company, ok := s.ssoCompany(w, r, sso.MethodSAML)
	if !ok {
		return
	}
	st, err := s.sso.CompanySettings(r.Context(), company.ID)
	if err != nil || st.SAML == nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "method_not_configured", err)
		return
	}
	origin := s.authOrigin(r)
	sp, err := s.samlSP(origin, *st.SAML)
	if err != nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "invalid_settings", err)
		return
	}
	req, err := sp.MakeAuthenticationRequest(deref(st.SAML.SsoServiceUrl), saml.HTTPRedirectBinding, saml.HTTPPostBinding)
	if err != nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "invalid_settings", err)
		return
	}
	state := randomToken()
	f := sso.Flow{Method: sso.SignInSAML, Company: company, CallbackURL: sp.AcsURL.String(), SAMLRequestID: &req.ID,
		ReturnOrigin: s.returnOrigin(r, origin)}
	if err := s.beginFlow(w, r, state, f); err != nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "internal_error", err)
		return
	}
	to, err := req.Redirect(state, sp)
	if err != nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "internal_error", err)
		return
	}
	http.Redirect(w, r, to.String(), http.StatusFound)
}

// samlConsume is the assertion consumer: a signed response to our request
// (InResponseTo), for our audience and address, in its time window, never
// seen before. The identity provider posts it across sites, so the browser
// binding is a SameSite=None cookie, which only HTTPS (SECURE_COOKIES) allows;
// without it the RelayState and the request id alone bind the response.
func (s *Server) samlConsume(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	if err := r.ParseForm(); err != nil {
		s.failSignIn(w, r, sso.SignInSAML, nil, "invalid_saml_response", err)
		return
	}
	var cookie *stateCookie
	if s.cfg.SecureCookies {
		cookie = &samlStateCookie
	}
	f, reason, err := s.takeFlow(w, r, r.PostForm.Get("RelayState"), cookie)
	if err != nil || reason != "" {
		s.failSignIn(w, r, sso.SignInSAML, nil, orReason(reason, "internal_error"), err)
		return
	}
	company := f.Company
	if company == nil || f.Method != sso.SignInSAML || f.SAMLRequestID == nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "wrong_callback", nil)
		return
	}
	st, err := s.sso.CompanySettings(r.Context(), company.ID)
	if err != nil || st.SAML == nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "method_not_configured", err)
		return
	}
	acs, err := url.Parse(f.CallbackURL)
	if err != nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "internal_error", err)
		return
	}
	sp, err := s.samlSP(strings.TrimSuffix(f.CallbackURL, "/saml/consume"), *st.SAML)
	if err != nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "invalid_settings", err)
		return
	}
	raw, err := base64.StdEncoding.DecodeString(r.PostForm.Get("SAMLResponse"))
	if err != nil {
		s.failSignIn(w, r, sso.SignInSAML, company, "invalid_saml_response", err)
		return
	}
	assertion, err := sp.ParseXMLResponse(raw, []string{*f.SAMLRequestID}, *acs)
	if err != nil {
		var ire *saml.InvalidResponseError
		if errors.As(err, &ire) && ire.PrivateErr != nil {
			err = ire.PrivateErr // the reason; its Error() is a fixed text
		}
		s.failSignIn(w, r, sso.SignInSAML, company, samlRefusal(err), err)
		return
	}
	s.finishSignIn(w, r, f, r.PostForm.Get("RelayState"), sso.Identity{Email: assertionEmail(assertion), EmailVerified: true})
}

// samlRefusals name, for the events log, why a response was refused.
var samlRefusals = []struct {
	err    error
	reason string
}{
	{saml.ErrAssertionReplayed, "replayed_assertion"},
	{saml.ErrInvalidSignature, "invalid_signature"},
	{saml.ErrUntrustedCertificate, "invalid_signature"},
	{saml.ErrAudienceMismatch, "wrong_audience"},
	{saml.ErrDestinationMismatch, "wrong_recipient"},
	{saml.ErrRequestIDMismatch, "in_response_to_mismatch"},
	{saml.ErrExpired, "expired"},
	{saml.ErrNotYetValid, "not_yet_valid"},
	{saml.ErrIssuerMismatch, "wrong_issuer"},
}

func samlRefusal(err error) string {
	for _, r := range samlRefusals {
		if errors.Is(err, r.err) {
			return r.reason
		}
	}
	// crewjam/saml does not export the error of a response without any signature
	if strings.Contains(err.Error(), "signature element not present") {
		return "unsigned_response"
	}
	return "invalid_saml_response"
}

// assertionEmail is the e-mail an assertion names: an e-mail NameID, else a
// usual e-mail attribute.
func assertionEmail(a *saml.Assertion) string {
	if a.Subject != nil && a.Subject.NameID != nil && strings.Contains(a.Subject.NameID.Value, "@") {
		return strings.TrimSpace(a.Subject.NameID.Value)
	}
	for _, st := range a.AttributeStatements {
		for _, attr := range st.Attributes {
			switch attr.Name {
			case "email", "mail", "emailAddress", "urn:oid:0.9.2342.19200300.100.1.3",
				"http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress":
				if len(attr.Values) > 0 {
					return strings.TrimSpace(attr.Values[0].Value)
				}
			}
		}
	}
	return ""
}

// samlReplayCache keeps used assertion ids in PostgreSQL until they expire.
type samlReplayCache struct {
	s      *Server
	issuer string
}

func (c samlReplayCache) Consume(assertionID string, expiresAt time.Time) error {
	fresh, err := c.s.sso.RememberAssertion(context.Background(), c.issuer, assertionID, expiresAt)
	if err != nil {
		return err
	}
	if !fresh {
		return saml.ErrAssertionReplayed
	}
	return nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
