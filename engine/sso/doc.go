// Package sso holds how people sign in to Portico: a company's login switches
// (Google, Microsoft, single sign-on) and its SSO settings (SAML or OIDC), who
// may enter through which method, and the events log of sign-ins. The protocol
// work (redirects, tokens, assertions) is the API's; this package decides.
//
// It imports engine/access, engine/apperr, engine/org and engine/store; the protocol
// libraries (go-oidc, crewjam/saml) are api/'s, not its.
//
// Login switches: a switch counts as available when it is on, and SSO only
// when the company also has settings for its method. Turning off the last
// available switch is refused (one_login_method_must_be_available); leaving SSO
// the only switch that is on while it has no settings is refused
// (settings_unable_to_make_sso_the_only_login_method_without_configuration).
//
// Sign-in flows: a sign-in under way is kept under the hash of its random
// state for FlowTTL, and its callback takes it once (BeginFlow, TakeFlow);
// ExpireFlows, run hourly by the scheduler, removes the unfinished ones and
// the SAML assertion ids past the time they could be replayed. A company
// sign-in whose callback is on the authentication host while it began on
// another (ReturnOrigin) ends with a hand-off: a flow of its own naming the
// person, for HandoffTTL, taken once on that host (TakeHandoff).
//
// Who may enter: an active, non-external user whose e-mail the provider
// vouches for. Provider staff (and global admins) sign in with Google or
// Microsoft whenever the deployment offers them; company switches do not bind
// them, and a company's own SSO is for its customers only. A customer may use
// Google or Microsoft when one of their active companies has that switch on,
// and a company's SSO when they are an active member of that company and its
// SSO is on and configured. Nobody is created by signing in.
package sso
