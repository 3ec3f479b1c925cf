package api

import "net/http"

// loginOptions tells the login page which buttons to show: Google and
// Microsoft when this deployment has a client for them, dev login when it is
// switched on. Single sign-on is always offered: /auth/sso finds the company
// by the e-mail's domain. Public: the login page asks before anyone signs in.
func (s *Server) loginOptions(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]bool{
		"google":    s.cfg.GoogleClientID != "",
		"microsoft": s.cfg.AzureClientID != "",
		"sso":       true,
		"devLogin":  s.cfg.DevLogin,
	})
}
