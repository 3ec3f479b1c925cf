package api

import (
	"html/template"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"portico/engine/store"
)

func (s *Server) authRoutes(r chi.Router) {
	if s.cfg.DevLogin {
		r.Get("/dev", s.devLoginPage)
		r.Post("/dev", s.devLogin)
	}
	s.signInRoutes(r)
	r.NotFound(func(w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusNotFound, "RECORD_NOT_FOUND", "not_found")
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusNotFound, "RECORD_NOT_FOUND", "not_found")
	})
}

var devLoginTemplate = template.Must(template.New("dev").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portico dev login</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f1f1f}
li{list-style:none;margin:.5rem 0}button{font:inherit;padding:.4rem .8rem;cursor:pointer}
.who{color:#595959;margin-left:.5rem}</style></head>
<body><h1>Dev login</h1><p>Sign in as a demo user. This page exists only when dev login is switched on.</p>
<ul>{{range .}}<li><form method="post" action="/auth/dev"><input type="hidden" name="email" value="{{.Email}}">
<button type="submit">{{.Email}}</button><span class="who">{{.Name}}</span></form></li>{{end}}</ul></body></html>`))

func (s *Server) devLoginPage(w http.ResponseWriter, r *http.Request) {
	users, err := s.st.UserListActiveByEmail(r.Context())
	if err != nil {
		http.Error(w, "could not list users", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = devLoginTemplate.Execute(w, users)
}

func (s *Server) devLogin(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if err := r.ParseForm(); err != nil {
		writeError(w, http.StatusBadRequest, "ARGUMENT_ERROR", "invalid_form")
		return
	}
	email := strings.TrimSpace(r.PostForm.Get("email"))
	u, err := s.st.UserGetByEmail(r.Context(), email)
	if err != nil || !u.Active || u.UserType == "external" {
		if err != nil && !store.IsNotFound(err) {
			s.log.Error("dev login", "err", err)
		}
		http.Redirect(w, r, "/login?error=no_access", http.StatusSeeOther)
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		s.log.Error("dev login session", "err", err)
		http.Error(w, "could not start a session", http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
