package api

import (
	"html/template"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"portico/engine/inbox"
	"portico/engine/workflow"
)

// The demo application: where task frames point when no APPLICATION_URL is
// configured (inbox.DefaultApplicationURL, /apps/{app}). It stands in for the
// accounting system a real deployment integrates: it checks the signed token
// as such a system would, shows what the token vouches for, and asks the
// portal for full screen through window messaging, so the frame works end to
// end in `portico dev`.

// demoAppTexts are the page's texts in the portal's three languages.
var demoAppTexts = map[string]map[string]string{
	"en": {"demo": "demo application", "action": "Action", "task": "Task", "company": "Company", "user": "Signed in as user",
		"fullscreen": "Full screen", "invalid": "This link is not valid or has expired. Open the application again from the task."},
	"fi": {"demo": "esittelysovellus", "action": "Toiminto", "task": "Tehtävä", "company": "Yritys", "user": "Kirjautunut käyttäjä",
		"fullscreen": "Koko näyttö", "invalid": "Linkki ei ole voimassa. Avaa sovellus uudelleen tehtävästä."},
	"sv": {"demo": "demoprogram", "action": "Åtgärd", "task": "Uppgift", "company": "Företag", "user": "Inloggad användare",
		"fullscreen": "Helskärm", "invalid": "Länken är ogiltig eller har gått ut. Öppna programmet igen från uppgiften."},
}

var demoAppPage = template.Must(template.New("app").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Name}}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f1f1f}dt{font-weight:600;margin-top:8px}
button{margin-top:16px;padding:6px 16px;font:inherit}</style></head>
<body><main>
<h1>{{.Name}} <small>({{.T.demo}})</small></h1>
{{if .Valid}}<dl>
<dt>{{.T.action}}</dt><dd>{{.Action}}</dd>
<dt>{{.T.task}}</dt><dd>{{.Claims.Task}}</dd>
<dt>{{.T.company}}</dt><dd>{{.Claims.Company}}</dd>
<dt>{{.T.user}}</dt><dd>{{.Claims.User}}</dd>
</dl>
<button type="button" id="fullscreen">{{.T.fullscreen}}</button>
<script nonce="{{.Nonce}}">document.getElementById('fullscreen').addEventListener('click',function(){window.parent.postMessage({type:'fullscreen'},window.location.origin)})</script>
{{else}}<p role="alert">{{.T.invalid}}</p>{{end}}
</main></body></html>`))

// demoApp serves GET /apps/{app}?action=&token=.
func (s *Server) demoApp(w http.ResponseWriter, r *http.Request) {
	app, ok := workflow.FindApplication(chi.URLParam(r, "app"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	claims, valid := inbox.VerifyFrame([]byte(s.cfg.ApplicationTokenSecret), r.URL.Query().Get("token"), time.Now())
	valid = valid && s.cfg.ApplicationTokenSecret != "" && claims.Application == app.ID
	lang := demoAppLanguage(r.Header.Get("Accept-Language"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if !valid {
		w.WriteHeader(http.StatusForbidden)
	}
	_ = demoAppPage.Execute(w, map[string]any{"Lang": lang, "T": demoAppTexts[lang], "Name": app.Name,
		"Valid": valid, "Claims": claims, "Action": app.ActionLabel(claims.Action), "Nonce": cspNonce(r)})
}

// demoAppLanguage is the first of fi, sv, en the browser asks for (en otherwise).
func demoAppLanguage(accept string) string {
	for _, part := range strings.Split(accept, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		for _, l := range []string{"fi", "sv", "en"} {
			if tag == l || strings.HasPrefix(tag, l+"-") {
				return l
			}
		}
	}
	return "en"
}
