package main

import (
	"context"
	"fmt"
	"log/slog"

	"portico/config"
	"portico/demo"
	"portico/devstack"
	"portico/engine/org"
)

// startDevOIDC runs the local OpenID provider of `portico dev` on
// PORTICO_OIDC_PORT, with the demo users as its accounts, and makes it Acme
// Oy's single sign-on. A port of 0 runs none.
func startDevOIDC(ctx context.Context, cfg config.Config, log *slog.Logger) (func(), error) {
	if cfg.DevOIDCPort == 0 {
		return func() {}, nil
	}
	p, err := startDemoOIDC(ctx, cfg, fmt.Sprintf("127.0.0.1:%d", cfg.DevOIDCPort), log)
	if err != nil {
		return nil, fmt.Errorf("local OpenID provider (PORTICO_OIDC_PORT=%d): %w", cfg.DevOIDCPort, err)
	}
	return func() { _ = p.Close() }, nil
}

// runDemoIdP is `portico demo-idp`: the same provider as a process of its own
// (make cluster runs one), until it is stopped. Its client is also the one
// GOOGLE_CLIENT_ID and GOOGLE_ISSUER may name, so that the demo accounts
// without a company SSO sign in through it too.
func runDemoIdP(ctx context.Context, cfg config.Config, addr string, log *slog.Logger) error {
	p, err := startDemoOIDC(ctx, cfg, addr, log)
	if err != nil {
		return fmt.Errorf("demo OpenID provider on %s: %w", addr, err)
	}
	<-ctx.Done()
	return p.Close()
}

// startDemoOIDC starts the provider on addr with the demo users as its
// accounts and makes it Acme Oy's single sign-on.
func startDemoOIDC(ctx context.Context, cfg config.Config, addr string, log *slog.Logger) (*devstack.OIDCProvider, error) {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	users, err := org.NewDirectory(st).SignInUsers(ctx)
	if err != nil {
		return nil, err
	}
	accounts := make([]devstack.OIDCAccount, 0, len(users))
	for _, u := range users {
		accounts = append(accounts, devstack.OIDCAccount{Email: u.Email, Name: u.Name})
	}
	p, err := devstack.StartOIDC(devstack.OIDCOptions{Addr: addr,
		ClientID: demo.DevOIDCClientID, ClientSecret: demo.DevOIDCClientSecret, Accounts: accounts})
	if err != nil {
		return nil, err
	}
	if err := demo.SeedSSO(ctx, st, p.Issuer()); err != nil {
		p.Close()
		return nil, err
	}
	log.Info("local OpenID provider for Acme Oy's SSO", "issuer", p.Issuer())
	return p, nil
}
