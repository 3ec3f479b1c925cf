package api_test

import (
	"bytes"
	"compress/flate"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/beevik/etree"
	"github.com/crewjam/saml"
	"github.com/crewjam/saml/samlidp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/config"
	"portico/engine/store"
)

// bendingMaker lets a test change an assertion before the IdP signs it.
type bendingMaker struct {
	bend func(a *saml.Assertion)
}

func (m *bendingMaker) MakeAssertion(req *saml.IdpAuthnRequest, session *saml.Session) error {
	if err := (saml.DefaultAssertionMaker{}).MakeAssertion(req, session); err != nil {
		return err
	}
	if m.bend != nil {
		m.bend(req.Assertion)
	}
	return nil
}

type samlEnv struct {
	ssoEnv
	idp      *samlidp.Server
	idpURL   string
	maker    *bendingMaker
	acme     store.Company
	metadata string
}

func selfSigned(t *testing.T, cn string) (*rsa.PrivateKey, *x509.Certificate) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	return key, cert
}

// setupSAML is Portico with crewjam/saml's IdP (samlidp) as Acme Oy's
// single sign-on, configured through saveSamlSettings from the IdP's metadata.
func setupSAML(t *testing.T) samlEnv {
	t.Helper()
	e := samlEnv{ssoEnv: setupSSO(t), maker: &bendingMaker{}}
	e.acme = e.seedCompanies["Acme Oy"]
	key, cert := selfSigned(t, "idp")
	ts := httptest.NewUnstartedServer(nil)
	e.idpURL = "http://" + ts.Listener.Addr().String()
	u, _ := url.Parse(e.idpURL)
	idp, err := samlidp.New(samlidp.Options{URL: *u, Key: key, Certificate: cert, Store: &samlidp.MemoryStore{}})
	require.NoError(t, err)
	idp.IDP.AssertionMaker = e.maker
	e.idp = idp
	ts.Config.Handler = idp
	ts.Start()
	t.Cleanup(ts.Close)

	admin := func(method, path, body string) {
		req, _ := http.NewRequest(method, e.idpURL+path, strings.NewReader(body))
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		require.Less(t, res.StatusCode, 300, "%s %s", method, path)
	}
	for _, email := range []string{"anna@acme.test", "eva@borealis.test"} {
		b, _ := json.Marshal(map[string]any{"name": strings.Split(email, "@")[0], "email": email, "password": "secret-pw"})
		admin(http.MethodPut, "/users/"+strings.Split(email, "@")[0], string(b))
	}
	c := e.client(t)
	_, spMetadata := c.get("/saml/metadata")
	admin(http.MethodPut, "/services/portico", string(spMetadata))

	res, err := http.Get(e.idpURL + "/metadata")
	require.NoError(t, err)
	md, _ := io.ReadAll(res.Body)
	res.Body.Close()
	e.metadata = string(md)

	anna, adminUser := e.client(t), e.client(t)
	anna.signIn("anna@acme.test")
	adminUser.signIn("admin@portico.test")
	var out struct {
		Saml *struct {
			EntityID        string `json:"entityId"`
			SsoServiceURL   string `json:"ssoServiceUrl"`
			CertFingerprint string `json:"certFingerprint"`
		} `json:"saml"`
		Errors []mutationErr `json:"errors"`
	}
	anna.gql(saveSaml, map[string]any{"c": e.acme.UUID.String(),
		"m": "data:application/xml;base64," + base64.StdEncoding.EncodeToString(md)}, "saveSamlSettings", &out)
	require.Empty(t, out.Errors)
	require.Equal(t, e.idpURL+"/metadata", out.Saml.EntityID)
	require.Equal(t, e.idpURL+"/sso", out.Saml.SsoServiceURL)
	require.Len(t, out.Saml.CertFingerprint, 59, "SHA1 as colon-separated pairs")
	adminUser.gql(updateCompany, map[string]any{"c": e.acme.UUID.String(), "sso": true}, "updateCompany", &out)
	require.Empty(t, out.Errors)
	return e
}

const saveSaml = `mutation($c: ID!, $m: String, $cert: String, $e: String, $u: String, $fp: String) {
  saveSamlSettings(companyId: $c, samlManifest: $m, cert: $cert, entityId: $e, ssoServiceUrl: $u, certFingerprint: $fp) {
    saml { entityId ssoServiceUrl certFingerprint certFingerprintAlgorithm } errors { code message field } } }`

