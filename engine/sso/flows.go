package sso

import (
	"context"
	"crypto/sha256"
	"time"

	"github.com/google/uuid"

	"portico/engine/org"
	"portico/engine/store"
)

// The stored settings of a company's identity providers.
type (
	SAMLSettings = store.SamlSetting
	OIDCSettings = store.OidcSetting
)

// FlowTTL is how long a sign-in may take from its start to its callback.
const FlowTTL = 10 * time.Minute

// Flow is a sign-in under way: what its callback must find again. The browser
// holds its random state (cookie and state/RelayState parameter); only the
// state's hash is stored, and a callback takes the flow, so a state works once.
type Flow struct {
	Method string
	// Company is the company of a per-company flow (nil for Google and Microsoft).
	Company *org.Company
	// CallbackURL is where the callback is served (redirect_uri or ACS).
	CallbackURL string
	// SAMLRequestID is the AuthnRequest's ID, which the response must answer.
	SAMLRequestID *string
	Nonce         string
	CodeVerifier  string
	// RedirectTo is where the person goes once signed in (a path on this site).
	RedirectTo string
	// ReturnOrigin is the host (scheme://host) the sign-in started on when its
	// callback is served on the authentication host; empty: the callback's own.
	ReturnOrigin string
	// UserID is a hand-off's person (Method SignInHandoff), let in on the
	// authentication host and signed in on ReturnOrigin.
	UserID *int64
	// SignInMethod is the method a hand-off's person signed in with there
	// (oidc or saml), which the sign_in written on ReturnOrigin names.
	SignInMethod string
}

// HandoffTTL is how long a hand-off waits for the browser to come back.
const HandoffTTL = time.Minute

// BeginFlow keeps f under state for FlowTTL.
func (s *Service) BeginFlow(ctx context.Context, state string, f Flow) error {
	p := store.LoginFlowCreateParams{StateHash: stateHash(state), Method: f.Method, Nonce: f.Nonce,
		CodeVerifier: f.CodeVerifier, SamlRequestID: f.SAMLRequestID, CallbackUrl: f.CallbackURL,
		RedirectTo: f.RedirectTo, ReturnOrigin: f.ReturnOrigin, UserID: f.UserID, SignInMethod: f.SignInMethod,
		ExpiresAt: time.Now().Add(FlowTTL)}
	if f.Method == SignInHandoff {
		p.ExpiresAt = time.Now().Add(HandoffTTL)
	}
	if f.Company != nil {
		p.CompanyID = &f.Company.ID
	}
	return s.st.LoginFlowCreate(ctx, p)
}

// TakeFlow is the flow of state, with its company, once: found is false for a
// state that is unknown, expired or already used.
func (s *Service) TakeFlow(ctx context.Context, state string) (f Flow, found bool, err error) {
	row, err := s.st.LoginFlowTake(ctx, stateHash(state))
	if store.IsNotFound(err) {
		return Flow{}, false, nil
	} else if err != nil {
		return Flow{}, false, err
	}
	f = Flow{Method: row.Method, CallbackURL: row.CallbackUrl, SAMLRequestID: row.SamlRequestID, Nonce: row.Nonce,
		CodeVerifier: row.CodeVerifier, RedirectTo: row.RedirectTo, ReturnOrigin: row.ReturnOrigin, UserID: row.UserID,
		SignInMethod: row.SignInMethod}
	if row.CompanyID != nil {
		c, err := s.st.CompanyGet(ctx, *row.CompanyID)
		if err != nil {
			return Flow{}, false, err
		}
		f.Company = &c
	}
	return f, true, nil
}

// ExpireFlows removes the sign-ins never finished and the SAML assertion ids
// past the time they could be replayed (the scheduler's hourly job).
func (s *Service) ExpireFlows(ctx context.Context) error {
	if _, err := s.st.LoginFlowDeleteExpired(ctx); err != nil {
		return err
	}
	_, err := s.st.SamlAssertionDeleteExpired(ctx)
	return err
}

func stateHash(state string) []byte {
	sum := sha256.Sum256([]byte(state))
	return sum[:]
}

// SignInCompany is the company a per-company sign-in names: companyID (its
// public id) when that is one, else the company whose own host this is. ok is
// false when there is none.
func (s *Service) SignInCompany(ctx context.Context, companyID, host string) (c org.Company, ok bool, err error) {
	if id, perr := uuid.Parse(companyID); perr == nil {
		c, err = s.st.CompanyGetByUUID(ctx, id)
	} else {
		c, err = s.st.CompanyGetByDomain(ctx, host)
	}
	if store.IsNotFound(err) {
		return org.Company{}, false, nil
	}
	return c, err == nil, err
}

// CompanyOnHost is the company whose own host this is (ok false: none).
func (s *Service) CompanyOnHost(ctx context.Context, host string) (org.Company, bool, error) {
	return s.SignInCompany(ctx, "", host)
}

// CompanyHost is the company's own host (its first domain); ok is false when
// it has none.
func (s *Service) CompanyHost(ctx context.Context, companyID int64) (host string, ok bool, err error) {
	domains, err := s.st.CompanyDomainList(ctx, []int64{companyID})
	if err != nil || len(domains) == 0 {
		return "", false, err
	}
	return domains[0].Domain, true, nil
}

// TakeHandoff is the person a hand-off lets in, once, with where they were
// headed; found is false for a token that is unknown, expired, used, not a
// hand-off or meant for another host than origin, and for someone no longer active.
func (s *Service) TakeHandoff(ctx context.Context, token, origin string) (u store.User, f Flow, found bool, err error) {
	f, found, err = s.TakeFlow(ctx, token)
	if err != nil || !found {
		return u, f, false, err
	}
	if f.Method != SignInHandoff || f.UserID == nil || f.ReturnOrigin != origin {
		return u, f, false, nil
	}
	u, err = s.st.UserGet(ctx, *f.UserID)
	if store.IsNotFound(err) {
		return u, f, false, nil
	} else if err != nil {
		return u, f, false, err
	}
	return u, f, u.Active, nil
}
