package api

import (
	"net"
	"net/http"
	"strings"

	"portico/engine/apperr"
	"portico/engine/org"
)

// HostKind is the kind of host a request came through.
type HostKind string

// Host kinds of the spec.
const (
	HostRoot    HostKind = "root"
	HostCompany HostKind = "company"
	HostAgent   HostKind = "agent"
	HostAdmin   HostKind = "admin"
	HostMobile  HostKind = "mobile"
	// HostSingle is a single-host setup (localhost, an IP): everything works on one host.
	HostSingle HostKind = "single"
)

// classifyHost tells the kind of host under the base domain, and for company
// hosts the subdomain label.
func classifyHost(hostport, base string) (HostKind, string) {
	host := strings.ToLower(hostport)
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = strings.ToLower(h)
	}
	base = strings.ToLower(base)
	if host == "localhost" || net.ParseIP(host) != nil || base == "localhost" || base == "" {
		return HostSingle, ""
	}
	switch host {
	case base:
		return HostRoot, ""
	case "admin." + base:
		return HostAdmin, ""
	case "m." + base:
		return HostMobile, ""
	case "agent." + base:
		return HostAgent, ""
	case "auth." + base: // the authentication host (AUTH_URL) is no company's, and serves as the root
		return HostRoot, ""
	}
	if sub, ok := strings.CutSuffix(host, "."+base); ok && !strings.Contains(sub, ".") {
		return HostCompany, sub
	}
	return HostRoot, ""
}

// adminPanel: the admin panel is the admin. host, or a global admin's view on a single host.
func (s *Server) adminPanel(r *http.Request, u org.User) bool {
	kind, _ := classifyHost(r.Host, s.cfg.BaseDomain)
	switch kind {
	case HostAdmin:
		return u.UserRole == "admin"
	case HostSingle:
		return u.UserRole == "admin"
	}
	return false
}

// checkDomain is the spec's forbidden_domain rule: a global admin belongs on
// the admin host, others never on it; a customer whose company has its own
// domain belongs there. On a single host everything is allowed.
func (s *Server) checkDomain(r *http.Request, u org.User, companyDomains []string) *apperr.Error {
	kind, sub := classifyHost(r.Host, s.cfg.BaseDomain)
	scheme := "https://"
	if !s.cfg.SecureCookies {
		scheme = "http://"
	}
	switch kind {
	case HostSingle:
		return nil
	case HostAdmin:
		if u.UserRole != "admin" {
			return apperr.Domain(scheme + s.cfg.BaseDomain + "/")
		}
	default:
		if u.UserRole == "admin" {
			return apperr.Domain(scheme + "admin." + s.cfg.BaseDomain + "/")
		}
		if u.UserType == "customer" && len(companyDomains) > 0 {
			for _, d := range companyDomains {
				if kind == HostCompany && d == sub+"."+strings.ToLower(s.cfg.BaseDomain) {
					return nil
				}
			}
			if kind != HostMobile {
				return apperr.Domain(scheme + companyDomains[0] + "/")
			}
		}
	}
	return nil
}