var hiddenInput = regexp.MustCompile(`name="(SAMLResponse|RelayState)" value="([^"]*)"`)

// idpResponse walks to the IdP and logs in there as user: it answers the
// form the IdP sends the browser back with (SAMLResponse, RelayState).
func (e samlEnv) idpResponse(t *testing.T, c *client, user string) url.Values {
	t.Helper()
	form, _ := e.idpResponseCookies(t, c, user)
	return form
}

// idpResponseCookies is idpResponse with the cookies the sign-in's start set.
func (e samlEnv) idpResponseCookies(t *testing.T, c *client, user string) (url.Values, []*http.Cookie) {
	t.Helper()
	start := c.getURL("/auth/saml?company=" + e.acme.UUID.String())
	sso := location(t, start)
	require.True(t, strings.HasPrefix(sso, e.idpURL+"/sso?"), sso)
	q, _ := url.Parse(sso)
	form := url.Values{"user": {user}, "password": {"secret-pw"},
		"SAMLRequest": {samlRequestXMLBase64(t, q.Query().Get("SAMLRequest"))}, "RelayState": {q.Query().Get("RelayState")}}
	res, err := http.PostForm(e.idpURL+"/sso", form)
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	out := url.Values{}
	for _, m := range hiddenInput.FindAllStringSubmatch(string(body), -1) {
		out.Set(m[1], html.UnescapeString(m[2]))
	}
	require.NotEmpty(t, out.Get("SAMLResponse"), "%s", body)
	return out, start.Cookies()
}

// samlRequestXMLBase64 turns the redirect binding's deflated request into
// the POST form's plain base64 XML.
func samlRequestXMLBase64(t *testing.T, deflated string) string {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(deflated)
	require.NoError(t, err)
	xmlText, err := inflate(raw)
	require.NoError(t, err)
	return base64.StdEncoding.EncodeToString(xmlText)
}

