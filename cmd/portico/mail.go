package main

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/client"

	"portico/activities"
	"portico/config"
	"portico/engine/mail"
	"portico/engine/notify"
	"portico/engine/store"
	"portico/temporal"
	"portico/worker"
)

// mailPublisher hands the inbox's mailable events to Temporal besides
// publishing them; without SMTP_URL or Temporal, mail is off and pub is used as is.
func mailPublisher(cfg config.Config, pub notify.Publisher, td temporal.Deps, log *slog.Logger) notify.Publisher {
	if cfg.SMTPURL == "" || cfg.TemporalAddress == "" {
		return pub
	}
	starter := temporal.NewMailStarter(td, cfg.MailGrace, cfg.MailDigestPeriod)
	return mail.NewTap(pub, activities.MailStarter{MailStarter: starter}, log)
}

// The API process's mail starts run in the background (mail.Tap.Background):
// eight at once, up to 10,000 waiting before a publisher waits for room.
const (
	mailStartWorkers = 8
	mailStartQueue   = 10_000
)

// apiMailPublisher is mailPublisher for the API process: requests and the
// inbox's fan-out never wait for Temporal to take a mail start, so realtime
// events keep their pace when mail falls behind.
func apiMailPublisher(ctx context.Context, cfg config.Config, pub notify.Publisher, td temporal.Deps, log *slog.Logger) notify.Publisher {
	p := mailPublisher(cfg, pub, td, log)
	if tap, ok := p.(*mail.Tap); ok {
		return tap.Background(ctx, mailStartWorkers, mailStartQueue)
	}
	return p
}

// mailWorker registers the mail workflows and makes sure the morning mail's
// Schedule exists; nil when no SMTP server is configured.
func mailWorker(ctx context.Context, cfg config.Config, st *store.Store, tc client.Client, metrics mail.Metrics, log *slog.Logger) worker.Registration {
	if cfg.SMTPURL == "" {
		log.Info("mail: SMTP_URL is not set, no mail is sent")
		return nil
	}
	sender, err := mail.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom)
	if err != nil {
		log.Error("mail: SMTP_URL", "err", err)
		return nil
	}
	d := temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}
	if err := temporal.EnsureMailSchedule(ctx, d); err != nil {
		log.Error("mail: the morning mail's schedule", "err", err)
	}
	outbox := mail.NewOutbox(st, sender, mail.OutboxConfig{PublicURL: cfg.PublicURL, MessageDomain: cfg.MailDomain,
		ReplyToken: replyTokens(cfg).Token, Metrics: metrics})
	return worker.Mail(activities.NewMail(activities.MailDeps{Outbox: outbox, Client: tc, TaskQueue: cfg.TaskQueue}))
}
