package sso

import (
	"context"
	"encoding/json"
	"net/netip"
	"strings"
	"time"

	"portico/engine/access"
	"portico/engine/store"
)

// Sign-in methods, as the events log and login_flows name them.
const (
	SignInGoogle    = "google"
	SignInMicrosoft = "microsoft"
	SignInOIDC      = "oidc"
	SignInSAML      = "saml"
	// SignInHandoff is no method of its own: a sign-in finished on the
	// authentication host, handed to the host it started on.
	SignInHandoff = "handoff"
)

// Refusal says why someone may not enter; Reason goes to the events log.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return "sign-in refused: " + r.Reason }

// Identity is what a provider vouched for.
type Identity struct {
	Email         string
	EmailVerified bool
}

// Admit decides whether the identity may sign in with method; company is the
// company whose SSO was used (nil for Google and Microsoft). It answers the
// user, or a *Refusal.
func (s *Service) Admit(ctx context.Context, id Identity, method string, company *store.Company) (store.User, error) {
	email := strings.TrimSpace(id.Email)
	if email == "" {
		return store.User{}, &Refusal{"no_email"}
	}
	if !id.EmailVerified {
		return store.User{}, &Refusal{"email_not_verified"}
	}
	u, err := s.st.UserGetByEmail(ctx, email)
	if store.IsNotFound(err) {
		return u, &Refusal{"unknown_user"}
	} else if err != nil {
		return u, err
	}
	if !u.Active || u.UserType == "external" {
		return u, &Refusal{"inactive_user"}
	}
	staff := u.UserType == string(access.UserTypeStaff) || u.UserRole == string(access.UserRoleAdmin)
	switch method {
	case SignInGoogle, SignInMicrosoft:
		if staff {
			return u, nil
		}
		companies, err := s.st.CompanyListForCustomer(ctx, u.ID)
		if err != nil {
			return u, err
		}
		for _, c := range companies {
			if method == SignInGoogle && c.Company.GoogleLoginEnabled || method == SignInMicrosoft && c.Company.MicrosoftLoginEnabled {
				return u, nil
			}
		}
		return u, &Refusal{"method_not_allowed"}
	case SignInOIDC, SignInSAML:
		if company == nil || staff {
			return u, &Refusal{"not_a_member"}
		}
		if !company.SsoEnabled || company.SsoMethod != method || !company.Active {
			return u, &Refusal{"method_not_allowed"}
		}
		companies, err := s.st.CompanyListForCustomer(ctx, u.ID)
		if err != nil {
			return u, err
		}
		for _, c := range companies {
			if c.Company.ID == company.ID {
				return u, nil
			}
		}
		return u, &Refusal{"not_a_member"}
	}
	return u, &Refusal{"unknown_method"}
}

// Attempt is one sign-in, for the events log.
type Attempt struct {
	Method  string
	Company *store.Company
	// User is set when the person is known (a refused known user, or a sign-in).
	User   *store.User
	Email  string
	Reason string
	IP     *netip.Addr
}

// LogSignIn writes sign_in; LogFailure sign_in_failed; LogSignOut sign_out.
func (s *Service) LogSignIn(ctx context.Context, a Attempt) error {
	return s.logAttempt(ctx, "sign_in", a)
}

// LogFailure writes sign_in_failed with the reason.
func (s *Service) LogFailure(ctx context.Context, a Attempt) error {
	return s.logAttempt(ctx, "sign_in_failed", a)
}

// LogSignOut writes sign_out for the user.
func (s *Service) LogSignOut(ctx context.Context, u store.User, ip *netip.Addr) error {
	return s.logAttempt(ctx, "sign_out", Attempt{User: &u, IP: ip})
}

func (s *Service) logAttempt(ctx context.Context, name string, a Attempt) error {
	data := map[string]any{}
	if a.Method != "" {
		data["method"] = a.Method
	}
	if a.Reason != "" {
		data["reason"] = a.Reason
	}
	if a.Email != "" {
		data["email"] = a.Email
	}
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	p := store.EventLogAddParams{EventCategory: "Users", EventName: name, Ip: a.IP, Data: b}
	if a.User != nil && a.User.ID != 0 {
		p.UserID = &a.User.ID
	}
	if a.Company != nil {
		p.CompanyID = &a.Company.ID
	}
	return s.st.EventLogAdd(ctx, p)
}

// CompanyForEmail is the company whose single sign-on an e-mail's domain
// leads to: an active company with that accepted domain, SSO on and
// configured. ok is false when there is none.
func (s *Service) CompanyForEmail(ctx context.Context, email string) (store.Company, bool, error) {
	at := strings.LastIndexByte(email, '@')
	if at < 0 || at == len(email)-1 {
		return store.Company{}, false, nil
	}
	list, err := s.st.CompanyListBySSODomain(ctx, strings.TrimSpace(email[at+1:]))
	if err != nil {
		return store.Company{}, false, err
	}
	for _, c := range list {
		if !c.SsoEnabled {
			continue
		}
		st, err := s.CompanySettings(ctx, c.ID)
		if err != nil {
			return c, false, err
		}
		if st.Configured(c.SsoMethod) {
			return c, true, nil
		}
	}
	return store.Company{}, false, nil
}

// RememberAssertion records a SAML assertion id until it expires; false means
// it was seen before (a replay).
func (s *Service) RememberAssertion(ctx context.Context, issuer, id string, until time.Time) (bool, error) {
	n, err := s.st.SamlAssertionRemember(ctx, store.SamlAssertionRememberParams{Issuer: issuer, AssertionID: id, ExpiresAt: until})
	return n == 1, err
}