func (c *client) consume(form url.Values) string {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/saml/consume", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	// the IdP's page posts it: a cross-site request
	req.Header.Set("Origin", "http://idp.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	res.Body.Close()
	return location(c.t, res)
}

func TestSAMLSignIn(t *testing.T) {
	e := setupSAML(t)
	c := e.client(t)
	form := e.idpResponse(t, c, "anna")
	assert.Equal(t, "/", c.consume(form))
	assert.True(t, c.signedIn())
	name, method, _ := lastSignInEvent(t, e.st)
	assert.Equal(t, "sign_in", name)
	assert.Equal(t, "saml", method)

	t.Run("the same response again", func(t *testing.T) {
		c := e.client(t)
		assert.Equal(t, "/login?error=login_failed", c.consume(form))
		assert.False(t, c.signedIn())
		_, _, reason := lastSignInEvent(t, e.st)
		assert.Equal(t, "unknown_or_used_state", reason)
	})
	t.Run("through /auth/sso", func(t *testing.T) {
		require.NoError(t, e.st.CompanyAcceptedDomainEnsure(context.Background(),
			store.CompanyAcceptedDomainEnsureParams{CompanyID: e.acme.ID, Domain: "acme.test"}))
		assert.Equal(t, "/auth/saml?company="+e.acme.UUID.String(), location(t, e.client(t).getURL("/auth/sso?email=anna%40acme.test")))
	})
}

func TestSAMLSignInRefused(t *testing.T) {
	e := setupSAML(t)
	past := time.Now().Add(-2 * time.Hour)
	for _, tc := range []struct {
		name, user, wantError, reason string
		bend                          func(a *saml.Assertion)
		tamper                        func(t *testing.T, form url.Values)
	}{
		{name: "not a member", user: "eva", wantError: "no_access", reason: "not_a_member"},
		{name: "unsigned", user: "anna", wantError: "login_failed", reason: "unsigned_response",
			tamper: func(t *testing.T, form url.Values) { form.Set("SAMLResponse", unsigned(t, form.Get("SAMLResponse"))) }},
		{name: "replayed assertion", user: "anna", wantError: "login_failed", reason: "replayed_assertion",
			tamper: func(t *testing.T, form url.Values) {
				// another server already accepted this assertion
				id := assertionID(t, form.Get("SAMLResponse"))
				_, err := e.st.SamlAssertionRemember(context.Background(), store.SamlAssertionRememberParams{
					Issuer: e.idpURL + "/metadata", AssertionID: id, ExpiresAt: time.Now().Add(time.Hour)})
				require.NoError(t, err)
			}},
		{name: "wrong audience", user: "anna", wantError: "login_failed", reason: "wrong_audience",
			bend: func(a *saml.Assertion) {
				a.Conditions.AudienceRestrictions[0].Audience.Value = "https://other.example/saml/metadata"
			}},
		{name: "wrong recipient", user: "anna", wantError: "login_failed", reason: "wrong_recipient",
			bend: func(a *saml.Assertion) {
				a.Subject.SubjectConfirmations[0].SubjectConfirmationData.Recipient = "https://other.example/saml/consume"
			}},
		{name: "expired", user: "anna", wantError: "login_failed", reason: "expired",
			bend: func(a *saml.Assertion) {
				a.IssueInstant = past
				a.Conditions.NotBefore, a.Conditions.NotOnOrAfter = past, past.Add(time.Minute)
				a.Subject.SubjectConfirmations[0].SubjectConfirmationData.NotOnOrAfter = past.Add(time.Minute)
			}},
		{name: "answering another request", user: "anna", wantError: "login_failed", reason: "in_response_to_mismatch",
			bend: func(a *saml.Assertion) {
				a.Subject.SubjectConfirmations[0].SubjectConfirmationData.InResponseTo = "id-someone-elses"
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.maker.bend = tc.bend
			defer func() { e.maker.bend = nil }()
			c := e.client(t)
			form := e.idpResponse(t, c, tc.user)
			if tc.tamper != nil {
				tc.tamper(t, form)
			}
			assert.Equal(t, "/login?error="+tc.wantError, c.consume(form))
			assert.False(t, c.signedIn())
			name, method, reason := lastSignInEvent(t, e.st)
			assert.Equal(t, "sign_in_failed", name)
			assert.Equal(t, "saml", method)
			assert.Equal(t, tc.reason, reason)
		})
	}
	t.Run("a certificate that is not the IdP's", func(t *testing.T) {
		_, other := selfSigned(t, "impostor")
		anna := e.client(t)
		anna.signIn("anna@acme.test")
		var out struct{ Errors []mutationErr }
		anna.gql(saveSaml, map[string]any{"c": e.acme.UUID.String(), "e": e.idpURL + "/metadata", "u": e.idpURL + "/sso",
			"cert": base64.StdEncoding.EncodeToString(other.Raw)}, "saveSamlSettings", &out)
		require.Empty(t, out.Errors)
		c := e.client(t)
		assert.Equal(t, "/login?error=login_failed", c.consume(e.idpResponse(t, c, "anna")))
		_, _, reason := lastSignInEvent(t, e.st)
		assert.Equal(t, "invalid_signature", reason)
	})
}

func TestSAMLSettings(t *testing.T) {
	e := setupSSO(t)
	acme := e.seedCompanies["Acme Oy"].UUID.String()
	anna, carl := e.client(t), e.client(t)
	anna.signIn("anna@acme.test")
	carl.signIn("carl@acme.test")
	_, cert := selfSigned(t, "idp")
	certB64 := base64.StdEncoding.EncodeToString(cert.Raw)
	for _, tc := range []struct {
		name  string
		vars  map[string]any
		field string
		msg   string
	}{
		{"XML that is not metadata", map[string]any{"m": "<html><body>hello</body></html>"}, "samlManifest", "invalid_saml_manifest"},
		{"not XML", map[string]any{"m": "data:text/xml;base64," + base64.StdEncoding.EncodeToString([]byte("nope"))}, "samlManifest", "invalid_saml_manifest"},
		{"no SSO URL", map[string]any{"e": "https://idp.example", "cert": certB64}, "ssoServiceUrl", "blank"},
		{"SSO URL not a URL", map[string]any{"e": "https://idp.example", "u": "idp", "cert": certB64}, "ssoServiceUrl", "invalid_url"},
		{"a broken certificate", map[string]any{"e": "https://idp.example", "u": "https://idp.example/sso", "cert": "abc"}, "cert", "invalid_certificate"},
		{"a fingerprint of another certificate", map[string]any{"e": "https://idp.example", "u": "https://idp.example/sso",
			"cert": certB64, "fp": "00:11"}, "certFingerprint", "fingerprint_mismatch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.vars["c"] = acme
			got := mutationErrorOf(t, anna, saveSaml, tc.vars, "saveSamlSettings")
			assert.Equal(t, "VALIDATION_ERROR", got.Code)
			assert.Equal(t, tc.msg, got.Message)
			require.NotNil(t, got.Field)
			assert.Equal(t, tc.field, *got.Field)
		})
	}
	vars := map[string]any{"c": acme, "e": "https://idp.example", "u": "https://idp.example/sso", "cert": certB64}
	assert.Equal(t, "ACCESS_DENIED", mutationErrorOf(t, carl, saveSaml, vars, "saveSamlSettings").Code)
	var out struct {
		Saml   *struct{ EntityID string }
		Errors []mutationErr
	}
	anna.gql(saveSaml, vars, "saveSamlSettings", &out)
	require.Empty(t, out.Errors)
	assert.Equal(t, "https://idp.example", out.Saml.EntityID)
	var cleared struct {
		Success bool
		Errors  []mutationErr
	}
	anna.gql(`mutation($c: ID!) { clearSsoSettings(companyId: $c) { success errors { code message field } } }`,
		map[string]any{"c": acme}, "clearSsoSettings", &cleared)
	assert.True(t, cleared.Success)
	var company struct{ Saml *struct{ EntityID string } }
	anna.gql(`query($id: ID!) { company(id: $id) { saml { entityId } } }`, map[string]any{"id": acme}, "company", &company)
	assert.Nil(t, company.Saml)
}

