package sso

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/store"
)

func testCert(t *testing.T) *x509.Certificate {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "idp"},
		NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	return cert
}

func TestSSOParseIdPMetadata(t *testing.T) {
	cert := base64.StdEncoding.EncodeToString(testCert(t).Raw)
	entity := `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example/metadata">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>ZW5j</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
` + cert + `
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example/sso/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`
	want := IdPMetadata{EntityID: "https://idp.example/metadata", SSOServiceURL: "https://idp.example/sso", Cert: cert}
	md, err := ParseIdPMetadata(entity)
	require.NoError(t, err)
	assert.Equal(t, want, md)

	md, err = ParseIdPMetadata(`<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">` +
		`<EntityDescriptor entityID="https://sp.example"><SPSSODescriptor/></EntityDescriptor>` + entity + `</EntitiesDescriptor>`)
	require.NoError(t, err)
	assert.Equal(t, want, md)

	for name, text := range map[string]string{
		"HTML":                 `<html><body>metadata</body></html>`,
		"another namespace":    `<EntityDescriptor xmlns="urn:example" entityID="x"/>`,
		"no identity provider": `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><SPSSODescriptor/></EntityDescriptor>`,
		"not XML":              `{"issuer": "x"}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseIdPMetadata(text)
			e, ok := apperr.As(err)
			require.True(t, ok)
			assert.Equal(t, "invalid_saml_manifest", e.Message)
			assert.Equal(t, "samlManifest", e.Field)
		})
	}
}

func TestSSOFingerprint(t *testing.T) {
	cert := testCert(t)
	for alg, pairs := range map[string]int{"SHA1": 20, "SHA256": 32, "SHA384": 48, "SHA512": 64} {
		assert.Len(t, Fingerprint(cert, alg), pairs*3-1, alg)
	}
	p, err := samlParams(1, SAMLInput{EntityID: ptr("https://idp.example"), SSOServiceURL: ptr("https://idp.example/sso"),
		Cert: ptr(base64.StdEncoding.EncodeToString(cert.Raw)), CertFingerprintAlgorithm: ptr("sha256")})
	require.NoError(t, err)
	assert.Equal(t, "SHA256", p.CertFingerprintAlgorithm)
	assert.Equal(t, Fingerprint(cert, "SHA256"), *p.CertFingerprint)
	_, err = samlParams(1, SAMLInput{CertFingerprintAlgorithm: ptr("MD5")})
	e, _ := apperr.As(err)
	require.NotNil(t, e)
	assert.Equal(t, "certFingerprintAlgorithm", e.Field)
}

func TestSSOLoginSwitchRules(t *testing.T) {
	configured := Settings{OIDC: &store.OidcSetting{}}
	for _, tc := range []struct {
		name            string
		sso, google, ms bool
		method          string
		settings        Settings
		wantMessage     string
	}{
		{name: "all on", sso: true, google: true, ms: true, method: "none"},
		{name: "only Google", google: true, method: "none"},
		{name: "nothing", method: "none", wantMessage: ErrLastLoginMethod},
		{name: "only SSO, configured", sso: true, method: "oidc", settings: configured},
		{name: "only SSO, no settings", sso: true, method: "none", wantMessage: ErrSSOOnlyWithoutConfig},
		{name: "a method without settings", google: true, method: "saml", settings: configured, wantMessage: "sso_method_not_configured"},
		{name: "an unknown method", google: true, method: "kerberos", wantMessage: "inclusion"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkSwitches(store.CompanySetLoginOptionsParams{SsoEnabled: tc.sso, GoogleLoginEnabled: tc.google,
				MicrosoftLoginEnabled: tc.ms, SsoMethod: tc.method}, tc.settings)
			if tc.wantMessage == "" {
				assert.NoError(t, err)
				return
			}
			e, ok := apperr.As(err)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tc.wantMessage, e.Message)
		})
	}
}

func TestSSODecodeManifest(t *testing.T) {
	xmlText := `<EntityDescriptor/>`
	got, err := decodeManifest("data:text/xml;base64," + base64.StdEncoding.EncodeToString([]byte(xmlText)))
	require.NoError(t, err)
	assert.Equal(t, xmlText, got)
	got, err = decodeManifest(xmlText)
	require.NoError(t, err)
	assert.Equal(t, xmlText, got)
	_, err = decodeManifest("data:text/xml,plain")
	assert.Error(t, err)
}

func ptr(s string) *string { return &s }
