package worker_test

import (
	"context"
	"net"
	"testing"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/mail/mailtest"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/worker"
)

// Mails queued, sent and failed show on /metrics: an event mailed through a
// real SMTP server, then the same through a server that is not there.
func TestMailMetrics(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	reg := prometheus.NewRegistry()
	metrics := worker.NewMailMetrics(reg)
	catcher := mailtest.Start(t)
	up, err := mail.NewSMTPSender(catcher.URL(), "Portico <no-reply@mail.portico.test>")
	require.NoError(t, err)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	gone := l.Addr().String()
	require.NoError(t, l.Close())
	down, err := mail.NewSMTPSender("smtp+plain://"+gone, "Portico <no-reply@mail.portico.test>")
	require.NoError(t, err)

	svc := inbox.New(st, org.NewDirectory(st), inbox.Options{})
	carl := seed.Users["carl@acme.test"]
	for i, sender := range []mail.Sender{up, down} {
		task, err := svc.CreateTask(ctx, org.Request{User: seed.Users["anna@acme.test"]}, inbox.CreateTaskParams{
			CompanyID: seed.Companies["Acme Oy"].UUID, CategoryID: seed.Categories["Payroll"].ID, Title: "Counted"})
		require.NoError(t, err)
		outbox := mail.NewOutbox(st, sender, mail.OutboxConfig{MessageDomain: "mail.portico.test", Metrics: metrics})
		q, err := outbox.FanOut(ctx, mail.ThreadEvent{Kind: mail.EventThreadCreated, ThreadUUID: task.UUID, Readers: []uuid.UUID{carl.UUID}})
		require.NoError(t, err)
		require.Equal(t, 1, q.Immediate)
		_, err = outbox.SendImmediate(ctx, q.CompanyID, q.EventID)
		if i == 0 {
			require.NoError(t, err)
		} else {
			require.Error(t, err)
		}
	}
	require.Equal(t, 2.0, counter(t, reg, "portico_mails_queued_total", "immediate"))
	require.Equal(t, 1.0, counter(t, reg, "portico_mails_sent_total", "immediate"))
	require.Equal(t, 1.0, counter(t, reg, "portico_mails_failed_total", "immediate"))
	require.Len(t, catcher.Mails(), 1)
}

// counter reads one labelled counter from what the registry exposes.
func counter(t *testing.T, reg *prometheus.Registry, name, kind string) float64 {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "kind" && l.GetValue() == kind {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	t.Fatalf("%s{kind=%q} not exposed", name, kind)
	return 0
}
