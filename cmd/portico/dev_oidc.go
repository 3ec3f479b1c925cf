package main

import (
	"context"
	"fmt"
	"log/slog"

	"portico/config"
	"portico/demo"
	"portico/devstack"
)

// startDevOIDC runs the local OpenID provider of `portico dev` on
// PORTICO_OIDC_PORT, with the demo users as its accounts, and makes it Acme
// Oy's single sign-on. A port of 0 runs none.
func startDevOIDC(ctx context.Context, cfg config.Config, log *slog.Logger) (func(), error) {
	if cfg.DevOIDCPort == 0 {
		return func() {}, nil
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	users, err := st.UserListActiveByEmail(ctx)
	if err != nil {
		return nil, err
	}
	accounts := make([]devstack.OIDCAccount, 0, len(users))
	for _, u := range users {
		accounts = append(accounts, devstack.OIDCAccount{Email: u.Email, Name: u.Name})
	}
	p, err := devstack.StartOIDC(devstack.OIDCOptions{Addr: fmt.Sprintf("127.0.0.1:%d", cfg.DevOIDCPort),
		ClientID: demo.DevOIDCClientID, ClientSecret: demo.DevOIDCClientSecret, Accounts: accounts})
	if err != nil {
		return nil, fmt.Errorf("local OpenID provider (PORTICO_OIDC_PORT=%d): %w", cfg.DevOIDCPort, err)
	}
	if err := demo.SeedSSO(ctx, st, p.Issuer()); err != nil {
		p.Close()
		return nil, err
	}
	log.Info("local OpenID provider for Acme Oy's SSO", "issuer", p.Issuer())
	return func() { _ = p.Close() }, nil
}
