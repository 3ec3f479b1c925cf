package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"portico/config"
	"portico/engine/inbound"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/smtpd"
)

// replyTokens signs the threads' reply addresses (none without MAIL_REPLY_SECRET).
func replyTokens(cfg config.Config) inbound.Tokens {
	return inbound.NewTokens([]byte(cfg.MailReplySecret), cfg.MailDomain)
}

// serveInbound runs the inbound SMTP listener until ctx ends (nothing when
// SMTP_LISTEN_ADDR is unset). Under `portico dev` a port already taken is
// logged and the portal runs without it. It takes the mail settings and the
// inbox of the services the API runs on (wiring.Services).
func serveInbound(ctx context.Context, cfg config.Config, st *store.Store, settings *org.MailSettings, in *inbox.Service, log *slog.Logger, optional bool) error {
	if cfg.SMTPListenAddr == "" {
		return nil
	}
	svc := inbound.New(st, settings, in, replyTokens(cfg),
		inbound.Config{Domain: cfg.MailDomain, MaxMessageBytes: cfg.SMTPMaxMessageBytes, MaxUploadBytes: cfg.MaxUploadBytes}, log)
	srv := smtpd.New(cfg.SMTPListenAddr, cfg.MailDomain, svc, log)
	l, err := srv.Listen()
	if err != nil {
		if optional {
			log.Warn("inbound mail listener not started", "addr", cfg.SMTPListenAddr, "err", err)
			return nil
		}
		return fmt.Errorf("inbound mail: %w", err)
	}
	log.Info("inbound mail (SMTP)", "addr", l.Addr().String(), "domain", cfg.MailDomain)
	return srv.Serve(ctx, l)
}

// devReplySecret is the reply addresses' secret under `portico dev`: kept in
// the data directory, so that replies to earlier runs' mails still thread.
func devReplySecret(dataDir string) (string, error) {
	path := filepath.Join(dataDir, "mail-reply-secret")
	b, err := os.ReadFile(path)
	if err == nil && strings.TrimSpace(string(b)) != "" {
		return strings.TrimSpace(string(b)), nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	secret := rand.Text()
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return "", err
	}
	return secret, os.WriteFile(path, []byte(secret+"\n"), 0o600)
}
