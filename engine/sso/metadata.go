package sso

import (
	"encoding/xml"
	"strings"

	"portico/engine/apperr"
)

const (
	metadataNS    = "urn:oasis:names:tc:SAML:2.0:metadata"
	bindingRedir  = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
	bindingPost   = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"
	manifestField = "samlManifest"
)

// IdPMetadata is what Portico takes from an identity provider's metadata.
type IdPMetadata struct {
	EntityID      string
	SSOServiceURL string
	// Cert is the signing certificate as base64 DER.
	Cert string
}

type entityDescriptor struct {
	EntityID string `xml:"entityID,attr"`
	IDPSSO   []struct {
		Keys []struct {
			Use  string `xml:"use,attr"`
			Cert string `xml:"KeyInfo>X509Data>X509Certificate"`
		} `xml:"KeyDescriptor"`
		SSO []struct {
			Binding  string `xml:"Binding,attr"`
			Location string `xml:"Location,attr"`
		} `xml:"SingleSignOnService"`
	} `xml:"IDPSSODescriptor"`
}

// ParseIdPMetadata reads SAML 2.0 metadata (an EntityDescriptor, or the first
// entity of an EntitiesDescriptor with an identity provider role). Anything
// else is invalid_saml_manifest.
func ParseIdPMetadata(text string) (IdPMetadata, error) {
	bad := apperr.Invalid(manifestField, "invalid_saml_manifest")
	var root struct {
		XMLName xml.Name
		entityDescriptor
		Entities []entityDescriptor `xml:"EntityDescriptor"`
	}
	if err := xml.Unmarshal([]byte(text), &root); err != nil || root.XMLName.Space != metadataNS {
		return IdPMetadata{}, bad
	}
	var entities []entityDescriptor
	switch root.XMLName.Local {
	case "EntityDescriptor":
		entities = []entityDescriptor{root.entityDescriptor}
	case "EntitiesDescriptor":
		entities = root.Entities
	default:
		return IdPMetadata{}, bad
	}
	for _, e := range entities {
		for _, idp := range e.IDPSSO {
			md := IdPMetadata{EntityID: strings.TrimSpace(e.EntityID)}
			for _, b := range []string{bindingRedir, bindingPost} {
				for _, s := range idp.SSO {
					if s.Binding == b && md.SSOServiceURL == "" {
						md.SSOServiceURL = strings.TrimSpace(s.Location)
					}
				}
			}
			for _, k := range idp.Keys {
				if (k.Use == "" || k.Use == "signing") && md.Cert == "" {
					md.Cert = strings.Join(strings.Fields(k.Cert), "")
				}
			}
			if md.SSOServiceURL != "" && md.Cert != "" {
				return md, nil
			}
		}
	}
	return IdPMetadata{}, bad
}
