package worker

import (
	"github.com/prometheus/client_golang/prometheus"

	"portico/engine/mail"
)

// MailMetrics counts the outbox's mails for operators (/metrics on OPS_ADDR):
// portico_mails_queued_total by kind (immediate, digest), and
// portico_mails_sent_total and portico_mails_failed_total by kind (immediate,
// digest, every_day). A retried fan-out counts its mails again; sends are
// counted per attempt at the SMTP server.
type MailMetrics struct {
	queued, sent, failed *prometheus.CounterVec
}

var _ mail.Metrics = (*MailMetrics)(nil)

// NewMailMetrics registers the counters on reg.
func NewMailMetrics(reg prometheus.Registerer) *MailMetrics {
	m := &MailMetrics{
		queued: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "portico_mails_queued_total",
			Help: "Notification mails queued by kind (immediate, digest)."}, []string{"kind"}),
		sent: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "portico_mails_sent_total",
			Help: "Mails the SMTP server accepted, by kind (immediate, digest, every_day)."}, []string{"kind"}),
		failed: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "portico_mails_failed_total",
			Help: "Mail send attempts the SMTP server refused or that could not reach it, by kind."}, []string{"kind"}),
	}
	reg.MustRegister(m.queued, m.sent, m.failed)
	return m
}

// Queued counts n mails queued.
func (m *MailMetrics) Queued(kind string, n int) {
	if n > 0 {
		m.queued.WithLabelValues(kind).Add(float64(n))
	}
}

// Sent counts one mail sent.
func (m *MailMetrics) Sent(kind string) { m.sent.WithLabelValues(kind).Inc() }

// Failed counts one failed send.
func (m *MailMetrics) Failed(kind string) { m.failed.WithLabelValues(kind).Inc() }