// unsigned is the response with every signature taken out.
func unsigned(t *testing.T, b64 string) string {
	t.Helper()
	doc := responseDoc(t, b64)
	for _, sig := range doc.FindElements("//Signature") {
		sig.Parent().RemoveChild(sig)
	}
	out, err := doc.WriteToBytes()
	require.NoError(t, err)
	return base64.StdEncoding.EncodeToString(out)
}

func assertionID(t *testing.T, b64 string) string {
	t.Helper()
	a := responseDoc(t, b64).FindElement("//Assertion")
	require.NotNil(t, a)
	return a.SelectAttrValue("ID", "")
}

func responseDoc(t *testing.T, b64 string) *etree.Document {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	doc := etree.NewDocument()
	require.NoError(t, doc.ReadFromBytes(bytes.TrimSpace(raw)))
	return doc
}

func inflate(b []byte) ([]byte, error) {
	return io.ReadAll(flate.NewReader(bytes.NewReader(b)))
}

// TestSAMLSignInBoundToTheBrowser: over HTTPS the flow's state also rides a
// SameSite=None cookie, so a response posted from another browser is refused.
func TestSAMLSignInBoundToTheBrowser(t *testing.T) {
	e := setupSAML(t)
	secure := testServer(t, serverOpts{st: e.st, web: fstest.MapFS{},
		configure: func(cfg *config.Config) { cfg.DevLogin, cfg.SecureCookies = false, true }}).srv
	se := e
	se.env = env{srv: secure, st: e.st}
	res, err := http.Get(secure.URL + "/saml/metadata")
	require.NoError(t, err)
	md, _ := io.ReadAll(res.Body)
	res.Body.Close()
	req, _ := http.NewRequest(http.MethodPut, e.idpURL+"/services/portico-https", bytes.NewReader(md))
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()

	c := se.client(t)
	form, cookies := se.idpResponseCookies(t, c, "anna")
	var state *http.Cookie
	for _, ck := range cookies {
		if ck.Name == "portico_saml_state" {
			state = ck
		}
	}
	require.NotNil(t, state)
	assert.Equal(t, http.SameSiteNoneMode, state.SameSite)
	assert.True(t, state.Secure)
	other := se.client(t)
	assert.Equal(t, "/login?error=login_failed", other.consume(form), "posted from another browser")
	_, _, reason := lastSignInEvent(t, e.st)
	assert.Equal(t, "state_mismatch", reason)

	c = se.client(t)
	form = se.idpResponse(t, c, "anna")
	assert.Equal(t, "/", c.consume(form), "the browser that started it")
	name, _, _ := lastSignInEvent(t, e.st)
	assert.Equal(t, "sign_in", name)
}
