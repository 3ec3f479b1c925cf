package devstack

import (
	"html/template"
	"net"
	"net/http"
	"strings"
	"sync"

	"github.com/oauth2-proxy/mockoidc"
)

// OIDCAccount is someone who can sign in at the local OpenID provider.
type OIDCAccount struct {
	Email, Name string
}

// OIDCOptions configure the local OpenID provider.
type OIDCOptions struct {
	// Addr is host:port to listen on ("127.0.0.1:0" picks a port).
	Addr string
	// ClientID and ClientSecret of the one client it knows (random when empty).
	ClientID, ClientSecret string
	Accounts               []OIDCAccount
	// Middleware wraps every endpoint, outermost first (tests use it to bend answers).
	Middleware []func(http.Handler) http.Handler
}

// OIDCProvider is a real OpenID provider on a local port (mockoidc: discovery,
// JWKS, authorization code flow with PKCE, ID tokens with nonce) behind a small
// login page where one picks an account. `portico dev` runs one for the demo
// company's SSO; tests run their own.
type OIDCProvider struct {
	Mock     *mockoidc.MockOIDC
	accounts []OIDCAccount
	// one account is queued and taken by one authorization at a time
	mu sync.Mutex
}

// LoginAsParam picks the account on the authorization request (the login
// page's links add it).
const LoginAsParam = "login_as"

// StartOIDC starts the provider; Close stops it.
func StartOIDC(o OIDCOptions) (*OIDCProvider, error) {
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		return nil, err
	}
	if o.ClientID != "" {
		m.ClientID = o.ClientID
	}
	if o.ClientSecret != "" {
		m.ClientSecret = o.ClientSecret
	}
	p := &OIDCProvider{Mock: m, accounts: o.Accounts}
	for _, mw := range o.Middleware {
		if err := m.AddMiddleware(mw); err != nil {
			return nil, err
		}
	}
	if err := m.AddMiddleware(p.loginPage); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, err
	}
	if err := m.Start(ln, nil); err != nil {
		ln.Close()
		return nil, err
	}
	return p, nil
}

// Issuer is the provider's issuer URL.
func (p *OIDCProvider) Issuer() string { return p.Mock.Issuer() }

// Close stops the provider.
func (p *OIDCProvider) Close() error { return p.Mock.Shutdown() }

var oidcLoginTemplate = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local OpenID provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f1f1f}
li{list-style:none;margin:.5rem 0}a{display:inline-block;padding:.4rem .8rem;border:1px solid #595959;border-radius:4px;color:#0b4f8a}
.who{color:#595959;margin-left:.5rem}</style></head>
<body><h1>Local OpenID provider</h1><p>Sign in as one of the demo accounts. This provider is the demo's: it runs beside <code>portico dev</code> and <code>make cluster</code>.</p>
<ul>{{range .}}<li><a href="{{.URL}}">{{.Email}}</a><span class="who">{{.Name}}</span></li>{{end}}</ul></body></html>`))

// loginPage answers an authorization request without an account with the
// list of accounts; with one, it lets mockoidc authorize that account.
func (p *OIDCProvider) loginPage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != mockoidc.AuthorizationEndpoint {
			next.ServeHTTP(w, r)
			return
		}
		email := r.URL.Query().Get(LoginAsParam)
		var account *OIDCAccount
		for i := range p.accounts {
			if p.accounts[i].Email == email {
				account = &p.accounts[i]
			}
		}
		if account == nil && email == "" {
			type link struct{ Email, Name, URL string }
			links := make([]link, 0, len(p.accounts))
			for _, a := range p.accounts {
				q := r.URL.Query()
				q.Set(LoginAsParam, a.Email)
				// %20 rather than +, which the page would have to write as an entity
				links = append(links, link{a.Email, a.Name, r.URL.Path + "?" + strings.ReplaceAll(q.Encode(), "+", "%20")})
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_ = oidcLoginTemplate.Execute(w, links)
			return
		}
		user := &mockoidc.MockUser{Subject: email, Email: email, EmailVerified: true, PreferredUsername: email}
		if account != nil {
			user.PreferredUsername = account.Name
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		p.Mock.QueueUser(user)
		next.ServeHTTP(w, r)
	})
}
