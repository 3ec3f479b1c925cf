package api

import (
	"net/http"

	"portico/engine/store"
)

// loginOptions tells the login page which buttons to show: Google and
// Microsoft when this deployment has a client for them, dev login when it is
// switched on, single sign-on always (/auth/sso finds the company by the
// e-mail's domain). On a company's own host the company's switches narrow
// them: its people see only what they may use. Public: the login page asks
// before anyone signs in.
func (s *Server) loginOptions(w http.ResponseWriter, r *http.Request) {
	out := map[string]bool{
		"google":    s.cfg.GoogleClientID != "",
		"microsoft": s.cfg.AzureClientID != "",
		"sso":       true,
		"devLogin":  s.cfg.DevLogin,
	}
	if kind, _ := classifyHost(r.Host, s.cfg.BaseDomain); kind == HostCompany {
		c, err := s.st.CompanyGetByDomain(r.Context(), hostOnly(r))
		if err != nil && !store.IsNotFound(err) {
			writeError(w, http.StatusInternalServerError, "INTERNAL", "something_went_wrong")
			return
		}
		if err == nil {
			st, err := s.sso.CompanySettings(r.Context(), c.ID)
			if err != nil {
				writeError(w, http.StatusInternalServerError, "INTERNAL", "something_went_wrong")
				return
			}
			out["google"] = out["google"] && c.GoogleLoginEnabled
			out["microsoft"] = out["microsoft"] && c.MicrosoftLoginEnabled
			out["sso"] = c.SsoEnabled && st.Configured(c.SsoMethod)
		}
	}
	writeJSON(w, http.StatusOK, out)
}
